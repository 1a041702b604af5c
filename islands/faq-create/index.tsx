// 'Create an FAQ' (SPEC.md §2, §5): title, section (defaults to the first, Account) and answer;
// Create stays disabled until title and answer are filled in. The new FAQ's page opens after.
import { useState } from "react";
import { type FaqSection, faqSections } from "../../src/shared/enums";
import { api } from "../api";
import { Field } from "../ui/field";
import { ModalForm, ModalLauncher } from "../ui/modal-views";
import { useForm } from "../ui/use-form";

function CreateFaqForm(props: { close: () => void }) {
  const [title, setTitle] = useState("");
  const [section, setSection] = useState<FaqSection>(faqSections[0]);
  const [answer, setAnswer] = useState("");
  const { busy, submit } = useForm();
  const ready = title.trim() !== "" && answer.trim() !== "";

  async function create() {
    if (!ready) return;
    const created = await submit(() => api.api.admin.faq.post({ title: title.trim(), section, answer: answer.trim() }), { stayBusy: true });
    if (created) window.location.assign(`/admin/faq/${created.faqID}`);
  }

  return (
    <ModalForm title="Create an FAQ" close={props.close} busy={busy} ready={ready} label="Create" busyLabel="Creating…" onSubmit={() => void create()}>
      <Field id="faq-title" label="Title">
        <input id="faq-title" className="input" value={title} maxLength={200} data-autofocus onChange={(event) => setTitle(event.target.value)} />
      </Field>
      <Field id="faq-section" label="Section">
        <select id="faq-section" className="select" value={section} onChange={(event) => setSection(event.target.value as FaqSection)}>
          {faqSections.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </Field>
      <Field id="faq-answer" label="Answer">
        <textarea id="faq-answer" className="textarea" rows={6} value={answer} maxLength={10_000} onChange={(event) => setAnswer(event.target.value)} />
      </Field>
    </ModalForm>
  );
}

export default function FaqCreate(_props: Record<string, never>) {
  return <ModalLauncher id="create-faq" label="Create an FAQ" dialogLabel="Create an FAQ" size="lg" render={(close) => <CreateFaqForm close={close} />} />;
}
