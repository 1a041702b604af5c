// A labelled form field that shows a 'Modified' pill while its value differs from the saved one
// (SPEC.md §2: Edit shows a Modified pill per changed field).
import type { ReactNode } from "react";

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
