// Settings → API tokens: create a personal token (shown once), see when each was last used, revoke.
import { useState } from "react";
import { formatDate } from "../../src/shared/dates";
import { api, errorMessage } from "../api";

type TokenRow = { id: string; name: string; createdAt: string; lastUsedAt: string | null; expiresAt: string | null };
/** With `adminUserId`, an admin's view of that user's tokens: no creating, only revoking. */
export type ApiTokensProps = { tokens: TokenRow[]; adminUserId?: string };

const EXPIRIES = [
  { value: "30", label: "30 days" },
  { value: "90", label: "90 days" },
  { value: "365", label: "1 year" },
  { value: "never", label: "Never" },
] as const;

export default function ApiTokens(props: ApiTokensProps) {
  const [tokens, setTokens] = useState(props.tokens);
  const [name, setName] = useState("");
  const [expiry, setExpiry] = useState<(typeof EXPIRIES)[number]["value"]>("90");
  const [created, setCreated] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function create(event: React.FormEvent) {
    event.preventDefault();
    setBusy("create");
    setError(null);
    const expiresInDays = expiry === "never" ? null : (Number(expiry) as 30 | 90 | 365);
    const { data, error: refused } = await api.api.users.me.tokens.post({ name, expiresInDays });
    setBusy(null);
    if (refused) return setError(errorMessage(refused));
    const { token, ...row } = data;
    setCreated(token);
    setName("");
    setTokens((rows) => [row, ...rows]);
  }

  async function revoke(id: string) {
    setBusy(id);
    setError(null);
    const { error: refused } = props.adminUserId
      ? await api.api.admin.users({ userId: props.adminUserId }).tokens({ id }).delete()
      : await api.api.users.me.tokens({ id }).delete();
    setBusy(null);
    if (refused) return setError(errorMessage(refused));
    setTokens((rows) => rows.filter((row) => row.id !== id));
  }

  return (
    <div className="stack-sm">
      {props.adminUserId ? null : (
        <form className="stack-sm" onSubmit={create}>
          <div className="field">
            <label htmlFor="api-token-name">Token name</label>
            <input id="api-token-name" className="input" value={name} maxLength={100} required onChange={(event) => setName(event.target.value)} />
          </div>
          <div className="field">
            <label htmlFor="api-token-expiry">Expires after</label>
            <select id="api-token-expiry" className="input" value={expiry} onChange={(event) => setExpiry(event.target.value as typeof expiry)}>
              {EXPIRIES.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
          <div>
            <button type="submit" className="button button-primary" disabled={busy !== null || name.trim() === ""}>
              {busy === "create" ? "Creating…" : "Create token"}
            </button>
          </div>
        </form>
      )}
      {created ? (
        <div className="alert alert-success" role="status">
          <p>Copy your new token now: it will not be shown again.</p>
          <code className="api-token-secret" data-testid="new-api-token">
            {created}
          </code>
        </div>
      ) : null}
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      {tokens.length === 0 ? (
        <p className="muted">{props.adminUserId ? "This user has no API tokens." : "You have no API tokens."}</p>
      ) : (
        <ul className="session-list">
          {tokens.map((token) => (
            <li key={token.id} className="session-row">
              <div className="setting-text">
                <span className="setting-label">{token.name}</span>
                <span className="subtle session-times">
                  Created {formatDate(token.createdAt)} · {token.lastUsedAt ? `Last used ${formatDate(token.lastUsedAt)}` : "Never used"} ·{" "}
                  {token.expiresAt ? `Expires ${formatDate(token.expiresAt)}` : "Never expires"}
                </span>
              </div>
              <button type="button" className="button button-sm" onClick={() => revoke(token.id)} disabled={busy !== null} aria-label={`Revoke ${token.name}`}>
                {busy === token.id ? "Revoking…" : "Revoke"}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
