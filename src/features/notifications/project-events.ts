// Project events the customer hears about (in the general channel, always on; by e-mail when
// their general e-mail switch is on). Called by the orders services inside their transactions.
import { inArray } from "drizzle-orm";
import { type NewProject, projects } from "../../../db/schema";
import type { Db } from "../../lib/db";
import type { ProjectStatus } from "../../shared/enums";
import { statusLabels } from "../../shared/project-labels";
import { enqueueMail } from "../mail/outbox";
import { findUserForNotice, insertNotification } from "./queries";

export type ProjectBefore = { id: string; creatorId: string; projectName: string; status: ProjectStatus; receivedPayment: boolean; accessCode: string | null };

export const projectMessages = {
  status: (name: string, status: ProjectStatus) => `The status of your project "${name}" changed to ${statusLabels[status]}.`,
  payment: (name: string) => `We received your payment for "${name}". Thank you!`,
  invoice: (name: string) => `An invoice for your project "${name}" was sent to your e-mail address.`,
  accessCode: (name: string) => `An access code was submitted for your project "${name}".`,
};

/** The facts the events compare, read before an update changes them. */
export async function readProjectsBefore(db: Db, ids: string[]): Promise<ProjectBefore[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: projects.id,
      creatorId: projects.creatorId,
      projectName: projects.projectName,
      status: projects.status,
      receivedPayment: projects.receivedPayment,
      accessCode: projects.accessCode,
    })
    .from(projects)
    .where(inArray(projects.id, ids));
}

/**
 * Tells the creator about what an update changed. Answers whether any mail was queued, so the
 * caller wakes the outbox after its commit.
 */
export async function notifyProjectChanges(
  db: Db,
  before: ProjectBefore[],
  values: Partial<Pick<NewProject, "status" | "receivedPayment" | "accessCode">>,
  projectUrl: (id: string) => string,
): Promise<boolean> {
  let mailed = false;
  for (const project of before) {
    const messages: string[] = [];
    if (values.status !== undefined && values.status !== project.status) messages.push(projectMessages.status(project.projectName, values.status));
    if (values.receivedPayment === true && !project.receivedPayment) messages.push(projectMessages.payment(project.projectName));
    if (values.accessCode && !project.accessCode) messages.push(projectMessages.accessCode(project.projectName));
    for (const message of messages) {
      if (await notifyProjectEvent(db, project.creatorId, message, { subject: `Update on ${project.projectName}`, link: projectUrl(project.id) }))
        mailed = true;
    }
  }
  return mailed;
}

/**
 * One event: a general notification, and an e-mail if the user wants general e-mail and `mail`
 * is given (the invoice already mails itself). Answers whether a mail was queued.
 */
export async function notifyProjectEvent(db: Db, userId: string, message: string, mail: { subject: string; link: string } | null): Promise<boolean> {
  const user = await findUserForNotice(db, userId);
  if (!user) return false;
  await insertNotification(db, { userId, channelId: "general", message });
  if (!mail || user.settings.emailNotifications?.generalEnabled === false) return false;
  await enqueueMail(db, {
    to: user.email,
    subject: mail.subject,
    text: [
      `Hello ${user.displayName},`,
      "",
      message,
      "",
      `See your project: ${mail.link}`,
      "",
      "You can turn these e-mails off in your notification settings.",
    ].join("\n"),
  });
  return true;
}
