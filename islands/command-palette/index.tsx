// The admins' command palette: a Search button in the header and Ctrl+K / ⌘K anywhere.
// This island is only the trigger; the palette itself is a separate chunk loaded on first use
// (or when the pointer or focus reaches the button), so admin pages do not carry it.
import { Suspense, lazy, useEffect, useState } from "react";
import { ModalHost } from "../ui/modal-views";
import { useModals } from "../ui/modals";

const loadPalette = () => import("./palette");
const Palette = lazy(loadPalette);

export type CommandPaletteProps = Record<string, never>;

export default function CommandPalette(_props: CommandPaletteProps) {
  const { openModal } = useModals();
  // The server renders "Ctrl K"; a Mac, iPhone or iPad shows its own key after hydration.
  const [apple, setApple] = useState(false);
  useEffect(() => setApple(/Mac|iPhone|iPad/.test(navigator.platform)), []);
  const shortcut = apple ? "⌘K" : "Ctrl K";

  function open() {
    openModal({
      id: "command-palette",
      label: "Search the console",
      size: "palette",
      render: (close) => (
        <Suspense fallback={<p className="palette-hint">Loading search…</p>}>
          <Palette close={close} />
        </Suspense>
      ),
    });
  }

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== "k" || !(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
      event.preventDefault();
      open();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  });

  return (
    <>
      <button
        type="button"
        className="palette-trigger"
        aria-keyshortcuts="Control+K Meta+K"
        onClick={open}
        onPointerEnter={() => void loadPalette()}
        onFocus={() => void loadPalette()}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path d="M11 18a7 7 0 100-14 7 7 0 000 14zm5-2l4 4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <span className="palette-trigger-text">Search</span> <span className="palette-trigger-kbd">{shortcut}</span>
      </button>
      <ModalHost />
    </>
  );
}
