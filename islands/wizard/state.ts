// The wizard's state, one Jotai store per island: the draft, where the user is, which steps are
// complete, the chosen image files and the field errors of the last failed Next.
import { atom } from "jotai";
import { type FieldErrors, type OverviewStep, type ProjectDraft, type WizardStep, newProjectDraft, overviewSteps, wizardSteps } from "../../src/shared/wizard";

export type Mode = "create" | "edit";
export type Step = WizardStep | OverviewStep;

/** Saved image URLs of a project being edited; new files are kept apart until saved. */
export type SavedImages = { logoImageURLs: string[]; pagesImageURLs: string[][] };

export const modeAtom = atom<Mode>("create");
export const draftAtom = atom<ProjectDraft>(newProjectDraft());
/** The project as saved (edit mode): the baseline for 'Modified' and Cancel. */
export const savedDraftAtom = atom<ProjectDraft | null>(null);
export const savedImagesAtom = atom<SavedImages>({ logoImageURLs: [], pagesImageURLs: [] });
/** Saved images the user removed while editing; the baseline stays in savedImagesAtom. */
export const keptImagesAtom = atom<SavedImages>({ logoImageURLs: [], pagesImageURLs: [] });
/** Locked fields cannot change: editingLocked for a customer (SPEC.md §2). */
export const lockedAtom = atom(false);

export const stepIndexAtom = atom(0);
/** A step asked for from inside a step (the summary's Edit buttons); the wizard opens it like a click on the step list. */
export const stepRequestAtom = atom<number | null>(null);
export const completedAtom = atom<boolean[]>(wizardSteps.map(() => false));
export const errorsAtom = atom<FieldErrors>({});

export const logoFilesAtom = atom<File[]>([]);
/** New page images, one list per custom page. */
export const pageFilesAtom = atom<File[][]>([]);

export type CodeStatus = "idle" | "checking" | "valid" | "invalid";
export const codeStatusAtom = atom<CodeStatus>("idle");

/** Upload progress of 'Create Project' or 'Save Changes', 0..1, null when idle. */
export const progressAtom = atom<number | null>(null);

export const stepsAtom = atom<readonly Step[]>((get) => (get(modeAtom) === "create" ? wizardSteps : overviewSteps));
