// The project wizard (SPEC.md §2, §4, §5): create mode at /create, and the project form in edit
// mode on a project's Overview. The rules come from src/shared/wizard.ts.

import type { Treaty } from "@elysiajs/eden";
import { useAtom, useAtomValue, useSetAtom } from "jotai";
import { useHydrateAtoms } from "jotai/utils";
import { useEffect, useRef } from "react";
import type { ProjectType } from "../../src/shared/enums";
import { packageFor } from "../../src/shared/packages";
import {
  type FieldErrors,
  MISSING_FIELDS,
  type ProjectDraft,
  newProjectDraft,
  setProjectType,
  stepErrorMessage,
  stepTitles,
  validateStep,
  wizardSteps,
} from "../../src/shared/wizard";
import type { api } from "../api";
import { ModalHost } from "../ui/modals";
import { Toasts, useToast } from "../ui/toasts";
import { checkAccessCode, saveProjectChanges } from "./calls";
import { clearDraft, loadDraft, saveDraft } from "./draft-storage";
import {
  type SavedImages,
  type Step,
  codeStatusAtom,
  completedAtom,
  draftAtom,
  errorsAtom,
  keptImagesAtom,
  lockedAtom,
  logoFilesAtom,
  modeAtom,
  pageFilesAtom,
  progressAtom,
  savedDraftAtom,
  savedImagesAtom,
  stepIndexAtom,
  stepsAtom,
} from "./state";
import { stepComponents } from "./steps";
import { postWithProgress, uploadError } from "./submit";

export const UNSAVED_CHANGES = "You have unsaved data. Save or cancel changes before navigating away from this page.";
export const INVALID_CODE = "The access code you provided is invalid.";
const CODE_CHECK_DELAY_MS = 300;

export type WizardProps =
  | {
      mode: "create";
      /** The size from /create/{s|m|l}; null at /create. */
      projectType: ProjectType | null;
      user: { displayName: string; email: string } | null;
    }
  | {
      mode: "edit";
      projectId: string;
      project: ProjectDraft;
      images: SavedImages;
      /** editingLocked for someone who is not an admin. */
      locked: boolean;
    };

const blankPageFiles = (type: ProjectType): File[][] => Array.from({ length: packageFor(type).customPages }, () => []);

/** Which step a field of a server error belongs to, so the user can be taken there. */
function stepOfField(field: string): Step {
  const root = field.split(".")[0] ?? field;
  for (const step of wizardSteps) {
    const errors = validateStep(step, newProjectDraft(), { logoCount: 0 });
    if (root in errors || Object.keys(errors).some((key) => key.split(".")[0] === root)) return step;
  }
  if (/^(selected|default|custom|border|button)/.test(root)) return "theme";
  if (root.startsWith("pages")) return "features";
  if (root.startsWith("subscription") || root === "hasSubscriptions") return "subscriptions";
  if (root.endsWith("URL") && root !== "projectDomainURL" && root !== "domainProviderURL") return "socials";
  return "general";
}

export default function Wizard(props: WizardProps) {
  const create = props.mode === "create";
  const initialDraft = create ? newProjectDraft(props.projectType ?? "s", props.user ?? undefined) : props.project;
  useHydrateAtoms([
    [modeAtom, props.mode],
    [draftAtom, initialDraft],
    [savedDraftAtom, create ? null : props.project],
    [savedImagesAtom, create ? { logoImageURLs: [], pagesImageURLs: [] } : props.images],
    [keptImagesAtom, create ? { logoImageURLs: [], pagesImageURLs: [] } : props.images],
    [lockedAtom, create ? false : props.locked],
    [pageFilesAtom, blankPageFiles(initialDraft.projectType)],
  ] as const);

  const [draft, setDraft] = useAtom(draftAtom);
  const steps = useAtomValue(stepsAtom);
  const [stepIndex, setStepIndex] = useAtom(stepIndexAtom);
  const [completed, setCompleted] = useAtom(completedAtom);
  const setErrors = useSetAtom(errorsAtom);
  const [logoFiles, setLogoFiles] = useAtom(logoFilesAtom);
  const [pageFiles, setPageFiles] = useAtom(pageFilesAtom);
  const [kept, setKept] = useAtom(keptImagesAtom);
  const [savedDraft, setSavedDraft] = useAtom(savedDraftAtom);
  const [savedImages, setSavedImages] = useAtom(savedImagesAtom);
  const setCodeStatus = useSetAtom(codeStatusAtom);
  const [progress, setProgress] = useAtom(progressAtom);
  const locked = useAtomValue(lockedAtom);
  const toast = useToast();
  const restored = useRef(false);
  const top = useRef<HTMLDivElement>(null);
  const nav = useRef<HTMLElement>(null);
  const step = steps[stepIndex] ?? steps[0]!;
  const StepBody = stepComponents[step];

  const dirty =
    !create &&
    savedDraft !== null &&
    (JSON.stringify(draft) !== JSON.stringify(savedDraft) ||
      JSON.stringify(kept) !== JSON.stringify(savedImages) ||
      logoFiles.length > 0 ||
      pageFiles.some((files) => files.length > 0));

  // Create mode: bring back the text of an unfinished order after a reload. The URL's size wins.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, on mount
  useEffect(() => {
    if (!create) return;
    const stored = loadDraft();
    if (stored) {
      let next = { ...stored };
      if (props.user) next = { ...next, creatorName: next.creatorName || props.user.displayName, email: next.email || props.user.email };
      if (next.pagesText.length !== packageFor(next.projectType).customPages) next = setProjectType(next, next.projectType);
      if (props.projectType && next.projectType !== props.projectType) next = setProjectType(next, props.projectType);
      setDraft(next);
      setPageFiles(blankPageFiles(next.projectType));
    }
    restored.current = true;
  }, []);

  useEffect(() => {
    if (create && restored.current) saveDraft(draft);
  }, [draft, create]);

  // Edit mode: leaving the page with unsaved changes asks first.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = UNSAVED_CHANGES;
      return UNSAVED_CHANGES;
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  // The unsaved-changes bar floats at the window's foot: the field being typed in stays above it.
  useEffect(() => {
    if (dirty && document.activeElement instanceof HTMLElement) document.activeElement.scrollIntoView({ block: "nearest" });
  }, [dirty]);

  // The server checks a given access code on every change, lightly debounced.
  useEffect(() => {
    if (!create || !draft.hasAccessCode || !draft.accessCode.trim()) {
      setCodeStatus("idle");
      return;
    }
    setCodeStatus("checking");
    let current = true;
    const timer = setTimeout(async () => {
      const valid = await checkAccessCode(draft.accessCode.trim());
      if (current) setCodeStatus(valid ? "valid" : "invalid");
    }, CODE_CHECK_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [draft.hasAccessCode, draft.accessCode, create]);

  // On narrow screens the step list scrolls sideways: keep the current step in view.
  useEffect(() => {
    const list = nav.current;
    const item = list?.querySelector<HTMLElement>('[aria-current="step"]');
    if (list && item && list.scrollWidth > list.clientWidth) list.scrollLeft = item.offsetLeft - list.clientWidth / 2 + item.offsetWidth / 2;
  }, [stepIndex]);

  const logoCount = logoFiles.length + kept.logoImageURLs.length;

  function reachable(index: number): boolean {
    if (!create) return true;
    return index <= stepIndex || completed.slice(0, index).every(Boolean);
  }

  function show(index: number) {
    setStepIndex(index);
    top.current?.scrollIntoView({ block: "start", behavior: "smooth" });
  }

  function goTo(index: number) {
    if (index === stepIndex) return;
    if (dirty) {
      toast.show({ title: UNSAVED_CHANGES, error: true });
      return;
    }
    if (!reachable(index)) {
      toast.show({ title: MISSING_FIELDS, error: true, manual: true });
      return;
    }
    setErrors({});
    show(index);
  }

  function failStep(found: FieldErrors) {
    setErrors(found);
    const message = stepErrorMessage(found);
    toast.show({ title: message, error: true, manual: message === MISSING_FIELDS });
    // Move focus to the first highlighted field so keyboard and screen-reader users land on it.
    requestAnimationFrame(() => document.querySelector<HTMLElement>('[data-island="wizard"] [aria-invalid="true"]')?.focus());
  }

  /** Validates the current step; in create mode marks it complete. */
  async function validateCurrent(): Promise<boolean> {
    const found = validateStep(step, draft, { logoCount });
    if (Object.keys(found).length > 0) {
      failStep(found);
      return false;
    }
    if (step === "payment" && draft.hasAccessCode) {
      setCodeStatus("checking");
      const valid = await checkAccessCode(draft.accessCode.trim());
      setCodeStatus(valid ? "valid" : "invalid");
      if (!valid) {
        toast.show({ title: INVALID_CODE, error: true });
        return false;
      }
    }
    setErrors({});
    if (create) setCompleted((flags) => flags.map((flag, index) => (index === stepIndex ? true : flag)));
    return true;
  }

  async function next() {
    if (dirty) {
      toast.show({ title: UNSAVED_CHANGES, error: true });
      return;
    }
    if (create && !(await validateCurrent())) return;
    if (stepIndex < steps.length - 1) show(stepIndex + 1);
  }

  function back() {
    if (dirty) {
      toast.show({ title: UNSAVED_CHANGES, error: true });
      return;
    }
    setErrors({});
    if (stepIndex > 0) show(stepIndex - 1);
  }

  async function createProject() {
    if (progress !== null) return;
    if (!(await validateCurrent())) return;
    // Every step again: a restored draft may have skipped one.
    for (const [index, each] of wizardSteps.entries()) {
      const found = validateStep(each, draft, { logoCount });
      if (Object.keys(found).length > 0) {
        setStepIndex(index);
        failStep(found);
        return;
      }
    }
    const form = new FormData();
    form.set("data", JSON.stringify(draft));
    for (const file of logoFiles) form.append("logoImages", file, file.name);
    pageFiles.forEach((files, index) => {
      for (const file of files) form.append(`pagesImages.${index}`, file, file.name);
    });
    setProgress(0);
    try {
      const result = await postWithProgress<Treaty.Data<typeof api.api.projects.post>>("/api/projects", form, setProgress);
      if (result.data) {
        clearDraft();
        setProgress(1);
        window.location.assign(`/projects/${result.data.projectID}`);
        return;
      }
      const failure = uploadError(result);
      setProgress(null);
      const fieldNames = Object.keys(failure.fields);
      if (fieldNames.length > 0) {
        setErrors(failure.fields);
        setStepIndex(steps.indexOf(stepOfField(fieldNames[0]!)));
      }
      toast.error(failure.message);
    } catch (error) {
      setProgress(null);
      toast.error(error instanceof Error ? error.message : String(error));
    }
  }

  async function saveChanges() {
    if (create || progress !== null || !savedDraft) return;
    const found = Object.assign({}, ...steps.map((each) => validateStep(each, draft, { logoCount }))) as FieldErrors;
    if (Object.keys(found).length > 0) {
      const first = Object.keys(found)[0]!;
      setStepIndex(Math.max(0, steps.indexOf(stepOfField(first))));
      failStep(found);
      return;
    }
    setProgress(0);
    const result = await saveProjectChanges(props.projectId, { draft, saved: savedDraft, savedImages, kept, logoFiles, pageFiles }, setProgress);
    setProgress(null);
    if (!result.ok) {
      if (result.images) {
        // The new images were stored before the rest failed: they are saved now, keep them so.
        setSavedImages(result.images);
        setKept(result.images);
        setLogoFiles([]);
        setPageFiles(blankPageFiles(draft.projectType));
      }
      if (Object.keys(result.fields).length > 0) setErrors(result.fields);
      toast.error(result.message);
      return;
    }
    setSavedDraft(draft);
    setSavedImages(result.images);
    setKept(result.images);
    setLogoFiles([]);
    setPageFiles(blankPageFiles(draft.projectType));
    toast.success(result.message);
  }

  function cancelChanges() {
    if (!savedDraft) return;
    setDraft(savedDraft);
    setKept(savedImages);
    setLogoFiles([]);
    setPageFiles(blankPageFiles(savedDraft.projectType));
    setErrors({});
  }

  const last = stepIndex === steps.length - 1;
  const busy = progress !== null;
  const percent = Math.round((progress ?? 0) * 100);

  return (
    <div className={create ? "wizard" : "wizard wizard-edit"} ref={top}>
      <nav className="wizard-nav" ref={nav} aria-label={create ? "Wizard steps" : "Project form sections"}>
        <ol>
          {steps.map((each, index) => {
            const done = create && completed[index];
            const open = reachable(index);
            const state = index === stepIndex ? "current" : done ? "done" : open ? "open" : "locked";
            return (
              <li key={each} className={`wizard-nav-item is-${state}`}>
                <button
                  type="button"
                  onClick={() => goTo(index)}
                  aria-current={index === stepIndex ? "step" : undefined}
                  aria-disabled={open ? undefined : true}
                >
                  <span className="wizard-nav-marker" aria-hidden="true">
                    {done && index !== stepIndex ? (
                      <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
                        <path d="M5 12.5l4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
                      </svg>
                    ) : (
                      index + 1
                    )}
                  </span>
                  <span className="wizard-nav-label">{stepTitles[each]}</span>
                  {done ? <span className="visually-hidden"> (complete)</span> : null}
                </button>
              </li>
            );
          })}
        </ol>
        {create ? (
          <div className="wizard-meter" aria-hidden="true">
            <span style={{ width: `${(completed.filter(Boolean).length / steps.length) * 100}%` }} />
          </div>
        ) : null}
      </nav>
      <form
        className="wizard-panel card"
        noValidate
        aria-label={stepTitles[step]}
        onSubmit={(event) => {
          event.preventDefault();
          if (create && last) void createProject();
          else if (!create && dirty) void saveChanges();
          else void next();
        }}
      >
        {locked ? (
          <div className="alert" role="note">
            Editing is locked for this project. Contact us if something needs to change.
          </div>
        ) : null}
        {!create && dirty ? (
          <div className="unsaved-bar" role="status">
            <span>You have unsaved changes.</span>
            <div className="button-row">
              <button type="button" className="button" onClick={cancelChanges} disabled={busy}>
                Cancel
              </button>
              <button type="submit" className="button button-primary" disabled={busy}>
                Save Changes
              </button>
            </div>
          </div>
        ) : null}
        <StepBody />
        {busy ? (
          <div className="upload-progress" role="progressbar" aria-label="Upload progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
            <div className="upload-progress-bar">
              <span style={{ width: `${percent}%` }} />
            </div>
            <span className="upload-progress-text">{percent < 100 ? `Uploading… ${percent}%` : "Processing…"}</span>
          </div>
        ) : null}
        <div className="wizard-actions">
          <button type="button" className="button" onClick={back} disabled={stepIndex === 0 || busy}>
            Back
          </button>
          {create && last ? (
            <button type="submit" className="button button-primary" disabled={busy}>
              Create Project
            </button>
          ) : last ? null : (
            <button
              type={create || !dirty ? "submit" : "button"}
              className="button button-primary"
              onClick={create || !dirty ? undefined : () => void next()}
              disabled={busy}
            >
              Next
            </button>
          )}
        </div>
      </form>
      <Toasts />
      <ModalHost />
    </div>
  );
}
