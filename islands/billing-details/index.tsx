// The customer's billing details on /billing (decision 085): name, company, address and tax ID,
// all optional. Saved ones go on invoices issued from then on; issued invoices keep their copy.
import { type FormEvent, useState } from "react";
import { api, errorMessage } from "../api";
import { FormError, errorAria } from "../ui/field";
import { ModifiedField, changedFields } from "../ui/modified-field";

type Details = { name: string | null; company: string | null; address: string | null; taxId: string | null };
type Draft = { name: string; company: string; address: string; taxId: string };
type FieldName = keyof Draft;

export type BillingDetailsProps = { details: Details; limits: Record<FieldName, number> };

const toDraft = (details: Details): Draft => ({
  name: details.name ?? "",
  company: details.company ?? "",
  address: details.address ?? "",
  taxId: details.taxId ?? "",
});

const labels: Record<FieldName, string> = { name: "Billing name", company: "Company", address: "Address", taxId: "Tax ID" };
const hints: Record<FieldName, string> = {
  name: "Printed instead of your display name, e.g. your legal name.",
  company: "",
  address: "Up to 6 lines.",
  taxId: "VAT number, EIN or the like, if your invoices need it.",
};

export default function BillingDetails(props: BillingDetailsProps) {
  const [saved, setSaved] = useState<Draft>(() => toDraft(props.details));
  const [draft, setDraft] = useState<Draft>(saved);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [savedMessage, setSavedMessage] = useState<string | null>(null);
  const changes = changedFields(saved, draft);
  const hasChanges = Object.keys(changes).length > 0;
  const empty = Object.values(saved).every((value) => value === "");

  async function send(body: Partial<Draft>) {
    setBusy(true);
    setErrors({});
    setFormError(null);
    setSavedMessage(null);
    const { data, error } = await api.api.users.me["billing-details"].patch(body);
    setBusy(false);
    if (error) {
      const fields = (error.value as { fields?: Record<string, string> } | null)?.fields ?? {};
      const known = Object.fromEntries(Object.entries(fields).filter(([key]) => key in labels)) as Partial<Record<FieldName, string>>;
      setErrors(known);
      if (Object.keys(known).length === 0) setFormError(errorMessage(error));
      return;
    }
    const next = toDraft(data.billingDetails);
    setSaved(next);
    setDraft(next);
    setSavedMessage(data.message);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (hasChanges) void send(changes);
  }

  const field = (name: FieldName) => {
    const id = `billing-${name}`;
    const common = {
      id,
      value: draft[name],
      maxLength: props.limits[name],
      disabled: busy,
      ...errorAria(id, errors[name]),
      onChange: (event: { target: { value: string } }) => {
        setSavedMessage(null);
        setDraft((d) => ({ ...d, [name]: event.target.value }));
      },
    };
    return (
      <ModifiedField key={name} id={id} label={labels[name]} modified={draft[name] !== saved[name]} error={errors[name]}>
        {name === "address" ? (
          <textarea {...common} className="textarea billing-address" rows={4} autoComplete="street-address" />
        ) : (
          <input {...common} className="input" type="text" autoComplete={name === "name" ? "name" : name === "company" ? "organization" : "off"} />
        )}
        {hints[name] ? <p className="field-hint">{hints[name]}</p> : null}
      </ModifiedField>
    );
  };

  return (
    <form className="stack billing-details-form" aria-label="Billing details" noValidate onSubmit={submit}>
      <div className="billing-details-grid">
        {field("name")}
        {field("company")}
        {field("address")}
        {field("taxId")}
      </div>
      <FormError error={formError} />
      {savedMessage ? (
        <p className="setting-saved" role="status">
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
            <path d="M5 12.5l4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          {savedMessage}
        </p>
      ) : null}
      <div className="button-row">
        <button type="submit" className="button button-primary" disabled={busy || !hasChanges}>
          {busy ? "Saving…" : "Save billing details"}
        </button>
        {hasChanges ? (
          <button type="button" className="button button-ghost" disabled={busy} onClick={() => setDraft(saved)}>
            Cancel
          </button>
        ) : null}
        {!empty && !hasChanges ? (
          <button type="button" className="button button-ghost" disabled={busy} onClick={() => void send({ name: "", company: "", address: "", taxId: "" })}>
            Clear all
          </button>
        ) : null}
      </div>
    </form>
  );
}
