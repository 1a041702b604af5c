// Delete a project behind the confirm dialog (SPEC.md §2; a quiet link at the foot of the Overview, decision 090); afterwards /dashboard.

import { api, errorMessage } from "../api";
import { useConfirm } from "../ui/confirm-dialog";
import { ModalHost } from "../ui/modal-views";
import { Toasts, useToast } from "../ui/toasts";

export type ProjectDeleteProps = {
  projectId: string;
  projectName: string;
  /** What happens to the project's money (a payment is not refunded, an open invoice is voided); null when there is none. */
  moneyNote?: string | null;
};

export function useDeleteProject(props: ProjectDeleteProps) {
  const confirm = useConfirm();
  const toast = useToast();
  return () =>
    confirm({
      id: `delete-project-${props.projectId}`,
      title: "Delete this project?",
      message: `“${props.projectName}” and its images will be removed for good.`,
      details: props.moneyNote ? (
        <p className="alert" role="note">
          {props.moneyNote}
        </p>
      ) : undefined,
      confirmLabel: "Delete",
      danger: true,
      onConfirm: async () => {
        const { error } = await api.api.projects({ id: props.projectId }).delete();
        if (error) {
          toast.error(errorMessage(error));
          throw new Error(errorMessage(error));
        }
        window.location.assign("/dashboard");
      },
    });
}

export default function ProjectDelete(props: ProjectDeleteProps) {
  const remove = useDeleteProject(props);
  return (
    <>
      <button type="button" className="quiet-link quiet-link-danger" onClick={remove}>
        Delete this project…
      </button>
      <Toasts />
      <ModalHost />
    </>
  );
}
