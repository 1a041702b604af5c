// Terms (SPEC.md §2): accept the terms and sign with the name given in General.
import { useAtom, useAtomValue } from "jotai";
import { INVOICE_DUE_DAYS } from "../../../src/shared/packages";
import { TextField, useClearError } from "../fields";
import { draftAtom, errorsAtom } from "../state";
import { StepIntro } from "./shared";

export function TermsStep() {
  const [draft, setDraft] = useAtom(draftAtom);
  const errors = useAtomValue(errorsAtom);
  const clearError = useClearError();
  return (
    <div className="step-body">
      <StepIntro>Read and accept the terms, then sign with the name you gave in General.</StepIntro>
      <div className="terms-box">
        <p>
          By submitting this request you agree to the{" "}
          <a href="/terms" target="_blank" rel="noreferrer">
            Terms and Conditions
          </a>
          . In short:
        </p>
        <ul>
          <li>We review your request; once approved we send an invoice, payable within {INVOICE_DUE_DAYS} days or the project is deleted.</li>
          <li>You have 10 days after delivery to make one revision request.</li>
          <li>A refund is given only if we terminate the project.</li>
        </ul>
      </div>
      <div className={errors.acceptedTermsAndConditions ? "field has-error" : "field"}>
        <label className="checkbox">
          <input
            type="checkbox"
            name="acceptedTermsAndConditions"
            checked={draft.acceptedTermsAndConditions}
            aria-invalid={errors.acceptedTermsAndConditions ? true : undefined}
            onChange={(event) => {
              setDraft({ ...draft, acceptedTermsAndConditions: event.target.checked });
              clearError("acceptedTermsAndConditions");
            }}
          />
          I accept the Terms and Conditions
        </label>
        {errors.acceptedTermsAndConditions ? <p className="field-error">{errors.acceptedTermsAndConditions}</p> : null}
      </div>
      <TextField name="signature" label="Signature" hint="Type your full name exactly as in General." autoComplete="off" />
    </div>
  );
}
