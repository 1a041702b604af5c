// Revision notes (SPEC.md §2 Revisions tab, §4): saved notes read-only with a pencil to edit;
// the form opens when no notes exist; Cancel returns to read-only only if notes exist.
import { useState } from "react";
import { api } from "../api";
import { Toasts, useToast } from "../ui/toasts";
import { useForm } from "../ui/use-form";

export type RevisionsProps = { projectId: string; notes: string; locked: boolean };

export const BLANK_NOTES = "Revision Notes cannot be blank.";

export default function Revisions(props: RevisionsProps) {
  const [saved, setSaved] = useState(props.notes);
  const [editing, setEditing] = useState(props.notes === "");
  const [text, setText] = useState(props.notes);
  const form = useForm();
  const busy = form.busy;
  const toast = useToast();

  async function submit() {
    if (text.trim() === "") {
      toast.show({ title: BLANK_NOTES, error: true });
      return;
    }
    const sent = await form.submit(() => api.api.projects({ id: props.projectId }).patch({ revisionNotes: text }), {
      success: "Your revision notes have been saved.",
    });
    if (!sent) return;
    setSaved(text);
    setEditing(false);
  }

  function cancel() {
    setText(saved);
    if (saved !== "") setEditing(false);
  }

  return (
    <div className="revisions">
      <div className="revisions-head">
        <div>
          <h2 id="revisions-title" className="card-title">
            Revision Notes
          </h2>
          <p className="muted">You have 10 days after delivery to request one round of revisions.</p>
        </div>
        <span className={props.locked ? "badge badge-yellow" : "badge badge-green"}>{props.locked ? "Revisions locked" : "Revisions open"}</span>
      </div>
      {props.locked ? (
        <div className="alert" role="note">
          Revisions are locked for this project.
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
              disabled={props.locked || busy}
              placeholder="What should change, page by page."
              onChange={(event) => setText(event.target.value)}
            />
          </div>
          <div className="button-row">
            <button type="submit" className="button button-primary" disabled={text === "" || props.locked || busy}>
              Submit
            </button>
            <button type="button" className="button" onClick={cancel} disabled={busy}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <div className="notes-view">
          <p className="notes-text">{saved}</p>
          {props.locked ? null : (
            <button type="button" className="icon-button" aria-label="Edit revision notes" title="Edit" onClick={() => setEditing(true)}>
              <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
                <path d="M4 20h4L19 9l-4-4L4 16v4zM14 6l4 4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
            </button>
          )}
        </div>
      )}
      <Toasts />
    </div>
  );
}
