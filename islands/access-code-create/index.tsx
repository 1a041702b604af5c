// Create an access code (SPEC.md §5: the title must be non-empty), then open its page.
import { useState } from "react";
import { api } from "../api";
import { ModalForm, ModalLauncher } from "../ui/modals";
import { useForm } from "../ui/use-form";

export const TITLE_REQUIRED = "Title cannot be blank.";

function CreateForm(props: { close: () => void }) {
  const [title, setTitle] = useState("");
  const [error, setError] = useState<string | null>(null);
  const { busy, submit } = useForm();

  async function create() {
    if (!title.trim()) {
      setError(TITLE_REQUIRED);
      return;
    }
    const created = await submit(() => api.api.admin.accesscodes.post({ title: title.trim() }), { stayBusy: true });
    if (created) window.location.assign(`/accesscodes/${created.accessCodeID}`);
  }

  return (
    <ModalForm
      title="Create an access code"
      noValidate
      close={props.close}
      busy={busy}
      ready={title.trim() !== ""}
      label="Create"
      busyLabel="Creating…"
      onSubmit={() => void create()}
    >
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
    </ModalForm>
  );
}

export default function AccessCodeCreate(_props: Record<string, never>) {
  return <ModalLauncher id="create-access-code" label="Create Access Code" dialogLabel="Create an access code" render={(close) => <CreateForm close={close} />} />;
}
