// The command palette's reads across domains (projects, customers, access codes, bug reports):
// each a substring match served by a trigram GIN index (db/schema.ts: *_trgm), newest first and
// capped, so a keystroke costs a few index probes however large the tables grow.
import { desc, eq, ilike, or } from "drizzle-orm";
import { accessCodes, bugReports, projects, users } from "../../../db/schema";
import { type Db, likePattern } from "../../lib/db";
import type { ProjectStatus } from "../../shared/enums";
import { parseProjectReference } from "../../shared/project-reference";

export type FoundProject = { id: string; referenceNumber: number; name: string; status: ProjectStatus; customer: string; email: string };
export type FoundCustomer = { id: string; name: string; email: string };
export type FoundAccessCode = { id: string; title: string; claimed: boolean };
export type FoundBugReport = { id: string; title: string; resolved: boolean };
export type ConsoleMatches = { projects: FoundProject[]; customers: FoundCustomer[]; accessCodes: FoundAccessCode[]; bugReports: FoundBugReport[] };

const projectColumns = {
  id: projects.id,
  referenceNumber: projects.referenceNumber,
  name: projects.projectName,
  status: projects.status,
  customer: users.displayName,
  email: users.email,
};

/** Up to `limit` rows of each kind whose name, title or e-mail contains `text` (case-insensitive). */
export async function findConsoleMatches(db: Db, text: string, limit: number): Promise<ConsoleMatches> {
  const pattern = likePattern(text);
  // A typed reference (WS-1042) names one project (decision 097).
  const referenceNumber = parseProjectReference(text);
  // Two project reads rather than one OR: each keeps its own index (the name's trigrams; the
  // e-mail's trigrams, then the creator's projects), where an OR across the join would scan.
  const [byName, byEmail, customers, codes, reports] = await Promise.all([
    db
      .select(projectColumns)
      .from(projects)
      .innerJoin(users, eq(users.id, projects.creatorId))
      .where(referenceNumber !== null ? eq(projects.referenceNumber, referenceNumber) : ilike(projects.projectName, pattern))
      .orderBy(desc(projects.createdAt))
      .limit(limit),
    db
      .select(projectColumns)
      .from(users)
      .innerJoin(projects, eq(projects.creatorId, users.id))
      .where(ilike(users.email, pattern))
      .orderBy(desc(projects.createdAt))
      .limit(limit),
    db
      .select({ id: users.id, name: users.displayName, email: users.email })
      .from(users)
      .where(or(ilike(users.email, pattern), ilike(users.displayName, pattern)))
      .orderBy(desc(users.createdAt))
      .limit(limit),
    db
      .select({ id: accessCodes.id, title: accessCodes.title, claimed: accessCodes.claimed })
      .from(accessCodes)
      .where(or(ilike(accessCodes.title, pattern), eq(accessCodes.code, text.toUpperCase())))
      .orderBy(desc(accessCodes.createdAt))
      .limit(limit),
    db
      .select({ id: bugReports.id, title: bugReports.title, resolved: bugReports.resolved })
      .from(bugReports)
      .where(ilike(bugReports.title, pattern))
      .orderBy(desc(bugReports.createdAt))
      .limit(limit),
  ]);
  const seen = new Set<string>();
  const found = [...byName, ...byEmail].filter((project) => !seen.has(project.id) && seen.add(project.id)).slice(0, limit);
  return { projects: found, customers, accessCodes: codes, bugReports: reports };
}
