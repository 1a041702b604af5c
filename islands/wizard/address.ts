// The create wizard's step is part of the address: `?step=theme`, one history entry
// per step, so Back and Forward move between steps and a reload or a shared link opens the same
// step, unless an earlier step is incomplete: then the first incomplete one opens.
import { type ProjectDraft, type StepContext, type WizardStep, validateStep, wizardSteps } from "../../src/shared/wizard";

export const STEP_PARAM = "step";

/** The step the address names, or the first step. */
export function stepOfAddress(search: string): WizardStep {
  const named = new URLSearchParams(search).get(STEP_PARAM);
  return wizardSteps.find((step) => step === named) ?? wizardSteps[0];
}

/** The address of a step: the page's own path and query, with only `step` changed. */
export function addressOfStep(location: Pick<Location, "pathname" | "search" | "hash">, step: WizardStep): string {
  const query = new URLSearchParams(location.search);
  query.set(STEP_PARAM, step);
  return `${location.pathname}?${query}${location.hash}`;
}

/** The first step before `wanted` whose rules fail, else `wanted` itself. */
export function reachableStep(wanted: WizardStep, draft: ProjectDraft, context: StepContext): WizardStep {
  for (const step of wizardSteps) {
    if (step === wanted) return wanted;
    if (Object.keys(validateStep(step, draft, context)).length > 0) return step;
  }
  return wanted;
}

/** Steps marked complete after a reload: every step before the one shown (they passed reachableStep). */
export const completedBefore = (step: WizardStep): boolean[] => wizardSteps.map((_, index) => index < wizardSteps.indexOf(step));

/** What history.state holds for a step the wizard pushed; `from` lets the Back button go back in history. */
export type StepState = { wizardStep: WizardStep; from: WizardStep | null };

export function isStepState(value: unknown): value is StepState {
  return typeof value === "object" && value !== null && "wizardStep" in value;
}
