// Copies an access code to the clipboard, and says so.
import { useState } from "react";

export type CopyCodeProps = { code: string };

export default function CopyCode(props: CopyCodeProps) {
  const [copied, setCopied] = useState<"idle" | "copied" | "failed">("idle");
  async function copy() {
    try {
      await navigator.clipboard.writeText(props.code);
      setCopied("copied");
    } catch {
      setCopied("failed");
    }
    setTimeout(() => setCopied("idle"), 2_000);
  }
  return (
    <button type="button" className="button" onClick={() => void copy()}>
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
        <path d="M9 9h10v10H9zM5 15V5h10" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
      </svg>
      <span aria-live="polite">{copied === "copied" ? "Copied" : copied === "failed" ? "Select and copy it" : "Copy code"}</span>
    </button>
  );
}
