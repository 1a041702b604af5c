// The modal stack (SPEC.md §3: a modal's id is the time it opened; modals are kept in a stack).
// Opening a modal whose id is already on the stack does nothing, so a double click cannot open
// the same dialog twice. What shows it (the host, a modal form's actions) is in ./modal-views.tsx.
import { atom, useSetAtom } from "jotai";
import type { ReactNode } from "react";

export type ModalEntry = {
  id: string;
  /** The dialog's accessible name. */
  label: string;
  render: (close: () => void) => ReactNode;
  /** Runs when the modal is dismissed with Escape or a click outside. */
  onDismiss?: () => void;
  /** While true the modal ignores Escape and outside clicks (an operation is running). */
  busy?: boolean;
  size?: "md" | "lg" | "full" | "palette";
};

export const modalsAtom = atom<ModalEntry[]>([]);

export const openModalAtom = atom(null, (get, set, entry: ModalEntry) => {
  if (get(modalsAtom).some((open) => open.id === entry.id)) return false;
  set(modalsAtom, [...get(modalsAtom), entry]);
  return true;
});

export const closeModalAtom = atom(null, (get, set, id: string) => {
  set(
    modalsAtom,
    get(modalsAtom).filter((open) => open.id !== id),
  );
});

export const setModalBusyAtom = atom(null, (get, set, update: { id: string; busy: boolean }) => {
  set(
    modalsAtom,
    get(modalsAtom).map((open) => (open.id === update.id ? { ...open, busy: update.busy } : open)),
  );
});

/** `openModal(entry)` returns false when a modal with that id is already open. */
export function useModals() {
  return { openModal: useSetAtom(openModalAtom), closeModal: useSetAtom(closeModalAtom), setBusy: useSetAtom(setModalBusyAtom) };
}
