// Review (SPEC.md §2): the summary of the order before the terms.
import { ProjectSummary } from "./project-summary";
import { StepIntro } from "./shared";

export function ReviewStep() {
  return (
    <div className="step-body">
      <StepIntro>Check everything before you accept the terms. Use Edit to change a section.</StepIntro>
      <ProjectSummary />
    </div>
  );
}
