// One bug report (SPEC.md §2 Bug report detail): pills Resolved or Unresolved, High Priority and
// Archived, the description and notes; a menu with Edit, Resolve/Unresolve, Make High
// Priority/Make Regular Priority, Archive/De-archive and Delete. Edit sends only changed fields.
import { useState } from "react";
import { api, errorMessage } from "../api";
import { ActionMenu } from "../ui/action-menu";
import { useConfirm } from "../ui/confirm-dialog";
import { ModalHost } from "../ui/modals";
import { EditActions, ModifiedField, changedFields } from "../ui/modified-field";
import { Toasts, useToast } from "../ui/toasts";

export type BugReportDetailProps = {
  report: {
    _id: string;
    title: string;
    description: string;
    notes: string;
    resolved: boolean;
    highPriority: boolean;
    archived: boolean;
    createdAt: string;
    reporterName: string | null;
    reporterEmail: string | null;
  };
};
type Editable = { title: string; description: string; notes: string };
type Flags = { resolved: boolean; highPriority: boolean; archived: boolean };

export const DELETE_BUG_REPORT_QUESTION = "Are you sure you want to delete this bug report?";
export const TITLE_BLANK = "Title cannot be blank.";
export const DESCRIPTION_BLANK = "Description cannot be blank";

const formatDate = (iso: string) => new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

export default function BugReportDetail(props: BugReportDetailProps) {
  const { report } = props;
  const [text, setText] = useState<Editable>({ title: report.title, description: report.description, notes: report.notes });
  const [flags, setFlags] = useState<Flags>({ resolved: report.resolved, highPriority: report.highPriority, archived: report.archived });
  const [draft, setDraft] = useState<Editable | null>(null);
  const [errors, setErrors] = useState<Partial<Record<keyof Editable, string>>>({});
  const [busy, setBusy] = useState(false);
  const confirm = useConfirm();
  const toast = useToast();

  async function send(updatedFields: Partial<Editable & Flags>): Promise<boolean> {
    setBusy(true);
    const { data, error } = await api.api.admin.bugreports.patch({ bugReportIDs: [report._id], updatedFields });
    setBusy(false);
    if (error) {
      toast.error(errorMessage(error));
      return false;
    }
    toast.success(data.message);
    return true;
  }

  async function toggle(flag: keyof Flags) {
    const change = { [flag]: !flags[flag] } as Partial<Flags>;
    if (await send(change)) setFlags({ ...flags, ...change });
  }

  async function save() {
    if (!draft) return;
    const problems: Partial<Record<keyof Editable, string>> = {};
    if (!draft.title.trim()) problems.title = TITLE_BLANK;
    if (!draft.description.trim()) problems.description = DESCRIPTION_BLANK;
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    const changes = changedFields(text, draft);
    if (Object.keys(changes).length === 0) return setDraft(null);
    if (await send(changes)) {
      setText({ ...text, ...changes });
      setDraft(null);
    }
  }

  function askDelete() {
    confirm({
      id: `delete-bug-report-${report._id}`,
      title: DELETE_BUG_REPORT_QUESTION,
      message: text.title,
      confirmLabel: "Delete",
      danger: true,
      onConfirm: async () => {
        const { error } = await api.api.admin.bugreports.delete(undefined, { query: { bugReportIDs: report._id } });
        if (error) {
          toast.error(errorMessage(error));
          throw new Error(errorMessage(error));
        }
        window.location.assign("/admin/bugreports");
        await new Promise(() => {});
      },
    });
  }

  const changed = draft ? changedFields(text, draft) : {};

  return (
    <article className="detail">
      <header className="detail-head">
        <div className="detail-heading">
          <h1 className="admin-title">{text.title}</h1>
          <div className="detail-meta">
            <span className={flags.resolved ? "badge badge-green" : "badge badge-yellow"}>{flags.resolved ? "Resolved" : "Unresolved"}</span>
            {flags.highPriority ? <span className="badge badge-red">High Priority</span> : null}
            {flags.archived ? <span className="badge">Archived</span> : null}
            <span className="muted">
              Reported {formatDate(report.createdAt)}
              {report.reporterName ? ` by ${report.reporterName}` : ""}
            </span>
          </div>
        </div>
        <ActionMenu
          label="Actions"
          disabled={draft !== null || busy}
          actions={[
            { label: "Edit", onSelect: () => setDraft(text) },
            { label: flags.resolved ? "Unresolve" : "Resolve", onSelect: () => void toggle("resolved") },
            { label: flags.highPriority ? "Make Regular Priority" : "Make High Priority", onSelect: () => void toggle("highPriority") },
            { label: flags.archived ? "De-archive" : "Archive", onSelect: () => void toggle("archived") },
            { label: "Delete", onSelect: askDelete, danger: true },
          ]}
        />
      </header>
      {draft ? (
        <form
          className="card stack detail-form"
          aria-label="Edit bug report"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <ModifiedField id="edit-bug-title" label="Title" modified={"title" in changed} error={errors.title}>
            <input
              id="edit-bug-title"
              className="input"
              value={draft.title}
              maxLength={200}
              onChange={(event) => setDraft({ ...draft, title: event.target.value })}
            />
          </ModifiedField>
          <ModifiedField id="edit-bug-description" label="Description" modified={"description" in changed} error={errors.description}>
            <textarea
              id="edit-bug-description"
              className="textarea"
              rows={6}
              value={draft.description}
              maxLength={5000}
              onChange={(event) => setDraft({ ...draft, description: event.target.value })}
            />
          </ModifiedField>
          <ModifiedField id="edit-bug-notes" label="Notes" modified={"notes" in changed}>
            <textarea
              id="edit-bug-notes"
              className="textarea"
              rows={4}
              value={draft.notes}
              maxLength={5000}
              onChange={(event) => setDraft({ ...draft, notes: event.target.value })}
            />
          </ModifiedField>
          <EditActions
            busy={busy}
            hasChanges={Object.keys(changed).length > 0}
            onCancel={() => {
              setDraft(null);
              setErrors({});
            }}
          />
        </form>
      ) : (
        <div className="detail-columns">
          <section className="card detail-body" aria-labelledby="bug-description-title">
            <h2 id="bug-description-title" className="card-title">
              Description
            </h2>
            <p className="detail-text">{text.description}</p>
          </section>
          <section className="card detail-body" aria-labelledby="bug-notes-title">
            <h2 id="bug-notes-title" className="card-title">
              Notes
            </h2>
            {text.notes ? <p className="detail-text">{text.notes}</p> : <p className="muted">No notes yet. Use Edit to add some.</p>}
            {report.reporterEmail ? (
              <p className="muted detail-reporter">
                Reporter: <a href={`mailto:${report.reporterEmail}`}>{report.reporterEmail}</a>
              </p>
            ) : null}
          </section>
        </div>
      )}
      <Toasts />
      <ModalHost />
    </article>
  );
}
