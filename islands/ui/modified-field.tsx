// A labelled form field that shows a 'Modified' pill while its value differs from the saved one
// (SPEC.md §2: Edit shows a Modified pill per changed field).
import { type ReactNode, useState } from "react";

export function ModifiedField(props: { id: string; label: string; modified: boolean; error?: string | null; children: ReactNode }) {
  return (
    <div className={props.error ? "field has-error" : "field"}>
      <div className="field-label-row">
        <label htmlFor={props.id}>{props.label}</label>
        {props.modified ? <span className="modified-pill">Modified</span> : null}
      </div>
      {props.children}
      {props.error ? (
        <p className="field-error" id={`${props.id}-error`} role="alert">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

/** The fields of `draft` whose values differ from `saved`: only these are sent. */
export function changedFields<T extends Record<string, unknown>>(saved: T, draft: T): Partial<T> {
  const changes: Partial<T> = {};
  for (const key of Object.keys(draft) as (keyof T)[]) if (draft[key] !== saved[key]) changes[key] = draft[key];
  return changes;
}

/** Save Changes and Cancel under an edit form: Save waits for a change; both wait while saving. */
export function EditActions(props: { busy: boolean; hasChanges: boolean; onCancel: () => void }) {
  return (
    <div className="button-row detail-actions">
      <button type="button" className="button" disabled={props.busy} onClick={props.onCancel}>
        Cancel
      </button>
      <button type="submit" className="button button-primary" disabled={props.busy || !props.hasChanges}>
        {props.busy ? "Saving…" : "Save Changes"}
      </button>
    </div>
  );
}

/** An edit form of a detail page: its fields, then Save Changes and Cancel. */
export function EditForm(props: { label: string; busy: boolean; hasChanges: boolean; onSave: () => void; onCancel: () => void; children: ReactNode }) {
  return (
    <form
      className="card stack detail-form"
      aria-label={props.label}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        props.onSave();
      }}
    >
      {props.children}
      <EditActions busy={props.busy} hasChanges={props.hasChanges} onCancel={props.onCancel} />
    </form>
  );
}

/**
 * The draft of a detail page's Edit (null when not editing), the errors of its required fields
 * (the message for each when blank), and the fields that differ from `saved`.
 */
export function useEditDraft<T extends Record<string, string>>(saved: T, required: Partial<Record<keyof T, string>>) {
  const [draft, setDraft] = useState<T | null>(null);
  const [errors, setErrors] = useState<Partial<Record<keyof T, string>>>({});
  const changed = draft ? changedFields(saved, draft) : {};

  /** The changes to send; null when a required field is blank, or when nothing changed (editing ends). */
  function changesToSave(): Partial<T> | null {
    if (!draft) return null;
    const problems: Partial<Record<keyof T, string>> = {};
    for (const key of Object.keys(required) as (keyof T)[]) if (!draft[key]?.trim()) problems[key] = required[key];
    setErrors(problems);
    if (Object.keys(problems).length > 0) return null;
    if (Object.keys(changed).length === 0) {
      setDraft(null);
      return null;
    }
    return changed;
  }

  return {
    draft,
    setDraft,
    errors,
    changed,
    hasChanges: Object.keys(changed).length > 0,
    changesToSave,
    edit: () => setDraft(saved),
    cancel: () => {
      setDraft(null);
      setErrors({});
    },
    /** Ends editing after a successful save. */
    done: () => setDraft(null),
  };
}
