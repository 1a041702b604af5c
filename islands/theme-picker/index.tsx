// Theme and tint choices: applied to the page at once, then saved for the user (SPEC.md §4).
import { atom, useAtom } from "jotai";
import { useEffect, useState } from "react";
import { applyAppearance, themes, tints } from "../../src/shared/themes";
import { api, errorMessage } from "../api";
import { FormError } from "../ui/field";

/** `group` names the radio groups, so two pickers on one page (menu and settings) stay apart. */
export type ThemePickerProps = { theme: number; tint: number; compact?: boolean; group?: string };

// Pickers on one page live in separate islands; this event keeps them showing the same choice.
const APPEARANCE_EVENT = "appearance-change";

const appearanceAtom = atom<{ theme: number; tint: number } | null>(null);

const icons: Record<string, string> = {
  sun: "M12 4V2m0 20v-2m8-8h2M2 12h2m13.66-5.66l1.41-1.41M4.93 19.07l1.41-1.41m0-11.32L4.93 4.93m14.14 14.14l-1.41-1.41M12 17a5 5 0 100-10 5 5 0 000 10z",
  moon: "M21 12.8A9 9 0 1111.2 3a7 7 0 009.8 9.8z",
  water: "M12 2.7s-6 6.6-6 11.3a6 6 0 0012 0c0-4.7-6-11.3-6-11.3z",
};

export default function ThemePicker(props: ThemePickerProps) {
  const [stored, setStored] = useAtom(appearanceAtom);
  const current = stored ?? { theme: props.theme, tint: props.tint };
  const [error, setError] = useState<string | null>(null);
  const prefix = props.group ? `${props.group}-` : "";

  useEffect(() => {
    // A picker that hydrates late (the profile menu's, on first open) may have missed another
    // picker's change: <html> carries the appearance in force.
    const { theme, tint } = document.documentElement.dataset;
    if (theme !== undefined && tint !== undefined) setStored({ theme: Number(theme), tint: Number(tint) });
    const onChange = (event: Event) => {
      const detail = (event as CustomEvent<{ theme: number; tint: number }>).detail;
      if (detail) setStored(detail);
    };
    document.addEventListener(APPEARANCE_EVENT, onChange);
    return () => document.removeEventListener(APPEARANCE_EVENT, onChange);
  }, [setStored]);

  function show(next: { theme: number; tint: number }) {
    setStored(next);
    applyAppearance(next.theme, next.tint);
    document.dispatchEvent(new CustomEvent(APPEARANCE_EVENT, { detail: next }));
  }

  async function choose(next: { theme: number; tint: number }, path: "theme.themeColor" | "theme.tintColor", value: number) {
    const previous = current;
    show(next);
    setError(null);
    const { error: failed } = await api.api.users.me.settings.patch({ path, value });
    if (failed) {
      show(previous);
      setError(errorMessage(failed));
    }
  }

  return (
    <div className={props.compact ? "theme-picker theme-picker-compact" : "theme-picker"}>
      <fieldset className="picker-group">
        <legend className="label">Theme</legend>
        <div className="picker-options">
          {themes.map((theme) => (
            <label key={theme.code} className="picker-option">
              <input
                type="radio"
                name={`${prefix}theme`}
                value={theme.code}
                checked={current.theme === theme.code}
                onChange={() => choose({ ...current, theme: theme.code }, "theme.themeColor", theme.code)}
              />
              <span className="picker-chip" data-theme-preview={theme.code}>
                <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
                  <path d={icons[theme.icon]} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
                {theme.name}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="picker-group">
        <legend className="label">Tint</legend>
        <div className="picker-options">
          {tints.map((tint) => (
            <label key={tint.code} className="picker-option" title={tint.name}>
              <input
                type="radio"
                name={`${prefix}tint`}
                value={tint.code}
                checked={current.tint === tint.code}
                onChange={() => choose({ ...current, tint: tint.code }, "theme.tintColor", tint.code)}
              />
              <span className="picker-swatch" style={{ background: tint.color }}>
                <span className="visually-hidden">{tint.name}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <FormError error={error} />
    </div>
  );
}
