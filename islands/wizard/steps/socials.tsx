// Socials (SPEC.md §2): optional links for the app's footer.
import { TextField } from "../fields";
import { StepIntro } from "./shared";

export function SocialsStep() {
  return (
    <div className="step-body">
      <StepIntro>Links shown in your app's footer. All optional.</StepIntro>
      <div className="form-grid">
        <TextField name="linkedInURL" label="LinkedIn" type="url" optional placeholder="https://linkedin.com/company/..." />
        <TextField name="facebookURL" label="Facebook" type="url" optional placeholder="https://facebook.com/..." />
        <TextField name="instagramURL" label="Instagram" type="url" optional placeholder="https://instagram.com/..." />
        <TextField name="twitterURL" label="Twitter" type="url" optional placeholder="https://twitter.com/..." />
      </div>
    </div>
  );
}
