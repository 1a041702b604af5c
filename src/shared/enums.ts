// The closed sets of values the database stores and the browser shows: statuses, package types,
// FAQ sections, notification channels and the user's settings shape. db/schema.ts imports them;
// they import nothing, so the islands can use them without pulling in Drizzle.

export type ChannelSwitches = { generalEnabled: boolean; announcementsEnabled: boolean; socialEnabled: boolean };
export type UserSettings = {
  theme: { themeColor: number; tintColor: number };
  appNotifications: ChannelSwitches;
  emailNotifications: ChannelSwitches;
};

export const defaultUserSettings = (): UserSettings => ({
  theme: { themeColor: 0, tintColor: 0 },
  appNotifications: { generalEnabled: true, announcementsEnabled: true, socialEnabled: true },
  emailNotifications: { generalEnabled: true, announcementsEnabled: true, socialEnabled: true },
});

export const projectStatuses = ["pending-approval", "in-progress", "completed", "in-review", "denied"] as const;
export type ProjectStatus = (typeof projectStatuses)[number];
export const projectTypes = ["s", "m", "l"] as const;
export type ProjectType = (typeof projectTypes)[number];
export const radii = ["square", "rounded", "pill"] as const;
export type Radius = (typeof radii)[number];
export type SubscriptionTier = { name: string; pricePerMonth: string; features: string };

export const faqSections = ["Account", "Project", "Admin Console"] as const;
export type FaqSection = (typeof faqSections)[number];

export const channelIds = ["general", "announcements", "social"] as const;
export type ChannelId = (typeof channelIds)[number];

/** A payment, or a record that undoes one: a refund (money returned) or a reversal (recorded by mistake). */
export const paymentKinds = ["payment", "refund", "reversal"] as const;
export type PaymentKind = (typeof paymentKinds)[number];
/**
 * How money came in. "manual" is a hand-recorded payment from before the method was asked
 * (migration 0015); an admin now says bank transfer, cash or other. "access_code" is a waiver:
 * no money moves.
 */
export const paymentMethods = ["card", "manual", "bank_transfer", "cash", "other", "access_code"] as const;
export type PaymentMethod = (typeof paymentMethods)[number];
/** The methods an admin may choose when marking a project paid by hand. */
export const manualPaymentMethods = ["bank_transfer", "cash", "other"] as const;
export type ManualPaymentMethod = (typeof manualPaymentMethods)[number];
/** An invoice's life, as Stripe's: open until paid, or void (never payable again). */
export const invoiceStatuses = ["open", "paid", "void"] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];
/** "pending" is a card refund Stripe has not confirmed yet. */
export const paymentStatuses = ["pending", "succeeded", "failed"] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];
/** Why a payment needs an admin's attention (decision 084). */
export const paymentIssueKinds = [
  "amount_mismatch",
  "currency_mismatch",
  "unknown_invoice",
  "void_invoice",
  "project_deleted",
  "overpayment",
  "refund_failed",
  "missing_in_app",
  "missing_in_stripe",
  "amount_differs",
] as const;
export type PaymentIssueKind = (typeof paymentIssueKinds)[number];
/** Mails of the 7-day rule: 2 days before the due date, on it, and the final notice before deletion. */
export const reminderKinds = ["due-soon", "due-today", "final-notice"] as const;
export type ReminderKind = (typeof reminderKinds)[number];

/** A file sent with a mail, base64-encoded so it fits a jsonb column. */
export type MailAttachment = { filename: string; contentType: string; contentBase64: string };

// A project's timeline (src/features/activity). Details carry labels and names only, never values
// of secret fields.
export const activityKinds = [
  "created",
  "status_changed",
  "invoice_sent",
  "payment_recorded",
  "payment_refunded",
  "flag_changed",
  "content_edited",
  "revision_requested",
  "revision_round_granted",
  "message_posted",
] as const;
export type ActivityKind = (typeof activityKinds)[number];
export const activityFlags = ["editingLocked", "revisionsLocked", "archived"] as const;
export type ActivityFlag = (typeof activityFlags)[number];
export type ActivityDetails = {
  projectType?: ProjectType;
  status?: ProjectStatus;
  previousStatus?: ProjectStatus;
  flag?: ActivityFlag;
  on?: boolean;
  /** Names of the fields an edit changed. */
  fields?: string[];
  invoiceNumber?: number;
  method?: PaymentMethod;
  /** Attachments of a message, images added by an edit. */
  count?: number;
};

/** Who wrote a message: the project's customer or the studio (any admin). */
export const messageSides = ["customer", "studio"] as const;
export type MessageSide = (typeof messageSides)[number];
/** What the audit log records: every change an admin or super admin makes (decision 029). */
export const auditActions = [
  "project.status",
  "project.paid",
  "payment.refund",
  "project.lock",
  "project.archive",
  "project.access_code",
  "project.update",
  "project.revision_round",
  "project.delete",
  "invoice.send",
  "invoice.void",
  "payment.resolve",
  "access_code.create",
  "access_code.delete",
  "faq.create",
  "faq.update",
  "faq.delete",
  "bug_report.create",
  "bug_report.update",
  "bug_report.delete",
  "announcement.send",
  "user.make_admin",
  "user.remove_admin",
  "user.make_super_admin",
  "user.mfa_reset",
  "mail.retry",
  "api_token.revoke",
  "webhook.create",
  "webhook.update",
  "webhook.delete",
  "webhook.rotate_secret",
] as const;
export type AuditAction = (typeof auditActions)[number];
export const auditTargetTypes = [
  "project",
  "invoice",
  "payment",
  "access_code",
  "faq",
  "bug_report",
  "announcement",
  "user",
  "mail",
  "api_token",
  "webhook",
] as const;
export type AuditTargetType = (typeof auditTargetTypes)[number];
/** The changed fields of an audited row, secrets already masked. */
export type AuditValues = Record<string, unknown>;
