// Subscriptions (SPEC.md §2): whether the app sells subscriptions, and its tiers.
import { useAtom, useAtomValue } from "jotai";
import { MAX_TIERS, setSubscriptions } from "../../../src/shared/wizard";
import { FieldShell, ModifiedPill, useClearError, useModified } from "../fields";
import { draftAtom, errorsAtom, lockedAtom, modeAtom } from "../state";
import { Check, StepIntro } from "./shared";

export function SubscriptionsStep() {
  const [draft, setDraft] = useAtom(draftAtom);
  const errors = useAtomValue(errorsAtom);
  const locked = useAtomValue(lockedAtom);
  const mode = useAtomValue(modeAtom);
  const modified = useModified((d) => [d.hasSubscriptions, d.subscriptionTiers]);
  const clearError = useClearError();

  function updateTier(index: number, key: "name" | "pricePerMonth" | "features", value: string) {
    setDraft({ ...draft, subscriptionTiers: draft.subscriptionTiers.map((tier, i) => (i === index ? { ...tier, [key]: value } : tier)) });
    clearError(`subscriptionTiers.${index}.${key}`);
  }

  return (
    <div className="step-body">
      <StepIntro>Every package includes a subscription portal with card payments. Describe your tiers, if you sell any.</StepIntro>
      <div className="field-label-row">
        <Check
          name="hasSubscriptions"
          label="My app sells subscriptions"
          checked={draft.hasSubscriptions}
          disabled={locked}
          onChange={() => {
            setDraft(setSubscriptions(draft, !draft.hasSubscriptions));
            clearError("subscriptionTiers");
          }}
        />
        <ModifiedPill show={mode === "edit" && modified} />
      </div>
      {errors.subscriptionTiers ? <p className="field-error">{errors.subscriptionTiers}</p> : null}
      {draft.hasSubscriptions ? (
        <ol className="tier-list">
          {draft.subscriptionTiers.map((tier, index) => (
            <li key={index} className="tier-card">
              <div className="tier-head">
                <h3 className="section-title">Tier {index + 1}</h3>
                {draft.subscriptionTiers.length > 1 && !locked ? (
                  <button
                    type="button"
                    className="button button-ghost button-sm"
                    onClick={() => setDraft({ ...draft, subscriptionTiers: draft.subscriptionTiers.filter((_, i) => i !== index) })}
                  >
                    Remove tier
                  </button>
                ) : null}
              </div>
              <div className="form-grid">
                <FieldShell id={`field-tier-${index}-name`} label="Name" error={errors[`subscriptionTiers.${index}.name`]}>
                  <input
                    id={`field-tier-${index}-name`}
                    className="input"
                    value={tier.name}
                    disabled={locked}
                    placeholder="Pro"
                    aria-required
                    aria-invalid={errors[`subscriptionTiers.${index}.name`] ? true : undefined}
                    onChange={(event) => updateTier(index, "name", event.target.value)}
                  />
                </FieldShell>
                <FieldShell id={`field-tier-${index}-pricePerMonth`} label="Price per month" error={errors[`subscriptionTiers.${index}.pricePerMonth`]}>
                  {/* Prices carry a $ prefix (SPEC.md §9): shown before the field, kept out of the value. */}
                  <div className="input-affix">
                    <span className="input-affix-text" aria-hidden="true">
                      $
                    </span>
                    <input
                      id={`field-tier-${index}-pricePerMonth`}
                      className="input"
                      value={tier.pricePerMonth.replace(/^\$\s*/, "")}
                      disabled={locked}
                      inputMode="decimal"
                      placeholder="19"
                      aria-required
                      aria-invalid={errors[`subscriptionTiers.${index}.pricePerMonth`] ? true : undefined}
                      onChange={(event) => updateTier(index, "pricePerMonth", event.target.value.replace(/^\s*\$\s*/, ""))}
                    />
                  </div>
                </FieldShell>
              </div>
              <FieldShell id={`field-tier-${index}-features`} label="Features" error={errors[`subscriptionTiers.${index}.features`]}>
                <textarea
                  id={`field-tier-${index}-features`}
                  className="textarea"
                  rows={3}
                  value={tier.features}
                  disabled={locked}
                  placeholder="What subscribers of this tier get"
                  aria-required
                  aria-invalid={errors[`subscriptionTiers.${index}.features`] ? true : undefined}
                  onChange={(event) => updateTier(index, "features", event.target.value)}
                />
              </FieldShell>
            </li>
          ))}
        </ol>
      ) : null}
      {draft.hasSubscriptions && !locked && draft.subscriptionTiers.length < MAX_TIERS ? (
        <div>
          <button
            type="button"
            className="button"
            onClick={() => setDraft({ ...draft, subscriptionTiers: [...draft.subscriptionTiers, { name: "", pricePerMonth: "", features: "" }] })}
          >
            Add tier
          </button>
        </div>
      ) : null}
    </div>
  );
}
