// A labelled field of an island form with its error underneath; `errorAria` ties the control to
// that error (aria-invalid, aria-describedby) so screen readers announce it.
import type { ReactNode } from "react";

export function Field(props: { id: string; label: string; error?: string | null; children: ReactNode }) {
  return (
    <div className={props.error ? "field has-error" : "field"}>
      <label htmlFor={props.id}>{props.label}</label>
      {props.children}
      <FieldError id={props.id} error={props.error} />
    </div>
  );
}

/** The error under the field `id`, with the id `errorAria` points at. */
export function FieldError(props: { id: string; error?: string | null }) {
  return props.error ? (
    <p className="field-error" id={`${props.id}-error`}>
      {props.error}
    </p>
  ) : null;
}

export function errorAria(id: string, error: string | null | undefined) {
  return { "aria-invalid": error ? true : undefined, "aria-describedby": error ? `${id}-error` : undefined } as const;
}

/** A form's own error (a failed call), announced as it appears. */
export function FormError(props: { error: string | null }) {
  return props.error ? (
    <p className="field-error" role="alert">
      {props.error}
    </p>
  ) : null;
}
