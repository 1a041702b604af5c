// The whole data model. One table per entity of SPEC.md §3, plus what our own
// identity provider, announcements, failed mail and the rate limiter need. Queued jobs live in
// pg-boss's own `pgboss` schema (src/lib/jobs.ts), not here.
import { sql } from "drizzle-orm";
import { type AnyPgColumn, bigserial, boolean, customType, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import {
  type ActivityDetails,
  type ActivityKind,
  type AuditAction,
  type AuditTargetType,
  type AuditValues,
  type ChannelId,
  type FaqSection,
  type InvoiceStatus,
  type MailAttachment,
  type MessageSide,
  type PaymentIssueKind,
  type PaymentKind,
  type PaymentMethod,
  type PaymentStatus,
  type ProjectStatus,
  type ProjectType,
  type Radius,
  type ReminderKind,
  type SubscriptionTier,
  type UserSettings,
  defaultUserSettings,
} from "../src/shared/enums";
import type { WizardDraftData } from "../src/shared/wizard";

const createdAt = () => timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();
const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
/**
 * jsonb whose value goes to the driver as it is, and comes back as the driver parsed it. Both
 * drivers encode a value once (Drizzle's own jsonb hands over a JSON string, which Bun.SQL encodes
 * again: the column then holds one jsonb string, and `settings -> 'x'` finds nothing).
 */
const jsonb = customType<{ data: unknown; driverData: unknown }>({ dataType: () => "jsonb" });

export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    displayName: text("display_name").notNull(),
    photoURL: text("photo_url"),
    photoKey: text("photo_key"),
    passwordHash: text("password_hash"),
    // A temporary password (visitor orders) expires and must be replaced at first use.
    passwordExpiresAt: at("password_expires_at"),
    mustChangePassword: boolean("must_change_password").notNull().default(false),
    isAdmin: boolean("is_admin").notNull().default(false),
    adminKey: text("admin_key"),
    isSuperAdmin: boolean("is_super_admin").notNull().default(false),
    superAdminKey: text("super_admin_key"),
    // Second factor (decision 028): the TOTP secret sealed with APP_SECRET's key, null
    // without MFA; the last time step a code was accepted for, so a code works once.
    totpSecretEnc: text("totp_secret_enc"),
    totpLastStep: integer("totp_last_step"),
    settings: jsonb("settings").$type<UserSettings>().notNull().$defaultFn(defaultUserSettings),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("users_email_key").on(t.email),
    index("users_display_name_trgm").using("gin", sql`${t.displayName} gin_trgm_ops`),
    // The admin command palette finds customers, and their projects, by any part of the e-mail.
    index("users_email_trgm").using("gin", sql`${t.email} gin_trgm_ops`),
    index("users_admins").on(t.isAdmin).where(sql`${t.isAdmin} or ${t.isSuperAdmin}`),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    // SHA-256 of the cookie token; the token itself is never stored.
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: at("expires_at").notNull(),
    createdAt: createdAt(),
    // The device, for the list in Settings: the first request's User-Agent, and the last request
    // (written at most every few minutes).
    userAgent: text("user_agent"),
    lastSeenAt: at("last_seen_at"),
  },
  (t) => [index("sessions_user").on(t.userId)],
);

/** Single-use MFA recovery codes, only their SHA-256 (they are random, 50 bits each). */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);

/**
 * The MFA sign-in tickets that reached the code step (decision 088): a ticket is a signed JWT, so
 * only this row makes it single-use (`usedAt`) and counts its wrong codes in a row. Rows are
 * pruned once `expiresAt` (the ticket's own expiry) has passed.
 */
export const signInTickets = pgTable(
  "sign_in_tickets",
  {
    id: text("id").primaryKey(), // the ticket's jti
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    wrongCodes: integer("wrong_codes").notNull().default(0),
    usedAt: at("used_at"),
    expiresAt: at("expires_at").notNull(),
  },
  (t) => [index("sign_in_tickets_expires").on(t.expiresAt)],
);

/**
 * The one live e-mailed confirmation code of an account without a password (decision 088): 6
 * digits, only their SHA-256 keyed by the user, 10 minutes, 5 tries, used once. A new code
 * replaces the previous one.
 */
export const emailCodes = pgTable("email_codes", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  codeHash: text("code_hash").notNull(),
  wrongTries: integer("wrong_tries").notNull().default(0),
  usedAt: at("used_at"),
  expiresAt: at("expires_at").notNull(),
  createdAt: createdAt(),
});

export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: text("id").primaryKey(), // SHA-256 of the mailed token
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: at("expires_at").notNull(),
    usedAt: at("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("password_reset_tokens_user").on(t.userId)],
);

export const oauthAccounts = pgTable(
  "oauth_accounts",
  {
    provider: text("provider").notNull(), // 'google' | 'oidc'
    providerUserId: text("provider_user_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.providerUserId] }), index("oauth_accounts_user").on(t.userId)],
);

export const projects = pgTable(
  "projects",
  {
    id: text("id").primaryKey(),
    // The short reference people read and type (WS-1042, decision 097): numbered by a sequence at creation, never reused.
    referenceNumber: integer("reference_number").notNull().unique().generatedAlwaysAsIdentity({ startWith: 1001 }),
    creatorId: text("creator_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    projectName: text("project_name").notNull(),
    projectType: text("project_type").$type<ProjectType>().notNull(),
    status: text("status").$type<ProjectStatus>().notNull().default("pending-approval"),
    receivedPayment: boolean("received_payment").notNull().default(false),
    refundIssued: boolean("refund_issued").notNull().default(false),
    editingLocked: boolean("editing_locked").notNull().default(false),
    revisionsLocked: boolean("revisions_locked").notNull().default(false),
    archived: boolean("archived").notNull().default(false),
    invoiceSent: boolean("invoice_sent").notNull().default(false),
    invoiceType: text("invoice_type").$type<ProjectType>(),
    invoiceId: text("invoice_id"),
    revisionNotes: text("revision_notes").notNull().default(""),
    creatorName: text("creator_name").notNull(),
    creatorPhoneNumber: text("creator_phone_number").notNull(),
    domainProviderURL: text("domain_provider_url").notNull(),
    projectDomainURL: text("project_domain_url").notNull(),
    domainProviderUsername: text("domain_provider_username").notNull(),
    // AES-256-GCM ciphertext; see src/lib/crypto.ts.
    domainProviderPasswordEnc: text("domain_provider_password_enc").notNull(),
    heroTitle: text("hero_title").notNull(),
    heroMessage: text("hero_message").notNull(),
    pagesText: jsonb("pages_text").$type<string[]>().notNull(),
    selectedThemes: jsonb("selected_themes").$type<number[]>().notNull(),
    defaultTheme: integer("default_theme").notNull(),
    selectedTintColors: jsonb("selected_tint_colors").$type<number[]>().notNull(),
    defaultTintColor: integer("default_tint_color").notNull(),
    customTintColor: text("custom_tint_color"),
    borderRadius: text("border_radius").$type<Radius>().notNull(),
    buttonBorderRadius: text("button_border_radius").$type<Radius>().notNull(),
    hasSubscriptions: boolean("has_subscriptions").notNull().default(false),
    subscriptionTiers: jsonb("subscription_tiers").$type<SubscriptionTier[]>().notNull(),
    linkedInURL: text("linkedin_url").notNull().default(""),
    facebookURL: text("facebook_url").notNull().default(""),
    instagramURL: text("instagram_url").notNull().default(""),
    twitterURL: text("twitter_url").notNull().default(""),
    accessCode: text("access_code"),
    // Delivery and revisions (the terms: one revision request within 10 days of delivery). The
    // delivery time is set each time the project becomes Completed; the window opens then, and
    // again when an admin grants another round. A request is allowed while fewer than
    // `revisionRounds` were made and the window has not closed.
    deliveredAt: at("delivered_at"),
    revisionsOpenedAt: at("revisions_opened_at"),
    revisionRounds: integer("revision_rounds").notNull().default(1),
    revisionRequests: integer("revision_requests").notNull().default(0),
    revisionRequestedAt: at("revision_requested_at"),
    createdAt: createdAt(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("projects_creator_created").on(t.creatorId, t.createdAt),
    index("projects_created").on(t.createdAt),
    // The admins' list always filters on `archived` and orders by (created_at, id): each filter it
    // offers has an index in that order, so a page and its count ahead are index-only scans that
    // stop where they have enough (decision 059).
    index("projects_archived_created").on(t.archived, t.createdAt, t.id),
    index("projects_archived_status_created").on(t.archived, t.status, t.createdAt, t.id),
    index("projects_archived_paid_created").on(t.archived, t.receivedPayment, t.createdAt, t.id),
    index("projects_archived_status_paid_created").on(t.archived, t.status, t.receivedPayment, t.createdAt, t.id),
    // A title search with any of the list's filters is one scan of one index (btree_gin): as
    // separate indexes, the generic plan of a statement that cannot see the title's pattern chose
    // a sequential scan for a title and paid (73 ms at 100k projects), or ANDed a bitmap of a
    // status's 18,000 rows (decision 059).
    index("projects_search").using("gin", sql`${t.projectName} gin_trgm_ops`, t.archived, t.status, t.receivedPayment).with({ fastupdate: false }),
  ],
);

export const projectImages = pgTable(
  "project_images",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    kind: text("kind").$type<"logo" | "page">().notNull(),
    pageIndex: integer("page_index"),
    position: integer("position").notNull(),
    storageKey: text("storage_key").notNull(),
    url: text("url").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("project_images_project").on(t.projectId, t.kind, t.pageIndex, t.position)],
);

export const accessCodes = pgTable(
  "access_codes",
  {
    id: text("id").primaryKey(),
    title: text("title").notNull(),
    code: text("code").notNull(),
    claimed: boolean("claimed").notNull().default(false),
    claimedByProjectId: text("claimed_by_project_id").references(() => projects.id, { onDelete: "set null" }),
    claimedAt: at("claimed_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("access_codes_code_key").on(t.code),
    index("access_codes_created").on(t.createdAt),
    index("access_codes_claimed_created").on(t.claimed, t.createdAt),
    index("access_codes_title_trgm").using("gin", sql`${t.title} gin_trgm_ops`),
  ],
);

// Invoices are never deleted (decision 077): a deleted project or account only clears the link, and
// the customer's name and e-mail and the project's name are copied on at issue, so the invoice
// still reads as it was sent. Numbers are gapless: each is max + 1 under a lock (invoices/queries.ts).
export const invoices = pgTable(
  "invoices",
  {
    id: text("id").primaryKey(),
    number: integer("number").notNull(),
    projectId: text("project_id").references(() => projects.id, { onDelete: "set null" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    invoiceType: text("invoice_type").$type<ProjectType>().notNull(),
    amount: integer("amount").notNull(),
    dueAt: at("due_at").notNull(),
    status: text("status").$type<InvoiceStatus>().notNull().default("open"),
    projectName: text("project_name").notNull(),
    customerName: text("customer_name").notNull(),
    customerEmail: text("customer_email").notNull(),
    /**
     * Money in cents (decision 085): `amount` stays the package price in dollars; the subtotal,
     * the tax rate (hundredths of a percent, null for no tax), the tax and the total charged are
     * fixed when the invoice is issued. Invoices from before tax have subtotal = total, no tax.
     */
    subtotalCents: integer("subtotal_cents").notNull(),
    taxRateBasisPoints: integer("tax_rate_basis_points"),
    taxCents: integer("tax_cents").notNull().default(0),
    totalCents: integer("total_cents").notNull(),
    /** The customer's billing details as they were at issue (null: none given; the name and e-mail above stand). */
    billToName: text("bill_to_name"),
    billToCompany: text("bill_to_company"),
    billToAddress: text("bill_to_address"),
    billToTaxId: text("bill_to_tax_id"),
    /** The studio's details as configured at issue (null on invoices from before they were copied). */
    providerName: text("provider_name"),
    providerAddress: text("provider_address"),
    providerTaxId: text("provider_tax_id"),
    /** Why it was voided (shown to the customer), when, and by which admin (null: the system). */
    voidReason: text("void_reason"),
    voidedAt: at("voided_at"),
    voidedBy: text("voided_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("invoices_number_key").on(t.number),
    index("invoices_project").on(t.projectId, t.createdAt),
    index("invoices_user").on(t.userId, t.createdAt),
  ],
);

/** What a customer wants on their invoices (all optional); copied onto each invoice when it is issued. */
export const billingDetails = pgTable("billing_details", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  name: text("name"),
  company: text("company"),
  address: text("address"),
  taxId: text("tax_id"),
  updatedAt: at("updated_at").notNull().defaultNow(),
});
export type BillingDetails = typeof billingDetails.$inferSelect;

export const faqs = pgTable(
  "faqs",
  {
    id: text("id").primaryKey(),
    title: text("title").notNull(),
    section: text("section").$type<FaqSection>().notNull(),
    answer: text("answer").notNull(),
    createdAt: createdAt(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [index("faqs_section_created").on(t.section, t.createdAt), index("faqs_title_trgm").using("gin", sql`${t.title} gin_trgm_ops`)],
);

export const bugReports = pgTable(
  "bug_reports",
  {
    id: text("id").primaryKey(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    notes: text("notes").notNull().default(""),
    resolved: boolean("resolved").notNull().default(false),
    highPriority: boolean("high_priority").notNull().default(false),
    archived: boolean("archived").notNull().default(false),
    reporterId: text("reporter_id").references(() => users.id, { onDelete: "set null" }),
    resolvedAt: at("resolved_at"),
    archivedAt: at("archived_at"),
    createdAt: createdAt(),
  },
  (t) => [index("bug_reports_created").on(t.createdAt), index("bug_reports_title_trgm").using("gin", sql`${t.title} gin_trgm_ops`)],
);

export const notificationChannels = pgTable("notification_channels", {
  id: text("id").$type<ChannelId>().primaryKey(),
  title: text("title").notNull(),
  icon: text("icon").notNull(),
  photoURL: text("photo_url").notNull().default(""),
});

// An admin's announcement and the progress of its fan-out job: `lastUserId` is the keyset
// cursor saved with each batch, so a job killed half-way resumes after the last batch it wrote.
export const announcements = pgTable("announcements", {
  id: text("id").primaryKey(),
  kind: text("kind").$type<"app" | "email">().notNull(),
  adminId: text("admin_id").references(() => users.id, { onDelete: "set null" }),
  message: text("message").notNull(),
  /** E-mail announcements only. */
  subject: text("subject"),
  lastUserId: text("last_user_id"),
  sentCount: integer("sent_count").notNull().default(0),
  finishedAt: at("finished_at"),
  createdAt: createdAt(),
});

export const notifications = pgTable(
  "notifications",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    channelId: text("channel_id")
      .$type<ChannelId>()
      .notNull()
      .references(() => notificationChannels.id),
    message: text("message").notNull(),
    isRead: boolean("is_read").notNull().default(false),
    // Set for an announcement's notifications: one per (announcement, user), whatever re-runs.
    announcementId: text("announcement_id").references(() => announcements.id, { onDelete: "cascade" }),
    // What the notification is about, at most one of them; the link it shows follows from it. A
    // deleted subject clears its column, so the notification stays and simply links nowhere.
    projectId: text("project_id").references(() => projects.id, { onDelete: "set null" }),
    invoiceId: text("invoice_id").references(() => invoices.id, { onDelete: "set null" }),
    bugReportId: text("bug_report_id").references(() => bugReports.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("notifications_user_created").on(t.userId, t.createdAt),
    index("notifications_user_channel_created").on(t.userId, t.channelId, t.createdAt),
    uniqueIndex("notifications_announcement_user").on(t.announcementId, t.userId),
    // Partial: only the few rows with a subject, so deleting a subject finds them without a scan.
    index("notifications_project").on(t.projectId).where(sql`${t.projectId} is not null`),
    index("notifications_invoice").on(t.invoiceId).where(sql`${t.invoiceId} is not null`),
    index("notifications_bug_report").on(t.bugReportId).where(sql`${t.bugReportId} is not null`),
  ],
);

// Mail that will not be delivered without help: a permanent SMTP rejection (5xx), or retries
// spent. Keyed by the mail job's id, so recording the same failure twice keeps one row. An
// admin's retry sends a new mail job and deletes the row in one transaction.
export const failedMails = pgTable(
  "failed_mails",
  {
    id: text("id").primaryKey(),
    to: text("to").notNull(),
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    // Files sent with the message (the invoice PDF), base64-encoded; null for most mail.
    attachments: jsonb("attachments").$type<MailAttachment[]>(),
    error: text("error").notNull(),
    failedAt: at("failed_at").notNull().defaultNow(),
  },
  (t) => [index("failed_mails_failed_at").on(t.failedAt)],
);

// Money received, returned or corrected, as records (decision 019). A payment is a row of
// kind "payment"; a refund or a reversal (an admin un-marking a payment) is a row linked to it by
// `paymentId`. projects.received_payment and refund_issued are derived from these rows, in the
// same transaction as every insert or status change here. Never deleted (decision 077): a deleted
// project clears `projectId`, and the names copied on at insert keep the row readable.
export const payments = pgTable(
  "payments",
  {
    id: text("id").primaryKey(),
    kind: text("kind").$type<PaymentKind>().notNull(),
    projectId: text("project_id").references(() => projects.id, { onDelete: "set null" }),
    projectName: text("project_name").notNull(),
    customerName: text("customer_name").notNull(),
    customerEmail: text("customer_email").notNull(),
    invoiceId: text("invoice_id").references(() => invoices.id, { onDelete: "set null" }),
    /** The payment a refund or reversal undoes. */
    paymentId: text("payment_id").references((): AnyPgColumn => payments.id, { onDelete: "cascade" }),
    method: text("method").$type<PaymentMethod>().notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    status: text("status").$type<PaymentStatus>().notNull(),
    providerPaymentIntentId: text("provider_payment_intent_id"),
    providerCheckoutSessionId: text("provider_checkout_session_id"),
    providerRefundId: text("provider_refund_id"),
    /** What the admin typed for a payment recorded by hand (a bank reference, a receipt number). */
    reference: text("reference"),
    /** The admin who recorded it; null when Stripe or the system did. */
    recordedBy: text("recorded_by").references(() => users.id, { onDelete: "set null" }),
    /**
     * Whether this payment pays its invoice (decision 084). False for card money that arrived but
     * does not match: another amount or currency, a void or unknown invoice, a deleted project, an
     * invoice already paid. It is still money received, counted in the totals, and needs attention.
     */
    applied: boolean("applied").notNull().default(true),
    /** Why Stripe refused a refund, as Stripe said it. */
    failureReason: text("failure_reason"),
    createdAt: createdAt(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("payments_project").on(t.projectId, t.createdAt),
    index("payments_created").on(t.createdAt),
    // A card payment is recorded once, whichever of its events arrives first.
    uniqueIndex("payments_intent_key").on(t.providerPaymentIntentId).where(sql`${t.kind} = 'payment'`),
    // One live refund or reversal per payment; a failed refund may be tried again.
    uniqueIndex("payments_undo_key").on(t.paymentId).where(sql`${t.paymentId} is not null and ${t.status} <> 'failed'`),
  ],
);

/**
 * "Needs attention" on the Payments page (decision 084): money that arrived and does not match its
 * invoice, a refund Stripe refused, a difference the daily reconciliation found between the app and
 * Stripe. One row per cause (`key`), so a replayed event or a second reconciliation raises nothing
 * new. An admin resolves it with a note; it is never deleted.
 */
export const paymentIssues = pgTable(
  "payment_issues",
  {
    id: text("id").primaryKey(),
    key: text("key").notNull(),
    kind: text("kind").$type<PaymentIssueKind>().notNull(),
    message: text("message").notNull(),
    paymentId: text("payment_id").references((): AnyPgColumn => payments.id, { onDelete: "set null" }),
    invoiceId: text("invoice_id").references(() => invoices.id, { onDelete: "set null" }),
    /** The Stripe object it is about (a payment intent, a refund). */
    stripeId: text("stripe_id"),
    amountCents: integer("amount_cents"),
    currency: text("currency"),
    createdAt: createdAt(),
    resolvedAt: at("resolved_at"),
    resolvedBy: text("resolved_by").references(() => users.id, { onDelete: "set null" }),
    resolutionNote: text("resolution_note"),
  },
  (t) => [uniqueIndex("payment_issues_key").on(t.key), index("payment_issues_open").on(t.createdAt).where(sql`${t.resolvedAt} is null`)],
);

/** Checkout Sessions the app opened, so an admin marking an invoice paid by hand hears of one still open. */
export const checkoutSessions = pgTable(
  "checkout_sessions",
  {
    id: text("id").primaryKey(),
    invoiceId: text("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    status: text("status").$type<"open" | "complete" | "expired">().notNull().default("open"),
    expiresAt: at("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("checkout_sessions_invoice").on(t.invoiceId)],
);

/** Every Stripe event id handled, so a replayed or duplicated delivery changes nothing. */
export const stripeEvents = pgTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: at("received_at").notNull().defaultNow(),
});

/** Reminder mails sent for an invoice, once per kind, whichever instance sends it. */
export const invoiceReminders = pgTable(
  "invoice_reminders",
  {
    invoiceId: text("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    kind: text("kind").$type<ReminderKind>().notNull(),
    sentAt: at("sent_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.invoiceId, t.kind] })],
);

/** Projects deleted for non-payment, kept after the project is gone (its invoice stays, void). */
export const projectDeletions = pgTable(
  "project_deletions",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id").notNull(),
    projectName: text("project_name").notNull(),
    customerName: text("customer_name").notNull(),
    customerEmail: text("customer_email").notNull(),
    invoiceNumber: integer("invoice_number"),
    amount: integer("amount"),
    dueAt: at("due_at"),
    reason: text("reason").notNull(),
    deletedAt: at("deleted_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("project_deletions_project_key").on(t.projectId), index("project_deletions_deleted").on(t.deletedAt)],
);

export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  resetAt: at("reset_at").notNull(),
});

// What signed-in browsers are told live (GET /api/events), kept a few minutes so a reconnecting
// EventSource can replay what it missed. Rows are written by triggers (migration 0003) in the
// transaction of the change itself; see src/features/live.
export const liveEvents = pgTable(
  "live_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** A user id, or 'admins' for every admin. */
    audience: text("audience").notNull(),
    type: text("type").notNull(),
    payload: jsonb("payload").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("live_events_audience_id").on(t.audience, t.id), index("live_events_created").on(t.createdAt)],
);

// The live-update streams open on every instance (decision 092), so that one session holds at most
// five across them all. An instance refreshes seen_at of its streams at each heartbeat and deletes
// a stream's row when it ends; the rows of an instance that died stop being refreshed and stop
// counting. No foreign key: a stream's owner is a session id, or an API token's.
export const liveStreams = pgTable(
  "live_streams",
  {
    /** Ascending in the order streams opened: the lowest ids are the oldest. */
    id: bigserial("id", { mode: "number" }).primaryKey(),
    sessionId: text("session_id").notNull(),
    /** The process holding the stream (random at each start). */
    instanceId: text("instance_id").notNull(),
    openedAt: at("opened_at").notNull(),
    seenAt: at("seen_at").notNull(),
  },
  (t) => [index("live_streams_session").on(t.sessionId, t.id), index("live_streams_seen").on(t.seenAt)],
);

// A project's timeline (what happened, who did it, when), written in the transaction of the
// change itself. `details` holds names and labels only, never a secret value.
export const projectActivity = pgTable(
  "project_activity",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    /** Who did it; null for the system (Stripe, the 7-day rule) or a deleted account. */
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    kind: text("kind").$type<ActivityKind>().notNull(),
    details: jsonb("details").$type<ActivityDetails>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("project_activity_project").on(t.projectId, t.createdAt, t.id)],
);

// A project's message thread between its customer and the studio.
export const projectMessages = pgTable(
  "project_messages",
  {
    id: text("id").primaryKey(),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    side: text("side").$type<MessageSide>().notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("project_messages_project").on(t.projectId, t.createdAt, t.id)],
);

/** Files sent with a message, kept under private storage keys and served only through the API. */
export const messageAttachments = pgTable(
  "message_attachments",
  {
    id: text("id").primaryKey(),
    messageId: text("message_id")
      .notNull()
      .references(() => projectMessages.id, { onDelete: "cascade" }),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    storageKey: text("storage_key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("message_attachments_message").on(t.messageId), index("message_attachments_project").on(t.projectId)],
);

/** Per project: who spoke last, and how far each side has read and been mailed about. */
export const messageThreads = pgTable(
  "message_threads",
  {
    projectId: text("project_id")
      .primaryKey()
      .references(() => projects.id, { onDelete: "cascade" }),
    lastMessageAt: at("last_message_at").notNull(),
    lastMessageSide: text("last_message_side").$type<MessageSide>().notNull(),
    customerReadAt: at("customer_read_at"),
    studioReadAt: at("studio_read_at"),
    customerMailedAt: at("customer_mailed_at"),
    studioMailedAt: at("studio_mailed_at"),
  },
  (t) => [index("message_threads_unanswered").on(t.lastMessageSide)],
);

// Append-only record of admins' changes, written in the transaction of the change. No foreign
// keys: an entry outlives the admin's account and its target, so the actor's e-mail and name and
// the target's label are copied in. A trigger (migration 0008) refuses UPDATE, DELETE and TRUNCATE.
export const auditLog = pgTable(
  "audit_log",
  {
    id: text("id").primaryKey(),
    createdAt: createdAt(),
    actorId: text("actor_id").notNull(),
    actorEmail: text("actor_email").notNull(),
    actorName: text("actor_name").notNull(),
    action: text("action").$type<AuditAction>().notNull(),
    targetType: text("target_type").$type<AuditTargetType>().notNull(),
    targetId: text("target_id").notNull(),
    targetLabel: text("target_label").notNull(),
    before: jsonb("before").$type<AuditValues>(),
    after: jsonb("after").$type<AuditValues>(),
    sourceIp: text("source_ip").notNull(),
    requestId: text("request_id"),
  },
  (t) => [
    index("audit_log_created").on(t.createdAt, t.id),
    index("audit_log_actor").on(t.actorId, t.createdAt),
    index("audit_log_target").on(t.targetType, t.targetId),
    index("audit_log_action").on(t.action, t.createdAt),
  ],
);

/**
 * A signed-in customer's unfinished order, one per account, so it follows them to
 * another device. Never holds the domain provider's password; deleted when the order is sent.
 */
export const wizardDrafts = pgTable("wizard_drafts", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  data: jsonb("data").$type<WizardDraftData>().notNull(),
  updatedAt: at("updated_at").notNull().defaultNow(),
});

/**
 * Personal API tokens (decision 086): only the SHA-256 of the token is stored; the token itself
 * is shown once. Deleted on revocation, and with the account.
 */
export const apiTokens = pgTable(
  "api_tokens",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAt(),
    expiresAt: at("expires_at"),
    // Written at most once a minute per token, not per request.
    lastUsedAt: at("last_used_at"),
  },
  (t) => [uniqueIndex("api_tokens_hash_key").on(t.tokenHash), index("api_tokens_user").on(t.userId, t.createdAt)],
);

/**
 * The studio's outgoing webhook endpoints (decision 087). Secrets are sealed with APP_SECRET's key;
 * after a rotation the previous secret signs too until `previous_secret_expires_at`.
 */
export const webhookEndpoints = pgTable("webhook_endpoints", {
  id: text("id").primaryKey(),
  url: text("url").notNull(),
  description: text("description").notNull().default(""),
  events: text("events").array().notNull(),
  format: text("format").$type<"standard" | "slack">().notNull().default("standard"),
  secretEnc: text("secret_enc").notNull(),
  previousSecretEnc: text("previous_secret_enc"),
  previousSecretExpiresAt: at("previous_secret_expires_at"),
  enabled: boolean("enabled").notNull().default(true),
  disabledReason: text("disabled_reason"),
  // The first failed attempt since the last success: five days of failures disable the endpoint.
  failingSince: at("failing_since"),
  createdAt: createdAt(),
});

/** One event for one endpoint; its id is the `webhook-id` every attempt carries. */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: text("id").primaryKey(),
    endpointId: text("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    eventType: text("event_type").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    status: text("status").$type<"pending" | "succeeded" | "failed">().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: at("next_attempt_at"),
    createdAt: createdAt(),
  },
  (t) => [index("webhook_deliveries_endpoint").on(t.endpointId, t.createdAt)],
);

/** Each try of a delivery: when, the answer's status (null when none came), how long, what it said. */
export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    id: text("id").primaryKey(),
    deliveryId: text("delivery_id")
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    attemptedAt: at("attempted_at").notNull(),
    responseStatus: integer("response_status"),
    latencyMs: integer("latency_ms").notNull(),
    // The first KB of the answer, or why there was none.
    responseBody: text("response_body").notNull().default(""),
    error: text("error"),
  },
  (t) => [index("webhook_attempts_delivery").on(t.deliveryId, t.attemptedAt)],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type Session = typeof sessions.$inferSelect;
export type Project = typeof projects.$inferSelect;
export type NewProject = typeof projects.$inferInsert;
export type ProjectImage = typeof projectImages.$inferSelect;
export type AccessCode = typeof accessCodes.$inferSelect;
export type Invoice = typeof invoices.$inferSelect;
export type Faq = typeof faqs.$inferSelect;
export type NewFaq = typeof faqs.$inferInsert;
export type BugReport = typeof bugReports.$inferSelect;
export type Notification = typeof notifications.$inferSelect;
export type FailedMail = typeof failedMails.$inferSelect;
export type Announcement = typeof announcements.$inferSelect;
export type NewAnnouncement = typeof announcements.$inferInsert;
export type Payment = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;
export type PaymentIssue = typeof paymentIssues.$inferSelect;
export type ProjectDeletion = typeof projectDeletions.$inferSelect;
export type LiveEventRow = typeof liveEvents.$inferSelect;
export type ActivityRow = typeof projectActivity.$inferSelect;
export type NewActivity = typeof projectActivity.$inferInsert;
export type ProjectMessage = typeof projectMessages.$inferSelect;
export type MessageAttachment = typeof messageAttachments.$inferSelect;
export type AuditEntryRow = typeof auditLog.$inferSelect;
export type NewAuditEntry = typeof auditLog.$inferInsert;
export type WizardDraftRow = typeof wizardDrafts.$inferSelect;
export type ApiToken = typeof apiTokens.$inferSelect;
export type WebhookEndpoint = typeof webhookEndpoints.$inferSelect;
export type WebhookDelivery = typeof webhookDeliveries.$inferSelect;
export type WebhookAttempt = typeof webhookAttempts.$inferSelect;
