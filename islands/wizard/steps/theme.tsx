// Theme (SPEC.md §2, §3): themes, tints or a custom tint, and corner radii, applied to the page live.
import { useAtom, useAtomValue } from "jotai";
import { radii } from "../../../src/shared/enums";
import { themes, tints } from "../../../src/shared/themes";
import {
  BORDER_RADIUS_PX,
  MAX_THEMES,
  MAX_TINTS,
  type ProjectDraft,
  chooseDefaultTheme,
  chooseDefaultTint,
  setCustomTint,
  toggleTheme,
  toggleTint,
} from "../../../src/shared/wizard";
import { applyDraftAppearance } from "../appearance";
import { FieldShell, ModifiedPill, useClearError, useModified } from "../fields";
import { draftAtom, errorsAtom, lockedAtom, modeAtom } from "../state";
import { Check, StepIntro, radiusLabels } from "./shared";

export function ThemeStep() {
  const [draft, setDraft] = useAtom(draftAtom);
  const locked = useAtomValue(lockedAtom);
  const mode = useAtomValue(modeAtom);
  const errors = useAtomValue(errorsAtom);
  const clearError = useClearError();
  const editing = mode === "edit";
  const themesModified = useModified((d) => [d.selectedThemes, d.defaultTheme]);
  const tintsModified = useModified((d) => [d.selectedTintColors, d.defaultTintColor, d.customTintColor]);
  const radiusModified = useModified((d) => d.borderRadius);
  const buttonRadiusModified = useModified((d) => d.buttonBorderRadius);
  const custom = draft.customTintColor !== null;

  function update(next: ProjectDraft, live: boolean, ...cleared: string[]) {
    setDraft(next);
    for (const name of cleared) clearError(name);
    if (live) applyDraftAppearance(next);
  }

  return (
    <div className="step-body">
      <StepIntro>
        Pick up to {MAX_THEMES} themes and {MAX_TINTS} tint colours your users can switch between, and the default of each.
      </StepIntro>
      <fieldset className="form-section" aria-invalid={errors.selectedThemes || errors.defaultTheme ? true : undefined}>
        <legend className="section-title">
          Themes <ModifiedPill show={editing && themesModified} />
        </legend>
        <div className="choice-grid">
          {themes.map((theme) => {
            const selected = draft.selectedThemes.includes(theme.code);
            return (
              <div key={theme.code} className={selected ? "choice-card is-selected" : "choice-card"}>
                <span className={`theme-sample theme-sample-${theme.code}`} aria-hidden="true">
                  <span />
                  <span />
                </span>
                <strong>{theme.name}</strong>
                <Check
                  name={`theme-${theme.code}`}
                  label="Include"
                  detail={`${theme.name} theme`}
                  checked={selected}
                  disabled={locked}
                  onChange={() => update(toggleTheme(draft, theme.code), false, "selectedThemes", "defaultTheme")}
                />
                <label className="radio">
                  <input
                    type="radio"
                    name="defaultTheme"
                    checked={draft.defaultTheme === theme.code && selected}
                    disabled={locked}
                    onChange={() => update(chooseDefaultTheme(draft, theme.code), true, "selectedThemes", "defaultTheme")}
                  />
                  Default<span className="visually-hidden"> theme: {theme.name}</span>
                </label>
              </div>
            );
          })}
        </div>
        {errors.selectedThemes || errors.defaultTheme ? <p className="field-error">{errors.selectedThemes ?? errors.defaultTheme}</p> : null}
      </fieldset>
      <fieldset className="form-section" aria-invalid={errors.selectedTintColors || errors.defaultTintColor ? true : undefined}>
        <legend className="section-title">
          Tint colours <ModifiedPill show={editing && tintsModified} />
        </legend>
        <div className="choice-grid choice-grid-4">
          {tints.map((tint) => {
            const selected = draft.selectedTintColors.includes(tint.code);
            return (
              <div key={tint.code} className={selected ? "choice-card is-selected" : custom ? "choice-card is-disabled" : "choice-card"}>
                <span className="tint-dot" style={{ background: tint.color }} aria-hidden="true" />
                <strong>{tint.name}</strong>
                <Check
                  name={`tint-${tint.code}`}
                  label="Include"
                  detail={`${tint.name} tint`}
                  checked={selected}
                  disabled={locked || custom}
                  onChange={() => update(toggleTint(draft, tint.code), false, "selectedTintColors", "defaultTintColor")}
                />
                <label className="radio">
                  <input
                    type="radio"
                    name="defaultTint"
                    checked={!custom && draft.defaultTintColor === tint.code && selected}
                    disabled={locked}
                    onChange={() => update(chooseDefaultTint(draft, tint.code), true, "selectedTintColors", "defaultTintColor", "customTintColor")}
                  />
                  Default<span className="visually-hidden"> tint: {tint.name}</span>
                </label>
              </div>
            );
          })}
        </div>
        {errors.selectedTintColors || errors.defaultTintColor ? <p className="field-error">{errors.selectedTintColors ?? errors.defaultTintColor}</p> : null}
        <div className="custom-tint">
          <Check
            name="useCustomTintColor"
            label="Use a custom tint colour instead"
            checked={custom}
            disabled={locked}
            onChange={() => update(setCustomTint(draft, !custom), true, "customTintColor", "selectedTintColors", "defaultTintColor")}
          />
          {custom ? (
            <FieldShell
              id="field-customTintColor"
              label="Custom tint"
              error={errors.customTintColor}
              hint="A hex colour such as #0f766e, or rgb(15, 118, 110)."
            >
              <div className="custom-tint-row">
                <span className="tint-dot tint-dot-lg" style={{ background: draft.customTintColor || "transparent" }} aria-hidden="true" />
                <input
                  id="field-customTintColor"
                  className="input"
                  name="customTintColor"
                  value={draft.customTintColor ?? ""}
                  disabled={locked}
                  placeholder="#0f766e"
                  aria-invalid={errors.customTintColor ? true : undefined}
                  aria-describedby={errors.customTintColor ? "field-customTintColor-error" : "field-customTintColor-hint"}
                  onChange={(event) => update({ ...draft, customTintColor: event.target.value }, true, "customTintColor")}
                />
              </div>
            </FieldShell>
          ) : null}
        </div>
      </fieldset>
      <div className="radius-grid">
        <RadiusChoice name="borderRadius" label="Corners" modified={editing && radiusModified} />
        <RadiusChoice name="buttonBorderRadius" label="Buttons" modified={editing && buttonRadiusModified} />
        <div className="radius-preview" aria-label="Preview of corners and buttons" role="img">
          <div className="radius-preview-card" style={{ borderRadius: BORDER_RADIUS_PX[draft.borderRadius] }}>
            <span className="radius-preview-line" />
            <span className="radius-preview-line short" />
            <span className="radius-preview-button" style={{ borderRadius: BORDER_RADIUS_PX[draft.buttonBorderRadius] }}>
              Button
            </span>
          </div>
        </div>
      </div>
    </div>
  );
}

function RadiusChoice(props: { name: "borderRadius" | "buttonBorderRadius"; label: string; modified: boolean }) {
  const [draft, setDraft] = useAtom(draftAtom);
  const locked = useAtomValue(lockedAtom);
  return (
    <fieldset className="form-section">
      <legend className="section-title">
        {props.label} <ModifiedPill show={props.modified} />
      </legend>
      <div className="segmented">
        {radii.map((radius) => (
          <label key={radius} className="segment">
            <input
              type="radio"
              name={props.name}
              value={radius}
              checked={draft[props.name] === radius}
              disabled={locked}
              onChange={() => setDraft({ ...draft, [props.name]: radius })}
            />
            <span>
              {radiusLabels[radius]} <small>{BORDER_RADIUS_PX[radius]}px</small>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
