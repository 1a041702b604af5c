// Applies the draft's default theme and tint to the live page, so the customer sees their app's
// colours while choosing them (SPEC.md §4). A custom tint overrides the tint variables inline.
import { applyAppearance } from "../../src/shared/themes";
import { type ProjectDraft, isColor } from "../../src/shared/wizard";

const CUSTOM_PROPERTIES = ["--tint", "--tint-hover", "--tint-text", "--tint-soft"] as const;

export function applyDraftAppearance(draft: ProjectDraft): void {
  const root = document.documentElement;
  const custom = draft.customTintColor !== null && isColor(draft.customTintColor) ? draft.customTintColor.trim() : null;
  applyAppearance(draft.defaultTheme, custom ? Number(root.dataset.tint ?? 0) : draft.defaultTintColor);
  if (custom) {
    root.style.setProperty("--tint", custom);
    root.style.setProperty("--tint-hover", `color-mix(in srgb, ${custom} 85%, black)`);
    root.style.setProperty("--tint-text", custom);
    root.style.setProperty("--tint-soft", `color-mix(in srgb, ${custom} 14%, transparent)`);
  } else {
    for (const property of CUSTOM_PROPERTIES) root.style.removeProperty(property);
  }
}
