// Payment (SPEC.md §2, §5): the price, and an optional access code the server checks as it is typed.
import { useAtom, useAtomValue } from "jotai";
import { INVOICE_DUE_DAYS, formatPrice, packageFor } from "../../../src/shared/packages";
import { FieldShell, useClearError } from "../fields";
import { codeStatusAtom, draftAtom, errorsAtom } from "../state";
import { StepIntro } from "./shared";

export function PaymentStep() {
  const [draft, setDraft] = useAtom(draftAtom);
  const errors = useAtomValue(errorsAtom);
  const status = useAtomValue(codeStatusAtom);
  const clearError = useClearError();
  const pkg = packageFor(draft.projectType);
  return (
    <div className="step-body">
      <StepIntro>Nothing is charged now. We review your request first.</StepIntro>
      <div className="price-box">
        <div>
          <span className="muted">{pkg.title}</span>
          <strong className="price-total">{formatPrice(pkg.price)}</strong>
        </div>
        <p className="muted">
          After approval we e-mail an invoice for {formatPrice(pkg.price)}, payable within {INVOICE_DUE_DAYS} days.
        </p>
      </div>
      <div className="field">
        <label className="checkbox">
          <input
            type="checkbox"
            name="hasAccessCode"
            checked={draft.hasAccessCode}
            onChange={(event) => {
              setDraft({ ...draft, hasAccessCode: event.target.checked });
              clearError("accessCode");
            }}
          />
          I have an access code
        </label>
      </div>
      {draft.hasAccessCode ? (
        <FieldShell id="field-accessCode" label="Access code" error={errors.accessCode}>
          <div className="code-row">
            <input
              id="field-accessCode"
              className="input input-code"
              name="accessCode"
              value={draft.accessCode}
              autoComplete="off"
              spellCheck={false}
              aria-invalid={errors.accessCode || status === "invalid" ? true : undefined}
              aria-describedby="access-code-status"
              onChange={(event) => {
                setDraft({ ...draft, accessCode: event.target.value });
                clearError("accessCode");
              }}
            />
            <span id="access-code-status" aria-live="polite">
              {status === "valid" ? <span className="badge badge-green">Access code is valid</span> : null}
              {status === "invalid" ? <span className="badge badge-red">Access code is invalid</span> : null}
              {status === "checking" && draft.accessCode.trim() ? <span className="badge">Checking…</span> : null}
            </span>
          </div>
        </FieldShell>
      ) : null}
    </div>
  );
}
