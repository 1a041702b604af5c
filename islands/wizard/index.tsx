// The project wizard (SPEC.md §2, §4, §5): create mode at /create, and the project form in edit
// mode on a project's Overview. The rules come from src/shared/wizard.ts.

import type { Treaty } from "@elysiajs/eden";
import { useAtom, useAtomValue, useSetAtom } from "jotai";
import { useHydrateAtoms } from "jotai/utils";
import { Suspense, lazy, useEffect, useRef, useState } from "react";
import type { ProjectType } from "../../src/shared/enums";
import { packageFor } from "../../src/shared/packages";
import {
  type FieldErrors,
  type ProjectDraft,
  type WizardStep,
  fieldLabel,
  newProjectDraft,
  setProjectType,
  stepErrorMessage,
  stepTitles,
  validateStep,
  withoutSecrets,
  wizardSteps,
} from "../../src/shared/wizard";
import type { api } from "../api";
import { modalsAtom } from "../ui/modals";
import { Toasts, toastsAtom, useToast } from "../ui/toasts";
import type { SavedAccountDraft } from "./account-draft";
import { addressOfStep, completedBefore, isStepState, reachableStep, stepOfAddress } from "./address";
import { loadModalHost } from "./fields";
import { SavedNote } from "./saved-note";
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
  stepRequestAtom,
  stepsAtom,
} from "./state";
import { preloadStep, stepComponents } from "./steps";

export const UNSAVED_CHANGES = "You have unsaved data. Save or cancel changes before navigating away from this page.";
export const INVALID_CODE = "The access code you provided is invalid.";
const CODE_CHECK_DELAY_MS = 300;
const LOCAL_SAVE_DELAY_MS = 300;
/** A signed-in customer's draft goes to the account this long after the last change. */
const ACCOUNT_SAVE_DELAY_MS = 1_500;

const ModalHost = lazy(() => loadModalHost().then((module) => ({ default: module.ModalHost })));
/** The server calls and the upload load when first made: most visits make none of them. */
const loadCalls = () => import("./calls");
const loadSubmit = () => import("./submit");
/** Create mode's copies of the draft (this browser's, the account's): the project form needs neither. */
const loadStorage = () => import("./draft-storage");
const loadAccount = () => import("./account-draft");
/** A code that cannot be checked (its chunk or the server unreachable) counts as not valid. */
const checkAccessCode = (code: string) =>
  loadCalls().then(
    (calls) => calls.checkAccessCode(code),
    () => false,
  );

export type WizardProps =
  | {
      mode: "create";
      /** The size from /create/{s|m|l}; null at /create. */
      projectType: ProjectType | null;
      user: { displayName: string; email: string } | null;
      /** The signed-in customer's draft saved to the account, rendered with the page; null without one. */
      accountDraft: SavedAccountDraft | null;
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
  const user = props.mode === "create" ? props.user : null;
  const accountDraft = props.mode === "create" ? props.accountDraft : null;
  const initialDraft = create ? newProjectDraft(props.projectType ?? "s", user ?? undefined) : props.project;
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
  const [errors, setErrors] = useAtom(errorsAtom);
  const [logoFiles, setLogoFiles] = useAtom(logoFilesAtom);
  const [pageFiles, setPageFiles] = useAtom(pageFilesAtom);
  const [kept, setKept] = useAtom(keptImagesAtom);
  const [savedDraft, setSavedDraft] = useAtom(savedDraftAtom);
  const [savedImages, setSavedImages] = useAtom(savedImagesAtom);
  const setCodeStatus = useSetAtom(codeStatusAtom);
  const [progress, setProgress] = useAtom(progressAtom);
  const setToasts = useSetAtom(toastsAtom);
  const locked = useAtomValue(lockedAtom);
  const toast = useToast();
  // The modal host, once its code is wanted, stays mounted (it keeps the page's scroll lock right).
  const modalsOpened = useRef(false);
  if (useAtomValue(modalsAtom).length > 0) modalsOpened.current = true;
  /**
   * Creating: false on the server and until the draft is restored, so no fields are shown and
   * nothing can be submitted without JavaScript. Editing: the server renders the first section with
   * the saved project, and the island hydrates when the user starts on it.
   */
  const [ready, setReady] = useState(!create);
  const [checking, setChecking] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const [accountSaved, setAccountSaved] = useState<boolean | null>(null);
  /** The order is sent: nothing is saved any more while the browser goes to its confirmation page. */
  const [created, setCreated] = useState(false);
  /** Said once when the account's copy of the draft won over this browser's. */
  const [restoredNote, setRestoredNote] = useState<string | null>(null);
  const top = useRef<HTMLDivElement>(null);
  const nav = useRef<HTMLElement>(null);
  const panel = useRef<HTMLFormElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const focusHeading = useRef(false);
  const sentToAccount = useRef<ProjectDraft>(initialDraft);
  const step = steps[stepIndex] ?? steps[0]!;
  const StepBody = stepComponents[step];
  const logoCount = logoFiles.length + kept.logoImageURLs.length;
  // What the history listener reads: the values of the latest render.
  const latest = useRef({ draft, logoCount, stepIndex });
  latest.current = { draft, logoCount, stepIndex };

  const dirty =
    !create &&
    savedDraft !== null &&
    (JSON.stringify(draft) !== JSON.stringify(savedDraft) ||
      JSON.stringify(kept) !== JSON.stringify(savedImages) ||
      logoFiles.length > 0 ||
      pageFiles.some((files) => files.length > 0));

  // Create mode: bring back the unfinished order (this browser's copy or the account's, the newer),
  // then open the step the address names, or the first incomplete one before it. The URL's size wins.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, on mount
  useEffect(() => {
    if (!create) return;
    let live = true;
    // The step the address names is most likely the one shown: its chunk loads beside the draft's.
    preloadStep(stepOfAddress(window.location.search));
    void (async () => {
      // A chunk that cannot load counts as no copy: the wizard opens empty rather than never.
      const [local, account] = await Promise.all([
        loadStorage().then(
          (storage) => storage.loadDraft(),
          () => null,
        ),
        accountDraft
          ? loadAccount().then(
              (sync) => sync.readAccountDraft(accountDraft),
              () => null,
            )
          : null,
      ]);
      if (!live) return;
      const chosen = account ? (await loadAccount()).chooseNewer(local, account) : { stored: local, fromAccount: false };
      let next = initialDraft;
      let logos: File[] = [];
      let pages = blankPageFiles(initialDraft.projectType);
      if (chosen.stored) {
        next = chosen.stored.draft;
        if (user) next = { ...next, creatorName: next.creatorName || user.displayName, email: user.email };
        if (next.pagesText.length !== packageFor(next.projectType).customPages) next = setProjectType(next, next.projectType);
        // A link to /create/{size} chooses the package; a reload or Back within the wizard (its own
        // history entry) keeps the package the customer chose since.
        const ownEntry = isStepState(window.history.state);
        if (props.projectType && next.projectType !== props.projectType && !ownEntry) next = setProjectType(next, props.projectType);
        logos = chosen.stored.logoFiles;
        pages = blankPageFiles(next.projectType).map((_, index) => chosen.stored?.pageFiles[index] ?? []);
        setSavedAt(chosen.stored.savedAt);
        if (account && !chosen.fromAccount) sentToAccount.current = account.draft;
        if (account && chosen.fromAccount) {
          sentToAccount.current = account.draft;
          setRestoredNote(
            `We opened the draft saved to your account on ${new Date(account.updatedAt).toLocaleString()}: it is newer than this browser's copy.`,
          );
        }
      }
      const wanted = stepOfAddress(window.location.search);
      const shown = reachableStep(wanted, next, { logoCount: logos.length });
      setDraft(next);
      setLogoFiles(logos);
      setPageFiles(pages);
      setStepIndex(wizardSteps.indexOf(shown));
      setCompleted(completedBefore(shown));
      window.history.replaceState(
        { wizardStep: shown, from: isStepState(window.history.state) ? window.history.state.from : null },
        "",
        addressOfStep(window.location, shown),
      );
      setReady(true);
    })();
    return () => {
      live = false;
    };
  }, []);

  // Create mode: every change is kept in this browser (text, images, the sealed password). What was
  // just restored is not a change: it keeps its time.
  const restoring = useRef(true);
  useEffect(() => {
    if (!create || !ready || created) return;
    if (restoring.current) {
      restoring.current = false;
      return;
    }
    const timer = setTimeout(async () => {
      const now = Date.now();
      const saved = await loadStorage().then(
        (storage) => storage.saveDraft({ draft, logoFiles, pageFiles, savedAt: now }),
        () => false,
      );
      if (saved) setSavedAt(now);
    }, LOCAL_SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft, logoFiles, pageFiles, create, ready, created]);

  // Signed in: the draft (never its password) also goes to the account a moment after each change.
  useEffect(() => {
    if (!create || !ready || created || !user) return;
    const timer = setTimeout(async () => {
      const sync = await loadAccount().catch(() => null);
      if (sync?.sameContent(draft, sentToAccount.current)) return;
      const ok = sync ? await sync.saveAccountDraft(withoutSecrets(draft)) : false;
      if (ok) sentToAccount.current = draft;
      setAccountSaved(ok);
    }, ACCOUNT_SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft, create, ready, created, user]);

  // The address follows the chosen package (/create/m → /create/l), so a reload or a shared link agrees with it.
  useEffect(() => {
    if (!create || !ready) return;
    const path = `/create/${draft.projectType}`;
    if (/^\/create\/[sml]$/.test(window.location.pathname) && window.location.pathname !== path) {
      window.history.replaceState(window.history.state, "", `${path}${window.location.search}${window.location.hash}`);
    }
  }, [draft.projectType, create, ready]);

  // Back and Forward move between steps; a step whose earlier steps are incomplete is not opened.
  // biome-ignore lint/correctness/useExhaustiveDependencies: show reads the latest values through refs
  useEffect(() => {
    if (!create) return;
    const onPop = () => {
      const wanted = stepOfAddress(window.location.search);
      const shown = reachableStep(wanted, latest.current.draft, { logoCount: latest.current.logoCount });
      if (shown !== wanted) window.history.replaceState({ wizardStep: shown, from: null }, "", addressOfStep(window.location, shown));
      show(wizardSteps.indexOf(shown), "none");
    };
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, [create]);

  // Edit mode: leaving the page with unsaved changes asks first. Once saved or cancelled, the
  // 'unsaved data' toast has no cause left and goes.
  useEffect(() => {
    if (!dirty) {
      setToasts((shown) => (shown.some((each) => each.title === UNSAVED_CHANGES) ? shown.filter((each) => each.title !== UNSAVED_CHANGES) : shown));
      return;
    }
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

  // On narrow screens the step list scrolls sideways: keep the current step in view. After a step
  // change, focus goes to the new step's heading. The next step's code is fetched ahead, once the
  // user starts on this one (a pointer over the form, or focus in it): well before Next, and never
  // for a visit that only looks.
  useEffect(() => {
    const list = nav.current;
    const item = list?.querySelector<HTMLElement>('[aria-current="step"]');
    if (list && item && list.scrollWidth > list.clientWidth) list.scrollLeft = item.offsetLeft - list.clientWidth / 2 + item.offsetWidth / 2;
    if (focusHeading.current) {
      focusHeading.current = false;
      heading.current?.focus({ preventScroll: true });
      top.current?.scrollIntoView?.({ block: "start", behavior: "smooth" });
    }
    const following = steps[stepIndex + 1];
    const form = panel.current;
    if (!ready || !following || !form) return;
    const started = new AbortController();
    const preload = () => {
      started.abort();
      preloadStep(following);
    };
    for (const type of ["pointerover", "pointerdown", "focusin"]) form.addEventListener(type, preload, { signal: started.signal, passive: true });
    if (form.contains(document.activeElement)) preload();
    return () => started.abort();
  }, [stepIndex, ready, steps]);

  // The summary's Edit buttons ask for a step: opened with its history entry, focus and announcement.
  const [requested, setRequested] = useAtom(stepRequestAtom);
  // biome-ignore lint/correctness/useExhaustiveDependencies: goTo reads the current render's values
  useEffect(() => {
    if (requested === null) return;
    setRequested(null);
    goTo(requested);
  }, [requested]);

  function reachable(index: number): boolean {
    if (!create) return true;
    return index <= stepIndex || completed.slice(0, index).every(Boolean);
  }

  /** Opens a step: its heading gets focus, the change is announced, the step's messages go. */
  function show(index: number, history: "push" | "none") {
    const target = steps[index];
    if (!target) return;
    if (create && history === "push" && index !== latest.current.stepIndex) {
      window.history.pushState({ wizardStep: target, from: steps[latest.current.stepIndex] ?? null }, "", addressOfStep(window.location, target as WizardStep));
    }
    setErrors({});
    setToasts([]);
    setRestoredNote(null);
    setStepIndex(index);
    setAnnouncement(`Step ${index + 1} of ${steps.length}: ${stepTitles[target]}`);
    focusHeading.current = true;
  }

  function goTo(index: number) {
    if (index === stepIndex) return;
    if (dirty) {
      toast.show({ title: UNSAVED_CHANGES, error: true });
      return;
    }
    if (!reachable(index)) {
      // Say what stands in the way: the first step before it that is incomplete.
      const blocking = reachableStep(steps[index] as WizardStep, draft, { logoCount });
      const blockingIndex = steps.indexOf(blocking);
      if (blockingIndex !== stepIndex) show(blockingIndex, "push");
      const found = validateStep(blocking, draft, { logoCount });
      if (Object.keys(found).length > 0) failStep(found);
      else if (blockingIndex === stepIndex) void next();
      return;
    }
    show(index, "push");
  }

  function failStep(found: FieldErrors) {
    setErrors(found);
    // Focus goes to the first highlighted field so keyboard and screen-reader users land on it; the
    // window shows the summary above it, under the sticky header (its scroll-margin).
    requestAnimationFrame(() => {
      document.querySelector<HTMLElement>('[data-island="wizard"] [aria-invalid="true"]')?.focus({ preventScroll: true });
      top.current?.querySelector(".error-summary")?.scrollIntoView?.({ block: "start" });
    });
  }

  /** Validates the current step; in create mode marks it complete. */
  async function validateCurrent(): Promise<boolean> {
    const found = validateStep(step, draft, { logoCount });
    if (Object.keys(found).length > 0) {
      failStep(found);
      return false;
    }
    if (step === "payment" && draft.hasAccessCode) {
      setChecking(true);
      setCodeStatus("checking");
      const valid = await checkAccessCode(draft.accessCode.trim()).finally(() => setChecking(false));
      setCodeStatus(valid ? "valid" : "invalid");
      if (!valid) {
        failStep({ accessCode: INVALID_CODE });
        return false;
      }
    }
    setErrors({});
    if (create) setCompleted((flags) => flags.map((flag, index) => (index === stepIndex ? true : flag)));
    return true;
  }

  async function next() {
    if (checking) return;
    if (dirty) {
      toast.show({ title: UNSAVED_CHANGES, error: true });
      return;
    }
    if (create && !(await validateCurrent())) return;
    if (stepIndex < steps.length - 1) show(stepIndex + 1, "push");
  }

  function back() {
    if (dirty) {
      toast.show({ title: UNSAVED_CHANGES, error: true });
      return;
    }
    if (stepIndex === 0) return;
    const previous = steps[stepIndex - 1];
    // The history entry before this one is the previous step: go back in history, so Forward still works.
    const state: unknown = window.history.state;
    if (create && isStepState(state) && state.from === previous) window.history.back();
    else show(stepIndex - 1, "push");
  }

  async function createProject() {
    if (progress !== null || checking) return;
    if (!(await validateCurrent())) return;
    // Every step again: a restored draft may have skipped one.
    for (const [index, each] of wizardSteps.entries()) {
      const found = validateStep(each, draft, { logoCount });
      if (Object.keys(found).length > 0) {
        show(index, "push");
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
      const { postWithProgress, uploadError } = await loadSubmit();
      const result = await postWithProgress<Treaty.Data<typeof api.api.projects.post>>("/api/projects", form, setProgress);
      if (result.data) {
        await loadStorage().then((storage) => storage.clearDraft());
        setProgress(null);
        setToasts([]);
        setCreated(true);
        setAnnouncement("Order sent");
        // The confirmation has its own address (decision 097): reloadable, the customer's, with the signed-in header.
        window.location.assign(`/orders/${result.data.projectID}/confirmation`);
        return;
      }
      const failure = uploadError(result);
      setProgress(null);
      const fieldNames = Object.keys(failure.fields);
      if (fieldNames.length > 0) {
        show(steps.indexOf(stepOfField(fieldNames[0]!)), "push");
        failStep(failure.fields);
      } else toast.error(failure.message);
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
      show(Math.max(0, steps.indexOf(stepOfField(first))), "none");
      failStep(found);
      return;
    }
    setProgress(0);
    const result = await loadCalls().then(
      (calls) => calls.saveProjectChanges(props.projectId, { draft, saved: savedDraft, savedImages, kept, logoFiles, pageFiles }, setProgress),
      (error: unknown) => ({ ok: false as const, message: error instanceof Error ? error.message : String(error), fields: {}, images: null }),
    );
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
  const problems = Object.entries(errors).filter((entry): entry is [string, string] => entry[1] !== undefined);

  if (created) {
    return (
      <div className="wizard wizard-done" ref={top}>
        <div className="wizard-panel card wizard-loading" aria-busy="true" />
        <p className="visually-hidden" aria-live="polite">
          {announcement}
        </p>
      </div>
    );
  }

  return (
    <div className={create ? "wizard" : "wizard wizard-edit"} ref={top}>
      <nav className="wizard-nav" ref={nav} aria-label={create ? "Wizard steps" : "Project form sections"}>
        <ol>
          {steps.map((each, index) => {
            const done = create && completed[index];
            const open = reachable(index);
            const state = index === stepIndex ? "current" : done ? "done" : open ? "open" : "locked";
            const status = index === stepIndex ? "" : done ? " (complete)" : open ? "" : " (not yet available)";
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
                  {status ? <span className="visually-hidden">{status}</span> : null}
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
        ref={panel}
        className="wizard-panel card"
        noValidate
        aria-label={stepTitles[step]}
        onSubmit={(event) => {
          event.preventDefault();
          if (!ready) return;
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
        <header className="step-heading">
          <h2 ref={heading} tabIndex={-1}>
            {stepTitles[step]}
          </h2>
          {create && ready && savedAt !== null ? <SavedNote at={savedAt} account={user ? accountSaved : null} /> : null}
        </header>
        {restoredNote ? (
          <div className="alert wizard-restored" role="status">
            <span>{restoredNote}</span>
            <button type="button" className="button button-ghost button-sm" onClick={() => setRestoredNote(null)}>
              Dismiss
            </button>
          </div>
        ) : null}
        <div className="error-summary-slot" aria-live="polite">
          {problems.length > 0 ? (
            <div className="error-summary">
              <p className="error-summary-title">{stepErrorMessage(errors)}</p>
              {problems.length > 1 ? (
                <ul>
                  {problems.map(([field, problem]) => (
                    <li key={field}>
                      {fieldLabel(field)}: {problem}
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
          ) : null}
        </div>
        {ready ? (
          <Suspense fallback={<div className="wizard-loading" aria-busy="true" />}>
            <StepBody />
          </Suspense>
        ) : (
          <div className="wizard-loading" aria-busy="true">
            {/* Shown only if the island has not started after a moment: without JavaScript there are no fields to submit. */}
            <div className="alert wizard-needs-js" role="note">
              <strong>Ordering needs JavaScript.</strong> Turn JavaScript on and reload this page, or write to us through <a href="/contact-us">Contact Us</a>{" "}
              and we will take your order by e-mail.
            </div>
          </div>
        )}
        {busy ? (
          <div className="upload-progress" role="progressbar" aria-label="Upload progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
            <div className="upload-progress-bar">
              <span style={{ width: `${percent}%` }} />
            </div>
            <span className="upload-progress-text">{percent < 100 ? `Uploading… ${percent}%` : "Processing…"}</span>
          </div>
        ) : null}
        <div className="wizard-actions">
          <button type="button" className="button" onClick={back} disabled={!ready || stepIndex === 0 || busy}>
            Back
          </button>
          {create && last ? (
            <button type="submit" className="button button-primary" disabled={!ready || busy || checking} aria-busy={busy || checking || undefined}>
              {busy ? "Creating…" : checking ? "Checking code…" : "Create Project"}
            </button>
          ) : last ? null : (
            <button
              type={create || !dirty ? "submit" : "button"}
              className="button button-primary"
              onClick={create || !dirty ? undefined : () => void next()}
              disabled={!ready || busy || checking}
              aria-busy={checking || undefined}
            >
              {checking ? "Checking code…" : "Next"}
            </button>
          )}
        </div>
      </form>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      <Toasts />
      {modalsOpened.current ? (
        <Suspense fallback={null}>
          <ModalHost />
        </Suspense>
      ) : null}
    </div>
  );
}
