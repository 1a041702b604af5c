// The fields that re-prove the person before a dangerous action (decision 088): the current
// password, or for an account without one (Google or single sign-on) a code e-mailed on request;
// plus a code from the authenticator app when two-factor authentication is on.
import { useState } from "react";
import { api, errorMessage } from "../api";

export type Proof = { currentPassword: string; emailCode: string; code: string };
export const emptyProof: Proof = { currentPassword: "", emailCode: "", code: "" };

/** The body fields the server expects: only the ones this account uses. */
export function proofBody(proof: Proof, account: { hasPassword: boolean; mfaEnabled: boolean }) {
  return {
    ...(account.hasPassword ? { currentPassword: proof.currentPassword } : { emailCode: proof.emailCode }),
    ...(account.mfaEnabled ? { code: proof.code } : {}),
  };
}

export function IdentityProof(props: { id: string; hasPassword: boolean; mfaEnabled: boolean; value: Proof; onChange: (value: Proof) => void }) {
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<{ ok: boolean; text: string } | null>(null);
  const set = (patch: Partial<Proof>) => props.onChange({ ...props.value, ...patch });

  async function sendCode() {
    setSending(true);
    setSent(null);
    const { data, error } = await api.api.users.me["confirmation-code"].post();
    setSending(false);
    setSent(error ? { ok: false, text: errorMessage(error) } : { ok: true, text: data.message });
  }

  return (
    <div className="stack-sm identity-proof">
      {props.hasPassword ? (
        <div className="field">
          <label htmlFor={`${props.id}-password`}>Current password</label>
          <input
            id={`${props.id}-password`}
            className="input"
            type="password"
            required
            autoComplete="current-password"
            value={props.value.currentPassword}
            onChange={(event) => set({ currentPassword: event.target.value })}
          />
        </div>
      ) : (
        <div className="field">
          <label htmlFor={`${props.id}-email-code`}>Code from your e-mail</label>
          <div className="input-with-button">
            <input
              id={`${props.id}-email-code`}
              className="input input-code"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              required
              aria-describedby={`${props.id}-email-code-note`}
              value={props.value.emailCode}
              onChange={(event) => set({ emailCode: event.target.value })}
            />
            <button type="button" className="button button-sm" onClick={() => void sendCode()} disabled={sending}>
              {sending ? "Sending…" : sent?.ok ? "Send a new code" : "Send me a code"}
            </button>
          </div>
          <p
            id={`${props.id}-email-code-note`}
            className={sent && !sent.ok ? "field-error" : "field-hint"}
            role={sent ? (sent.ok ? "status" : "alert") : undefined}
          >
            {sent?.text ?? "Your account has no password, so we e-mail you a 6-digit code to confirm it's you."}
          </p>
        </div>
      )}
      {props.mfaEnabled ? (
        <div className="field">
          <label htmlFor={`${props.id}-code`}>Code from your authenticator app</label>
          <input
            id={`${props.id}-code`}
            className="input input-code"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={40}
            required
            aria-describedby={`${props.id}-code-note`}
            value={props.value.code}
            onChange={(event) => set({ code: event.target.value })}
          />
          <p id={`${props.id}-code-note`} className="field-hint">
            The 6-digit code your app shows now, or one of your recovery codes.
          </p>
        </div>
      ) : null}
    </div>
  );
}
