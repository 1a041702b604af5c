// Create an access code (SPEC.md §5: the title must be non-empty), then open its page.
import { useState } from "react";
import { api, errorMessage } from "../api";
import { DialogActions, ModalLauncher } from "../ui/modals";
import { useToast } from "../ui/toasts";

export const TITLE_REQUIRED = "Title cannot be blank.";

function CreateForm(props: { close: () => void }) {
  const [title, setTitle] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const toast = useToast();

  async function create() {
    if (!title.trim()) {
      setError(TITLE_REQUIRED);
      return;
    }
    setBusy(true);
    const { data, error: failed } = await api.api.admin.accesscodes.post({ title: title.trim() });
    if (failed) {
      setBusy(false);
      toast.error(errorMessage(failed));
      return;
    }
    toast.success(data.message);
    window.location.assign(`/accesscodes/${data.accessCodeID}`);
  }

  return (
    <form
      className="stack"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void create();
      }}
    >
      <h2 className="dialog-title">Create an access code</h2>
      <p className="muted">The code is generated for you. Give it a title you will recognise, such as who it is for.</p>
      <div className={error ? "field has-error" : "field"}>
        <label htmlFor="access-code-title">Title</label>
        <input
          id="access-code-title"
          className="input"
          value={title}
          maxLength={200}
          data-autofocus
          aria-required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "access-code-title-error" : undefined}
          onChange={(event) => {
            setTitle(event.target.value);
            setError(null);
          }}
        />
        {error ? (
          <p className="field-error" id="access-code-title-error">
            {error}
          </p>
        ) : null}
      </div>
      <DialogActions close={props.close} busy={busy} ready={title.trim() !== ""} label="Create" busyLabel="Creating…" />
    </form>
  );
}

export default function AccessCodeCreate(_props: Record<string, never>) {
  return (
    <ModalLauncher id="create-access-code" label="Create Access Code" dialogLabel="Create an access code" render={(close) => <CreateForm close={close} />} />
  );
}
