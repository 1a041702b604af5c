// Settings → Security: the account's signed-in devices, this one marked; sign one out, or all others.
import { useState } from "react";
import { formatDate } from "../../src/shared/dates";
import { api, errorMessage } from "../api";

/** "just now", "12 minutes ago", "3 hours ago", then the date: last seen is only kept to a few minutes. */
function seenAgo(iso: string): string {
  const minutes = Math.floor((Date.now() - Date.parse(iso)) / 60_000);
  if (minutes < 5) return "just now";
  if (minutes < 60) return `${minutes} minutes ago`;
  if (minutes < 24 * 60) return `${Math.floor(minutes / 60)} hours ago`.replace(/^1 hours/, "1 hour");
  return formatDate(iso);
}

type SessionRow = { id: string; device: string; createdAt: string; lastSeenAt: string; current: boolean };
export type SessionsListProps = { sessions: SessionRow[] };

export default function SessionsList(props: SessionsListProps) {
  const [sessions, setSessions] = useState(props.sessions);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const others = sessions.filter((session) => !session.current);

  async function signOut(id: string) {
    setBusy(id);
    setError(null);
    const { data, error: refused } = await api.api.users.me.sessions({ id }).delete();
    setBusy(null);
    if (refused) return setError(errorMessage(refused));
    setSessions((rows) => rows.filter((row) => row.id !== id));
    setNotice(data.message);
  }

  async function signOutOthers() {
    setBusy("others");
    setError(null);
    const { data, error: refused } = await api.api.users.me.sessions.delete();
    setBusy(null);
    if (refused) return setError(errorMessage(refused));
    setSessions((rows) => rows.filter((row) => row.current));
    setNotice(data.message);
  }

  return (
    <div className="stack-sm">
      <ul className="session-list">
        {sessions.map((session) => (
          <li key={session.id} className="session-row">
            <div className="setting-text">
              <span className="setting-label">
                {session.device}
                {session.current ? <span className="badge badge-green">This device</span> : null}
              </span>
              <span className="subtle session-times">
                Signed in {formatDate(session.createdAt)} · {session.current ? "Active now" : `Last seen ${seenAgo(session.lastSeenAt)}`}
              </span>
            </div>
            {session.current ? null : (
              <button
                type="button"
                className="button button-sm"
                onClick={() => signOut(session.id)}
                disabled={busy !== null}
                aria-label={`Sign out ${session.device}, last seen ${seenAgo(session.lastSeenAt)}`}
              >
                {busy === session.id ? "Signing out…" : "Sign out"}
              </button>
            )}
          </li>
        ))}
      </ul>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      {notice ? (
        <p className="setting-saved" role="status">
          {notice}
        </p>
      ) : null}
      {others.length > 0 ? (
        <div>
          <button type="button" className="button" onClick={signOutOthers} disabled={busy !== null}>
            {busy === "others" ? "Signing out…" : "Sign out all other sessions"}
          </button>
        </div>
      ) : null}
    </div>
  );
}
