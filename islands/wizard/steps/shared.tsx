// What the wizard's steps share: the introduction of a step (its heading belongs to the wizard's
// frame, which focuses it after a step change), a labelled checkbox, and the names of the corner
// radii (the Theme step and the summary both show them).
import type { ReactNode } from "react";
import type { Radius } from "../../../src/shared/enums";

export const radiusLabels: Record<Radius, string> = { square: "Square", rounded: "Rounded", pill: "Pill" };

export function StepIntro(props: { children: ReactNode }) {
  return <p className="step-intro muted">{props.children}</p>;
}

/** `detail` completes the name for screen readers where the card around it says the rest ("Include" → "Include Dark theme"). */
export function Check(props: { checked: boolean; disabled?: boolean; label: string; detail?: string; onChange: () => void; name: string }) {
  return (
    <label className="checkbox">
      <input type="checkbox" name={props.name} checked={props.checked} disabled={props.disabled} onChange={props.onChange} />
      {props.label}
      {props.detail ? <span className="visually-hidden"> {props.detail}</span> : null}
    </label>
  );
}
