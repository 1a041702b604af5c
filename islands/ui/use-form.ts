// The state every island form that sends one Eden call repeated (SPEC.md §8): busy while the call
// runs, the failure as a toast and the answer's message as a success toast; a form that shows the
// outcome in place (`inline`) gets the failure in `error` and no toasts.
import { useState } from "react";
import { errorMessage } from "../api";
import { useToast } from "./toasts";

type Answer<T> = { data: T | null; error: { value: unknown } | null };

export type SubmitOptions = {
  /** Stay busy after success: the form is about to leave the page. */
  stayBusy?: boolean;
  /** The success toast; by default the answer's own message. */
  success?: string;
};

export function useForm(options: { inline?: boolean } = {}) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  /** Sends the call; resolves to its data, or null after a failure. */
  async function submit<T>(call: () => Promise<Answer<T>>, how: SubmitOptions = {}): Promise<T | null> {
    setBusy(true);
    setError(null);
    const { data, error: failed } = await call();
    if (failed) {
      setBusy(false);
      if (options.inline) setError(errorMessage(failed));
      else toast.error(errorMessage(failed));
      return null;
    }
    if (!how.stayBusy) setBusy(false);
    if (!options.inline) {
      const message = how.success ?? (data as { message?: unknown } | null)?.message;
      if (typeof message === "string") toast.success(message);
    }
    return data as T;
  }

  return { busy, error, setError, submit };
}
