// Plain-text mails about the account's own security (decision 088): the second factor turned on
// or off, a recovery code used, and the code that confirms a dangerous action on an account
// without a password. Each says what to do if it was not the owner.
import type { User } from "../../../db/schema";
import type { AppDeps } from "../../deps";
import type { Db } from "../../lib/db";
import type { MailMessage } from "../../lib/mail";
import { enqueueMail } from "../mail/outbox";

type MailDeps = Pick<AppDeps, "jobs" | "config">;

const IF_NOT_YOU_SIGN_IN =
  "If this wasn't you, someone may know your password: sign in, change your password in Settings → Account, then turn two-factor authentication on again in Settings → Security. Changing the password signs out every other device.";

function signed(lines: string[]): string {
  return [...lines, "", "The Webstudio team"].join("\n");
}

function mfaTurnedOn(deps: MailDeps, user: User): MailMessage {
  return {
    to: user.email,
    subject: "Two-factor authentication is on",
    text: signed([
      `Hello ${user.displayName},`,
      "",
      "Two-factor authentication is now on for your Webstudio account. Signing in asks for your password and then a code from your authenticator app.",
      "Keep your recovery codes somewhere safe: each one works once if you lose your phone.",
      "",
      `If this wasn't you, someone has signed in to your account: reset your password at ${deps.config.publicUrl}/reset right away, then write to us so we can turn off the authenticator they added.`,
    ]),
  };
}

function mfaTurnedOff(user: User, byAdmin: boolean): MailMessage {
  return {
    to: user.email,
    subject: "Two-factor authentication is off",
    text: signed([
      `Hello ${user.displayName},`,
      "",
      byAdmin
        ? "An administrator turned off two-factor authentication for your Webstudio account, as asked after a lost phone. Signing in now asks for your password only, and every device was signed out."
        : "Two-factor authentication is now off for your Webstudio account. Signing in asks for your password only.",
      "",
      IF_NOT_YOU_SIGN_IN,
    ]),
  };
}

function recoveryCodeUsed(user: User, left: number): MailMessage {
  const remaining = left === 0 ? "You have no recovery codes left" : `You have ${left} recovery ${left === 1 ? "code" : "codes"} left`;
  return {
    to: user.email,
    subject: "A recovery code was used",
    text: signed([
      `Hello ${user.displayName},`,
      "",
      `One of your recovery codes was just used on your Webstudio account. ${remaining}. You can make ten new ones in Settings → Security.`,
      "",
      IF_NOT_YOU_SIGN_IN,
    ]),
  };
}

function confirmationCode(user: User, code: string, minutes: number): MailMessage {
  return {
    to: user.email,
    subject: `Your Webstudio confirmation code: ${code}`,
    text: signed([
      `Hello ${user.displayName},`,
      "",
      `Your confirmation code is ${code}. It works once, for ${minutes} minutes.`,
      "Enter it in Settings to confirm that it's you before deleting your account, changing your e-mail or turning off two-factor authentication.",
      "",
      "If this wasn't you, someone is signed in to your account: don't share this code, and sign out every other device in Settings → Security.",
    ]),
  };
}

export const securityMails = {
  mfaTurnedOn: (deps: MailDeps, tx: Db, user: User) => enqueueMail(deps.jobs, tx, mfaTurnedOn(deps, user)),
  mfaTurnedOff: (deps: MailDeps, tx: Db, user: User, options: { byAdmin: boolean }) => enqueueMail(deps.jobs, tx, mfaTurnedOff(user, options.byAdmin)),
  recoveryCodeUsed: (deps: MailDeps, tx: Db, user: User, left: number) => enqueueMail(deps.jobs, tx, recoveryCodeUsed(user, left)),
  confirmationCode: (deps: MailDeps, tx: Db, user: User, code: string, minutes: number) => enqueueMail(deps.jobs, tx, confirmationCode(user, code, minutes)),
};
