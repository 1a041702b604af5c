// Project events the customer hears about (in the general channel, always on; by e-mail when
// their general e-mail switch is on). Called by the orders services inside their transactions.
import type { NewProject } from "../../../db/schema";
import type { Db } from "../../lib/db";
import type { MailMessage } from "../../lib/mail";
import type { ProjectStatus } from "../../shared/enums";
import { statusLabels } from "../../shared/project-labels";
import { REVISION_WINDOW_DAYS } from "../../shared/revisions";
import { type MailQueue, enqueueMails } from "../mail";
import { projectEventMail } from "./mails";
import { type NewNotice, type NoticeSubject, type ProjectEventFacts, insertNotifications, listProjectEventFacts, listUsersForNotice } from "./queries";

export const projectMessages = {
  status: (name: string, status: ProjectStatus) =>
    status === "completed"
      ? `The status of your project "${name}" changed to Completed: it is delivered. You have ${REVISION_WINDOW_DAYS} days to send one revision request from its Revisions tab.`
      : `The status of your project "${name}" changed to ${statusLabels[status]}.`,
  revisionRound: (name: string) => `Another revision round is open for "${name}": you have ${REVISION_WINDOW_DAYS} days to send your revision request.`,
  payment: (name: string) => `We received your payment for "${name}". Thank you!`,
  invoice: (name: string) => `An invoice for your project "${name}" was sent to your e-mail address.`,
  accessCode: (name: string) => `An access code was submitted for your project "${name}".`,
};

/** One thing to tell a user, and what it is about; `mail` null when the event mails itself (the invoice does). */
type ProjectEvent = { userId: string; message: string; about: NoticeSubject; mail: { subject: string; link: string } | null };

/** The facts the events compare, read before an update changes them. */
export async function readProjectsBefore(db: Db, ids: string[]): Promise<ProjectEventFacts[]> {
  return listProjectEventFacts(db, ids);
}

/**
 * Tells the creators about what an update changed, in the same three statements however many
 * projects changed. Mail is queued on `jobs` in the same transaction.
 */
export async function notifyProjectChanges(
  db: Db,
  jobs: MailQueue,
  before: ProjectEventFacts[],
  values: Partial<Pick<NewProject, "status" | "receivedPayment" | "accessCode">>,
  projectUrl: (id: string) => string,
): Promise<void> {
  const events = before.flatMap((project) => {
    const messages: string[] = [];
    if (values.status !== undefined && values.status !== project.status) messages.push(projectMessages.status(project.projectName, values.status));
    if (values.receivedPayment === true && !project.receivedPayment) messages.push(projectMessages.payment(project.projectName));
    if (values.accessCode && !project.accessCode) messages.push(projectMessages.accessCode(project.projectName));
    const mail = { subject: `Update on ${project.projectName}`, link: projectUrl(project.id) };
    return messages.map((message): ProjectEvent => ({ userId: project.creatorId, message, about: { projectId: project.id }, mail }));
  });
  await notifyProjectEvents(db, jobs, events);
}

/**
 * One event: a general notification about `about` (empty when its subject is gone), and an e-mail
 * if the user wants general e-mail and `mail` is given (the invoice already mails itself).
 */
export async function notifyProjectEvent(
  db: Db,
  jobs: MailQueue,
  userId: string,
  message: string,
  about: NoticeSubject,
  mail: { subject: string; link: string } | null,
): Promise<void> {
  await notifyProjectEvents(db, jobs, [{ userId, message, about, mail }]);
}

/**
 * Reads the users once, then writes every notification in one statement and queues every mail,
 * in the order of `events`. A user who no longer exists gets neither.
 */
async function notifyProjectEvents(db: Db, jobs: MailQueue, events: ProjectEvent[]): Promise<void> {
  if (events.length === 0) return;
  const users = new Map((await listUsersForNotice(db, [...new Set(events.map((event) => event.userId))])).map((user) => [user.id, user]));
  const notices: NewNotice[] = [];
  const mails: MailMessage[] = [];
  for (const event of events) {
    const user = users.get(event.userId);
    if (!user) continue;
    notices.push({ userId: user.id, channelId: "general", message: event.message, ...event.about });
    if (!event.mail || user.settings.emailNotifications?.generalEnabled === false) continue;
    mails.push(await projectEventMail(user, { subject: event.mail.subject, message: event.message, link: event.mail.link }));
  }
  await insertNotifications(db, notices);
  await enqueueMails(jobs, db, mails);
}
