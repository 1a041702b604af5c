// SQL for projects and their images. Reads for a customer filter by creator in the `where`, so a
// forgotten check returns nothing rather than someone else's project.
import { type Placeholder, type SQL, and, asc, desc, eq, ilike, inArray, ne, sql } from "drizzle-orm";
import {
  type NewProject,
  type NewUser,
  type Project,
  type ProjectImage,
  type WizardDraftRow,
  invoices,
  messageThreads,
  projectImages,
  projectMessages,
  projects,
  users,
  wizardDrafts,
} from "../../../db/schema";
import { type Db, type Page, countAtMost, likePattern, paged, preparedQuery } from "../../lib/db";
import type { ProjectStatus } from "../../shared/enums";
import { PROJECTS_PAGE_SIZE, type SortOrder } from "../../shared/lists";
import { parseProjectReference } from "../../shared/project-reference";

export type Viewer = { userId: string; isAdmin: boolean };
export type CreatorRow = { id: string; displayName: string; email: string };

const creatorColumns = { id: users.id, displayName: users.displayName, email: users.email };

/** The project when the viewer may see it (its creator or an admin), else null. */
export async function findVisibleProject(db: Db, id: string, viewer: Viewer): Promise<{ project: Project; creator: CreatorRow } | null> {
  const [row] = await db
    .select({ project: projects, creator: creatorColumns })
    .from(projects)
    .innerJoin(users, eq(users.id, projects.creatorId))
    .where(viewer.isAdmin ? eq(projects.id, id) : and(eq(projects.id, id), eq(projects.creatorId, viewer.userId)))
    .limit(1);
  return row ?? null;
}

export async function projectExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: projects.id }).from(projects).where(eq(projects.id, id)).limit(1);
  return row !== undefined;
}

/** Locks the row for the rest of the transaction, so concurrent edits of one project queue up. */
export async function lockProject(db: Db, id: string): Promise<Project | null> {
  const [row] = await db.select().from(projects).where(eq(projects.id, id)).limit(1).for("update");
  return row ?? null;
}

export async function listImages(db: Db, projectIds: string[]): Promise<ProjectImage[]> {
  if (projectIds.length === 0) return [];
  return db
    .select()
    .from(projectImages)
    .where(inArray(projectImages.projectId, projectIds))
    .orderBy(asc(projectImages.kind), asc(projectImages.pageIndex), asc(projectImages.position), asc(projectImages.id));
}

export async function insertUser(db: Db, user: NewUser): Promise<void> {
  await db.insert(users).values(user);
}

export async function isEmailTaken(db: Db, email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return row !== undefined;
}

/** Inserts the project and answers the reference number the database gave it. */
export async function insertProject(db: Db, project: NewProject): Promise<number> {
  const [row] = await db.insert(projects).values(project).returning({ referenceNumber: projects.referenceNumber });
  if (!row) throw new Error("insert into projects returned no row");
  return row.referenceNumber;
}

export async function insertImages(db: Db, rows: (typeof projectImages.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await db.insert(projectImages).values(rows);
}

export async function deleteImages(db: Db, ids: string[]): Promise<void> {
  if (ids.length > 0) await db.delete(projectImages).where(inArray(projectImages.id, ids));
}

export type ImagePosition = { id: string; position: number };

/** Moves any number of images in one UPDATE (a CASE on the id); each id at most once. */
export async function setImagePositions(db: Db, moves: ImagePosition[]): Promise<void> {
  if (moves.length === 0) return;
  const cases = sql.join(
    moves.map((move) => sql`when ${move.id} then ${move.position}::integer`),
    sql` `,
  );
  await db
    .update(projectImages)
    .set({ position: sql`case ${projectImages.id} ${cases} end` })
    .where(
      inArray(
        projectImages.id,
        moves.map((move) => move.id),
      ),
    );
}

export async function updateProjectRow(db: Db, id: string, values: Partial<NewProject>): Promise<void> {
  await db
    .update(projects)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(projects.id, id));
}

export async function updateProjects(db: Db, ids: string[], values: Partial<NewProject>): Promise<string[]> {
  const rows = await db
    .update(projects)
    .set({ ...values, updatedAt: sql`now()` })
    .where(inArray(projects.id, ids))
    .returning({ id: projects.id });
  return rows.map((row) => row.id);
}

/**
 * Records a delivery for the projects that are not Completed yet (the update about to make them so
 * runs next in the same transaction): its time, and the revision window opening with it.
 */
export async function markDelivered(db: Db, ids: string[], now: Date): Promise<void> {
  await db
    .update(projects)
    .set({ deliveredAt: now, revisionsOpenedAt: now })
    .where(and(inArray(projects.id, ids), ne(projects.status, "completed")));
}

/** Deletes the projects (their image rows cascade) and answers the ids that existed. */
export async function deleteProjectRows(db: Db, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.delete(projects).where(inArray(projects.id, ids)).returning({ id: projects.id });
  return rows.map((row) => row.id);
}

export type ProjectSearch = {
  /** Set for a customer's own list; absent for the admin list of every project. */
  creatorId?: string;
  status?: ProjectStatus;
  paid?: boolean;
  /** Unpaid with its invoice past due (the 7-day rule). */
  overdue?: boolean;
  /** The thread's last message is the customer's (admins' list). */
  unanswered?: boolean;
  archived: boolean;
  title?: string;
  page: number;
  sortby: SortOrder;
  pageSize?: number;
};

/**
 * Messages from the other side that the lister's side has not read: the customer's for a
 * customer's own list (creatorId set), the customer's messages for the admins' list.
 */
function unreadColumn(side: "customer" | "studio") {
  const readAt = side === "customer" ? messageThreads.customerReadAt : messageThreads.studioReadAt;
  return sql<number>`(select count(*)::int from ${projectMessages} m left join ${messageThreads} on ${messageThreads.projectId} = m.project_id
    where m.project_id = ${projects.id} and m.side <> ${side} and m.created_at > coalesce(${readAt}, '-infinity'::timestamptz))`;
}

const listColumns = {
  id: projects.id,
  referenceNumber: projects.referenceNumber,
  projectName: projects.projectName,
  projectType: projects.projectType,
  status: projects.status,
  receivedPayment: projects.receivedPayment,
  refundIssued: projects.refundIssued,
  archived: projects.archived,
  invoiceSent: projects.invoiceSent,
  // Only an open invoice is overdue: a void one (a denied project's) is owed by nobody.
  overdue: sql<boolean>`coalesce(${projects.receivedPayment} = false and ${invoices.status} = 'open' and ${invoices.dueAt} < now(), false)`,
  createdAt: projects.createdAt,
  creator: creatorColumns,
};

export type ProjectListRow = {
  id: string;
  referenceNumber: number;
  projectName: string;
  projectType: Project["projectType"];
  status: ProjectStatus;
  receivedPayment: boolean;
  refundIssued: boolean;
  archived: boolean;
  invoiceSent: boolean;
  overdue: boolean;
  unreadMessages: number;
  createdAt: Date;
  creator: CreatorRow;
};

const orderOf = (sortby: SortOrder) => (sortby === "createdAt" ? [asc(projects.createdAt), asc(projects.id)] : [desc(projects.createdAt), desc(projects.id)]);

/**
 * One page of the list `where` matches: the page's ids first, from projects alone (an index-only
 * scan, decision 059), then the columns of those rows. In one select, a late page joined and
 * counted the unread messages of every row it skipped.
 */
function projectPage(
  db: Db,
  where: SQL | undefined,
  sortby: SortOrder,
  side: "customer" | "studio",
  limit: number | Placeholder,
  offset: number | Placeholder,
) {
  const order = orderOf(sortby);
  const page = db
    .select({ id: projects.id })
    .from(projects)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset)
    .as("page");
  return db
    .select({ ...listColumns, unreadMessages: unreadColumn(side) })
    .from(page)
    .innerJoin(projects, eq(projects.id, page.id))
    .innerJoin(users, eq(users.id, projects.creatorId))
    .leftJoin(invoices, eq(invoices.id, projects.invoiceId))
    .orderBy(...order);
}

// A customer's own list without filters (archived or not, in either order), the form every
// dashboard opens with: its page and count prepared.
const ownWhere = and(eq(projects.archived, sql.placeholder("archived")), eq(projects.creatorId, sql.placeholder("creatorId")));
const ownProjectsPage = {
  "-createdAt": preparedQuery((db) =>
    projectPage(db, ownWhere, "-createdAt", "customer", sql.placeholder("limit"), sql.placeholder("offset")).prepare("own_projects_page_newest"),
  ),
  createdAt: preparedQuery((db) =>
    projectPage(db, ownWhere, "createdAt", "customer", sql.placeholder("limit"), sql.placeholder("offset")).prepare("own_projects_page_oldest"),
  ),
} satisfies Record<SortOrder, unknown>;
const ownProjectsCount = preparedQuery((db) => countAtMost(db, projects, ownWhere, sql.placeholder("limit")).prepare("own_projects_count"));

export async function searchProjectRows(db: Db, search: ProjectSearch): Promise<Page<ProjectListRow>> {
  const page = { page: search.page, pageSize: search.pageSize ?? PROJECTS_PAGE_SIZE };
  const { creatorId, archived } = search;
  if (creatorId && !search.status && search.paid === undefined && !search.title && !search.unanswered && !search.overdue) {
    const ownPage = ownProjectsPage[search.sortby];
    return paged(
      db,
      (limit, offset) => ownPage(db).execute({ archived, creatorId, limit, offset }),
      { count: (limit) => ownProjectsCount(db).execute({ archived, creatorId, limit }) },
      page,
    );
  }
  const conditions: SQL[] = [eq(projects.archived, search.archived)];
  if (search.creatorId) conditions.push(eq(projects.creatorId, search.creatorId));
  if (search.status) conditions.push(eq(projects.status, search.status));
  if (search.paid !== undefined) conditions.push(eq(projects.receivedPayment, search.paid));
  const referenceNumber = search.title ? parseProjectReference(search.title) : null;
  // A typed reference (WS-1042) finds its one project; any other text searches the names.
  if (referenceNumber !== null) conditions.push(eq(projects.referenceNumber, referenceNumber));
  else if (search.title) {
    // One customer's projects are a few dozen rows, read through the creator's index and filtered.
    // On the bare column the statement's generic plan (Postgres's choice after five runs of a named
    // statement) ANDed in the trigram index, which for "a" reads every project (bench/journal.md,
    // decision 058). The concatenation keeps that index out of the customer's plan.
    const title = search.creatorId ? sql`(${projects.projectName} || '')` : projects.projectName;
    conditions.push(ilike(title, likePattern(search.title)));
  }
  if (search.unanswered) {
    conditions.push(
      sql`exists (select 1 from ${messageThreads} where ${messageThreads.projectId} = ${projects.id} and ${messageThreads.lastMessageSide} = 'customer')`,
    );
  }
  // As a subquery rather than a join, so the page's count reads projects alone.
  if (search.overdue) {
    conditions.push(
      eq(projects.receivedPayment, false),
      sql`exists (select 1 from ${invoices} where ${invoices.id} = ${projects.invoiceId} and ${invoices.status} = 'open' and ${invoices.dueAt} < now())`,
    );
  }
  const where = and(...conditions);
  const side = creatorId ? "customer" : "studio";
  const readPage = (limit: number, offset: number) => projectPage(db, where, search.sortby, side, limit, offset);
  return paged(db, readPage, { table: projects, where, alongside: !creatorId }, page);
}

// ---------------------------------------------------------------------------------------------
// A signed-in customer's unfinished order, one row per account

export async function findWizardDraft(db: Db, userId: string): Promise<WizardDraftRow | null> {
  const [row] = await db.select().from(wizardDrafts).where(eq(wizardDrafts.userId, userId)).limit(1);
  return row ?? null;
}

export async function upsertWizardDraft(db: Db, userId: string, data: WizardDraftRow["data"]): Promise<WizardDraftRow> {
  const [row] = await db
    .insert(wizardDrafts)
    .values({ userId, data })
    .onConflictDoUpdate({ target: wizardDrafts.userId, set: { data, updatedAt: sql`now()` } })
    .returning();
  if (!row) throw new Error("The draft was not saved");
  return row;
}

export async function deleteWizardDraft(db: Db, userId: string): Promise<void> {
  await db.delete(wizardDrafts).where(eq(wizardDrafts.userId, userId));
}

/** The image keys among `keys` that a project image row still names (the orphaned-upload sweep). */
export async function selectHeldImageKeys(db: Db, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await db.select({ key: projectImages.storageKey }).from(projectImages).where(inArray(projectImages.storageKey, keys));
  return rows.map((row) => row.key);
}
