// SQL of the auth feature: users by e-mail, reset tokens, linked provider accounts, second factors.
import { and, eq, gt, isNull, lt, ne, or, sql } from "drizzle-orm";
import { type NewUser, type User, emailCodes, oauthAccounts, passwordResetTokens, recoveryCodes, sessions, signInTickets, users } from "../../../db/schema";
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

// ---------------------------------------------------------------------------------------------
// Second factor

/**
 * Turns MFA on with its first accepted step, replaces the recovery codes and signs every other
 * session out, in one transaction. Refused (false) when MFA is already on.
 */
export async function enableMfa(
  db: Db,
  values: { userId: string; secretEnc: string; step: number; codeHashes: string[]; keepSessionId: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ totpSecretEnc: values.secretEnc, totpLastStep: values.step })
      .where(and(eq(users.id, values.userId), isNull(users.totpSecretEnc)))
      .returning({ id: users.id });
    if (!row) return false;
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, values.userId));
    await tx.insert(recoveryCodes).values(values.codeHashes.map((codeHash) => ({ userId: values.userId, codeHash })));
    await tx.delete(sessions).where(and(eq(sessions.userId, values.userId), ne(sessions.id, values.keepSessionId)));
    return true;
  });
}

/** Turns MFA off and forgets the recovery codes. */
export async function disableMfa(db: Db, userId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.update(users).set({ totpSecretEnc: null, totpLastStep: null }).where(eq(users.id, userId)).returning({ had: users.id });
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    return row !== undefined;
  });
}

/**
 * Records that a code of this step was accepted; false when this or a later step was already
 * used. The update is the check, so two requests with one code cannot both pass.
 */
export async function claimTotpStep(db: Db, userId: string, step: number): Promise<boolean> {
  const [row] = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return row !== undefined;
}

/** Uses up a recovery code; false when it is not one of the user's unused codes. */
export async function consumeRecoveryCode(db: Db, userId: string, codeHash: string): Promise<boolean> {
  const gone = await db
    .delete(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash)))
    .returning({ userId: recoveryCodes.userId });
  return gone.length > 0;
}

export async function replaceRecoveryCodes(db: Db, userId: string, codeHashes: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
  });
}

export async function countRecoveryCodes(db: Db, userId: string): Promise<number> {
  const rows = await db.select({ userId: recoveryCodes.userId }).from(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  return rows.length;
}

// ---------------------------------------------------------------------------------------------
// MFA sign-in tickets at their code step (decision 088)

/** The ticket's row, made on its first code; null when the row belongs to another user. */
export async function openSignInTicket(
  db: Db,
  values: { id: string; userId: string; expiresAt: Date },
): Promise<{ wrongCodes: number; usedAt: Date | null } | null> {
  await db.insert(signInTickets).values(values).onConflictDoNothing();
  const [row] = await db
    .select({ wrongCodes: signInTickets.wrongCodes, usedAt: signInTickets.usedAt })
    .from(signInTickets)
    .where(and(eq(signInTickets.id, values.id), eq(signInTickets.userId, values.userId)))
    .limit(1);
  return row ?? null;
}

/** Counts one wrong code against the ticket; answers how many it has now. */
export async function countWrongTicketCode(db: Db, id: string): Promise<number> {
  const [row] = await db
    .update(signInTickets)
    .set({ wrongCodes: sql`${signInTickets.wrongCodes} + 1` })
    .where(eq(signInTickets.id, id))
    .returning({ wrongCodes: signInTickets.wrongCodes });
  return row?.wrongCodes ?? Number.MAX_SAFE_INTEGER;
}

/** Marks the ticket used; false when another request used (or spent) it first. The update is the check. */
export async function consumeSignInTicket(db: Db, id: string, maxWrong: number): Promise<boolean> {
  const [row] = await db
    .update(signInTickets)
    .set({ usedAt: new Date() })
    .where(and(eq(signInTickets.id, id), isNull(signInTickets.usedAt), lt(signInTickets.wrongCodes, maxWrong)))
    .returning({ id: signInTickets.id });
  return row !== undefined;
}

export async function pruneSignInTickets(db: Db): Promise<void> {
  await db.delete(signInTickets).where(lt(signInTickets.expiresAt, new Date()));
}

// ---------------------------------------------------------------------------------------------
// E-mailed confirmation codes (accounts without a password)

/** Stores the account's new code in place of any earlier one. */
export async function putEmailCode(db: Db, values: { userId: string; codeHash: string; expiresAt: Date }): Promise<void> {
  await db
    .insert(emailCodes)
    .values(values)
    .onConflictDoUpdate({
      target: emailCodes.userId,
      set: { codeHash: values.codeHash, expiresAt: values.expiresAt, wrongTries: 0, usedAt: null, createdAt: new Date() },
    });
}

export async function findEmailCode(db: Db, userId: string): Promise<{ codeHash: string; wrongTries: number; usedAt: Date | null; expiresAt: Date } | null> {
  const [row] = await db
    .select({ codeHash: emailCodes.codeHash, wrongTries: emailCodes.wrongTries, usedAt: emailCodes.usedAt, expiresAt: emailCodes.expiresAt })
    .from(emailCodes)
    .where(eq(emailCodes.userId, userId))
    .limit(1);
  return row ?? null;
}

/** Counts one wrong try; answers how many the code has now. */
export async function countWrongEmailCode(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .update(emailCodes)
    .set({ wrongTries: sql`${emailCodes.wrongTries} + 1` })
    .where(eq(emailCodes.userId, userId))
    .returning({ wrongTries: emailCodes.wrongTries });
  return row?.wrongTries ?? Number.MAX_SAFE_INTEGER;
}

/** Uses the code up; false when it was used (or replaced) in the meantime. The update is the check. */
export async function consumeEmailCode(db: Db, userId: string, codeHash: string): Promise<boolean> {
  const [row] = await db
    .update(emailCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(emailCodes.userId, userId), eq(emailCodes.codeHash, codeHash), isNull(emailCodes.usedAt)))
    .returning({ userId: emailCodes.userId });
  return row !== undefined;
}
