// The bench's own databases: a fresh Postgres database per run (dropped at the end) and a PGlite
// data directory, both migrated by the app's own adapter and seeded with a busy studio's world:
// customers with their own projects, notifications and a session each; other customers who write
// (a project each for their messages); admins; bug reports for the admin list; a pool of users for
// the sign-in loader; and, on Postgres, plain users up to the e-mail announcement's audience.
// Sessions are created in the database, as a sign-in would, so no row pays for hashing passwords.
import { like } from "drizzle-orm";
import { type NewUser, bugReports, notifications, projects, users } from "../db/schema";
import { hashPassword } from "../src/features/auth/passwords";
import { SESSION_COOKIE, createSession } from "../src/http/sessions";
import { createSealer } from "../src/lib/crypto";
import { type Db, openDatabase } from "../src/lib/db";
import { newId } from "../src/lib/ids";
import { SCALE_EMAIL_PREFIX, seedScale } from "./seed-scale";

/** Where the bench may create and drop its databases (trust auth on loopback). */
export const POSTGRES_SERVER_URL = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432";

export const PROJECTS_EACH = 10;
export const SIGN_IN_PASSWORD = "bench-signin-password";
export const signInEmail = (index: number): string => `bench-signin-${index}@example.com`;

const NOTIFICATIONS_EACH = 30;
const BUG_REPORTS = 40;

export type Writer = { cookie: string; projectId: string };
/** Who the rows act as: session cookies ("session=..."), and the e-mail that asks for a password reset. */
export type BenchWorld = {
  customers: string[];
  writers: Writer[];
  admins: string[];
  /** Sessions of the customers for the idle live-event streams, five streams each (the cap per session). */
  streamSessions: string[];
  customerProjectId: string;
  resetEmail: string;
};

/** Sessions made for the idle-stream row: at five streams a session, enough for 2,000 streams. */
const STREAM_SESSIONS = 400;

export type WorldSize = {
  customers: number;
  writers: number;
  admins: number;
  signInUsers: number;
  /** Plain users are added until the database holds this many (0: none). */
  usersInAll: number;
};

/** Creates an empty database (dropping a leftover of the same name) and answers its URL. */
export async function createDatabase(name: string): Promise<string> {
  await onServer(`drop database if exists "${name}" with (force)`);
  await onServer(`create database "${name}"`);
  return `${POSTGRES_SERVER_URL}/${name}`;
}

/** Creates the database unless it exists (for data worth keeping between runs) and answers its URL. */
export async function ensureDatabase(name: string): Promise<string> {
  const server = new Bun.SQL(`${POSTGRES_SERVER_URL}/postgres`, { max: 1 });
  try {
    const [found] = await server`select 1 from pg_database where datname = ${name}`;
    if (!found) await server.unsafe(`create database "${name}"`);
  } finally {
    await server.close({ timeout: 5 });
  }
  return `${POSTGRES_SERVER_URL}/${name}`;
}

export const dropDatabase = (name: string): Promise<void> => onServer(`drop database if exists "${name}" with (force)`);

async function onServer(statement: string): Promise<void> {
  const server = new Bun.SQL(`${POSTGRES_SERVER_URL}/postgres`, { max: 1 });
  try {
    await server.unsafe(statement);
  } finally {
    await server.close({ timeout: 5 });
  }
}

const cookieFor = async (db: Db, userId: string) => `${SESSION_COOKIE}=${(await createSession(db, userId)).token}`;

/** Migrates and seeds a Postgres database (databaseUrl) or a PGlite directory (dataDir). */
export async function seedBenchData(
  options: { databaseUrl: string | null; dataDir: string; appSecret: string; adminKey: string },
  size: WorldSize,
): Promise<BenchWorld> {
  const database = await openDatabase({ databaseUrl: options.databaseUrl, dataDir: options.dataDir });
  try {
    const db = database.db;
    // Customers first (scale-user-0 ...), then the writers; PROJECTS_EACH projects each.
    const owners = size.customers + size.writers;
    await seedScale(db, createSealer(options.appSecret), { users: owners, projects: owners * PROJECTS_EACH }, () => {}, "in-turn");
    const seeded = await db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(like(users.email, `${SCALE_EMAIL_PREFIX}%`));
    const ids: string[] = [];
    for (const user of seeded) ids[Number(user.email.slice(SCALE_EMAIL_PREFIX.length).split("@")[0])] = user.id;
    const firstProject = new Map<string, string>();
    for (const project of await db.select({ id: projects.id, creatorId: projects.creatorId }).from(projects)) {
      if (!firstProject.has(project.creatorId)) firstProject.set(project.creatorId, project.id);
    }
    const customerIds = ids.slice(0, size.customers);
    const writerIds = ids.slice(size.customers);

    const now = Date.now();
    await db.insert(notifications).values(
      customerIds.flatMap((userId) =>
        Array.from({ length: NOTIFICATIONS_EACH }, (_, i) => ({
          id: newId(now - i * 60_000),
          userId,
          channelId: i % 3 === 0 ? ("announcements" as const) : ("general" as const),
          message: `Your project changed (${i + 1})`,
          isRead: i > 4,
          createdAt: new Date(now - i * 60_000),
        })),
      ),
    );
    await db.insert(bugReports).values(
      Array.from({ length: BUG_REPORTS }, (_, i) => ({
        id: newId(now - i * 3_600_000),
        title: `Button misaligned on page ${i + 1}`,
        description: "Steps: open the page, look at the footer.",
        resolved: i % 4 === 0,
        highPriority: i % 5 === 0,
        reporterId: customerIds[i % customerIds.length]!,
        createdAt: new Date(now - i * 3_600_000),
      })),
    );

    // One hash serves every other user: seeding should not cost what the sign-ins measure.
    const passwordHash = await hashPassword(SIGN_IN_PASSWORD);
    const plain = (email: string, displayName: string, extra: Partial<NewUser> = {}): NewUser => ({ id: newId(), email, displayName, passwordHash, ...extra });
    const adminRows = Array.from({ length: size.admins }, (_, i) =>
      plain(`bench-admin-${i}@example.com`, `Admin ${i}`, { isAdmin: true, adminKey: options.adminKey }),
    );
    const signInRows = Array.from({ length: size.signInUsers }, (_, i) => plain(signInEmail(i), `Sign-in ${i}`));
    const readers = Math.max(0, size.usersInAll - owners - adminRows.length - signInRows.length);
    const readerRows = Array.from({ length: readers }, (_, i) => plain(`bench-reader-${i}@example.com`, `Reader ${i}`));
    const others = [...adminRows, ...signInRows, ...readerRows];
    for (let offset = 0; offset < others.length; offset += 1_000) await db.insert(users).values(others.slice(offset, offset + 1_000));

    return {
      customers: await Promise.all(customerIds.map((id) => cookieFor(db, id))),
      writers: await Promise.all(writerIds.map(async (id) => ({ cookie: await cookieFor(db, id), projectId: firstProject.get(id)! }))),
      admins: await Promise.all(adminRows.map((admin) => cookieFor(db, admin.id!))),
      streamSessions:
        customerIds.length === 0
          ? []
          : await Promise.all(Array.from({ length: STREAM_SESSIONS }, (_, i) => cookieFor(db, customerIds[i % customerIds.length]!))),
      customerProjectId: firstProject.get(customerIds[0]!)!,
      resetEmail: `${SCALE_EMAIL_PREFIX}0@example.com`,
    };
  } finally {
    await database.close();
  }
}

/** Every user of a Postgres database: whom an announcement reaches (nobody has switched them off). */
export async function countUsers(databaseUrl: string): Promise<number> {
  const server = new Bun.SQL(databaseUrl, { max: 1 });
  try {
    const [row] = await server`select count(*)::int as value from users`;
    return Number(row?.value ?? 0);
  } finally {
    await server.close({ timeout: 5 });
  }
}

/** Mails the job queue (pg-boss, schema pgboss) has still to send. */
export async function pendingMails(databaseUrl: string): Promise<number> {
  const server = new Bun.SQL(databaseUrl, { max: 1 });
  try {
    const [row] = await server`select count(*)::int as value from pgboss.job where name = 'mail' and state in ('created', 'retry', 'active')`;
    return Number(row?.value ?? 0);
  } finally {
    await server.close({ timeout: 5 });
  }
}
