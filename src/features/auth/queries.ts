// SQL of the auth feature: users by e-mail, reset tokens, linked provider accounts.
import { and, eq, gt, isNull } from "drizzle-orm";
import { type NewUser, type User, oauthAccounts, passwordResetTokens, users } from "../../../db/schema";
import type { Db } from "../../lib/db";

export async function findUserByEmail(db: Db, email: string): Promise<User | null> {
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return user ?? null;
}

export async function findUserById(db: Db, id: string): Promise<User | null> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user ?? null;
}

/** Inserts the user unless the e-mail is taken; null means it was taken. */
export async function insertUser(db: Db, values: NewUser): Promise<User | null> {
  const [user] = await db.insert(users).values(values).onConflictDoNothing({ target: users.email }).returning();
  return user ?? null;
}

export async function setPassword(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash, passwordExpiresAt: null, mustChangePassword: false }).where(eq(users.id, userId));
}

export async function insertResetToken(db: Db, values: { id: string; userId: string; expiresAt: Date }): Promise<void> {
  await db.insert(passwordResetTokens).values(values);
}

/**
 * Marks an unused, unexpired token as used and returns its user. The update is the check, so
 * two requests racing with the same token cannot both succeed.
 */
export async function consumeResetToken(db: Db, tokenHash: string): Promise<string | null> {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResetTokens.id, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, new Date())))
    .returning({ userId: passwordResetTokens.userId });
  return row?.userId ?? null;
}

export async function findResetToken(db: Db, tokenHash: string): Promise<{ userId: string } | null> {
  const [row] = await db
    .select({ userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.id, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, new Date())))
    .limit(1);
  return row ?? null;
}

/** Other links still waiting in the user's inbox stop working once one of them was used. */
export async function expireResetTokens(db: Db, userId: string): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

export async function findLinkedUser(db: Db, provider: string, providerUserId: string): Promise<User | null> {
  const [row] = await db
    .select({ user: users })
    .from(oauthAccounts)
    .innerJoin(users, eq(users.id, oauthAccounts.userId))
    .where(and(eq(oauthAccounts.provider, provider), eq(oauthAccounts.providerUserId, providerUserId)))
    .limit(1);
  return row?.user ?? null;
}

export async function linkAccount(db: Db, values: { provider: string; providerUserId: string; userId: string }): Promise<void> {
  await db.insert(oauthAccounts).values(values).onConflictDoNothing();
}
