// A customer's own project: reading, editing content and revisions, adding images, deleting.
import type { ProjectImage } from "../../../db/schema";
import type { Actor } from "../../http/actor";
import { badRequest, conflict, forbidden, notFound } from "../../http/errors";
import type { Db } from "../../lib/db";
import { isId } from "../../lib/ids";
import { removeStoredObjects } from "../../lib/storage";
import { revisionWindow } from "../../shared/revisions";
import { type ProjectContent, validateContent } from "../../shared/wizard";
import { changedFields, recordActivity } from "../activity";
import { type AuditBy, auditDeletions, auditProjectEdit } from "../audit";
import { checkImages, collectImages, groupImages, positionChanges, storeImages } from "./images";
import type { AddImagesForm, ProjectImagesAnswer, ProjectModel, ProjectPatch } from "./model";
import {
  type Viewer,
  deleteImages,
  findVisibleProject,
  insertImages,
  listImages,
  lockProject,
  projectExists,
  setImagePositions,
  updateProjectRow,
} from "./queries";
import {
  BLANK_REVISION_NOTES,
  type Deps,
  EDITING_LOCKED,
  NO_ACCESS,
  PROJECT_NOT_FOUND,
  REVISIONS_LOCKED,
  columnsOf,
  contentOf,
  deleteWithImages,
  imagesAnswer,
  refuseInvalid,
  toProjectModel,
  viewerOf,
} from "./service";

/** 404 for an id that does not exist, 403 with the spec's words for someone else's project. */
async function refuseHidden(db: Db, id: string): Promise<never> {
  if (isId(id) && (await projectExists(db, id))) throw forbidden(NO_ACCESS);
  throw notFound(PROJECT_NOT_FOUND);
}

async function findOrRefuse(db: Db, id: string, viewer: Viewer) {
  const found = isId(id) ? await findVisibleProject(db, id, viewer) : null;
  return found ?? refuseHidden(db, id);
}

export async function getProject(deps: Deps, actor: Actor, id: string): Promise<ProjectModel> {
  const viewer = viewerOf(actor);
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

export async function updateProject(
  deps: Deps,
  actor: Actor,
  id: string,
  patch: ProjectPatch,
  by: AuditBy | null,
): Promise<{ message: string; project: ProjectModel }> {
  const signedIn = actor;
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
      // Admins may correct the notes at any time; a customer's notes are their one request (the terms).
      if (viewer.isAdmin) {
        await updateProjectRow(tx, id, { revisionNotes: notes });
        await auditProjectEdit(tx, by, project, { revisionNotes: project.revisionNotes }, { revisionNotes: notes });
        return "Revision notes saved.";
      }
      const now = deps.now();
      const window = revisionWindow(project, now);
      if (window.state !== "open") throw conflict(window.reason);
      await updateProjectRow(tx, id, { revisionNotes: notes, revisionRequests: project.revisionRequests + 1, revisionRequestedAt: now });
      await recordActivity(tx, { projectId: id, actorId: viewer.userId, kind: "revision_requested" });
      return "Revision request sent.";
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
        {
          ...content,
          creatorName: project.creatorName,
          email: creator.email,
          acceptedTermsAndConditions: true,
          signature: project.creatorName,
          hasAccessCode: false,
          accessCode: "",
        },
        { logoCount: logos.length },
      ),
    );
    const columns = columnsOf(content, deps);
    await updateProjectRow(tx, id, columns);
    await auditProjectEdit(tx, by, project, contentOf(project, deps.sealer.open(project.domainProviderPasswordEnc)), content);

    const keptIds = new Set([...logos, ...pages.flat()].map((image) => image.id));
    const removed = saved.filter((image) => !keptIds.has(image.id));
    await deleteImages(
      tx,
      removed.map((image) => image.id),
    );
    removedKeys.push(...removed.map((image) => image.storageKey));
    // Positions follow the order the client sent, so reordering is a PATCH too.
    const moves = positionChanges([logos, ...pages]);
    await setImagePositions(tx, moves);
    // The timeline names the changed fields; the sealed password is compared opened, never shown.
    const { domainProviderPasswordEnc: _sealed, ...visible } = columns;
    const fields = changedFields(project, visible);
    if (content.domainProviderPassword !== deps.sealer.open(project.domainProviderPasswordEnc)) fields.push("domainProviderPassword");
    if (removed.length > 0 || moves.length > 0) fields.push("images");
    if (fields.length > 0) await recordActivity(tx, { projectId: id, actorId: signedIn.user.id, kind: "content_edited", details: { fields } });
    return "Project updated.";
  });
  // Only once the rows are gone: a failed transaction must not lose files it still points to.
  await removeStoredObjects(deps, removedKeys);
  return { message, project: await getProject(deps, signedIn, id) };
}

/** Appends images to a saved project (POST /api/projects/{id}/images). */
export async function addProjectImages(deps: Deps, actor: Actor, id: string, form: AddImagesForm, by: AuditBy | null): Promise<ProjectImagesAnswer> {
  const viewer = viewerOf(actor);
  const db = deps.database.db;
  const { project } = await findOrRefuse(db, id, viewer);
  if (project.editingLocked && !viewer.isAdmin) throw forbidden(EDITING_LOCKED);
  const incoming = collectImages(form);
  if (incoming.length === 0) throw badRequest("Add at least one image.", { logoImages: "Add at least one image" });
  const pageCount = project.pagesText.length;
  const saved = await listImages(db, [id]);
  const groups = groupImages(saved, pageCount);
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
      await auditProjectEdit(tx, by, locked, { images: saved.length }, { images: saved.length + stored.length });
      await updateProjectRow(tx, id, {});
      await recordActivity(tx, { projectId: id, actorId: viewer.userId, kind: "content_edited", details: { fields: ["images"], count: stored.length } });
    });
  } catch (error) {
    await removeStoredObjects(
      deps,
      stored.map((row) => row.storageKey),
    );
    throw error;
  }
  const message = checked.length === 1 ? "Image added." : `${checked.length} images added.`;
  return { message, ...imagesAnswer(await listImages(db, [id]), pageCount) };
}

// ---------------------------------------------------------------------------------------------
// Deleting

export async function deleteProject(deps: Deps, actor: Actor, id: string, by: AuditBy | null): Promise<{ message: string }> {
  const viewer = viewerOf(actor);
  await deleteWithImages(deps, [id], async (tx) => {
    const { project } = await findOrRefuse(tx, id, viewer);
    if (by && project.creatorId !== by.userId) await auditDeletions(tx, by, "project", [id]);
  });
  return { message: "Project deleted." };
}
