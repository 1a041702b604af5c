// 'Create an FAQ' (SPEC.md §2, §5): title, section (defaults to the first, Account) and answer;
// Create stays disabled until title and answer are filled in. The new FAQ's page opens after.
import { useState } from "react";
import { api, errorMessage } from "../api";
import { DialogActions, ModalLauncher } from "../ui/modals";
import { useToast } from "../ui/toasts";

export const FAQ_SECTIONS = ["Account", "Project", "Admin Console"] as const;
export type FaqSectionName = (typeof FAQ_SECTIONS)[number];

function CreateFaqForm(props: { close: () => void }) {
  const [title, setTitle] = useState("");
  const [section, setSection] = useState<FaqSectionName>(FAQ_SECTIONS[0]);
  const [answer, setAnswer] = useState("");
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const ready = title.trim() !== "" && answer.trim() !== "";

  async function create() {
    if (!ready) return;
    setBusy(true);
    const { data, error } = await api.api.admin.faq.post({ title: title.trim(), section, answer: answer.trim() });
    if (error) {
      setBusy(false);
      toast.error(errorMessage(error));
      return;
    }
    toast.success(data.message);
    window.location.assign(`/admin/faq/${data.faqID}`);
  }

  return (
    <form
      className="stack"
      onSubmit={(event) => {
        event.preventDefault();
        void create();
      }}
    >
      <h2 className="dialog-title">Create an FAQ</h2>
      <div className="field">
        <label htmlFor="faq-title">Title</label>
        <input id="faq-title" className="input" value={title} maxLength={200} data-autofocus onChange={(event) => setTitle(event.target.value)} />
      </div>
      <div className="field">
        <label htmlFor="faq-section">Section</label>
        <select id="faq-section" className="select" value={section} onChange={(event) => setSection(event.target.value as FaqSectionName)}>
          {FAQ_SECTIONS.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="faq-answer">Answer</label>
        <textarea id="faq-answer" className="textarea" rows={6} value={answer} maxLength={10_000} onChange={(event) => setAnswer(event.target.value)} />
      </div>
      <DialogActions close={props.close} busy={busy} ready={ready} label="Create" busyLabel="Creating…" />
    </form>
  );
}

export default function FaqCreate(_props: Record<string, never>) {
  return <ModalLauncher id="create-faq" label="Create an FAQ" dialogLabel="Create an FAQ" size="lg" render={(close) => <CreateFaqForm close={close} />} />;
}
