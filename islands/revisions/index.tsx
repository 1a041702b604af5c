// Revision notes (SPEC.md §2 Revisions tab, §4, §9): while a round is open, saved notes show
// read-only with a pencil to edit and the form opens when no notes exist (Cancel returns to
// read-only only if notes exist); submitting sends the customer's one request. Otherwise the tab
// says why no request can be sent. Admins may correct the notes and open another round.
import { useState } from "react";
import { formatDate } from "../../src/shared/dates";
import { api } from "../api";
import { Toasts, useToast } from "../ui/toasts";
import { useForm } from "../ui/use-form";

export type RevisionsState = { state: "open" | "not-delivered" | "requested" | "expired"; reason: string; closesAt: string | null };
export type RevisionsProps = { projectId: string; notes: string; locked: boolean; revisions: RevisionsState; isAdmin: boolean };

export const BLANK_NOTES = "Revision Notes cannot be blank.";

/** What an admin reads instead of the customer's wording. */
function studioReason(revisions: RevisionsState): string {
  const until = revisions.closesAt ? formatDate(revisions.closesAt) : null;
  switch (revisions.state) {
    case "open":
      return until ? `The customer can send one revision request until ${until}.` : "The customer can send one revision request for the next 10 days.";
    case "not-delivered":
      return "Revisions open for the customer when the project is marked Completed.";
    case "requested":
      return "The customer has sent their revision request. Open another round to let them send one more.";
    case "expired":
      return `The customer's 10 days ended${until ? ` on ${until}` : ""}. Open another round to let them send a request.`;
  }
}

const badges: Record<RevisionsState["state"], [string, string]> = {
  open: ["badge badge-green", "Revisions open"],
  "not-delivered": ["badge", "Not delivered yet"],
  requested: ["badge badge-blue", "Request sent"],
  expired: ["badge", "Revisions closed"],
};

export default function Revisions(props: RevisionsProps) {
  const [saved, setSaved] = useState(props.notes);
  const [revisions, setRevisions] = useState(props.revisions);
  const canWrite = !props.locked && (props.isAdmin || revisions.state === "open");
  const [editing, setEditing] = useState(props.notes === "" && (canWrite || props.locked));
  const [text, setText] = useState(props.notes);
  const form = useForm();
  const grant = useForm();
  const busy = form.busy;
  const toast = useToast();

  async function submit() {
    if (text.trim() === "") {
      toast.show({ title: BLANK_NOTES, error: true });
      return;
    }
    const sent = await form.submit(() => api.api.projects({ id: props.projectId }).patch({ revisionNotes: text }), {
      success: props.isAdmin ? "The revision notes have been saved." : "Your revision request has been sent.",
    });
    if (!sent) return;
    setSaved(text);
    setRevisions(sent.project.revisions);
    setEditing(false);
  }

  async function openRound() {
    const opened = await grant.submit(() => api.api.admin.projects({ id: props.projectId })["revision-round"].post());
    if (opened) setRevisions({ state: "open", reason: opened.message, closesAt: null });
  }

  function cancel() {
    setText(saved);
    if (saved !== "") setEditing(false);
  }

  const [badgeClass, badgeText] = props.locked ? ["badge badge-yellow", "Revisions locked"] : badges[revisions.state];
  return (
    <div className="revisions">
      <div className="revisions-head">
        <div>
          <h2 id="revisions-title" className="card-title">
            Revision Notes
          </h2>
          <p className="muted">You have 10 days after delivery to request one round of revisions.</p>
        </div>
        <span className={badgeClass}>{badgeText}</span>
      </div>
      {props.locked ? (
        <div className="alert" role="note">
          Revisions are locked for this project.
        </div>
      ) : (
        <div className={revisions.state === "open" ? "alert alert-success" : "alert"} role="note" data-revisions-state={revisions.state}>
          {props.isAdmin ? studioReason(revisions) : revisions.reason}
        </div>
      )}
      {props.isAdmin && !props.locked && (revisions.state === "requested" || revisions.state === "expired") ? (
        <div className="button-row">
          <button type="button" className="button" onClick={() => void openRound()} disabled={grant.busy}>
            Open another revision round
          </button>
        </div>
      ) : null}
      {editing ? (
        <form
          className="stack"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <div className="field">
            <label htmlFor="revision-notes">Revision notes</label>
            <textarea
              id="revision-notes"
              className="textarea"
              rows={8}
              value={text}
              disabled={!canWrite || busy}
              placeholder="What should change, page by page."
              onChange={(event) => setText(event.target.value)}
            />
          </div>
          <div className="button-row">
            <button type="submit" className="button button-primary" disabled={text === "" || !canWrite || busy}>
              Submit
            </button>
            <button type="button" className="button" onClick={cancel} disabled={busy}>
              Cancel
            </button>
          </div>
        </form>
      ) : saved !== "" ? (
        <div className="notes-view">
          <p className="notes-text">{saved}</p>
          {canWrite ? (
            <button type="button" className="icon-button" aria-label="Edit revision notes" title="Edit" onClick={() => setEditing(true)}>
              <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
                <path d="M4 20h4L19 9l-4-4L4 16v4zM14 6l4 4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
            </button>
          ) : null}
        </div>
      ) : canWrite ? (
        <button type="button" className="button" onClick={() => setEditing(true)}>
          Write revision notes
        </button>
      ) : null}
      <Toasts />
    </div>
  );
}
