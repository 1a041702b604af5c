// Account deletion (SPEC.md §2, §8): asks 'Are you sure you want to delete your account?',
// shows the operation in progress, then goes back to the landing page signed out.
import { useState } from "react";
import { api } from "../api";
import { FormError } from "../ui/field";
import { DialogActions } from "../ui/modal-views";
import { useForm } from "../ui/use-form";

export type DeleteAccountProps = Record<string, never>;

export default function DeleteAccount(_props: DeleteAccountProps) {
  const [open, setOpen] = useState(false);
  const { busy, error, submit } = useForm({ inline: true });

  async function confirm() {
    if (await submit(() => api.api.users.me.delete(), { stayBusy: true })) location.assign("/");
  }

  return (
    <>
      <button type="button" className="button button-danger" onClick={() => setOpen(true)}>
        Delete account
      </button>
      {open ? (
        <div className="dialog-backdrop">
          <div className="dialog" role="alertdialog" aria-modal="true" aria-labelledby="delete-account-title" aria-describedby="delete-account-text">
            <h2 id="delete-account-title">Delete account</h2>
            <p id="delete-account-text">Are you sure you want to delete your account?</p>
            <p className="subtle">Your projects, their images and your photo are deleted with it. This cannot be undone.</p>
            {busy ? (
              <p className="subtle" role="status">
                Operation in progress, don't exit this page.
              </p>
            ) : null}
            <FormError error={error} />
            <DialogActions
              close={() => setOpen(false)}
              busy={busy}
              ready
              label="Delete my account"
              busyLabel="Deleting…"
              onConfirm={() => void confirm()}
              danger
            />
          </div>
        </div>
      ) : null}
    </>
  );
}
