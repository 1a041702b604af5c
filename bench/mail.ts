// An e-mail announcement going out while a customer asks for a password reset: the admin's POST
// queues one mail per user, and the reset's mail, asked for REQUEST_AFTER_MS later, must not wait
// behind all of them. The mail arrives at a loopback SMTP server in the bench process (the tests'
// capture server), which the app was started with as its SMTP_URL.
import type { SmtpCapture } from "../tests/helpers/smtp";

const SUBJECT = "Studio news: new themes are here";
const RESET_SUBJECT = "Reset your Webstudio password";
const REQUEST_AFTER_MS = 2_000;

export type AnnouncementReport = {
  recipients: number;
  /** Announcement mails received, and when the last counted one arrived (ms after the POST). */
  received: number;
  lastMs: number;
  finished: boolean;
  /** From the reset's POST to its mail's arrival; null when it never came within the timeout. */
  resetDelayMs: number | null;
  resetAnswerStatus: number;
};

export async function measureAnnouncement(options: {
  url: string;
  smtp: SmtpCapture;
  adminCookie: string;
  resetEmail: string;
  recipients: number;
  timeoutMs: number;
}): Promise<AnnouncementReport> {
  const { url, smtp } = options;
  const announcements = () => smtp.messages.filter((mail) => mail.subject === SUBJECT).length;
  const resetMail = (mail: { subject: string; envelopeTo: string[] }) => mail.subject === RESET_SUBJECT && mail.envelopeTo.includes(options.resetEmail);
  const headers = { "content-type": "application/json", origin: url };

  const started = performance.now();
  const posted = await fetch(`${url}/api/admin/notifications/emailannouncement`, {
    method: "POST",
    headers: { ...headers, cookie: options.adminCookie },
    body: JSON.stringify({ subject: SUBJECT, message: "Twelve new themes for your web app, and a faster editor. Thank you for building with us." }),
  });
  if (!posted.ok) throw new Error(`The announcement answered ${posted.status}: ${await posted.text()}`);
  const deadline = started + options.timeoutMs;

  await Bun.sleep(Math.max(0, started + REQUEST_AFTER_MS - performance.now()));
  const resetAsked = performance.now();
  const reset = await fetch(`${url}/api/auth/reset`, { method: "POST", headers, body: JSON.stringify({ email: options.resetEmail }) });
  await reset.arrayBuffer();
  const resetDelay = smtp
    .waitForMail(resetMail, Math.max(1, deadline - performance.now()))
    .then(() => performance.now() - resetAsked)
    .catch(() => null);

  let received = announcements();
  let lastMs = 0;
  while (received < options.recipients && performance.now() < deadline) {
    await Bun.sleep(50);
    const now = announcements();
    if (now > received) lastMs = performance.now() - started;
    received = now;
  }
  return {
    recipients: options.recipients,
    received,
    lastMs,
    finished: received >= options.recipients,
    resetDelayMs: await resetDelay,
    resetAnswerStatus: reset.status,
  };
}
