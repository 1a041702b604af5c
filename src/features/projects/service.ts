// Project rules (SPEC.md §3-§8): ordering (also for visitors), reading, editing, revisions,
// deleting and searching, plus the admins' bulk changes. Services take deps and values, never
// Elysia's context; ownership is decided in the queries (creator in the `where`).
import type { NewProject, Project, ProjectImage } from "../../../db/schema";
import type { AppDeps } from "../../deps";
import { type Actor } from "../../http/actor";
import { hashPassword, signInUser } from "../auth/service";
import { enqueueMail } from "../mail/outbox";
import { HttpError, badRequest, conflict, forbidden, notFound } from "../../http/errors";
import { requireUser } from "../../http/guards";
import type { Db } from "../../lib/db";
import { isId, newId } from "../../lib/ids";
import { READABLE_ALPHABET, randomText } from "../../lib/random-text";
import { DEFAULT_SORT, type PageInfo, PROJECTS_PAGE_SIZE, pageInfo } from "../../shared/lists";
import { TEMPORARY_PASSWORD_LENGTH, packageFor } from "../../shared/packages";
import { type FieldErrors, type ProjectContent, type ProjectDraft, pickContent, stepErrorMessage, validateContent, validateDraft } from "../../shared/wizard";
import { normalizeAccessCode } from "../access-codes/service";
import { notifyProjectChanges, readProjectsBefore } from "../notifications/project-events";
import { claimCode, isCodeUnclaimed } from "../access-codes/queries";
import { checkImages, collectImages, groupImages, removeStoredObjects, storeImages } from "./images";
import type {
  AddImagesForm,
  AdminProjectsPatch,
  CreateProjectForm,
  ProjectImagesAnswer,
  ProjectListItem,
  ProjectModel,
  ProjectPatch,
  ProjectSearchQuery,
} from "./model";
import {
  type CreatorRow,
  type ProjectListRow,
  type Viewer,
  deleteImages,
  deleteProjectRows,
  findVisibleProject,
  insertImages,
  insertProject,
  insertUser,
  isEmailTaken,
  listImages,
  lockProject,
  projectExists,
  searchProjectRows,
  setImagePosition,
  updateProjectRow,
  updateProjects,
} from "./queries";

export const NO_ACCESS = "You do no have access to this Project.";
export const PROJECT_NOT_FOUND = "Project not found.";
export const EMAIL_IN_USE = "The email address is already in use by another account.";
export const INVALID_ORDER_CODE = "The access code you provided is invalid.";
export const INVALID_ADMIN_CODE = "Access code is invalid.";
export const EDITING_LOCKED = "Editing is locked for this project.";
export const REVISIONS_LOCKED = "Revisions are locked for this project.";
export const BLANK_REVISION_NOTES = "Revision Notes cannot be blank.";
export const TEMPORARY_PASSWORD_DAYS = 7;

const DAY_MS = 24 * 60 * 60 * 1000;

type Deps = Pick<AppDeps, "database" | "storage" | "sealer" | "log" | "config" | "wakeOutbox">;

function viewerOf(actor: Actor): Viewer {
  return { userId: actor.user.id, isAdmin: actor.isAdmin };
}

function refuseInvalid(errors: FieldErrors): void {
  const entries = Object.entries(errors).filter((entry): entry is [string, string] => typeof entry[1] === "string");
  if (entries.length > 0) throw badRequest(stepErrorMessage(errors), Object.fromEntries(entries));
}

/** Postgres (and PGlite) report a unique violation as SQLSTATE 23505, possibly wrapped by Drizzle. */
function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth++) {
    if ((current as { code?: unknown }).code === "23505") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/** The project's content as the wizard rules see it. */
function contentOf(project: Project, password: string): ProjectContent {
  return pickContent({ ...project, domainProviderPassword: password });
}

/** The columns for stored content; text is trimmed and the provider password sealed. */
function columnsOf(content: ProjectContent, deps: Pick<AppDeps, "sealer">): Omit<NewProject, "id" | "creatorId" | "creatorName"> {
  const trim = (value: string) => value.trim();
  return {
    projectName: trim(content.projectName),
    projectType: content.projectType,
    creatorPhoneNumber: trim(content.creatorPhoneNumber),
    projectDomainURL: trim(content.projectDomainURL),
    domainProviderURL: trim(content.domainProviderURL),
    domainProviderUsername: trim(content.domainProviderUsername),
    // Passwords are kept exactly as typed: spaces may be part of them.
    domainProviderPasswordEnc: deps.sealer.seal(content.domainProviderPassword),
    heroTitle: trim(content.heroTitle),
    heroMessage: trim(content.heroMessage),
    selectedThemes: [...new Set(content.selectedThemes)],
    defaultTheme: content.defaultTheme,
    selectedTintColors: content.customTintColor === null ? [...new Set(content.selectedTintColors)] : [],
    defaultTintColor: content.defaultTintColor,
    customTintColor: content.customTintColor === null ? null : trim(content.customTintColor),
    borderRadius: content.borderRadius,
    buttonBorderRadius: content.buttonBorderRadius,
    pagesText: content.pagesText.map(trim),
    hasSubscriptions: content.hasSubscriptions,
    subscriptionTiers: content.hasSubscriptions
      ? content.subscriptionTiers.map((tier) => ({ name: trim(tier.name), pricePerMonth: trim(tier.pricePerMonth), features: trim(tier.features) }))
      : [],
    linkedInURL: trim(content.linkedInURL),
    facebookURL: trim(content.facebookURL),
    instagramURL: trim(content.instagramURL),
    twitterURL: trim(content.twitterURL),
  };
}

function imagesAnswer(images: ProjectImage[], pageCount: number) {
  const { logos, pages } = groupImages(images, pageCount);
  const toImage = (image: ProjectImage) => ({ _id: image.id, url: image.url });
  return {
    logoImageURLs: logos.map((image) => image.url),
    logoImages: logos.map(toImage),
    pagesImageURLs: pages.map((page) => page.map((image) => image.url)),
    pagesImages: pages.map((page) => page.map(toImage)),
  };
}

export function toProjectModel(deps: Pick<AppDeps, "sealer">, project: Project, creator: CreatorRow, images: ProjectImage[]): ProjectModel {
  return {
    _id: project.id,
    creator: { _id: creator.id, displayName: creator.displayName, email: creator.email },
    ...contentOf(project, deps.sealer.open(project.domainProviderPasswordEnc)),
    status: project.status,
    receivedPayment: project.receivedPayment,
    refundIssued: project.refundIssued,
    editingLocked: project.editingLocked,
    revisionsLocked: project.revisionsLocked,
    archived: project.archived,
    invoiceSent: project.invoiceSent,
    invoiceType: project.invoiceType,
    invoiceID: project.invoiceId,
    revisionNotes: project.revisionNotes,
    createdAt: project.createdAt.toISOString(),
    updatedAt: project.updatedAt.toISOString(),
    creatorName: project.creatorName,
    accessCode: project.accessCode,
    ...imagesAnswer(images, project.pagesText.length),
  };
}

function toListItem(row: ProjectListRow): ProjectListItem {
  return {
    _id: row.id,
    projectName: row.projectName,
    projectType: row.projectType,
    status: row.status,
    receivedPayment: row.receivedPayment,
    refundIssued: row.refundIssued,
    archived: row.archived,
    invoiceSent: row.invoiceSent,
    createdAt: row.createdAt.toISOString(),
    creator: { _id: row.creator.id, displayName: row.creator.displayName, email: row.creator.email },
  };
}

function temporaryPasswordMail(deps: Pick<AppDeps, "config">, to: { name: string; email: string; projectName: string; password: string }) {
  const loginUrl = `${deps.config.publicUrl}/login`;
  return {
    to: to.email,
    subject: "Your Webstudio account and temporary password",
    text: [
      `Hello ${to.name},`,
      "",
      `Thank you for ordering "${to.projectName}". We created a Webstudio account for ${to.email} so you can follow your project.`,
      "",
      `Your temporary password: ${to.password}`,
      "",
      `It works for ${TEMPORARY_PASSWORD_DAYS} days. Log in at ${loginUrl} and choose a new password when asked.`,
      "",
      "If you did not place this order, you can ignore this e-mail.",
    ].join("\n"),
  };
}

// ---------------------------------------------------------------------------------------------
// Ordering

export type CreatedProject = { projectID: string; message: string; setCookie: string | null };

/**
 * Creates a project from the wizard's draft and images. A visitor also gets an account with a
 * temporary password (mailed) and is signed in. Files are stored first under the new ids and
 * every row is written in one transaction afterwards; if anything fails, the stored files are
 * deleted again, so a failed order leaves no user, no project and no file behind.
 */
export async function createProject(deps: Deps, actor: Actor | null, form: CreateProjectForm): Promise<CreatedProject> {
  const db = deps.database.db;
  // A signed-in customer orders as themselves: the e-mail in the draft is not theirs to choose.
  const draft: ProjectDraft = actor ? { ...form.data, email: actor.user.email } : form.data;
  const incoming = collectImages(form);
  refuseInvalid(validateDraft(draft, { logoCount: incoming.filter((image) => image.kind === "logo").length }));

  const code = draft.hasAccessCode ? normalizeAccessCode(draft.accessCode) : null;
  if (draft.hasAccessCode && (code === null || !(await isCodeUnclaimed(db, code)))) {
    throw badRequest(INVALID_ORDER_CODE, { accessCode: INVALID_ORDER_CODE });
  }
  const email = normalizeEmail(draft.email);
  if (!actor && (await isEmailTaken(db, email))) throw emailInUse();

  const pageCount = packageFor(draft.projectType).customPages;
  const checked = await checkImages(incoming, { pageCount });
  const temporaryPassword = actor ? null : randomText(TEMPORARY_PASSWORD_LENGTH, READABLE_ALPHABET);
  const passwordHash = temporaryPassword ? await hashPassword(temporaryPassword) : null;

  const projectId = newId();
  const creatorId = actor?.user.id ?? newId();
  const stored = await storeImages(deps, projectId, checked);
  try {
    await db.transaction(async (tx) => {
      if (!actor) {
        await insertUser(tx, {
          id: creatorId,
          email,
          displayName: draft.creatorName.trim(),
          passwordHash,
          passwordExpiresAt: new Date(Date.now() + TEMPORARY_PASSWORD_DAYS * DAY_MS),
          mustChangePassword: true,
        });
      }
      await insertProject(tx, { id: projectId, creatorId, creatorName: draft.creatorName.trim(), accessCode: code, ...columnsOf(draft, deps) });
      // The conditional UPDATE is the real check: of two orders racing for one code, one wins.
      if (code !== null && !(await claimCode(tx, code, projectId))) throw badRequest(INVALID_ORDER_CODE, { accessCode: INVALID_ORDER_CODE });
      await insertImages(tx, stored);
      if (temporaryPassword) {
        await enqueueMail(
          tx,
          temporaryPasswordMail(deps, { name: draft.creatorName.trim(), email, projectName: draft.projectName.trim(), password: temporaryPassword }),
        );
      }
    });
  } catch (error) {
    await removeStoredObjects(deps, stored.map((row) => row.storageKey));
    // Someone registered this e-mail between our check and the insert.
    if (isUniqueViolation(error)) throw emailInUse();
    throw error;
  }
  if (temporaryPassword) deps.wakeOutbox();
  const setCookie = actor ? null : await signInUser(deps, creatorId);
  const message = actor
    ? "Project created."
    : "Project created. We e-mailed you a temporary password for your new account.";
  return { projectID: projectId, message, setCookie };
}

function emailInUse(): HttpError {
  return new HttpError(409, EMAIL_IN_USE, { email: "Log in with this e-mail address to order with it, or use another one." });
}

// ---------------------------------------------------------------------------------------------
// Reading

/** 404 for an id that does not exist, 403 with the spec's words for someone else's project. */
async function refuseHidden(db: Db, id: string): Promise<never> {
  if (isId(id) && (await projectExists(db, id))) throw forbidden(NO_ACCESS);
  throw notFound(PROJECT_NOT_FOUND);
}

async function findOrRefuse(db: Db, id: string, viewer: Viewer) {
  const found = isId(id) ? await findVisibleProject(db, id, viewer) : null;
  return found ?? refuseHidden(db, id);
}

export async function getProject(deps: Deps, actor: Actor | null, id: string): Promise<ProjectModel> {
  const viewer = viewerOf(requireUser(actor));
  const db = deps.database.db;
  const { project, creator } = await findOrRefuse(db, id, viewer);
  return toProjectModel(deps, project, creator, await listImages(db, [project.id]));
}

// ---------------------------------------------------------------------------------------------
// Editing

const lockedFieldMessages = {
  projectType: "The project type cannot be changed.",
  creatorName: "The creator name cannot be changed.",
  email: "The creator e-mail address cannot be changed here.",
} as const;

/** Maps the URLs a client wants to keep onto saved images; anything else is refused. */
function keepImages(urls: string[], saved: ProjectImage[], field: string): ProjectImage[] {
  const byUrl = new Map(saved.map((image) => [image.url, image]));
  const kept: ProjectImage[] = [];
  for (const url of urls) {
    const image = byUrl.get(url);
    if (!image) throw badRequest("Only images saved for this project can be kept.", { [field]: "Unknown image" });
    byUrl.delete(url);
    kept.push(image);
  }
  return kept;
}

export async function updateProject(deps: Deps, actor: Actor | null, id: string, patch: ProjectPatch): Promise<{ message: string; project: ProjectModel }> {
  const signedIn = requireUser(actor);
  const viewer = viewerOf(signedIn);
  const db = deps.database.db;
  const removedKeys: string[] = [];
  const message = await db.transaction(async (tx) => {
    const { creator } = await findOrRefuse(tx, id, viewer);
    const project = await lockProject(tx, id);
    if (!project) throw notFound(PROJECT_NOT_FOUND);

    if (patch.revisionNotes !== undefined) {
      if (Object.keys(patch).length > 1) throw badRequest("Send revision notes on their own.", { revisionNotes: "Send on its own" });
      if (project.revisionsLocked && !viewer.isAdmin) throw forbidden(REVISIONS_LOCKED);
      const notes = patch.revisionNotes.trim();
      if (!notes) throw badRequest(BLANK_REVISION_NOTES, { revisionNotes: BLANK_REVISION_NOTES });
      await updateProjectRow(tx, id, { revisionNotes: notes });
      return "Revision notes saved.";
    }

    if (project.editingLocked && !viewer.isAdmin) throw forbidden(EDITING_LOCKED);
    const current = { projectType: project.projectType, creatorName: project.creatorName, email: creator.email };
    for (const field of ["projectType", "creatorName", "email"] as const) {
      const sent = patch[field];
      if (sent !== undefined && sent.trim() !== current[field]) throw badRequest(lockedFieldMessages[field], { [field]: "Locked" });
    }

    const saved = await listImages(tx, [id]);
    const pageCount = project.pagesText.length;
    const groups = groupImages(saved, pageCount);
    const logos = patch.logoImageURLs ? keepImages(patch.logoImageURLs, groups.logos, "logoImageURLs") : groups.logos;
    let pages = groups.pages;
    if (patch.pagesImageURLs) {
      if (patch.pagesImageURLs.length !== pageCount) {
        throw badRequest(`Send one image list for each of the ${pageCount} pages.`, { pagesImageURLs: `Expected ${pageCount} lists` });
      }
      pages = patch.pagesImageURLs.map((urls, index) => keepImages(urls, groups.pages[index] ?? [], `pagesImageURLs.${index}`));
    }

    const { logoImageURLs: _logos, pagesImageURLs: _pages, revisionNotes: _notes, creatorName: _name, email: _email, ...changes } = patch;
    const content: ProjectContent = { ...contentOf(project, deps.sealer.open(project.domainProviderPasswordEnc)), ...changes };
    refuseInvalid(
      validateContent(
        { ...content, creatorName: project.creatorName, email: creator.email, acceptedTermsAndConditions: true, signature: project.creatorName, hasAccessCode: false, accessCode: "" },
        { logoCount: logos.length },
      ),
    );
    await updateProjectRow(tx, id, columnsOf(content, deps));

    const keptIds = new Set([...logos, ...pages.flat()].map((image) => image.id));
    const removed = saved.filter((image) => !keptIds.has(image.id));
    await deleteImages(tx, removed.map((image) => image.id));
    removedKeys.push(...removed.map((image) => image.storageKey));
    // Positions follow the order the client sent, so reordering is a PATCH too.
    for (const list of [logos, ...pages]) {
      for (const [position, image] of list.entries()) if (image.position !== position) await setImagePosition(tx, image.id, position);
    }
    return "Project updated.";
  });
  // Only once the rows are gone: a failed transaction must not lose files it still points to.
  await removeStoredObjects(deps, removedKeys);
  return { message, project: await getProject(deps, signedIn, id) };
}

/** Appends images to a saved project (POST /api/projects/{id}/images). */
export async function addProjectImages(deps: Deps, actor: Actor | null, id: string, form: AddImagesForm): Promise<ProjectImagesAnswer> {
  const viewer = viewerOf(requireUser(actor));
  const db = deps.database.db;
  const { project } = await findOrRefuse(db, id, viewer);
  if (project.editingLocked && !viewer.isAdmin) throw forbidden(EDITING_LOCKED);
  const incoming = collectImages(form);
  if (incoming.length === 0) throw badRequest("Add at least one image.", { logoImages: "Add at least one image" });
  const pageCount = project.pagesText.length;
  const groups = groupImages(await listImages(db, [id]), pageCount);
  const nextPosition = (list: ProjectImage[]) => list.reduce((max, image) => Math.max(max, image.position + 1), 0);
  const checked = await checkImages(incoming, {
    pageCount,
    existingLogos: groups.logos.length,
    existingPerPage: groups.pages.map((page) => page.length),
  });
  const stored = await storeImages(deps, id, checked, { logos: nextPosition(groups.logos), perPage: groups.pages.map(nextPosition) });
  try {
    await db.transaction(async (tx) => {
      const locked = await lockProject(tx, id);
      if (!locked) throw notFound(PROJECT_NOT_FOUND);
      if (locked.editingLocked && !viewer.isAdmin) throw forbidden(EDITING_LOCKED);
      await insertImages(tx, stored);
      await updateProjectRow(tx, id, {});
    });
  } catch (error) {
    await removeStoredObjects(deps, stored.map((row) => row.storageKey));
    throw error;
  }
  const message = checked.length === 1 ? "Image added." : `${checked.length} images added.`;
  return { message, ...imagesAnswer(await listImages(db, [id]), pageCount) };
}

// ---------------------------------------------------------------------------------------------
// Deleting

async function deleteWithImages(deps: Deps, ids: string[], check?: (tx: Db) => Promise<void>): Promise<string[]> {
  const { deleted, keys } = await deps.database.db.transaction(async (tx) => {
    if (check) await check(tx);
    const images = await listImages(tx, ids);
    const deleted = await deleteProjectRows(tx, ids);
    const gone = new Set(deleted);
    return { deleted, keys: images.filter((image) => gone.has(image.projectId)).map((image) => image.storageKey) };
  });
  await removeStoredObjects(deps, keys);
  return deleted;
}

export async function deleteProject(deps: Deps, actor: Actor | null, id: string): Promise<{ message: string }> {
  const viewer = viewerOf(requireUser(actor));
  await deleteWithImages(deps, [id], async (tx) => {
    await findOrRefuse(tx, id, viewer);
  });
  return { message: "Project deleted." };
}

// ---------------------------------------------------------------------------------------------
// Searching

export async function searchProjects(
  deps: Pick<AppDeps, "database">,
  query: ProjectSearchQuery,
  scope: { creatorId: string } | { everyone: true },
): Promise<{ projects: ProjectListItem[] } & PageInfo> {
  const page = query.page ?? 1;
  const { rows, totalCount } = await searchProjectRows(deps.database.db, {
    creatorId: "creatorId" in scope ? scope.creatorId : undefined,
    status: query.status,
    paid: query.paid === true ? true : undefined,
    archived: query.archived === true,
    title: query.title?.trim() || undefined,
    page,
    sortby: query.sortby ?? DEFAULT_SORT,
  });
  return { projects: rows.map(toListItem), ...pageInfo(totalCount, page, PROJECTS_PAGE_SIZE) };
}

// ---------------------------------------------------------------------------------------------
// Admin bulk changes

export async function updateProjectsAsAdmin(deps: Deps, patch: AdminProjectsPatch): Promise<{ message: string; projectIDs: string[] }> {
  const ids = [...new Set(patch.projectIDs)];
  const { accessCode, ...flags } = patch.updatedFields;
  const { updated, mailed } = await deps.database.db.transaction(async (tx) => {
    const values: Partial<NewProject> = { ...flags };
    if (accessCode !== undefined) {
      if (ids.length !== 1) throw badRequest("An access code can be submitted for one project at a time.", { projectIDs: "Select one project" });
      const projectId = ids[0]!;
      const project = await lockProject(tx, projectId);
      if (!project) throw notFound(PROJECT_NOT_FOUND);
      if (project.accessCode) throw conflict("An access code was already submitted for this project.");
      const code = normalizeAccessCode(accessCode);
      if (code === null || !(await claimCode(tx, code, projectId))) throw badRequest(INVALID_ADMIN_CODE, { accessCode: INVALID_ADMIN_CODE });
      values.accessCode = code;
    }
    const before = await readProjectsBefore(tx, ids);
    const updated = await updateProjects(tx, ids, values);
    const mailed = await notifyProjectChanges(tx, before, values, (id) => `${deps.config.publicUrl}/projects/${id}/status`);
    return { updated, mailed };
  });
  if (mailed) deps.wakeOutbox();
  if (updated.length === 0) throw notFound("No project matched those ids.");
  return { message: updated.length === 1 ? "Project updated." : `${updated.length} projects updated.`, projectIDs: updated };
}

/** `projectIDs` joined by '-' (SPEC.md §7), every one a well-formed id. */
export function parseIdList(joined: string, field: string, max: number): string[] {
  const ids = [...new Set(joined.split("-").filter(Boolean))];
  if (ids.length === 0 || ids.length > max || !ids.every(isId)) {
    throw badRequest(`${field} must be 1 to ${max} ids joined by "-".`, { [field]: "Expected ids joined by -" });
  }
  return ids;
}

export async function deleteProjectsAsAdmin(deps: Deps, ids: string[]): Promise<{ message: string; projectIDs: string[] }> {
  const deleted = await deleteWithImages(deps, ids);
  if (deleted.length === 0) throw notFound("No project matched those ids.");
  return { message: deleted.length === 1 ? "Project deleted." : `${deleted.length} projects deleted.`, projectIDs: deleted };
}
