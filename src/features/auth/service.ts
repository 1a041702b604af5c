// Account rules shared by the auth API, the auth pages and other features (orders sign a new
// visitor in with signInUser): registering, signing in, the temporary password's change step,
// changing a password. Services never see Elysia's context: they take deps and values.
import type { User } from "../../../db/schema";
import type { AppDeps } from "../../deps";
import { type Actor, hasMfa, isAdmin, isSuperAdmin } from "../../http/actor";
import { HttpError, badRequest, conflict, unauthorized } from "../../http/errors";
import { MFA_SETUP_PATH, PASSWORD_STEP_COOKIE } from "../../http/guards";
import { type Limit, clearFailures, enforceRateLimit, recordFailure, refuseWhileThrottled } from "../../http/rate-limit";
import { createSession, revokeUserSessions, sessionCookie } from "../../http/sessions";
import { sha256 } from "../../lib/crypto";
import type { Db } from "../../lib/db";
import { newId } from "../../lib/ids";
import type { PublicUser } from "./model";
import { checkNewPassword, getDecoyHash, hashPassword, verifyPassword } from "./passwords";
import { findUserByEmail, findUserById, insertUser, setPassword } from "./queries";

export type Deps = Pick<AppDeps, "database" | "config">;

export const EMAIL_IN_USE_MESSAGE = "The email address is already in use by another account.";
export const WRONG_CREDENTIALS_MESSAGE = "The e-mail or password you entered is incorrect.";

export const TEMPORARY_PASSWORD_EXPIRED_MESSAGE = "Your temporary password has expired. Use 'Forgot Password?' to get a link to choose a new one.";

const CHANGE_TICKET_TTL_SECONDS = 15 * 60;

// ---------------------------------------------------------------------------------------------
// Sessions

/**
 * Starts a new session for the user and returns the Set-Cookie header value to send with the
 * response. Every sign-in gets a fresh token, so a token planted before sign-in is useless.
 */
export async function signInUser(deps: Deps, userId: string): Promise<string> {
  const { token, expiresAt } = await createSession(deps.database.db, userId);
  return sessionCookie(token, expiresAt, deps.config.secureCookies);
}

// ---------------------------------------------------------------------------------------------
// What a client may see of a user: never the hash, the keys or the storage key.

export function toPublicUser(user: User, keys: { adminKey: string; superAdminKey: string }): PublicUser {
  return {
    _id: user.id,
    email: user.email,
    displayName: user.displayName,
    photoURL: user.photoURL,
    createdAt: user.createdAt.toISOString(),
    isAdmin: isAdmin(user, keys),
    isSuperAdmin: isSuperAdmin(user, keys),
    hasPassword: user.passwordHash !== null,
    mfaEnabled: hasMfa(user),
    settings: user.settings,
  };
}

// ---------------------------------------------------------------------------------------------
// Input rules (the same for the JSON API and the HTML forms)

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function checkEmail(raw: string, fields: Record<string, string>, name = "email"): string {
  const email = normalizeEmail(raw);
  if (!email) fields[name] = "E-mail is required.";
  else if (email.length > 254 || !EMAIL_PATTERN.test(email)) fields[name] = "The e-mail address is badly formatted.";
  return email;
}

export function checkDisplayName(raw: string, fields: Record<string, string>, name = "displayName"): string {
  const displayName = raw.trim().replace(/\s+/g, " ");
  if (!displayName) fields[name] = "Full name is required.";
  else if (displayName.length > 100) fields[name] = "Full name must be at most 100 characters.";
  return displayName;
}

/** Throws 400 naming every bad field at once, with the first problem as the message. */
export function throwIfInvalid(fields: Record<string, string>): void {
  const first = Object.values(fields)[0];
  if (first) throw badRequest(first, fields);
}

// ---------------------------------------------------------------------------------------------
// Rate limits: per client address and per e-mail, counted in the database (shared by instances).
// Sign-in has no per-e-mail limit: that would let anyone lock an account's owner out. Failed
// sign-ins slow down per account and address instead (src/http/rate-limit.ts).

export const LIMITS = {
  loginIp: { name: "login-ip", max: 30, windowMs: 15 * 60 * 1000 },
  registerIp: { name: "register-ip", max: 10, windowMs: 60 * 60 * 1000 },
  registerEmail: { name: "register-email", max: 5, windowMs: 60 * 60 * 1000 },
  resetIp: { name: "reset-ip", max: 10, windowMs: 60 * 60 * 1000 },
  resetEmail: { name: "reset-email", max: 5, windowMs: 60 * 60 * 1000 },
  resetConfirmIp: { name: "reset-confirm-ip", max: 20, windowMs: 15 * 60 * 1000 },
  passwordChangeUser: { name: "password-change-user", max: 10, windowMs: 15 * 60 * 1000 },
  // Second-factor codes in Settings: only the account's own session can spend these.
  mfaUser: { name: "mfa-user", max: 10, windowMs: 15 * 60 * 1000 },
  // Second-factor codes at sign-in: per address, never per account (decision 088); each ticket
  // also stops after 5 wrong codes.
  mfaIp: { name: "mfa-ip", max: 30, windowMs: 15 * 60 * 1000 },
  // E-mailed confirmation codes (accounts without a password): mails asked for, per account.
  emailCodeUser: { name: "email-code-user", max: 5, windowMs: 60 * 60 * 1000 },
} satisfies Record<string, Limit>;

/** The 429 of a limiter, reworded to say what was limited and for how long. */
export function explainLimit(error: unknown, what: string): unknown {
  if (!(error instanceof HttpError) || error.status !== 429) return error;
  const seconds = Number(error.headers?.["retry-after"] ?? "60");
  const wait = seconds >= 120 ? `${Math.ceil(seconds / 60)} minutes` : `${seconds} ${seconds === 1 ? "second" : "seconds"}`;
  return new HttpError(429, `Too many ${what}. Try again in ${wait}.`, undefined, error.headers);
}

/** Counts one attempt against every subject; the 429 says what was limited and for how long. */
export async function limitAttempts(db: Db, what: string, checks: Array<[Limit, string]>): Promise<void> {
  for (const [limit, subject] of checks) {
    try {
      await enforceRateLimit(db, limit, subject);
    } catch (error) {
      throw explainLimit(error, what);
    }
  }
}

/** Holds for the same minimum time whatever happened, so timing does not tell accounts apart. */
export async function answerNoSoonerThan(startedAt: number, minimumMs: number): Promise<void> {
  const left = startedAt + minimumMs - performance.now();
  if (left > 0) await Bun.sleep(left);
}

// ---------------------------------------------------------------------------------------------
// Register, sign in, change the password

export type SignedIn = { user: User; cookie: string };

export async function registerUser(deps: Deps, input: { email: string; displayName: string; password: string }, clientIp: string): Promise<SignedIn> {
  const fields: Record<string, string> = {};
  const email = checkEmail(input.email, fields);
  const displayName = checkDisplayName(input.displayName, fields);
  checkNewPassword(input.password, fields);
  throwIfInvalid(fields);
  const db = deps.database.db;
  await limitAttempts(db, "sign-up attempts", [
    [LIMITS.registerIp, clientIp],
    [LIMITS.registerEmail, email],
  ]);
  if (await findUserByEmail(db, email)) throw conflict(EMAIL_IN_USE_MESSAGE);
  const user = await insertUser(db, { id: newId(), email, displayName, passwordHash: await hashPassword(input.password) });
  // Two sign-ups racing for one e-mail: the unique index decides, the loser gets the same 409.
  if (!user) throw conflict(EMAIL_IN_USE_MESSAGE);
  return { user, cookie: await signInUser(deps, user.id) };
}

export type LoginResult =
  | ({ kind: "signed-in" } & SignedIn)
  | { kind: "choose-password"; ticket: string; user: User }
  | { kind: "second-factor"; ticket: string; user: User };

export async function loginUser(
  deps: Pick<AppDeps, "database" | "config" | "tickets">,
  input: { email: string; password: string },
  clientIp: string,
): Promise<LoginResult> {
  const fields: Record<string, string> = {};
  const email = checkEmail(input.email, fields);
  if (!input.password) fields.password = "Password is required.";
  throwIfInvalid(fields);
  const db = deps.database.db;
  await limitAttempts(db, "sign-in attempts", [[LIMITS.loginIp, clientIp]]);
  await refuseWhileThrottled(db, "login", email, clientIp).catch((error: unknown) => {
    throw explainLimit(error, "sign-in attempts");
  });
  const user = await findUserByEmail(db, email);
  // Unknown e-mails verify against a decoy hash and count failures the same way, so a miss
  // costs what a wrong password costs.
  const valid = user?.passwordHash
    ? await verifyPassword(input.password, user.passwordHash)
    : (await verifyPassword(input.password, await getDecoyHash())) && false;
  if (!user || !valid) {
    await recordFailure(db, "login", email, clientIp);
    throw unauthorized(WRONG_CREDENTIALS_MESSAGE);
  }
  await clearFailures(db, "login", email, clientIp);
  if (user.passwordExpiresAt && user.passwordExpiresAt.getTime() <= Date.now()) {
    throw new HttpError(401, TEMPORARY_PASSWORD_EXPIRED_MESSAGE);
  }
  // A temporary password opens only the "choose a new password" step: no session until then.
  if (user.mustChangePassword) return { kind: "choose-password", ticket: await createChangeTicket(deps, user), user };
  // With a second factor the password opens only the code step (mfa.ts completes it).
  if (hasMfa(user)) return { kind: "second-factor", ticket: await createSignInTicket(deps, user), user };
  return { kind: "signed-in", user, cookie: await signInUser(deps, user.id) };
}

const SIGN_IN_TICKET_TTL_SECONDS = 5 * 60;

/**
 * A signed, short-lived proof that this user just typed their password (or came back from a
 * provider), bound to the password hash it was issued for (`h`).
 */
export function createSignInTicket(deps: Pick<AppDeps, "tickets">, user: User): Promise<string> {
  return deps.tickets.issue("mfa-sign-in", user.id, { h: sha256(user.passwordHash ?? "") }, SIGN_IN_TICKET_TTL_SECONDS);
}

/** Where a fresh session goes first: an admin who must set up a second factor goes to set it up. */
export function homeAfterSignIn(config: AppDeps["config"], user: User): string {
  return config.requireAdminMfa && isAdmin(user, config) && !hasMfa(user) ? MFA_SETUP_PATH : "/dashboard";
}

/** A signed, short-lived proof that this user just typed their temporary password. */
function createChangeTicket(deps: Pick<AppDeps, "tickets">, user: User): Promise<string> {
  return deps.tickets.issue("password-change", user.id, { h: sha256(user.passwordHash ?? "") }, CHANGE_TICKET_TTL_SECONDS);
}

export const TICKET_INVALID_MESSAGE = "This step has expired. Sign in again with your temporary password.";

/** The pending step's ticket as a cookie for the whole site, so a detour or a reload finds the step again (decision 096). */
export function passwordStepCookie(deps: Pick<AppDeps, "config">, ticket: string): string {
  return `${PASSWORD_STEP_COOKIE}=${ticket}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${CHANGE_TICKET_TTL_SECONDS}${deps.config.secureCookies ? "; Secure" : ""}`;
}

export function clearPasswordStepCookie(deps: Pick<AppDeps, "config">): string {
  return `${PASSWORD_STEP_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${deps.config.secureCookies ? "; Secure" : ""}`;
}

/** The account whose new-password step this ticket opens, or null once it expired, was used or its password changed. */
export async function openPasswordStep(deps: Pick<AppDeps, "database" | "tickets">, ticket: string): Promise<User | null> {
  const opened = await deps.tickets.open("password-change", ticket, ["h"]);
  if (!opened) return null;
  const user = await findUserById(deps.database.db, opened.sub);
  // Bound to the hash it was issued for, so a ticket works once and dies with a password change.
  return user?.mustChangePassword && opened.h === sha256(user.passwordHash ?? "") ? user : null;
}

/** Sets the first real password of a temporary-password account and signs it in. */
export async function completePasswordChange(
  deps: Pick<AppDeps, "database" | "config" | "tickets">,
  input: { ticket: string; password: string },
): Promise<SignedIn> {
  const fields: Record<string, string> = {};
  checkNewPassword(input.password, fields);
  throwIfInvalid(fields);
  const user = await openPasswordStep(deps, input.ticket);
  if (!user) throw badRequest(TICKET_INVALID_MESSAGE);
  const db = deps.database.db;
  await setPassword(db, user.id, await hashPassword(input.password));
  await revokeUserSessions(db, user.id);
  return { user, cookie: await signInUser(deps, user.id) };
}

/**
 * A visitor's order signs them in with the temporary password still in place; that session may
 * only choose their own password (the context guard holds every other route). Choosing it signs
 * every session out and starts a fresh one.
 */
export async function chooseOwnPassword(deps: Deps, actor: Actor, input: { password: string }): Promise<SignedIn> {
  if (!actor.user.mustChangePassword) throw conflict("Your password is already your own. Change it in Settings.");
  const fields: Record<string, string> = {};
  checkNewPassword(input.password, fields);
  throwIfInvalid(fields);
  const db = deps.database.db;
  await setPassword(db, actor.user.id, await hashPassword(input.password));
  await revokeUserSessions(db, actor.user.id);
  return { user: { ...actor.user, mustChangePassword: false, passwordExpiresAt: null }, cookie: await signInUser(deps, actor.user.id) };
}

/** Changes the password of the signed-in user; every other session of theirs is signed out. */
export async function changePassword(deps: Deps, actor: Actor, input: { currentPassword: string; password: string }): Promise<void> {
  const fields: Record<string, string> = {};
  checkNewPassword(input.password, fields);
  // Accounts made through Google or OIDC have no password yet: they may set one.
  if (actor.user.passwordHash && !input.currentPassword) fields.currentPassword = "Current password is required.";
  throwIfInvalid(fields);
  const db = deps.database.db;
  await limitAttempts(db, "password attempts", [[LIMITS.passwordChangeUser, actor.user.id]]);
  if (actor.user.passwordHash && !(await verifyPassword(input.currentPassword, actor.user.passwordHash))) {
    throw badRequest("The current password is incorrect.", { currentPassword: "The current password is incorrect." });
  }
  await setPassword(db, actor.user.id, await hashPassword(input.password));
  await revokeUserSessions(db, actor.user.id, actor.sessionId);
}

/** A user as stored now, or null when the account is gone. */
export function findUser(db: Db, id: string): Promise<User | null> {
  return findUserById(db, id);
}
