// 'Create Bug Report' for admins (SPEC.md §2 Bug reports, §5): a title and a description, both
// required; the new report's page opens after.
import { useState } from "react";
import { api } from "../api";
import { Field } from "../ui/field";
import { ModalForm, ModalLauncher } from "../ui/modal-views";
import { useForm } from "../ui/use-form";

function CreateBugReportForm(props: { close: () => void }) {
  const [title, setTitle] = useState("");
  const [description, setDescription] = useState("");
  const { busy, submit } = useForm();
  const ready = title.trim() !== "" && description.trim() !== "";

  async function create() {
    if (!ready) return;
    const created = await submit(() => api.api.admin.bugreports.post({ title: title.trim(), description: description.trim() }), { stayBusy: true });
    if (created) window.location.assign(`/admin/bugreports/${created.bugReportID}`);
  }

  return (
    <ModalForm title="Create Bug Report" close={props.close} busy={busy} ready={ready} label="Create" busyLabel="Creating…" onSubmit={() => void create()}>
      <Field id="new-bug-title" label="Title">
        <input id="new-bug-title" className="input" value={title} maxLength={200} data-autofocus onChange={(event) => setTitle(event.target.value)} />
      </Field>
      <Field id="new-bug-description" label="Description">
        <textarea
          id="new-bug-description"
          className="textarea"
          rows={6}
          value={description}
          maxLength={5000}
          onChange={(event) => setDescription(event.target.value)}
        />
      </Field>
    </ModalForm>
  );
}

export default function BugReportCreate(_props: Record<string, never>) {
  return (
    <ModalLauncher
      id="create-bug-report"
      label="Create Bug Report"
      dialogLabel="Create Bug Report"
      size="lg"
      render={(close) => <CreateBugReportForm close={close} />}
    />
  );
}
