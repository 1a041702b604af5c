// Settings → Security: setting up TOTP (scan the QR code or type the key, confirm with a first
// code, keep the recovery codes shown once: copy, download or print them), new recovery codes,
// and turning it off with the password (or an e-mailed code when the account has none) and a code
// (decision 088). An admin who must set it up is told so until it is on.
import { type FormEvent, useState } from "react";
import { api, errorMessage } from "../api";
import { FormError } from "../ui/field";
import { IdentityProof, emptyProof, proofBody } from "../ui/identity-proof";

export type MfaSettingsProps = { status: { enabled: boolean; recoveryCodesLeft: number }; required: boolean; hasPassword: boolean };

type Setup = { secret: string; qrSvg: string; ticket: string };
type Mode = { kind: "idle" } | { kind: "setup"; setup: Setup } | { kind: "codes"; codes: string[]; message: string } | { kind: "regenerate" | "disable" };

/** The key in groups of four, as authenticator apps show it. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, "$1 ").trim();

function CodeField(props: { id: string; label: string; error: string | null; hint: string }) {
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <input
        id={props.id}
        name="code"
        className="input input-code"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={40}
        required
        aria-invalid={props.error ? true : undefined}
        aria-describedby={`${props.id}-note`}
      />
      <p id={`${props.id}-note`} className={props.error ? "field-error" : "field-hint"} role={props.error ? "alert" : undefined}>
        {props.error ?? props.hint}
      </p>
    </div>
  );
}

const CODES_FILE = "webstudio-recovery-codes.txt";

/** The codes as a file keeps them: a title, what they are for, one code a line. */
const codesText = (codes: string[]) =>
  `Webstudio recovery codes\nEach code signs you in once, in place of a code from your authenticator app.\n\n${codes.join("\n")}\n`;

function RecoveryCodes(props: { codes: string[] }) {
  const [copied, setCopied] = useState<"idle" | "copied" | "failed">("idle");

  async function copy() {
    try {
      await navigator.clipboard.writeText(codesText(props.codes));
      setCopied("copied");
    } catch {
      setCopied("failed");
    }
  }

  function download() {
    const url = URL.createObjectURL(new Blob([codesText(props.codes)], { type: "text/plain;charset=utf-8" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = CODES_FILE;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }

  return (
    <div className="recovery-sheet">
      <p className="recovery-sheet-title">Webstudio recovery codes</p>
      <ul className="recovery-codes" aria-label="Recovery codes">
        {props.codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className="button-row recovery-actions">
        <button type="button" className="button button-sm" onClick={copy}>
          {copied === "copied" ? "Copied" : copied === "failed" ? "Select and copy them" : "Copy"}
        </button>
        <button type="button" className="button button-sm" onClick={download}>
          Download (.txt)
        </button>
        <button type="button" className="button button-sm" onClick={() => window.print()}>
          Print
        </button>
        <span className="visually-hidden" aria-live="polite">
          {copied === "copied" ? "Recovery codes copied" : ""}
        </span>
      </div>
    </div>
  );
}

export default function MfaSettings(props: MfaSettingsProps) {
  const [status, setStatus] = useState(props.status);
  const [mode, setMode] = useState<Mode>({ kind: "idle" });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [proof, setProof] = useState(emptyProof);

  const failed = (value: { status: unknown; value: unknown }) => setError(errorMessage({ value: value.value }));
  const codeOf = (event: FormEvent<HTMLFormElement>) => String(new FormData(event.currentTarget).get("code") ?? "");

  async function start() {
    setBusy(true);
    setError(null);
    setNotice(null);
    const { data, error: refused } = await api.api.users.me.mfa.setup.post();
    setBusy(false);
    if (refused) return failed(refused);
    setMode({ kind: "setup", setup: data });
  }

  /** Turning MFA on and renewing the codes both answer ten new recovery codes, shown once. */
  async function showNewCodes(
    event: FormEvent<HTMLFormElement>,
    send: (code: string) => Promise<{ data: { recoveryCodes: string[]; message: string } | null; error: { status: unknown; value: unknown } | null }>,
  ) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const { data, error: refused } = await send(codeOf(event));
    setBusy(false);
    if (refused) return failed(refused);
    if (!data) return;
    setStatus({ enabled: true, recoveryCodesLeft: data.recoveryCodes.length });
    setMode({ kind: "codes", codes: data.recoveryCodes, message: data.message });
  }

  const confirm = (event: FormEvent<HTMLFormElement>, setup: Setup) =>
    showNewCodes(event, (code) => api.api.users.me.mfa.enable.post({ ticket: setup.ticket, code }));
  const regenerate = (event: FormEvent<HTMLFormElement>) => showNewCodes(event, (code) => api.api.users.me.mfa["recovery-codes"].post({ code }));

  async function disable(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const { data, error: refused } = await api.api.users.me.mfa.disable.post(proofBody(proof, { hasPassword: props.hasPassword, mfaEnabled: true }));
    setBusy(false);
    if (refused) return failed(refused);
    setStatus({ enabled: false, recoveryCodesLeft: 0 });
    setMode({ kind: "idle" });
    setProof(emptyProof);
    setNotice(data.message);
  }

  const cancel = () => {
    setMode({ kind: "idle" });
    setError(null);
    setProof(emptyProof);
  };

  // Gone the moment MFA is on: the console opens from then on.
  const required =
    props.required && !status.enabled ? (
      <div className="alert alert-warning" role="alert">
        Set up two-factor authentication to open the admin console. Until then your account works as a customer's.
      </div>
    ) : null;

  if (mode.kind === "setup") {
    const { setup } = mode;
    return (
      <div className="mfa-setup stack-sm">
        {required}
        <ol className="mfa-steps">
          <li>Open an authenticator app on your phone (Google Authenticator, 1Password, Authy, …) and scan this code.</li>
          <li>Enter the 6-digit code the app shows for Webstudio.</li>
        </ol>
        <div className="mfa-setup-grid">
          <img
            className="mfa-qr"
            src={`data:image/svg+xml;utf8,${encodeURIComponent(setup.qrSvg)}`}
            alt="QR code to scan with your authenticator app"
            width={200}
            height={200}
          />
          <div className="stack-sm mfa-key">
            <p className="subtle">Can't scan it? Enter this key in the app instead:</p>
            <code className="mfa-secret">{grouped(setup.secret)}</code>
            <form className="stack-sm" onSubmit={(event) => confirm(event, setup)}>
              <CodeField id="mfa-setup-code" label="Code from the app" error={error} hint="6 digits, for example 123456." />
              <div className="button-row">
                <button type="submit" className="button button-primary" disabled={busy}>
                  {busy ? "Checking…" : "Turn on"}
                </button>
                <button type="button" className="button" onClick={cancel} disabled={busy}>
                  Cancel
                </button>
              </div>
            </form>
          </div>
        </div>
      </div>
    );
  }

  if (mode.kind === "codes") {
    return (
      <div className="stack-sm">
        <div className="alert alert-success" role="status">
          {mode.message}
        </div>
        <RecoveryCodes codes={mode.codes} />
        <div className="button-row">
          <button type="button" className="button button-primary" onClick={() => setMode({ kind: "idle" })}>
            I have saved my recovery codes
          </button>
          {props.required ? (
            <a className="button" href="/admin">
              Open the admin console
            </a>
          ) : null}
        </div>
      </div>
    );
  }

  return (
    <div className="stack-sm">
      {required}
      {notice ? (
        <div className="alert alert-success" role="status">
          {notice}
        </div>
      ) : null}
      <div className="setting-head">
        <div className="setting-text">
          <span className="setting-label">
            Status <span className={`badge ${status.enabled ? "badge-green" : "badge-yellow"}`}>{status.enabled ? "On" : "Off"}</span>
          </span>
          <span className="setting-value subtle">
            {status.enabled
              ? `${status.recoveryCodesLeft} of 10 recovery codes left.`
              : "Only your password protects your account. Add a code from your phone."}
          </span>
        </div>
        {status.enabled ? null : (
          <button type="button" className="button button-primary" onClick={start} disabled={busy}>
            {busy ? "Preparing…" : "Set up"}
          </button>
        )}
      </div>
      {!status.enabled && error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      {status.enabled && mode.kind === "idle" ? (
        <div className="button-row">
          <button type="button" className="button" onClick={() => setMode({ kind: "regenerate" })}>
            New recovery codes
          </button>
          <button type="button" className="button button-ghost mfa-off" onClick={() => setMode({ kind: "disable" })}>
            Turn off
          </button>
        </div>
      ) : null}
      {mode.kind === "regenerate" ? (
        <form className="setting-form stack-sm" onSubmit={regenerate}>
          <p className="subtle">Your current recovery codes stop working and ten new ones are shown once.</p>
          <CodeField id="mfa-confirm-code" label="Code from the app" error={error} hint="The 6-digit code your app shows now." />
          <div className="button-row">
            <button type="submit" className="button button-primary" disabled={busy}>
              Show new codes
            </button>
            <button type="button" className="button" onClick={cancel} disabled={busy}>
              Cancel
            </button>
          </div>
        </form>
      ) : null}
      {mode.kind === "disable" ? (
        <form className="setting-form stack-sm" onSubmit={disable}>
          <p className="subtle">
            Signing in will ask for your {props.hasPassword ? "password" : "Google or single sign-on account"} only. To make sure it's you, confirm with{" "}
            {props.hasPassword ? "your password" : "a code we e-mail you"} and a code from your app.
          </p>
          <IdentityProof id="mfa-off" hasPassword={props.hasPassword} mfaEnabled value={proof} onChange={setProof} />
          <FormError error={error} />
          <div className="button-row">
            <button type="submit" className="button button-danger" disabled={busy}>
              {busy ? "Turning off…" : "Turn off two-factor authentication"}
            </button>
            <button type="button" className="button" onClick={cancel} disabled={busy}>
              Cancel
            </button>
          </div>
        </form>
      ) : null}
    </div>
  );
}
