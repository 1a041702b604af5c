// Fills a database with realistic volume for measuring searches: 10,000 customers and 100,000
// projects by default, in batched multi-row inserts. Works on PGlite (DATA_DIR) and Postgres
// (DATABASE_URL) alike, through the same boot path as the app, so sealed values stay readable.
//
//   bun run db:seed:scale                       # 10,000 users, 100,000 projects
//   bun run db:seed:scale --users 100 --projects 1000
//
// Every seeded user has the e-mail scale-user-<n>@example.com and the password "scale-password".
import { count, like, sql } from "drizzle-orm";
import { type NewProject, type NewUser, projects, users } from "../db/schema";
import { boot } from "../src/boot";
import { ConfigError, loadConfig } from "../src/config";
import { hashPassword } from "../src/features/auth/passwords";
import type { Sealer } from "../src/lib/crypto";
import type { Db } from "../src/lib/db";
import { newId } from "../src/lib/ids";
import type { ProjectStatus, ProjectType } from "../src/shared/enums";
import { packageFor } from "../src/shared/packages";

export type ScaleCounts = { users: number; projects: number };
export const DEFAULT_SCALE: ScaleCounts = { users: 10_000, projects: 100_000 };
export const SCALE_EMAIL_PREFIX = "scale-user-";

const USER_BATCH = 2_000;
// About 40 columns a row: 1,000 rows stay well under Postgres' 65,535 parameters per statement.
const PROJECT_BATCH = 1_000;
const TWO_YEARS_MS = 2 * 365 * 24 * 3600 * 1000;

const FIRST = [
  "Acme",
  "Blue",
  "Bright",
  "Cedar",
  "Delta",
  "Echo",
  "Fable",
  "Granite",
  "Harbor",
  "Indigo",
  "Juniper",
  "Kite",
  "Lumen",
  "Maple",
  "Nova",
  "Orchid",
  "Pine",
  "Quartz",
  "River",
  "Summit",
  "Terra",
  "Umber",
  "Vista",
  "Willow",
  "Zenith",
];
const SECOND = [
  "Bakery",
  "Studio",
  "Fitness",
  "Dental",
  "Legal",
  "Cafe",
  "Garage",
  "Salon",
  "Books",
  "Travel",
  "Pets",
  "Florist",
  "Tutoring",
  "Clinic",
  "Realty",
  "Yoga",
  "Brewing",
  "Design",
  "Outdoors",
  "Music",
];
const STATUSES: ProjectStatus[] = ["pending-approval", "in-progress", "completed", "in-review", "denied"];
const TYPES: ProjectType[] = ["s", "m", "l"];

/** A small seeded generator, so two runs produce the same shape of data. */
function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function seedScale(
  db: Db,
  sealer: Sealer,
  counts: ScaleCounts = DEFAULT_SCALE,
  log: (line: string) => void = console.log,
  /** "in-turn": project i belongs to user i mod users, so every user has the same number (the bench's customers). */
  creators: "random" | "in-turn" = "random",
): Promise<{ users: number; projects: number; ms: number }> {
  const started = performance.now();
  const [existing] = await db
    .select({ value: count() })
    .from(users)
    .where(like(users.email, `${SCALE_EMAIL_PREFIX}%`));
  if ((existing?.value ?? 0) > 0) throw new Error(`This database is already seeded (${existing?.value} scale users); use a fresh DATA_DIR or database.`);

  const random = createRandom(42);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const now = Date.now();
  // Hashing is deliberately slow; one hash serves every seeded user.
  const passwordHash = await hashPassword("scale-password");
  const sealedPassword = sealer.seal("registrar-password");

  const userRows: { id: string; name: string }[] = [];
  for (let offset = 0; offset < counts.users; offset += USER_BATCH) {
    const batch: NewUser[] = [];
    for (let i = offset; i < Math.min(counts.users, offset + USER_BATCH); i++) {
      const createdAt = new Date(now - TWO_YEARS_MS - (counts.users - i) * 60_000);
      const id = newId(createdAt.getTime());
      const name = `${pick(FIRST)} Customer ${i}`;
      userRows.push({ id, name });
      batch.push({ id, email: `${SCALE_EMAIL_PREFIX}${i}@example.com`, displayName: name, passwordHash, createdAt });
    }
    await db.insert(users).values(batch);
  }
  log(`seed: ${counts.users} users in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  for (let offset = 0; offset < counts.projects; offset += PROJECT_BATCH) {
    const batch: NewProject[] = [];
    for (let i = offset; i < Math.min(counts.projects, offset + PROJECT_BATCH); i++) {
      const creator = creators === "in-turn" ? userRows[i % userRows.length]! : pick(userRows);
      const projectType = pick(TYPES);
      const createdAt = new Date(now - Math.floor(random() * TWO_YEARS_MS));
      const name = `${pick(FIRST)} ${pick(SECOND)} ${i}`;
      batch.push({
        id: newId(createdAt.getTime()),
        creatorId: creator.id,
        creatorName: creator.name,
        projectName: name,
        projectType,
        status: pick(STATUSES),
        receivedPayment: random() < 0.3,
        archived: random() < 0.1,
        creatorPhoneNumber: "+1 555 0100",
        domainProviderURL: "https://registrar.example.com",
        projectDomainURL: `https://project-${i}.example.com`,
        domainProviderUsername: `owner${i}`,
        domainProviderPasswordEnc: sealedPassword,
        heroTitle: `Welcome to ${name}`,
        heroMessage: "We build what our customers love.",
        pagesText: Array.from({ length: packageFor(projectType).customPages }, (_, page) => `Page ${page + 1} of ${name}`),
        selectedThemes: [0],
        defaultTheme: 0,
        selectedTintColors: [0],
        defaultTintColor: 0,
        borderRadius: "rounded",
        buttonBorderRadius: "pill",
        subscriptionTiers: [],
        createdAt,
        updatedAt: createdAt,
      });
    }
    await db.insert(projects).values(batch);
    if ((offset / PROJECT_BATCH) % 20 === 19) log(`seed: ${offset + batch.length} projects`);
  }
  // Planner statistics as a live database has them (autovacuum would gather them minutes later):
  // without them a trigram search that matches nothing is planned as a walk of every project.
  await db.execute(sql`vacuum analyze users, projects`);
  const ms = performance.now() - started;
  log(`seed: ${counts.users} users and ${counts.projects} projects in ${(ms / 1000).toFixed(1)} s`);
  return { users: counts.users, projects: counts.projects, ms };
}

function readCounts(args: string[]): ScaleCounts {
  const counts = { ...DEFAULT_SCALE };
  for (let i = 0; i < args.length; i += 2) {
    const key = args[i]?.replace(/^--/, "");
    const value = Number(args[i + 1]);
    if ((key !== "users" && key !== "projects") || !Number.isInteger(value) || value < 1) {
      throw new Error(`Usage: bun db/seed-scale.ts [--users N] [--projects N] (got ${args.join(" ")})`);
    }
    counts[key] = value;
  }
  return counts;
}

if (import.meta.main) {
  try {
    const counts = readCounts(process.argv.slice(2));
    // The app's own boot opens (and migrates) the configured database and derives the sealer.
    const running = await boot(loadConfig({ ...process.env, PORT: "0" }), { log: () => {} });
    try {
      console.log(`seed: ${running.deps.database.kind} database`);
      await seedScale(running.deps.database.db, running.deps.sealer, counts);
    } finally {
      await running.stop();
    }
  } catch (error) {
    console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
