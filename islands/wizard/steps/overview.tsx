// Overview (SPEC.md §2): the summary of a saved project, in edit mode.
import { ProjectSummary } from "./project-summary";
import { StepIntro } from "./shared";

export function OverviewStep() {
  return (
    <div className="step-body">
      <StepIntro>Everything in your project request.</StepIntro>
      <ProjectSummary />
    </div>
  );
}
