// Landing (SPEC.md §2): the hero title and message.
import { TextField } from "../fields";
import { StepIntro } from "./shared";

export function LandingStep() {
  return (
    <div className="step-body">
      <StepIntro>The first thing your visitors read.</StepIntro>
      <TextField name="heroTitle" label="Hero title" placeholder="Custom web apps done right" />
      <TextField name="heroMessage" label="Hero message" multiline placeholder="A sentence or two about what you offer." />
    </div>
  );
}
