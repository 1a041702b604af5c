// The bench's own databases: a fresh Postgres database per run (dropped at the end) and a PGlite
// data directory, both migrated by the app's own adapter and seeded with the same small world:
// a customer with 10 projects and some notifications, bug reports for the admin list, and a pool
// of users for the sign-in loader. The admin is the app's SUPER_ADMIN_* bootstrap user.
import { eq } from "drizzle-orm";
import { type NewUser, bugReports, notifications, users } from "../db/schema";
import { hashPassword } from "../src/features/auth/passwords";
import { createSealer } from "../src/lib/crypto";
import { openDatabase } from "../src/lib/db";
import { newId } from "../src/lib/ids";
import { SCALE_EMAIL_PREFIX, seedScale } from "./seed-scale";

/** Where the bench may create and drop its databases (trust auth on loopback). */
export const POSTGRES_SERVER_URL = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432";

// seedScale's first user, given every seeded project when asked for one user.
export const CUSTOMER = { email: `${SCALE_EMAIL_PREFIX}0@example.com`, password: "scale-password" };
export const CUSTOMER_PROJECTS = 10;
export const ADMIN = { email: "bench-admin@example.com", password: "bench-admin-password" };
export const SIGN_IN_PASSWORD = "bench-signin-password";
export const signInEmail = (index: number): string => `bench-signin-${index}@example.com`;

const NOTIFICATIONS = 30;
const BUG_REPORTS = 40;

/** Creates an empty database (dropping a leftover of the same name) and answers its URL. */
export async function createDatabase(name: string): Promise<string> {
  const server = new Bun.SQL(`${POSTGRES_SERVER_URL}/postgres`, { max: 1 });
  try {
    await server.unsafe(`drop database if exists "${name}" with (force)`);
    await server.unsafe(`create database "${name}"`);
  } finally {
    await server.close({ timeout: 5 });
  }
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

export async function dropDatabase(name: string): Promise<void> {
  const server = new Bun.SQL(`${POSTGRES_SERVER_URL}/postgres`, { max: 1 });
  try {
    await server.unsafe(`drop database if exists "${name}" with (force)`);
  } finally {
    await server.close({ timeout: 5 });
  }
}

/** Migrates and seeds a Postgres database (databaseUrl) or a PGlite directory (dataDir). */
export async function seedBenchData(options: { databaseUrl: string | null; dataDir: string; appSecret: string; signInUsers: number }): Promise<void> {
  const database = await openDatabase({ databaseUrl: options.databaseUrl, dataDir: options.dataDir });
  try {
    const db = database.db;
    await seedScale(db, createSealer(options.appSecret), { users: 1, projects: CUSTOMER_PROJECTS }, () => {});
    const [customer] = await db.select({ id: users.id }).from(users).where(eq(users.email, CUSTOMER.email));
    if (!customer) throw new Error("seedScale created no customer");

    const now = Date.now();
    await db.insert(notifications).values(
      Array.from({ length: NOTIFICATIONS }, (_, i) => ({
        id: newId(now - i * 60_000),
        userId: customer.id,
        channelId: i % 3 === 0 ? ("announcements" as const) : ("general" as const),
        message: `Your project changed (${i + 1})`,
        isRead: i > 4,
        createdAt: new Date(now - i * 60_000),
      })),
    );
    await db.insert(bugReports).values(
      Array.from({ length: BUG_REPORTS }, (_, i) => ({
        id: newId(now - i * 3_600_000),
        title: `Button misaligned on page ${i + 1}`,
        description: "Steps: open the page, look at the footer.",
        resolved: i % 4 === 0,
        highPriority: i % 5 === 0,
        reporterId: customer.id,
        createdAt: new Date(now - i * 3_600_000),
      })),
    );

    // One hash serves the whole pool: seeding should not cost what the sign-ins measure.
    const passwordHash = await hashPassword(SIGN_IN_PASSWORD);
    const pool: NewUser[] = Array.from({ length: options.signInUsers }, (_, i) => ({
      id: newId(),
      email: signInEmail(i),
      displayName: `Sign-in ${i}`,
      passwordHash,
    }));
    await db.insert(users).values(pool);
  } finally {
    await database.close();
  }
}
