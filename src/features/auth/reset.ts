// Password reset by e-mail: a single-use token, mailed as a link, valid for an hour.
import type { User } from "../../../db/schema";
import type { AppDeps } from "../../deps";
import { hasMfa } from "../../http/actor";
import { badRequest } from "../../http/errors";
import { revokeUserSessions } from "../../http/sessions";
import { randomToken, sha256 } from "../../lib/crypto";
import { enqueueMail } from "../mail/outbox";
import { checkNewPassword, hashPassword } from "./passwords";
import { consumeResetToken, expireResetTokens, findResetToken, findUserByEmail, findUserById, insertResetToken, setPassword } from "./queries";
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
    await enqueueMail(deps.jobs, tx, {
      to: user.email,
      subject: "Reset your Webstudio password",
      text: [
        `Hello ${user.displayName},`,
        "",
        "Someone (hopefully you) asked to reset the password of your Webstudio account.",
        "Open this link within one hour to choose a new password:",
        "",
        link,
        "",
        "If you did not ask for this, ignore this e-mail: your password stays as it is.",
      ].join("\n"),
      html: resetMailHtml(user.displayName, link),
    });
  });
  return RESET_SENT_MESSAGE;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function resetMailHtml(name: string, link: string): string {
  const href = escapeHtml(link);
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111827;line-height:1.5">
<p>Hello ${escapeHtml(name)},</p>
<p>Someone (hopefully you) asked to reset the password of your Webstudio account. This link works once, within one hour:</p>
<p><a href="${href}" style="display:inline-block;padding:10px 18px;border-radius:8px;background:#2563eb;color:#fff;text-decoration:none;font-weight:600">Choose a new password</a></p>
<p style="color:#6b7280;font-size:14px">Or paste this address into your browser: ${href}</p>
<p style="color:#6b7280;font-size:14px">If you did not ask for this, ignore this e-mail: your password stays as it is.</p>
</body></html>`;
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
