// Form controls bound to the wizard's draft: each shows its error (aria-invalid), a 'Modified'
// pill in edit mode when it differs from the saved project, and is disabled when locked.
import { useAtom, useAtomValue, useSetAtom } from "jotai";
import { type ReactNode, useEffect, useId, useMemo, useState } from "react";
import { IMAGE_TOO_LARGE, IMAGE_WRONG_TYPE, MAX_IMAGE_BYTES } from "../../src/shared/uploads";
import type { ProjectDraft } from "../../src/shared/wizard";
import { FieldError } from "../ui/field";
import { useModals } from "../ui/modals";
import { useToast } from "../ui/toasts";
import { draftAtom, errorsAtom, lockedAtom, modeAtom, savedDraftAtom } from "./state";

type TextKey = {
  [K in keyof ProjectDraft]: ProjectDraft[K] extends string ? K : never;
}[keyof ProjectDraft];

export function ModifiedPill(props: { show: boolean }) {
  return props.show ? <span className="modified-pill">Modified</span> : null;
}

/** True when a draft field differs from the saved project (edit mode only). */
export function useModified(pick: (draft: ProjectDraft) => unknown): boolean {
  const draft = useAtomValue(draftAtom);
  const saved = useAtomValue(savedDraftAtom);
  if (!saved) return false;
  return JSON.stringify(pick(draft)) !== JSON.stringify(pick(saved));
}

/** Clears a field's error as soon as the user changes it. */
export function useClearError() {
  const setErrors = useSetAtom(errorsAtom);
  return (name: string) =>
    setErrors((errors) => {
      if (!(name in errors)) return errors;
      const { [name]: _removed, ...rest } = errors;
      return rest;
    });
}

export function FieldShell(props: { id: string; label: string; error?: string; hint?: string; modified?: boolean; optional?: boolean; children: ReactNode }) {
  return (
    <div className={props.error ? "field has-error" : "field"}>
      <div className="field-label-row">
        <label htmlFor={props.id}>
          {props.label}
          {props.optional ? <span className="optional"> (optional)</span> : null}
        </label>
        <ModifiedPill show={Boolean(props.modified)} />
      </div>
      {props.children}
      {props.hint ? (
        <p className="field-hint" id={`${props.id}-hint`}>
          {props.hint}
        </p>
      ) : null}
      <FieldError id={props.id} error={props.error} />
    </div>
  );
}

export function TextField(props: {
  name: TextKey;
  label: string;
  type?: "text" | "email" | "tel" | "url" | "password";
  placeholder?: string;
  hint?: string;
  optional?: boolean;
  multiline?: boolean;
  /** Locked regardless of editingLocked (creator name, e-mail in edit mode). */
  readOnly?: boolean;
  autoComplete?: string;
}) {
  const [draft, setDraft] = useAtom(draftAtom);
  const errors = useAtomValue(errorsAtom);
  const locked = useAtomValue(lockedAtom);
  const mode = useAtomValue(modeAtom);
  const clearError = useClearError();
  const id = `field-${props.name}`;
  const error = errors[props.name];
  const modified = useModified((d) => d[props.name]);
  const disabled = locked || Boolean(props.readOnly);
  const described = [props.hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  const common = {
    id,
    name: props.name,
    value: draft[props.name],
    disabled,
    placeholder: props.placeholder,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": described,
    "aria-required": props.optional ? undefined : true,
    onChange: (event: { target: { value: string } }) => {
      const value = event.target.value;
      setDraft((current) => ({ ...current, [props.name]: value }));
      clearError(props.name);
    },
  };
  return (
    <FieldShell id={id} label={props.label} error={error} hint={props.hint} modified={mode === "edit" && modified} optional={props.optional}>
      {props.multiline ? (
        <textarea className="textarea" rows={4} {...common} />
      ) : (
        <input className="input" type={props.type ?? "text"} autoComplete={props.autoComplete} {...common} />
      )}
    </FieldShell>
  );
}

/** A preview URL for a chosen file, revoked when the file leaves the list. */
export function useObjectUrl(file: File): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const created = URL.createObjectURL(file);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [file]);
  return url;
}

function FilePreview(props: { file: File; onOpen: (src: string) => void; onRemove?: () => void; index: number }) {
  const url = useObjectUrl(props.file);
  return url ? <Thumb src={url} alt={props.file.name} onOpen={props.onOpen} onRemove={props.onRemove} /> : null;
}

/** The image viewer is the wizard's only modal: the island loads the host's code when it opens, or as a pointer or focus reaches a thumbnail. */
export const loadModalHost = () => import("../ui/modal-views");
const preloadModalHost = () => void loadModalHost().catch(() => undefined);

function Thumb(props: { src: string; alt: string; onOpen: (src: string) => void; onRemove?: () => void }) {
  return (
    <li className="thumb">
      <button
        type="button"
        className="thumb-open"
        onClick={() => props.onOpen(props.src)}
        onPointerEnter={preloadModalHost}
        onFocus={preloadModalHost}
        aria-label={`View ${props.alt} full screen`}
      >
        <img src={props.src} alt={props.alt} />
      </button>
      {props.onRemove ? (
        <button type="button" className="thumb-remove" onClick={props.onRemove} aria-label={`Remove ${props.alt}`}>
          <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
          </svg>
        </button>
      ) : null}
    </li>
  );
}

/**
 * Image uploads (SPEC.md §5): image files only, one file at a time, previews that open full
 * screen and can be removed. Saved images (edit mode) show before the new ones.
 */
export function ImagePicker(props: {
  id: string;
  label: string;
  files: File[];
  savedUrls?: string[];
  onAdd: (file: File) => void;
  onRemoveFile: (index: number) => void;
  onRemoveSaved?: (url: string) => void;
  error?: string;
  hint?: string;
  optional?: boolean;
  modified?: boolean;
  disabled?: boolean;
}) {
  const { openModal } = useModals();
  const toast = useToast();
  const inputId = useId();
  const saved = props.savedUrls ?? [];
  const open = (src: string) =>
    openModal({
      id: `preview-${src}`,
      label: "Image preview",
      size: "full",
      render: (close) => (
        <figure className="image-viewer">
          <img src={src} alt="" />
          <button type="button" className="button" onClick={close} data-autofocus>
            Close
          </button>
        </figure>
      ),
    });
  const count = saved.length + props.files.length;
  const names = useMemo(() => props.files.map((file) => file.name), [props.files]);
  return (
    <div className={props.error ? "field has-error" : "field"} id={props.id}>
      <div className="field-label-row">
        <span className="label" id={`${inputId}-label`}>
          {props.label}
          {props.optional ? <span className="optional"> (optional)</span> : null}
        </span>
        <ModifiedPill show={Boolean(props.modified)} />
      </div>
      {count > 0 ? (
        <ul className="thumbs" aria-label={props.label}>
          {saved.map((url, index) => (
            <Thumb
              key={url}
              src={url}
              alt={`${props.label} ${index + 1}`}
              onOpen={open}
              onRemove={props.disabled || !props.onRemoveSaved ? undefined : () => props.onRemoveSaved?.(url)}
            />
          ))}
          {props.files.map((file, index) => (
            <FilePreview
              key={`${names[index]}-${index}-${file.size}`}
              file={file}
              index={index}
              onOpen={open}
              onRemove={props.disabled ? undefined : () => props.onRemoveFile(index)}
            />
          ))}
        </ul>
      ) : null}
      {props.disabled ? null : (
        <label className={props.error ? "dropzone dropzone-error" : "dropzone"} htmlFor={inputId}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path
              d="M12 16V4m0 0l-4 4m4-4l4 4M4 16v3a1 1 0 001 1h14a1 1 0 001-1v-3"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <span>{count > 0 ? "Add another image" : "Choose an image"}</span>
          <input
            id={inputId}
            className="visually-hidden"
            type="file"
            accept="image/*"
            aria-labelledby={`${inputId}-label`}
            aria-invalid={props.error ? true : undefined}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = "";
              if (!file) return;
              // The server decides by the bytes; refusing here only saves a long upload.
              if (!file.type.startsWith("image/")) toast.show({ title: IMAGE_WRONG_TYPE, error: true });
              else if (file.size > MAX_IMAGE_BYTES) toast.show({ title: IMAGE_TOO_LARGE, error: true });
              else props.onAdd(file);
            }}
          />
        </label>
      )}
      {props.hint && !props.disabled ? <p className="field-hint">{props.hint}</p> : null}
      {props.error ? <p className="field-error">{props.error}</p> : null}
    </div>
  );
}
