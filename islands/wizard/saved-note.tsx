// "Saved · just now" under the step's heading: when the draft was last kept, and where.
import { useEffect, useState } from "react";

const MINUTE_MS = 60_000;

export function savedAgo(at: number, now: number): string {
  const minutes = Math.floor((now - at) / MINUTE_MS);
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} min ago`;
  return new Date(at).toLocaleString();
}

/** `account`: null when not signed in, false when the account could not be reached (offline). */
export function SavedNote(props: { at: number; account: boolean | null }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), MINUTE_MS / 2);
    return () => clearInterval(timer);
  }, [props.at]);
  const where =
    props.account === null
      ? "Saved in this browser"
      : props.account
        ? "Saved to your account and this browser"
        : "Saved in this browser; your account could not be reached";
  return (
    <p className="wizard-saved" title={where}>
      <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
        <path d="M5 12.5l4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span>
        Saved · {savedAgo(props.at, now)}
        <span className="visually-hidden"> ({where})</span>
      </span>
    </p>
  );
}
