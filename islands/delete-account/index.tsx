// Account deletion (SPEC.md §2, §8): asks 'Are you sure you want to delete your account?' and
// for proof that it's the owner asking (decision 088): the current password, or a code e-mailed
// to an account without one, plus a code from the app when two-factor authentication is on.
// Shows the operation in progress, then goes back to the landing page signed out.
import { type FormEvent, useState } from "react";
import { api } from "../api";
import { FormError } from "../ui/field";
import { IdentityProof, emptyProof, proofBody } from "../ui/identity-proof";
import { DialogActions } from "../ui/modal-views";
import { useForm } from "../ui/use-form";

export type DeleteAccountProps = { hasPassword: boolean; mfaEnabled: boolean };

function confirmWith(account: DeleteAccountProps): string {
  const first = account.hasPassword ? "your password" : "a code we e-mail you";
  return `To make sure it's you, confirm with ${first}${account.mfaEnabled ? " and a code from your authenticator app" : ""}.`;
}

export default function DeleteAccount(props: DeleteAccountProps) {
  const [open, setOpen] = useState(false);
  const [proof, setProof] = useState(emptyProof);
  const { busy, error, setError, submit } = useForm({ inline: true });

  async function confirm(event: FormEvent) {
    event.preventDefault();
    if (await submit(() => api.api.users.me.delete(proofBody(proof, props)), { stayBusy: true })) location.assign("/");
  }

  function close() {
    setOpen(false);
    setProof(emptyProof);
    setError(null);
  }

  const ready = (props.hasPassword ? proof.currentPassword !== "" : proof.emailCode.trim() !== "") && (!props.mfaEnabled || proof.code.trim() !== "");

  return (
    <>
      <button type="button" className="button button-danger" onClick={() => setOpen(true)}>
        Delete account
      </button>
      {open ? (
        <div className="dialog-backdrop">
          <form
            className="dialog stack-sm"
            role="alertdialog"
            aria-modal="true"
            aria-labelledby="delete-account-title"
            aria-describedby="delete-account-text"
            onSubmit={(event) => void confirm(event)}
          >
            <h2 id="delete-account-title">Delete account</h2>
            <p id="delete-account-text">Are you sure you want to delete your account?</p>
            <p className="subtle">Your projects, their images and your photo are deleted with it. This cannot be undone.</p>
            <p className="subtle">{confirmWith(props)}</p>
            <IdentityProof id="delete-account" hasPassword={props.hasPassword} mfaEnabled={props.mfaEnabled} value={proof} onChange={setProof} />
            {busy ? (
              <p className="subtle" role="status">
                Operation in progress, don't exit this page.
              </p>
            ) : null}
            <FormError error={error} />
            <DialogActions close={close} busy={busy} ready={ready} label="Delete my account" busyLabel="Deleting…" danger />
          </form>
        </div>
      ) : null}
    </>
  );
}
