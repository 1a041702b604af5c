// 'Create Bug Report' for admins (SPEC.md §2 Bug reports, §5): a title and a description, both
// required; the new report's page opens after.
import { useState } from "react";
import { api, errorMessage } from "../api";
import { DialogActions, ModalLauncher } from "../ui/modals";
import { useToast } from "../ui/toasts";

function CreateBugReportForm(props: { close: () => void }) {
  const [title, setTitle] = useState("");
  const [description, setDescription] = useState("");
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const ready = title.trim() !== "" && description.trim() !== "";

  async function create() {
    if (!ready) return;
    setBusy(true);
    const { data, error } = await api.api.admin.bugreports.post({ title: title.trim(), description: description.trim() });
    if (error) {
      setBusy(false);
      toast.error(errorMessage(error));
      return;
    }
    toast.success(data.message);
    window.location.assign(`/admin/bugreports/${data.bugReportID}`);
  }

  return (
    <form
      className="stack"
      onSubmit={(event) => {
        event.preventDefault();
        void create();
      }}
    >
      <h2 className="dialog-title">Create Bug Report</h2>
      <div className="field">
        <label htmlFor="new-bug-title">Title</label>
        <input id="new-bug-title" className="input" value={title} maxLength={200} data-autofocus onChange={(event) => setTitle(event.target.value)} />
      </div>
      <div className="field">
        <label htmlFor="new-bug-description">Description</label>
        <textarea
          id="new-bug-description"
          className="textarea"
          rows={6}
          value={description}
          maxLength={5000}
          onChange={(event) => setDescription(event.target.value)}
        />
      </div>
      <DialogActions close={props.close} busy={busy} ready={ready} label="Create" busyLabel="Creating…" />
    </form>
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
