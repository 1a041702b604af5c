// Toasts (SPEC.md §4, §8): a list in a Jotai atom. Each removes itself after 6 s, 10 s for
// errors, except the ones marked `manual` (the failed-requirement toast), which the user closes.
import { atom, useAtomValue, useSetAtom } from "jotai";

export const TOAST_MS = 6_000;
export const ERROR_TOAST_MS = 10_000;
/** The heading of failed calls in the project flows (SPEC.md §8). */
export const FAILURE_HEADING = "Something went wrong";

export type Toast = {
  id: string;
  title: string;
  error: boolean;
  /** Shown above the title, e.g. 'Something went wrong'. */
  heading?: string;
  /** Stays until dismissed by the user. */
  manual?: boolean;
};

export type ToastInput = Omit<Toast, "id" | "error"> & { error?: boolean };

export const toastsAtom = atom<Toast[]>([]);

let sequence = 0;

export const dismissToastAtom = atom(null, (get, set, id: string) => {
  set(
    toastsAtom,
    get(toastsAtom).filter((toast) => toast.id !== id),
  );
});

export const showToastAtom = atom(null, (get, set, input: ToastInput) => {
  const toast: Toast = { ...input, error: input.error ?? false, id: `${Date.now()}-${++sequence}` };
  // The same message twice in a row would only stack up; keep the newer one.
  const others = get(toastsAtom).filter((existing) => !(existing.title === toast.title && existing.error === toast.error));
  set(toastsAtom, [...others, toast]);
  if (!toast.manual) setTimeout(() => set(dismissToastAtom, toast.id), toast.error ? ERROR_TOAST_MS : TOAST_MS);
  return toast.id;
});

/** `toast.show({...})`, `toast.error(message)` for failed calls, `toast.dismiss(id)`. */
export function useToast() {
  const show = useSetAtom(showToastAtom);
  const dismiss = useSetAtom(dismissToastAtom);
  return {
    show,
    dismiss,
    success: (title: string) => show({ title }),
    error: (title: string, heading: string | undefined = FAILURE_HEADING) => show({ title, heading, error: true }),
  };
}

export function Toasts() {
  const toasts = useAtomValue(toastsAtom);
  const dismiss = useSetAtom(dismissToastAtom);
  return (
    // One polite live region announces every toast, errors included: an alert would cut the reader off.
    <div className="toasts" role="region" aria-label="Notifications" aria-live="polite">
      {toasts.map((toast) => (
        <div key={toast.id} className={toast.error ? "toast toast-error" : "toast"}>
          <div className="toast-body">
            {toast.heading ? <strong>{toast.heading}</strong> : null}
            <span>{toast.title}</span>
          </div>
          <button type="button" className="toast-close" aria-label="Dismiss" onClick={() => dismiss(toast.id)}>
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
      ))}
    </div>
  );
}
