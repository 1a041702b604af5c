// Mails about the account's own security (decision 088): a password reset link, the second factor
// turned on or off, a recovery code used, and the code that confirms a dangerous action on an
// account without a password. Each says what to do if it was not the owner. Their subjects and
// words live here only; compose.tsx in mail/ derives the text part.
import type { ReactNode } from "react";
import type { User } from "../../../db/schema";
import type { AppDeps } from "../../deps";
import type { Db } from "../../lib/db";
import type { MailMessage } from "../../lib/mail";
import { ActionButton, Code, Note, P, Url, composeMail, enqueueMail } from "../mail";

type MailDeps = Pick<AppDeps, "jobs" | "config">;

const IF_NOT_YOU_SIGN_IN =
  "If this wasn't you, someone may know your password: sign in, change your password in Settings → Account, then turn two-factor authentication on again in Settings → Security. Changing the password signs out every other device.";

/** The mail's words after the greeting, and "The Webstudio team" under them. */
function signed(deps: MailDeps, user: User, subject: string, body: ReactNode): Promise<MailMessage> {
  return composeMail({
    to: user.email,
    subject,
    publicUrl: deps.config.publicUrl,
    body: (
      <>
        <P>Hello {user.displayName},</P>
        {body}
        <P>The Webstudio team</P>
      </>
    ),
  });
}

/** The reset link: one hour to choose a new password. */
export function resetLinkMail(deps: Pick<AppDeps, "config">, user: User, link: string): Promise<MailMessage> {
  return composeMail({
    to: user.email,
    subject: "Reset your Webstudio password",
    publicUrl: deps.config.publicUrl,
    body: (
      <>
        <P>Hello {user.displayName},</P>
        <P>
          Someone (hopefully you) asked to reset the password of your Webstudio account.
          <br />
          Open this link within one hour to choose a new password:
        </P>
        <ActionButton href={link}>Choose a new password</ActionButton>
        <P>
          <Url href={link} />
        </P>
        <Note>If you did not ask for this, ignore this e-mail: your password stays as it is.</Note>
      </>
    ),
  });
}

const mfaTurnedOn = (deps: MailDeps, user: User) =>
  signed(
    deps,
    user,
    "Two-factor authentication is on",
    <>
      <P>
        Two-factor authentication is now on for your Webstudio account. Signing in asks for your password and then a code from your authenticator app.
        <br />
        Keep your recovery codes somewhere safe: each one works once if you lose your phone.
      </P>
      <Note>
        If this wasn't you, someone has signed in to your account: reset your password at <Url href={`${deps.config.publicUrl}/reset`} /> right away, then write
        to us so we can turn off the authenticator they added.
      </Note>
    </>,
  );

const mfaTurnedOff = (deps: MailDeps, user: User, byAdmin: boolean) =>
  signed(
    deps,
    user,
    "Two-factor authentication is off",
    <>
      <P>
        {byAdmin
          ? "An administrator turned off two-factor authentication for your Webstudio account, as asked after a lost phone. Signing in now asks for your password only, and every device was signed out."
          : "Two-factor authentication is now off for your Webstudio account. Signing in asks for your password only."}
      </P>
      <Note>{IF_NOT_YOU_SIGN_IN}</Note>
    </>,
  );

function recoveryCodeUsed(deps: MailDeps, user: User, left: number) {
  const remaining = left === 0 ? "You have no recovery codes left" : `You have ${left} recovery ${left === 1 ? "code" : "codes"} left`;
  return signed(
    deps,
    user,
    "A recovery code was used",
    <>
      <P>One of your recovery codes was just used on your Webstudio account. {remaining}. You can make ten new ones in Settings → Security.</P>
      <Note>{IF_NOT_YOU_SIGN_IN}</Note>
    </>,
  );
}

const confirmationCode = (deps: MailDeps, user: User, code: string, minutes: number) =>
  signed(
    deps,
    user,
    `Your Webstudio confirmation code: ${code}`,
    <>
      <P>
        Your confirmation code is <Code>{code}</Code>. It works once, for {minutes} minutes.
        <br />
        Enter it in Settings to confirm that it's you before deleting your account, changing your e-mail or turning off two-factor authentication.
      </P>
      <Note>If this wasn't you, someone is signed in to your account: don't share this code, and sign out every other device in Settings → Security.</Note>
    </>,
  );

export const securityMails = {
  mfaTurnedOn: async (deps: MailDeps, tx: Db, user: User) => enqueueMail(deps.jobs, tx, await mfaTurnedOn(deps, user)),
  mfaTurnedOff: async (deps: MailDeps, tx: Db, user: User, options: { byAdmin: boolean }) =>
    enqueueMail(deps.jobs, tx, await mfaTurnedOff(deps, user, options.byAdmin)),
  recoveryCodeUsed: async (deps: MailDeps, tx: Db, user: User, left: number) => enqueueMail(deps.jobs, tx, await recoveryCodeUsed(deps, user, left)),
  confirmationCode: async (deps: MailDeps, tx: Db, user: User, code: string, minutes: number) =>
    enqueueMail(deps.jobs, tx, await confirmationCode(deps, user, code, minutes)),
};
