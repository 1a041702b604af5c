// One bug report (SPEC.md §2 Bug report detail): pills Resolved or Unresolved, High Priority and
// Archived, the description and notes; a menu with Edit, Resolve/Unresolve, Make High
// Priority/Make Regular Priority, Archive/De-archive and Delete. Edit sends only changed fields.
import { useState } from "react";
import { formatDate } from "../../src/shared/dates";
import { api } from "../api";
import { ActionMenu } from "../ui/action-menu";
import { useConfirmDelete } from "../ui/confirm-dialog";
import { ModalHost } from "../ui/modal-views";
import { EditForm, ModifiedField, useEditDraft } from "../ui/modified-field";
import { Toasts } from "../ui/toasts";
import { useForm } from "../ui/use-form";

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

export default function BugReportDetail(props: BugReportDetailProps) {
  const { report } = props;
  const [text, setText] = useState<Editable>({ title: report.title, description: report.description, notes: report.notes });
  const [flags, setFlags] = useState<Flags>({ resolved: report.resolved, highPriority: report.highPriority, archived: report.archived });
  const edit = useEditDraft(text, { title: TITLE_BLANK, description: DESCRIPTION_BLANK });
  const { draft, setDraft, errors, changed } = edit;
  const { busy, submit } = useForm();
  const confirmDelete = useConfirmDelete();

  async function send(updatedFields: Partial<Editable & Flags>): Promise<boolean> {
    return (await submit(() => api.api.admin.bugreports.patch({ bugReportIDs: [report._id], updatedFields }))) !== null;
  }

  async function toggle(flag: keyof Flags) {
    const change = { [flag]: !flags[flag] } as Partial<Flags>;
    if (await send(change)) setFlags({ ...flags, ...change });
  }

  async function save() {
    const changes = edit.changesToSave();
    if (!changes) return;
    if (await send(changes)) {
      setText({ ...text, ...changes });
      edit.done();
    }
  }

  function askDelete() {
    confirmDelete({
      id: `delete-bug-report-${report._id}`,
      title: DELETE_BUG_REPORT_QUESTION,
      message: text.title,
      remove: () => api.api.admin.bugreports.delete({}, { query: { bugReportIDs: report._id } }),
      leaveTo: "/admin/bugreports",
    });
  }

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
            { label: "Edit", onSelect: edit.edit },
            { label: flags.resolved ? "Unresolve" : "Resolve", onSelect: () => void toggle("resolved") },
            { label: flags.highPriority ? "Make Regular Priority" : "Make High Priority", onSelect: () => void toggle("highPriority") },
            { label: flags.archived ? "De-archive" : "Archive", onSelect: () => void toggle("archived") },
            { label: "Delete", onSelect: askDelete, danger: true },
          ]}
        />
      </header>
      {draft ? (
        <EditForm label="Edit bug report" busy={busy} hasChanges={edit.hasChanges} onSave={() => void save()} onCancel={edit.cancel}>
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
        </EditForm>
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
