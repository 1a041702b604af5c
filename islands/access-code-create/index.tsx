// Create an access code (SPEC.md §5: the title must be non-empty), then open its page.
import { useState } from "react";
import { api } from "../api";
import { Field, errorAria } from "../ui/field";
import { ModalForm, ModalLauncher } from "../ui/modal-views";
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
      <Field id="access-code-title" label="Title" error={error}>
        <input
          id="access-code-title"
          className="input"
          value={title}
          maxLength={200}
          data-autofocus
          aria-required
          {...errorAria("access-code-title", error)}
          onChange={(event) => {
            setTitle(event.target.value);
            setError(null);
          }}
        />
      </Field>
    </ModalForm>
  );
}

export default function AccessCodeCreate(_props: Record<string, never>) {
  return (
    <ModalLauncher id="create-access-code" label="Create Access Code" dialogLabel="Create an access code" render={(close) => <CreateForm close={close} />} />
  );
}
