// The second factor (decision 028): TOTP codes from an authenticator app, and ten
// single-use recovery codes. The secret is stored sealed; recovery codes only as SHA-256 (they
// are 50 random bits each, so a fast hash is enough). A code is good for its 30-second step and
// the steps either side, and once only: the last accepted step is stored and must grow. A sign-in
// ticket works once and dies after 5 wrong codes in a row (decision 088).
import { timingSafeEqual } from "node:crypto";
import { decodeBase32IgnorePadding, encodeBase32LowerCaseNoPadding, encodeBase32UpperCaseNoPadding } from "@oslojs/encoding";
import { createTOTPKeyURI, generateHOTP } from "@oslojs/otp";
import { renderSVG } from "uqr";
import type { User } from "../../../db/schema";
import type { AppDeps } from "../../deps";
import { type Actor, hasMfa } from "../../http/actor";
import { badRequest, conflict, forbidden, notFound } from "../../http/errors";
import { clearFailures, recordFailure, refuseWhileThrottled } from "../../http/rate-limit";
import { revokeUserSessions } from "../../http/sessions";
import { randomBytes, sha256 } from "../../lib/crypto";
import { type AuditBy, recordAudit, userTarget } from "../audit/record";
import type { MfaSetup } from "./model";
import {
  claimTotpStep,
  consumeRecoveryCode,
  consumeSignInTicket,
  countRecoveryCodes,
  countWrongTicketCode,
  disableMfa,
  enableMfa,
  findUserById,
  openSignInTicket,
  replaceRecoveryCodes,
} from "./queries";
import { securityMails } from "./security-mails";
import { type Deps, LIMITS, type SignedIn, explainLimit, limitAttempts, signInUser } from "./service";

export type SealDeps = Pick<AppDeps, "database" | "config" | "sealer" | "tickets" | "jobs">;

const STEP_SECONDS = 30;
const DIGITS = 6;
const ISSUER = "Webstudio";
export const RECOVERY_CODE_COUNT = 10;
const SETUP_TICKET_TTL_SECONDS = 15 * 60;

export const WRONG_CODE_MESSAGE = "That code is not right. Enter the 6-digit code from your app, or a recovery code.";
export const USED_CODE_MESSAGE = "That code was already used. Wait for the next one in your app.";
const SIGN_IN_STEP_EXPIRED_MESSAGE = "This sign-in step has expired. Sign in again.";
/** Wrong codes in a row that spend a sign-in ticket: the password step must be repeated. */
export const MAX_WRONG_CODES_PER_TICKET = 5;
export const SIGN_IN_STEP_USED_MESSAGE = "This sign-in step was already used. Sign in again with your e-mail and password.";
export const TICKET_SPENT_MESSAGE = "That's 5 wrong codes in a row, so this sign-in has stopped. Sign in again with your e-mail and password.";
const SETUP_EXPIRED_MESSAGE = "This setup has expired. Start again.";

// ---------------------------------------------------------------------------------------------
// Codes

function currentStep(now = Date.now()): number {
  return Math.floor(now / 1000 / STEP_SECONDS);
}

function sameText(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/** The step (now, one before or one after) whose code this is, or null. */
function matchingStep(key: Uint8Array, code: string): number | null {
  const now = currentStep();
  for (const step of [now, now - 1, now + 1]) {
    if (sameText(generateHOTP(key, BigInt(step), DIGITS), code)) return step;
  }
  return null;
}

function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const text = encodeBase32LowerCaseNoPadding(randomBytes(8)).slice(0, 10);
    return `${text.slice(0, 5)}-${text.slice(5)}`;
  });
}

/** Recovery codes are compared without case, spaces or dashes. */
function hashRecoveryCode(code: string): string {
  return sha256(`recovery:${code.toLowerCase().replace(/[\s-]/g, "")}`);
}

function codeField(message: string) {
  return badRequest(message, { code: message });
}

type SecondFactorInput = {
  code: string;
  clientIp: string;
  allowRecovery: boolean;
  /**
   * "sign-in": someone past the password; attempts count per address (the ticket counts its own
   * wrong codes), never against the account, so knowing the password cannot lock its owner out.
   * "signed-in": the account's own session; attempts also count against the account.
   */
  by: "sign-in" | "signed-in";
  /** Called on a wrong code; answers the message to show, or throws (the 5th wrong code spends a sign-in ticket). */
  onWrong?: (message: string) => Promise<string>;
};

/**
 * Checks a 6-digit code (or a recovery code, when allowed) for this user. Wrong codes slow down
 * per account and address like wrong passwords (decision 021), and each address has its own budget,
 * so a farm of tickets cannot guess codes faster than one address may. A recovery code used is
 * mailed to the owner, with how many are left.
 */
export async function verifySecondFactor(deps: SealDeps, user: User, input: SecondFactorInput): Promise<"totp" | "recovery"> {
  const db = deps.database.db;
  const code = input.code.trim().replace(/\s/g, "");
  if (!code) throw codeField("Enter the code from your authenticator app, or a recovery code.");
  await limitAttempts(db, "code attempts", input.by === "sign-in" ? [[LIMITS.mfaIp, input.clientIp]] : [[LIMITS.mfaUser, user.id]]);
  await refuseWhileThrottled(db, "mfa", user.id, input.clientIp).catch((error: unknown) => {
    throw explainLimit(error, "code attempts");
  });
  const fail = async (message: string): Promise<never> => {
    await recordFailure(db, "mfa", user.id, input.clientIp);
    throw codeField(input.onWrong ? await input.onWrong(message) : message);
  };
  if (!user.totpSecretEnc) throw conflict("Two-factor authentication is not on for this account.");
  let kind: "totp" | "recovery";
  if (/^\d{6}$/.test(code)) {
    const step = matchingStep(decodeBase32IgnorePadding(deps.sealer.open(user.totpSecretEnc)), code);
    if (step === null) return fail(WRONG_CODE_MESSAGE);
    if (!(await claimTotpStep(db, user.id, step))) return fail(USED_CODE_MESSAGE);
    kind = "totp";
  } else {
    if (!input.allowRecovery || !(await consumeRecoveryCode(db, user.id, hashRecoveryCode(code)))) return fail(WRONG_CODE_MESSAGE);
    kind = "recovery";
    await securityMails.recoveryCodeUsed(deps, db, user, await countRecoveryCodes(db, user.id));
  }
  await clearFailures(db, "mfa", user.id, input.clientIp);
  return kind;
}

// ---------------------------------------------------------------------------------------------
// Setting it up, turning it off, new recovery codes (the signed-in user, in Settings)

/**
 * A new secret to scan, carried in a signed ticket: nothing is stored until the first code
 * confirms it. A ticket's claims are readable, so the secret rides in it sealed, as it is stored.
 */
export async function startMfaSetup(deps: Pick<AppDeps, "sealer" | "tickets">, actor: Actor): Promise<MfaSetup> {
  if (hasMfa(actor.user)) throw conflict("Two-factor authentication is already on.");
  const key = randomBytes(20);
  const secret = encodeBase32UpperCaseNoPadding(key);
  const otpauthUri = createTOTPKeyURI(ISSUER, actor.user.email, key, STEP_SECONDS, DIGITS);
  const ticket = await deps.tickets.issue("mfa-setup", actor.user.id, { s: deps.sealer.seal(secret) }, SETUP_TICKET_TTL_SECONDS);
  return { secret, otpauthUri, qrSvg: renderSVG(otpauthUri, { pixelSize: 6 }), ticket };
}

/**
 * Turns MFA on once the first code from the app matches, and answers the recovery codes (shown
 * once, stored hashed). Every other session of the account is signed out.
 */
export async function confirmMfaSetup(deps: SealDeps, actor: Actor, input: { ticket: string; code: string }): Promise<string[]> {
  const ticket = await deps.tickets.open("mfa-setup", input.ticket, ["s"]);
  if (!ticket || ticket.sub !== actor.user.id) throw badRequest(SETUP_EXPIRED_MESSAGE);
  if (hasMfa(actor.user)) throw conflict("Two-factor authentication is already on.");
  const db = deps.database.db;
  const code = input.code.trim().replace(/\s/g, "");
  await limitAttempts(db, "code attempts", [[LIMITS.mfaUser, actor.user.id]]);
  const step = /^\d{6}$/.test(code) ? matchingStep(decodeBase32IgnorePadding(deps.sealer.open(ticket.s)), code) : null;
  if (step === null) throw codeField("That code is not right. Check the time on your phone and enter the code your app shows now.");
  const codes = newRecoveryCodes();
  const enabled = await db.transaction(async (tx) => {
    const done = await enableMfa(tx, {
      userId: actor.user.id,
      secretEnc: ticket.s,
      step,
      codeHashes: codes.map(hashRecoveryCode),
      keepSessionId: actor.sessionId,
    });
    if (done) await securityMails.mfaTurnedOn(deps, tx, actor.user);
    return done;
  });
  if (!enabled) throw conflict("Two-factor authentication is already on.");
  return codes;
}

/**
 * Turns MFA off and mails the owner. The caller has re-proved the person first (reprove.ts
 * `turnOffOwnMfa`): the password and a code.
 */
export async function disableMfaAndTell(deps: SealDeps, user: User): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    await disableMfa(tx, user.id);
    await securityMails.mfaTurnedOff(deps, tx, user, { byAdmin: false });
  });
}

/** Ten new recovery codes replace the old ones; needs a current code from the app. */
export async function regenerateRecoveryCodes(deps: SealDeps, actor: Actor, input: { code: string }, clientIp: string): Promise<string[]> {
  await verifySecondFactor(deps, actor.user, { code: input.code, clientIp, allowRecovery: false, by: "signed-in" });
  const codes = newRecoveryCodes();
  await replaceRecoveryCodes(deps.database.db, actor.user.id, codes.map(hashRecoveryCode));
  return codes;
}

export async function mfaStatus(deps: Deps, user: User): Promise<{ enabled: boolean; recoveryCodesLeft: number }> {
  if (!hasMfa(user)) return { enabled: false, recoveryCodesLeft: 0 };
  return { enabled: true, recoveryCodesLeft: await countRecoveryCodes(deps.database.db, user.id) };
}

/**
 * A super admin turns another user's MFA off (a lost phone). Their sessions end, so they sign in
 * with their password and, if they are an admin under REQUIRE_ADMIN_MFA, set it up again. One
 * function so the audit log can wrap it.
 */
export async function resetUserMfa(deps: Deps & Pick<AppDeps, "jobs">, actor: Actor, userId: string, by: AuditBy): Promise<string> {
  if (!actor.isSuperAdmin) throw forbidden("Only super admins can reset two-factor authentication.");
  if (userId === actor.user.id) throw conflict("Turn your own two-factor authentication off in Settings → Security.");
  const db = deps.database.db;
  const user = await findUserById(db, userId);
  if (!user) throw notFound("No users matched those filters.");
  if (!hasMfa(user)) throw conflict(`${user.displayName} has no two-factor authentication to reset.`);
  await db.transaction(async (tx) => {
    await disableMfa(tx, user.id);
    await revokeUserSessions(tx, user.id);
    await securityMails.mfaTurnedOff(deps, tx, user, { byAdmin: true });
    await recordAudit(tx, by, { action: "user.mfa_reset", target: userTarget(user), before: { mfa: true }, after: { mfa: false, signedOut: true } });
  });
  return `Two-factor authentication of ${user.displayName} has been reset.`;
}

// ---------------------------------------------------------------------------------------------
// Signing in: the password gives a signed ticket, the ticket and a code give the session.

/**
 * The ticket is a signed JWT, valid for 5 minutes wherever it goes; its row (keyed by its `jti`)
 * makes it work once and counts its wrong codes in a row: the 5th spends it, and the password
 * step must be repeated. Nothing counts against the account itself.
 */
export async function completeMfaSignIn(deps: SealDeps, input: { ticket: string; code: string }, clientIp: string): Promise<SignedIn> {
  const db = deps.database.db;
  const ticket = await deps.tickets.open("mfa-sign-in", input.ticket, ["h"]);
  const user = ticket ? await findUserById(db, ticket.sub) : null;
  // Bound to the password it was issued for: a password change or reset kills it.
  if (!ticket || !user || !hasMfa(user) || ticket.h !== sha256(user.passwordHash ?? "")) throw badRequest(SIGN_IN_STEP_EXPIRED_MESSAGE);
  const state = await openSignInTicket(db, { id: ticket.jti, userId: user.id, expiresAt: new Date(ticket.exp * 1000) });
  if (!state || state.usedAt !== null) throw badRequest(SIGN_IN_STEP_USED_MESSAGE);
  if (state.wrongCodes >= MAX_WRONG_CODES_PER_TICKET) throw badRequest(TICKET_SPENT_MESSAGE);
  // The 5th wrong code ends the step: no field to fix, so the sign-in form starts over.
  const onWrong = async (message: string) => {
    if ((await countWrongTicketCode(db, ticket.jti)) >= MAX_WRONG_CODES_PER_TICKET) throw badRequest(TICKET_SPENT_MESSAGE);
    return message;
  };
  await verifySecondFactor(deps, user, { code: input.code, clientIp, allowRecovery: true, by: "sign-in", onWrong });
  // Two requests racing with one ticket (and two good codes): the update lets one through.
  if (!(await consumeSignInTicket(db, ticket.jti, MAX_WRONG_CODES_PER_TICKET))) throw badRequest(SIGN_IN_STEP_USED_MESSAGE);
  return { user, cookie: await signInUser(deps, user.id) };
}

/** After a provider's sign-in the ticket travels to /login/code in a cookie only that page reads. */
export const MFA_TICKET_COOKIE = "mfa-ticket";

export function mfaTicketCookie(deps: Pick<AppDeps, "config">, ticket: string): string {
  return `${MFA_TICKET_COOKIE}=${ticket}; Path=/login; HttpOnly; SameSite=Lax; Max-Age=300${deps.config.secureCookies ? "; Secure" : ""}`;
}

export function clearMfaTicketCookie(deps: Pick<AppDeps, "config">): string {
  return `${MFA_TICKET_COOKIE}=; Path=/login; HttpOnly; SameSite=Lax; Max-Age=0${deps.config.secureCookies ? "; Secure" : ""}`;
}
