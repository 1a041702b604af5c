// Personal API tokens (decision 086): created by their owner from a signed-in session, listed
// without their secret, revoked at once by the owner or an admin. Using them is src/http's job.
import type { ApiToken } from "../../../db/schema";
import type { AppDeps } from "../../deps";
import type { Actor } from "../../http/actor";
import { newApiTokenSecret } from "../../http/api-tokens";
import { conflict, forbidden, notFound } from "../../http/errors";
import { newId } from "../../lib/ids";
import { type AuditBy, recordAudit } from "../audit";
import { enqueueMail } from "../mail";
import { tokenCreatedMail } from "./mails";
import { countUserApiTokens, deleteUserApiToken, insertApiToken, listUserApiTokens } from "./queries";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Enough for every tool a studio wires in; a runaway script cannot fill the table. */
export const MAX_TOKENS_PER_USER = 50;
export const TOKENS_CANNOT_CREATE_TOKENS = "An API token cannot create tokens: sign in and create it in Settings → API tokens.";

export type PublicApiToken = { id: string; name: string; createdAt: string; lastUsedAt: string | null; expiresAt: string | null };

export function toPublicApiToken(token: ApiToken): PublicApiToken {
  return {
    id: token.id,
    name: token.name,
    createdAt: token.createdAt.toISOString(),
    lastUsedAt: token.lastUsedAt?.toISOString() ?? null,
    expiresAt: token.expiresAt?.toISOString() ?? null,
  };
}

/** Creates a token for the signed-in user and mails them that it exists; the secret is returned this once. */
export async function createApiToken(
  deps: AppDeps,
  actor: Actor,
  input: { name: string; expiresInDays?: number | null },
): Promise<PublicApiToken & { token: string; lastUsedAt: null }> {
  // A leaked token must not be able to mint fresh ones that outlive its revocation.
  if (actor.apiTokenId) throw forbidden(TOKENS_CANNOT_CREATE_TOKENS);
  const name = input.name.trim();
  if (!name) throw conflict("Give the token a name.");
  const now = deps.now();
  const { token, hash } = newApiTokenSecret();
  const expiresAt = input.expiresInDays ? new Date(now.getTime() + input.expiresInDays * DAY_MS) : null;
  const created = await deps.database.db.transaction(async (tx) => {
    if ((await countUserApiTokens(tx, actor.user.id)) >= MAX_TOKENS_PER_USER) {
      throw conflict(`You have ${MAX_TOKENS_PER_USER} API tokens already: revoke one you no longer use first.`);
    }
    const row = await insertApiToken(tx, { id: newId(now.getTime()), userId: actor.user.id, name, tokenHash: hash, expiresAt });
    await enqueueMail(deps.jobs, tx, await tokenCreatedMail(deps, actor.user, { name, createdAt: now, expiresAt }));
    return row;
  });
  return { ...toPublicApiToken(created), lastUsedAt: null, token };
}

export async function listApiTokens(deps: AppDeps, userId: string): Promise<PublicApiToken[]> {
  return (await listUserApiTokens(deps.database.db, userId)).map(toPublicApiToken);
}

/** Revokes one of `userId`'s tokens at once: the next request with it is refused. An admin's revocation is audited. */
export async function revokeApiToken(deps: AppDeps, userId: string, tokenId: string, by?: AuditBy): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    const name = await deleteUserApiToken(tx, userId, tokenId);
    if (name === null) throw notFound("There is no such API token.");
    if (by) await recordAudit(tx, by, { action: "api_token.revoke", target: { type: "api_token", id: tokenId, label: name }, before: { userId, name } });
  });
}
