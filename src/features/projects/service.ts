// What every project rule shares (SPEC.md §3-§8): the answers' wording, the conversions between
// rows and the API's models, searching, and deleting with images. Services take deps and values,
// never Elysia's context; ownership is decided in the queries (creator in the `where`).
import type { NewProject, Project, ProjectImage } from "../../../db/schema";
import type { AppDeps } from "../../deps";
import type { Actor } from "../../http/actor";
import { badRequest } from "../../http/errors";
import type { CsvValue } from "../../lib/csv";
import { type Db, EXPORT_BATCH, everyRow } from "../../lib/db";
import { removeStoredObjects } from "../../lib/storage";
import { DEFAULT_SORT, PROJECTS_PAGE_SIZE, type PageInfo, pageInfo } from "../../shared/lists";
import { packageFor } from "../../shared/packages";
import { statusLabels } from "../../shared/project-labels";
import { formatProjectReference } from "../../shared/project-reference";
import { revisionWindow } from "../../shared/revisions";
import { type FieldErrors, type ProjectContent, pickContent, stepErrorMessage } from "../../shared/wizard";
import { attachmentKeysOfProjects } from "../messages";
import { readProjectsBefore } from "../notifications";
import { emitWebhookEvent } from "../webhooks";
import { groupImages } from "./images";
import type { ProjectListItem, ProjectModel, ProjectSearchQuery } from "./model";
import {
  type CreatorRow,
  type ProjectListRow,
  type ProjectSearch,
  type Viewer,
  deleteProjectRows,
  listImages,
  lockProject,
  searchProjectRows,
  updateProjectRow,
} from "./queries";

export const NO_ACCESS = "You do no have access to this Project.";
export const PROJECT_NOT_FOUND = "Project not found.";
export const EMAIL_IN_USE = "The email address is already in use by another account.";
export const INVALID_ORDER_CODE = "The access code you provided is invalid.";
export const INVALID_ADMIN_CODE = "Access code is invalid.";
export const EDITING_LOCKED = "Editing is locked for this project.";
export const REVISIONS_LOCKED = "Revisions are locked for this project.";
export const BLANK_REVISION_NOTES = "Revision Notes cannot be blank.";

export type Deps = Pick<AppDeps, "database" | "storage" | "sealer" | "log" | "config" | "jobs" | "now">;

export function viewerOf(actor: Actor): Viewer {
  return { userId: actor.user.id, isAdmin: actor.isAdmin };
}

export function refuseInvalid(errors: FieldErrors): void {
  const entries = Object.entries(errors).filter((entry): entry is [string, string] => typeof entry[1] === "string");
  if (entries.length > 0) throw badRequest(stepErrorMessage(errors), Object.fromEntries(entries));
}

/** The project's content as the wizard rules see it. */
export function contentOf(project: Project, password: string): ProjectContent {
  return pickContent({ ...project, domainProviderPassword: password });
}

/** The columns for stored content; text is trimmed and the provider password sealed. */
export function columnsOf(content: ProjectContent, deps: Pick<AppDeps, "sealer">): Omit<NewProject, "id" | "creatorId" | "creatorName"> {
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

export function imagesAnswer(images: ProjectImage[], pageCount: number) {
  const { logos, pages } = groupImages(images, pageCount);
  const toImage = (image: ProjectImage) => ({ _id: image.id, url: image.url });
  return {
    logoImageURLs: logos.map((image) => image.url),
    logoImages: logos.map(toImage),
    pagesImageURLs: pages.map((page) => page.map((image) => image.url)),
    pagesImages: pages.map((page) => page.map(toImage)),
  };
}

export function toProjectModel(deps: Pick<AppDeps, "sealer" | "now">, project: Project, creator: CreatorRow, images: ProjectImage[]): ProjectModel {
  return {
    _id: project.id,
    reference: formatProjectReference(project.referenceNumber),
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
    deliveredAt: project.deliveredAt?.toISOString() ?? null,
    revisions: revisionsAnswer(project, deps.now()),
    createdAt: project.createdAt.toISOString(),
    updatedAt: project.updatedAt.toISOString(),
    creatorName: project.creatorName,
    accessCode: project.accessCode,
    ...imagesAnswer(images, project.pagesText.length),
  };
}

function revisionsAnswer(project: Project, now: Date): ProjectModel["revisions"] {
  const window = revisionWindow(project, now);
  return { state: window.state, reason: window.reason, closesAt: window.closesAt?.toISOString() ?? null };
}

function toListItem(row: ProjectListRow): ProjectListItem {
  return {
    _id: row.id,
    reference: formatProjectReference(row.referenceNumber),
    projectName: row.projectName,
    projectType: row.projectType,
    status: row.status,
    receivedPayment: row.receivedPayment,
    refundIssued: row.refundIssued,
    archived: row.archived,
    invoiceSent: row.invoiceSent,
    overdue: row.overdue,
    unreadMessages: row.unreadMessages,
    createdAt: row.createdAt.toISOString(),
    creator: { _id: row.creator.id, displayName: row.creator.displayName, email: row.creator.email },
  };
}

export async function deleteWithImages(deps: Deps, ids: string[], check?: (tx: Db) => Promise<void>): Promise<string[]> {
  const { deleted, keys } = await deps.database.db.transaction(async (tx) => {
    if (check) await check(tx);
    const images = await listImages(tx, ids);
    // Every project in `ids` that exists is deleted below, so its attachments go with it.
    const attachmentKeys = await attachmentKeysOfProjects(tx, ids);
    const names = new Map((await readProjectsBefore(tx, ids)).map((project) => [project.id, project.projectName]));
    const deleted = await deleteProjectRows(tx, ids);
    const gone = new Set(deleted);
    for (const projectId of deleted) await emitWebhookEvent(deps, tx, "project.deleted", { projectId, projectName: names.get(projectId) ?? null });
    const imageKeys = images.filter((image) => gone.has(image.projectId)).map((image) => image.storageKey);
    return { deleted, keys: [...imageKeys, ...attachmentKeys] };
  });
  await removeStoredObjects(deps, keys);
  return deleted;
}

export async function searchProjects(
  deps: Pick<AppDeps, "database">,
  query: ProjectSearchQuery,
  scope: { creatorId: string } | { everyone: true },
): Promise<{ projects: ProjectListItem[] } & PageInfo> {
  const page = query.page ?? 1;
  const { rows, ...counted } = await searchProjectRows(deps.database.db, { ...searchOf(query, scope), page });
  return { projects: rows.map(toListItem), ...pageInfo(counted, page, PROJECTS_PAGE_SIZE) };
}

function searchOf(query: ProjectSearchQuery, scope: { creatorId: string } | { everyone: true }): Omit<ProjectSearch, "page"> {
  return {
    creatorId: "creatorId" in scope ? scope.creatorId : undefined,
    status: query.status,
    paid: query.paid === true ? true : undefined,
    overdue: query.overdue === true ? true : undefined,
    unanswered: query.unanswered === true && "everyone" in scope ? true : undefined,
    archived: query.archived === true,
    title: query.title?.trim() || undefined,
    sortby: query.sortby ?? DEFAULT_SORT,
  };
}

export const PROJECT_CSV_HEADER = ["ID", "Reference", "Project", "Package", "Status", "Payment", "Archived", "Customer", "Customer e-mail", "Created"];

/** Every project the admin list's filters and search match, as CSV rows. */
export async function* projectCsvRows(
  deps: Pick<AppDeps, "database">,
  query: ProjectSearchQuery,
  scope: { creatorId: string } | { everyone: true },
): AsyncGenerator<CsvValue[]> {
  const search = searchOf(query, scope);
  const rows = everyRow((page) => searchProjectRows(deps.database.db, { ...search, page, pageSize: EXPORT_BATCH }), EXPORT_BATCH);
  for await (const row of rows) {
    const payment = row.receivedPayment ? (row.refundIssued ? "Refunded" : "Paid") : row.overdue ? "Overdue" : "Unpaid";
    yield [
      row.id,
      formatProjectReference(row.referenceNumber),
      row.projectName,
      packageFor(row.projectType).title,
      statusLabels[row.status],
      payment,
      row.archived,
      row.creator.displayName,
      row.creator.email,
      row.createdAt,
    ];
  }
}

/** Reads a project locked for the rest of the caller's transaction (sending an invoice). */
export function lockProjectForUpdate(tx: Db, id: string): Promise<Project | null> {
  return lockProject(tx, id);
}

/** Records on the project that this invoice was sent for it. */
export async function markProjectInvoiced(tx: Db, project: Project, invoiceId: string): Promise<void> {
  await updateProjectRow(tx, project.id, { invoiceSent: true, invoiceType: project.projectType, invoiceId });
}
