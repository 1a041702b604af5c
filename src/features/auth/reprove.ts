// Dangerous actions re-prove the person (decision 088): deleting the account, changing its e-mail
// and turning the second factor off need the current password (or, for an account without one,
// a fresh code e-mailed to it) and, when two-factor authentication is on, a code from the app or
// a recovery code. A session cookie alone, stolen or left open, is not enough for any of them.
import { randomInt } from "node:crypto";
import type { AppDeps } from "../../deps";
import { type Actor, hasMfa } from "../../http/actor";
import { badRequest, conflict } from "../../http/errors";
import { sha256 } from "../../lib/crypto";
import { type SealDeps, disableMfaAndTell, verifySecondFactor } from "./mfa";
import { verifyPassword } from "./passwords";
import { consumeEmailCode, countWrongEmailCode, findEmailCode, putEmailCode } from "./queries";
import { securityMails } from "./security-mails";
import { LIMITS, limitAttempts, throwIfInvalid } from "./service";

type ReproveDeps = SealDeps & Pick<AppDeps, "now">;

/** What the person offers as proof; which parts are needed depends on the account. */
export type Proof = { currentPassword?: string | undefined; code?: string | undefined; emailCode?: string | undefined };

export const EMAIL_CODE_MINUTES = 10;
export const MAX_EMAIL_CODE_TRIES = 5;

const fieldError = (name: keyof Proof, message: string) => badRequest(message, { [name]: message });
const hashEmailCode = (userId: string, code: string) => sha256(`email-code:${userId}:${code}`);

/**
 * E-mails a 6-digit code to an account without a password (made through Google or OIDC). It
 * replaces any earlier code and works once, for 10 minutes, with 5 tries.
 */
export async function sendConfirmationCode(deps: ReproveDeps, actor: Actor): Promise<string> {
  if (actor.user.passwordHash) throw conflict("Your account has a password: confirm with your password instead.");
  const db = deps.database.db;
  await limitAttempts(db, "code e-mails", [[LIMITS.emailCodeUser, actor.user.id]]);
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const expiresAt = new Date(deps.now().getTime() + EMAIL_CODE_MINUTES * 60_000);
  await db.transaction(async (tx) => {
    await putEmailCode(tx, { userId: actor.user.id, codeHash: hashEmailCode(actor.user.id, code), expiresAt });
    await securityMails.confirmationCode(deps, tx, actor.user, code, EMAIL_CODE_MINUTES);
  });
  return `We sent a 6-digit code to ${actor.user.email}. It works for ${EMAIL_CODE_MINUTES} minutes.`;
}

/** Checks the e-mailed code without using it up; answers its hash. Wrong tries count. */
async function checkEmailCode(deps: ReproveDeps, userId: string, raw: string): Promise<string> {
  const db = deps.database.db;
  const code = raw.replace(/\s/g, "");
  const row = await findEmailCode(db, userId);
  if (!row || row.usedAt !== null) throw fieldError("emailCode", "That code was already used, or no code was sent. Ask for a new code.");
  if (row.expiresAt.getTime() <= deps.now().getTime()) throw fieldError("emailCode", "That code has expired. Ask for a new code.");
  if (row.wrongTries >= MAX_EMAIL_CODE_TRIES) throw fieldError("emailCode", "Too many wrong tries for that code. Ask for a new code.");
  const hash = hashEmailCode(userId, code);
  if (hash !== row.codeHash) {
    const tries = await countWrongEmailCode(db, userId);
    throw fieldError(
      "emailCode",
      tries >= MAX_EMAIL_CODE_TRIES
        ? "That code is not right, and that was the last try. Ask for a new code."
        : "That code is not right. Check the e-mail we sent you and try again.",
    );
  }
  return hash;
}

/**
 * Throws unless the signed-in person proves again that they own the account: the current
 * password (or the e-mailed code), then the second factor when it is on. Missing parts are named
 * all at once; nothing is used up until every part is right (a TOTP step is, once checked).
 */
export async function confirmIdentity(deps: ReproveDeps, actor: Actor, proof: Proof, clientIp: string): Promise<void> {
  const user = actor.user;
  const db = deps.database.db;
  const fields: Record<string, string> = {};
  if (user.passwordHash) {
    if (!proof.currentPassword) fields.currentPassword = "Enter your current password.";
  } else if (!proof.emailCode?.trim()) {
    fields.emailCode = "Enter the code we e-mailed you. No code yet? Choose 'Send me a code'.";
  }
  if (hasMfa(user) && !proof.code?.trim()) fields.code = "Enter the code from your authenticator app, or a recovery code.";
  throwIfInvalid(fields);

  let emailCodeHash: string | null = null;
  if (user.passwordHash) {
    await limitAttempts(db, "password attempts", [[LIMITS.passwordChangeUser, user.id]]);
    if (!(await verifyPassword(proof.currentPassword ?? "", user.passwordHash))) throw fieldError("currentPassword", "The current password is incorrect.");
  } else {
    emailCodeHash = await checkEmailCode(deps, user.id, proof.emailCode ?? "");
  }
  if (hasMfa(user)) await verifySecondFactor(deps, user, { code: proof.code ?? "", clientIp, allowRecovery: true, by: "signed-in" });
  // Two requests racing with one e-mailed code: the update lets one through.
  if (emailCodeHash && !(await consumeEmailCode(db, user.id, emailCodeHash))) {
    throw fieldError("emailCode", "That code was already used, or no code was sent. Ask for a new code.");
  }
}

/** Turns the person's own second factor off: the password (or e-mailed code) and a current code. */
export async function turnOffOwnMfa(deps: ReproveDeps, actor: Actor, proof: Proof, clientIp: string): Promise<void> {
  if (!hasMfa(actor.user)) throw conflict("Two-factor authentication is not on for this account.");
  await confirmIdentity(deps, actor, proof, clientIp);
  await disableMfaAndTell(deps, actor.user);
}
