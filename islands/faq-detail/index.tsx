// One FAQ (SPEC.md §2 FAQ detail): title, section and answer, with Edit and Delete in a menu.
// Edit marks each changed field 'Modified' and sends only the changed fields.
import { useState } from "react";
import { api, errorMessage } from "../api";
import { FAQ_SECTIONS, type FaqSectionName } from "../faq-create";
import { ActionMenu } from "../ui/action-menu";
import { useConfirm } from "../ui/confirm-dialog";
import { ModalHost } from "../ui/modals";
import { EditActions, ModifiedField, changedFields } from "../ui/modified-field";
import { Toasts, useToast } from "../ui/toasts";

export type FaqDetailProps = { faq: { _id: string; title: string; section: FaqSectionName; answer: string; createdAt: string } };
type Editable = { title: string; section: FaqSectionName; answer: string };

export const DELETE_FAQ_QUESTION = "Are you sure you want to delete this FAQ?";

const pick = (faq: Editable): Editable => ({ title: faq.title, section: faq.section, answer: faq.answer });

export default function FaqDetail(props: FaqDetailProps) {
  const [saved, setSaved] = useState<Editable>(pick(props.faq));
  const [draft, setDraft] = useState<Editable | null>(null);
  const [errors, setErrors] = useState<Partial<Record<keyof Editable, string>>>({});
  const [busy, setBusy] = useState(false);
  const confirm = useConfirm();
  const toast = useToast();
  const id = props.faq._id;

  function askDelete() {
    confirm({
      id: `delete-faq-${id}`,
      title: DELETE_FAQ_QUESTION,
      message: saved.title,
      confirmLabel: "Delete",
      danger: true,
      onConfirm: async () => {
        const { error } = await api.api.admin.faq.delete(undefined, { query: { faqIDs: id } });
        if (error) {
          toast.error(errorMessage(error));
          throw new Error(errorMessage(error));
        }
        window.location.assign("/admin/faq");
        // Keep the dialog busy until the list loads.
        await new Promise(() => {});
      },
    });
  }

  async function save() {
    if (!draft) return;
    const problems: Partial<Record<keyof Editable, string>> = {};
    if (!draft.title.trim()) problems.title = "Title cannot be blank.";
    if (!draft.answer.trim()) problems.answer = "Answer cannot be blank.";
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    const changes = changedFields(saved, draft);
    if (Object.keys(changes).length === 0) return setDraft(null);
    setBusy(true);
    const { data, error } = await api.api.admin.faq.patch({ faqIDs: [id], updatedFields: changes });
    setBusy(false);
    if (error) return void toast.error(errorMessage(error));
    setSaved({ ...saved, ...changes });
    setDraft(null);
    toast.success(data.message);
  }

  const changed = draft ? changedFields(saved, draft) : {};
  const created = new Date(props.faq.createdAt).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

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
            { label: "Edit", onSelect: () => setDraft(saved) },
            { label: "Delete", onSelect: askDelete, danger: true },
          ]}
        />
      </header>
      {draft ? (
        <form
          className="card stack detail-form"
          aria-label="Edit FAQ"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
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
              onChange={(event) => setDraft({ ...draft, section: event.target.value as FaqSectionName })}
            >
              {FAQ_SECTIONS.map((name) => (
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
