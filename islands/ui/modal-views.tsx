// What shows the modal stack of ./modals.tsx: the host (only the top modal takes keys and focus, and
// focus goes back where it was when the modal closes), a modal form and its actions. Apart from the
// stack, so that an island which seldom opens a modal loads this when one opens (the wizard's image
// viewer).
import { useAtomValue, useSetAtom } from "jotai";
import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { type ModalEntry, closeModalAtom, modalsAtom, useModals } from "./modals";
import { Toasts } from "./toasts";

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => !element.hasAttribute("inert"));
}

function ModalFrame(props: { entry: ModalEntry; top: boolean; close: () => void }) {
  const { entry, top, close } = props;
  const dialog = useRef<HTMLDivElement>(null);

  // Focus moves into the dialog on open and back to whatever had it on close. A dialog opened from
  // a menu (a <details> such as the profile menu) closes that menu, and focus returns to its summary.
  // Read while rendering: a child's own focus effect (a lazily shown body) runs before this one's.
  const [previous] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  useEffect(() => {
    const menu = previous?.closest("details[open]");
    menu?.removeAttribute("open");
    const returnTo = menu?.querySelector<HTMLElement>("summary") ?? previous;
    const root = dialog.current;
    if (root) (root.querySelector<HTMLElement>("[data-autofocus]") ?? focusables(root)[0] ?? root).focus();
    return () => {
      if (returnTo?.isConnected) returnTo.focus();
    };
  }, [previous]);

  function dismiss() {
    if (entry.busy) return;
    close();
    entry.onDismiss?.();
  }

  function onKeyDown(event: KeyboardEvent) {
    if (!top) return;
    if (event.key === "Escape") {
      event.stopPropagation();
      dismiss();
      return;
    }
    if (event.key !== "Tab" || !dialog.current) return;
    const items = focusables(dialog.current);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a click on the backdrop is the mouse's way out; the keyboard's is Escape
    <div
      className={entry.size === "full" || entry.size === "palette" ? `dialog-backdrop dialog-backdrop-${entry.size}` : "dialog-backdrop"}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) dismiss();
      }}
    >
      <div
        ref={dialog}
        className={`dialog dialog-${entry.size ?? "md"}`}
        role="dialog"
        aria-modal="true"
        aria-label={entry.label}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <div className="dialog-content">{entry.render(close)}</div>
      </div>
    </div>
  );
}

export function ModalHost() {
  const modals = useAtomValue(modalsAtom);
  const closeModal = useSetAtom(closeModalAtom);
  useEffect(() => {
    // The page behind an open modal does not scroll.
    document.body.classList.toggle("has-modal", modals.length > 0);
  }, [modals.length]);
  if (modals.length === 0 || typeof document === "undefined") return null;
  return createPortal(
    modals.map((entry, index) => <ModalFrame key={entry.id} entry={entry} top={index === modals.length - 1} close={() => closeModal(entry.id)} />),
    document.body,
  );
}

type DialogActionsProps = {
  close: () => void;
  busy: boolean;
  ready: boolean;
  label: string;
  busyLabel: string;
  /** A button that runs this instead of submitting the form. */
  onConfirm?: () => void;
  /** A destructive action: the primary button is red. */
  danger?: boolean;
  /** The primary button takes the focus when the dialog opens. */
  autoFocus?: boolean;
};

/** Cancel and the primary action of a modal form; both wait while the form is busy. */
export function DialogActions(props: DialogActionsProps) {
  return (
    <div className="dialog-actions">
      <button type="button" className="button" onClick={props.close} disabled={props.busy}>
        Cancel
      </button>
      <button
        type={props.onConfirm ? "button" : "submit"}
        className={props.danger ? "button button-danger" : "button button-primary"}
        disabled={!props.ready || props.busy}
        onClick={props.onConfirm}
        data-autofocus={props.autoFocus || undefined}
      >
        {props.busy ? props.busyLabel : props.label}
      </button>
    </div>
  );
}

/** A modal's form: its title, its fields, then DialogActions; the primary button submits it. */
export function ModalForm(props: Omit<DialogActionsProps, "onConfirm"> & { title: string; onSubmit: () => void; noValidate?: boolean; children: ReactNode }) {
  const { title, onSubmit, noValidate, children, ...actions } = props;
  return (
    <form
      className="stack"
      noValidate={noValidate}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <h2 className="dialog-title">{title}</h2>
      {children}
      <DialogActions {...actions} />
    </form>
  );
}

/** A button that opens a modal form, with the toasts and modal host the form needs. */
export function ModalLauncher(props: { id: string; label: string; dialogLabel: string; size?: ModalEntry["size"]; render: ModalEntry["render"] }) {
  const { openModal } = useModals();
  return (
    <>
      <button
        type="button"
        className="button button-primary"
        onClick={() => openModal({ id: props.id, label: props.dialogLabel, size: props.size, render: props.render })}
      >
        {props.label}
      </button>
      <Toasts />
      <ModalHost />
    </>
  );
}
