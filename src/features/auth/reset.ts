// Password reset by e-mail: a single-use token, mailed as a link, valid for an hour.
import type { User } from "../../../db/schema";
import type { AppDeps } from "../../deps";
import { hasMfa } from "../../http/actor";
import { badRequest } from "../../http/errors";
import { revokeUserSessions } from "../../http/sessions";
import { randomToken, sha256 } from "../../lib/crypto";
import { enqueueMail } from "../mail";
import { checkNewPassword, hashPassword } from "./passwords";
import { consumeResetToken, expireResetTokens, findResetToken, findUserByEmail, findUserById, insertResetToken, setPassword } from "./queries";
import { resetLinkMail } from "./security-mails";
import { type Deps, LIMITS, type SignedIn, answerNoSoonerThan, checkEmail, createSignInTicket, limitAttempts, signInUser, throwIfInvalid } from "./service";

export const RESET_SENT_MESSAGE = "Check your email for a link to reset your password.";
export const RESET_LINK_INVALID_MESSAGE = "This password reset link is invalid or has expired. Ask for a new one.";
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/**
 * Every reset request that gets this far takes at least this long, with or without an account:
 * writing the token and the mail took ~12 ms where an unknown e-mail took ~7, which told which
 * addresses have accounts. The floor sits well above the work, so the difference disappears.
 */
export const RESET_ANSWER_MS = 150;

/** Always answers the same, in the same time, whether or not the e-mail has an account. */
export async function requestPasswordReset(deps: AppDeps, input: { email: string }, clientIp: string): Promise<string> {
  const fields: Record<string, string> = {};
  const email = checkEmail(input.email, fields);
  throwIfInvalid(fields);
  const db = deps.database.db;
  await limitAttempts(db, "reset requests", [
    [LIMITS.resetIp, clientIp],
    [LIMITS.resetEmail, email],
  ]);
  const startedAt = performance.now();
  try {
    return await sendResetLink(deps, email);
  } finally {
    await answerNoSoonerThan(startedAt, RESET_ANSWER_MS);
  }
}

async function sendResetLink(deps: AppDeps, email: string): Promise<string> {
  const db = deps.database.db;
  const user = await findUserByEmail(db, email);
  if (!user) return RESET_SENT_MESSAGE;
  const token = randomToken();
  const link = `${deps.config.publicUrl}/reset?token=${encodeURIComponent(token)}`;
  await db.transaction(async (tx) => {
    await insertResetToken(tx, { id: sha256(token), userId: user.id, expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS) });
    await enqueueMail(deps.jobs, tx, await resetLinkMail(deps, user, link));
  });
  return RESET_SENT_MESSAGE;
}

/** Whether a reset link can still be used (for showing the form or an explanation). */
export async function isResetTokenUsable(deps: Deps, token: string): Promise<boolean> {
  if (!token || token.length > 200) return false;
  return (await findResetToken(deps.database.db, sha256(token))) !== null;
}

/**
 * Sets the new password from a mailed link, signs everyone else out and signs this browser in;
 * an account with a second factor gets the code step instead (a mailbox is not a second factor).
 */
export async function confirmPasswordReset(
  deps: Deps & Pick<AppDeps, "tickets">,
  input: { token: string; password: string },
  clientIp: string,
): Promise<SignedIn | { user: User; cookie: null; ticket: string }> {
  const fields: Record<string, string> = {};
  checkNewPassword(input.password, fields);
  throwIfInvalid(fields);
  const db = deps.database.db;
  await limitAttempts(db, "reset attempts", [[LIMITS.resetConfirmIp, clientIp]]);
  if (!input.token || input.token.length > 200) throw badRequest(RESET_LINK_INVALID_MESSAGE);
  // Hash before consuming the token: a slow hash must not leave a used token with no new password.
  const passwordHash = await hashPassword(input.password);
  const userId = await consumeResetToken(db, sha256(input.token));
  const user = userId ? await findUserById(db, userId) : null;
  if (!user) throw badRequest(RESET_LINK_INVALID_MESSAGE);
  await setPassword(db, user.id, passwordHash);
  await expireResetTokens(db, user.id);
  await revokeUserSessions(db, user.id);
  if (hasMfa(user)) return { user, cookie: null, ticket: await createSignInTicket(deps, { ...user, passwordHash }) };
  return { user, cookie: await signInUser(deps, user.id) };
}
