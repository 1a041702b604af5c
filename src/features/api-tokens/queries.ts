// The SQL of personal API tokens. Every query names the owner in its `where`, so a token id of
// someone else's finds nothing.
import { and, desc, eq } from "drizzle-orm";
import { type ApiToken, apiTokens } from "../../../db/schema";
import type { Db } from "../../lib/db";

export async function insertApiToken(db: Db, row: Pick<ApiToken, "id" | "userId" | "name" | "tokenHash" | "expiresAt">): Promise<ApiToken> {
  const [created] = await db.insert(apiTokens).values(row).returning();
  if (!created) throw new Error("api token not created");
  return created;
}

export async function listUserApiTokens(db: Db, userId: string): Promise<ApiToken[]> {
  return db.select().from(apiTokens).where(eq(apiTokens.userId, userId)).orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
}

export async function countUserApiTokens(db: Db, userId: string): Promise<number> {
  return (await db.select({ id: apiTokens.id }).from(apiTokens).where(eq(apiTokens.userId, userId))).length;
}

/** Deletes the user's token and answers its name; null when the user has no such token. */
export async function deleteUserApiToken(db: Db, userId: string, tokenId: string): Promise<string | null> {
  const [deleted] = await db
    .delete(apiTokens)
    .where(and(eq(apiTokens.userId, userId), eq(apiTokens.id, tokenId)))
    .returning({ name: apiTokens.name });
  return deleted?.name ?? null;
}
