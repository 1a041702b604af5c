// 'Report a Bug' (SPEC.md §2): a button that opens a dialog with a title and a description.
// Report stays disabled until both are filled in (SPEC.md §5).
import { useState } from "react";
import { api } from "../api";
import { Field, FormError } from "../ui/field";
import { DialogActions, ModalHost } from "../ui/modal-views";
import { useModals } from "../ui/modals";
import { useForm } from "../ui/use-form";

export type ReportBugProps = { variant: "menu" | "button" /** The not-found screen says "Report Bug". */; label?: string };

const DIALOG_ID = "report-bug";

/** The dialog's body: the form, then the server's answer in its place. */
function ReportBugForm(props: { close: () => void }) {
  const [title, setTitle] = useState("");
  const [description, setDescription] = useState("");
  const { busy: sending, error, submit: send } = useForm({ inline: true });
  const [sent, setSent] = useState<string | null>(null);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!title.trim() || !description.trim()) return;
    const data = await send(() => api.api.bugreports.post({ title, description }));
    if (!data) return;
    setSent(data.message);
  }

  const ready = title.trim() !== "" && description.trim() !== "";
  return (
    <>
      <h2 id="report-bug-title" className="dialog-title">
        Report a Bug
      </h2>
      {sent ? (
        <div className="stack">
          <div className="alert alert-success" role="status">
            {sent}
          </div>
          <div className="button-row dialog-actions">
            <button type="button" className="button button-primary" onClick={props.close} data-autofocus>
              Close
            </button>
          </div>
        </div>
      ) : (
        <form className="stack" onSubmit={submit}>
          <p className="muted">Tell us what went wrong and what you expected instead.</p>
          <Field id="bug-title" label="Title">
            <input id="bug-title" className="input" value={title} maxLength={200} onChange={(e) => setTitle(e.target.value)} data-autofocus />
          </Field>
          <Field id="bug-description" label="Description">
            <textarea id="bug-description" className="textarea" value={description} maxLength={5000} onChange={(e) => setDescription(e.target.value)} />
          </Field>
          <FormError error={error} />
          <DialogActions close={props.close} busy={sending} ready={ready} label="Report" busyLabel="Reporting…" />
        </form>
      )}
    </>
  );
}

export default function ReportBug(props: ReportBugProps) {
  const { openModal } = useModals();
  return (
    <>
      <button
        type="button"
        className={props.variant === "menu" ? "menu-button" : "button button-lg"}
        onClick={() => openModal({ id: DIALOG_ID, label: "Report a Bug", render: (close) => <ReportBugForm close={close} /> })}
      >
        {props.variant === "menu" ? (
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path
              d="M8 8a4 4 0 118 0v1H8zm-2 3h12v3a6 6 0 01-12 0zM3 13h3m12 0h3M4 7l3 2m13-2l-3 2M4 20l3-2.5m13 2.5l-3-2.5M12 11v9"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        ) : null}
        {props.label ?? "Report a Bug"}
      </button>
      <ModalHost />
    </>
  );
}
