// One FAQ (SPEC.md §2 FAQ detail): title, section and answer, with Edit and Delete in a menu.
// Edit marks each changed field 'Modified' and sends only the changed fields.
import { useState } from "react";
import { formatDate } from "../../src/shared/dates";
import { type FaqSection, faqSections } from "../../src/shared/enums";
import { api } from "../api";
import { ActionMenu } from "../ui/action-menu";
import { useConfirmDelete } from "../ui/confirm-dialog";
import { ModalHost } from "../ui/modal-views";
import { EditForm, ModifiedField, useEditDraft } from "../ui/modified-field";
import { Toasts } from "../ui/toasts";
import { useForm } from "../ui/use-form";

export type FaqDetailProps = { faq: { _id: string; title: string; section: FaqSection; answer: string; createdAt: string } };
type Editable = { title: string; section: FaqSection; answer: string };

export const DELETE_FAQ_QUESTION = "Are you sure you want to delete this FAQ?";

const pick = (faq: Editable): Editable => ({ title: faq.title, section: faq.section, answer: faq.answer });

export default function FaqDetail(props: FaqDetailProps) {
  const [saved, setSaved] = useState<Editable>(pick(props.faq));
  const edit = useEditDraft(saved, { title: "Title cannot be blank.", answer: "Answer cannot be blank." });
  const { draft, setDraft, errors, changed } = edit;
  const { busy, submit } = useForm();
  const confirmDelete = useConfirmDelete();
  const id = props.faq._id;

  function askDelete() {
    confirmDelete({
      id: `delete-faq-${id}`,
      title: DELETE_FAQ_QUESTION,
      message: saved.title,
      remove: () => api.api.admin.faq.delete({}, { query: { faqIDs: id } }),
      leaveTo: "/admin/faq",
    });
  }

  async function save() {
    const changes = edit.changesToSave();
    if (!changes) return;
    if (!(await submit(() => api.api.admin.faq.patch({ faqIDs: [id], updatedFields: changes })))) return;
    setSaved({ ...saved, ...changes });
    edit.done();
  }

  const created = formatDate(props.faq.createdAt);

  return (
    <article className="detail">
      <header className="detail-head">
        <div className="detail-heading">
          <h1 className="admin-title">{saved.title}</h1>
          <div className="detail-meta">
            <span className="section-tag">{saved.section}</span>
            <span className="muted">Created {created}</span>
          </div>
        </div>
        <ActionMenu
          label="Actions"
          disabled={draft !== null}
          actions={[
            { label: "Edit", onSelect: edit.edit },
            { label: "Delete", onSelect: askDelete, danger: true },
          ]}
        />
      </header>
      {draft ? (
        <EditForm label="Edit FAQ" busy={busy} hasChanges={edit.hasChanges} onSave={() => void save()} onCancel={edit.cancel}>
          <ModifiedField id="edit-faq-title" label="Title" modified={"title" in changed} error={errors.title}>
            <input
              id="edit-faq-title"
              className="input"
              value={draft.title}
              maxLength={200}
              onChange={(event) => setDraft({ ...draft, title: event.target.value })}
            />
          </ModifiedField>
          <ModifiedField id="edit-faq-section" label="Section" modified={"section" in changed}>
            <select
              id="edit-faq-section"
              className="select"
              value={draft.section}
              onChange={(event) => setDraft({ ...draft, section: event.target.value as FaqSection })}
            >
              {faqSections.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </ModifiedField>
          <ModifiedField id="edit-faq-answer" label="Answer" modified={"answer" in changed} error={errors.answer}>
            <textarea
              id="edit-faq-answer"
              className="textarea"
              rows={8}
              value={draft.answer}
              maxLength={10_000}
              onChange={(event) => setDraft({ ...draft, answer: event.target.value })}
            />
          </ModifiedField>
        </EditForm>
      ) : (
        <section className="card detail-body" aria-labelledby="faq-answer-title">
          <h2 id="faq-answer-title" className="card-title">
            Answer
          </h2>
          <p className="detail-text">{saved.answer}</p>
        </section>
      )}
      <Toasts />
      <ModalHost />
    </article>
  );
}
