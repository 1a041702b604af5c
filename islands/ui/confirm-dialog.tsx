// The confirm dialog (SPEC.md §4): after Confirm it shows an in-progress indicator (default
// 'Operation in progress') and closes when the operation signals completion (its promise
// resolves). Cancel closes it and runs the cancel callback. A failure (the promise rejects)
// re-enables it so the user can try again or cancel.
import { type ReactNode, useState } from "react";
import { errorMessage } from "../api";
import { DialogActions } from "./modal-views";
import { useModals } from "./modals";
import { useToast } from "./toasts";

export const DEFAULT_PROGRESS_TEXT = "Operation in progress";

export type ConfirmOptions = {
  /** Defaults to the time it opened, as the spec's modal ids are. */
  id?: string;
  title: string;
  message?: string;
  /** Shown under the message, e.g. a preview of what is about to be sent. */
  details?: ReactNode;
  confirmLabel?: string;
  danger?: boolean;
  progressText?: string;
  /** The operation; resolve to close the dialog, reject to re-enable it. */
  onConfirm: () => Promise<unknown>;
  onCancel?: () => void;
};

function ConfirmBody(props: ConfirmOptions & { close: () => void; setBusy: (busy: boolean) => void }) {
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    props.setBusy(true);
    try {
      await props.onConfirm();
      props.close();
    } catch {
      // The operation reports its own error (a toast); the dialog stays for another try.
      setBusy(false);
      props.setBusy(false);
    }
  }

  function cancel() {
    props.close();
    props.onCancel?.();
  }

  return (
    <div className="confirm">
      <h2 className="dialog-title">{props.title}</h2>
      {props.message ? <p className="muted">{props.message}</p> : null}
      {props.details}
      {busy ? (
        <div className="progress-note" role="status">
          <span className="spinner" aria-hidden="true" />
          {props.progressText ?? DEFAULT_PROGRESS_TEXT}
        </div>
      ) : null}
      <DialogActions
        close={cancel}
        busy={busy}
        ready
        label={props.confirmLabel ?? "Confirm"}
        busyLabel={props.confirmLabel ?? "Confirm"}
        onConfirm={() => void confirm()}
        danger={props.danger}
        autoFocus
      />
    </div>
  );
}

export function useConfirm() {
  const { openModal, setBusy } = useModals();
  return (options: ConfirmOptions): boolean => {
    const id = options.id ?? String(Date.now());
    return openModal({
      id,
      label: options.title,
      onDismiss: options.onCancel,
      render: (close) => <ConfirmBody {...options} close={close} setBusy={(busy) => setBusy({ id, busy })} />,
    });
  };
}

/**
 * Asks before deleting one item, then leaves for `then` (its list). The dialog stays busy until
 * that page loads; a failure is a toast and the dialog stays for another try.
 */
export function useConfirmDelete() {
  const confirm = useConfirm();
  const toast = useToast();
  return (options: { id: string; title: string; message: string; remove: () => Promise<{ error: { value: unknown } | null }>; leaveTo: string }) =>
    confirm({
      id: options.id,
      title: options.title,
      message: options.message,
      confirmLabel: "Delete",
      danger: true,
      onConfirm: async () => {
        const { error } = await options.remove();
        if (error) {
          toast.error(errorMessage(error));
          throw new Error(errorMessage(error));
        }
        window.location.assign(options.leaveTo);
        await new Promise(() => {});
      },
    });
}
