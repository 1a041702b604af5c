// Request and response bodies of the projects API (SPEC.md §3, §7; DESIGN.md "API contract").
// These schemas are the runtime checks and, through Eden, the islands' types.
import { t } from "elysia";
import { AnsweredInteger, PageNumber, pageAnswer } from "../../http/schemas";
import { ID_PATTERN } from "../../lib/ids";
import type { Radius as StoredRadius, ProjectStatus as StoredStatus } from "../../shared/enums";
import { type ProjectContent, type ProjectDraft, TEXT_LIMITS, type WizardDraftData } from "../../shared/wizard";

const short = (options: { minLength?: number } = {}) => t.String({ maxLength: TEXT_LIMITS.short, ...options });
const url = () => t.String({ maxLength: TEXT_LIMITS.url });
const long = () => t.String({ maxLength: TEXT_LIMITS.long });

export const Id = t.String({ pattern: ID_PATTERN, error: "Expected an id of 26 letters and digits" });
export const ProjectType = t.Union([t.Literal("s"), t.Literal("m"), t.Literal("l")]);
// Literals spelled out: a mapped union loses its members in Elysia's response types.
export const ProjectStatus = t.Union([
  t.Literal("pending-approval"),
  t.Literal("in-progress"),
  t.Literal("completed"),
  t.Literal("in-review"),
  t.Literal("denied"),
]);
/** The statuses a search may filter by; they are mutually exclusive (SPEC.md §2 Dashboard). */
export const SearchableStatus = t.Union([t.Literal("pending-approval"), t.Literal("in-progress"), t.Literal("completed")]);
export const Radius = t.Union([t.Literal("square"), t.Literal("rounded"), t.Literal("pill")]);
export const SortBy = t.Union([t.Literal("-createdAt"), t.Literal("createdAt")]);

export const SubscriptionTier = t.Object({ name: short(), pricePerMonth: short(), features: long() }, { additionalProperties: false });

// The content a customer may edit after ordering. The wizard rules (src/shared/wizard.ts) decide
// what is complete; these schemas only refuse wrong types, unknown fields and oversized text.
const contentFields = {
  projectName: short(),
  creatorPhoneNumber: short(),
  projectDomainURL: url(),
  domainProviderURL: url(),
  domainProviderUsername: short(),
  domainProviderPassword: short(),
  heroTitle: short(),
  heroMessage: long(),
  selectedThemes: t.Array(t.Integer(), { maxItems: 10 }),
  defaultTheme: t.Integer(),
  selectedTintColors: t.Array(t.Integer(), { maxItems: 10 }),
  defaultTintColor: t.Integer(),
  customTintColor: t.Union([short(), t.Null()]),
  borderRadius: Radius,
  buttonBorderRadius: Radius,
  pagesText: t.Array(long(), { maxItems: 20 }),
  hasSubscriptions: t.Boolean(),
  subscriptionTiers: t.Array(SubscriptionTier, { maxItems: 20 }),
  linkedInURL: url(),
  facebookURL: url(),
  instagramURL: url(),
  twitterURL: url(),
};

const { domainProviderPassword: _secret, ...publicContentFields } = contentFields;
const orderFields = {
  projectType: ProjectType,
  creatorName: short(),
  email: t.String({ maxLength: 254 }),
  acceptedTermsAndConditions: t.Boolean(),
  signature: short(),
  hasAccessCode: t.Boolean(),
  accessCode: t.String({ maxLength: 50 }),
};

/** The wizard's draft, sent as the JSON field `data` of POST /api/projects. */
export const ProjectDraftBody = t.Object({ ...contentFields, ...orderFields }, { additionalProperties: false });

/** An unfinished order kept on the account (PUT /api/users/me/wizard-draft): the draft without its secret. */
export const WizardDraftBody = t.Object({ ...publicContentFields, ...orderFields }, { additionalProperties: false });
export const WizardDraftPut = t.Object({ draft: WizardDraftBody }, { additionalProperties: false });
export const WizardDraftAnswer = t.Object({ draft: t.Union([WizardDraftBody, t.Null()]), updatedAt: t.Union([t.String(), t.Null()]) });

// Page images arrive as `pagesImages.{n}`; the largest package has 10 custom pages.
const pageImageFields = {
  "pagesImages.0": t.Optional(t.Files()),
  "pagesImages.1": t.Optional(t.Files()),
  "pagesImages.2": t.Optional(t.Files()),
  "pagesImages.3": t.Optional(t.Files()),
  "pagesImages.4": t.Optional(t.Files()),
  "pagesImages.5": t.Optional(t.Files()),
  "pagesImages.6": t.Optional(t.Files()),
  "pagesImages.7": t.Optional(t.Files()),
  "pagesImages.8": t.Optional(t.Files()),
  "pagesImages.9": t.Optional(t.Files()),
};

/** POST /api/projects (multipart/form-data): `data` is the draft as JSON, then the image files. */
export const CreateProjectForm = t.Object({ data: ProjectDraftBody, logoImages: t.Optional(t.Files()), ...pageImageFields }, { additionalProperties: false });
export type CreateProjectForm = typeof CreateProjectForm.static;

/** POST /api/projects/{id}/images (multipart/form-data): images appended to the saved lists. */
export const AddImagesForm = t.Object({ logoImages: t.Optional(t.Files()), ...pageImageFields }, { additionalProperties: false });
export type AddImagesForm = typeof AddImagesForm.static;

/**
 * PATCH /api/projects/{id}: changed content fields, and/or the image URLs to keep (in order;
 * saved images left out are removed), or `revisionNotes` alone. Admin fields are not part of it,
 * so a body naming one is refused. projectType and creatorName may be sent only unchanged.
 */
export const ProjectPatch = t.Object(
  {
    ...t.Partial(t.Object(contentFields)).properties,
    projectType: t.Optional(ProjectType),
    creatorName: t.Optional(short()),
    email: t.Optional(t.String({ maxLength: 254 })),
    logoImageURLs: t.Optional(t.Array(t.String({ maxLength: 1000 }), { maxItems: 50 })),
    pagesImageURLs: t.Optional(t.Array(t.Array(t.String({ maxLength: 1000 }), { maxItems: 50 }), { maxItems: 20 })),
    revisionNotes: t.Optional(long()),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type ProjectPatch = typeof ProjectPatch.static;

export const ProjectIdParams = t.Object({ id: t.String({ maxLength: 100 }) });

export const Creator = t.Object({ _id: t.String(), displayName: t.String(), email: t.String() });
export const ProjectImage = t.Object({ _id: t.String(), url: t.String() });

/** The Project entity of SPEC.md §3, as GET /api/projects/{id} answers it. */
export const ProjectModel = t.Object({
  _id: t.String(),
  /** The short reference people read and type, e.g. WS-1042 (decision 097). */
  reference: t.String(),
  creator: Creator,
  projectName: t.String(),
  projectType: ProjectType,
  status: ProjectStatus,
  receivedPayment: t.Boolean(),
  refundIssued: t.Boolean(),
  editingLocked: t.Boolean(),
  revisionsLocked: t.Boolean(),
  archived: t.Boolean(),
  invoiceSent: t.Boolean(),
  invoiceType: t.Union([ProjectType, t.Null()]),
  invoiceID: t.Union([t.String(), t.Null()]),
  revisionNotes: t.String(),
  /** When the project was last marked Completed; null before its first delivery. */
  deliveredAt: t.Union([t.String(), t.Null()]),
  /** Whether a revision request can be sent now (the terms' 10 days, one request), and why. */
  revisions: t.Object({
    state: t.UnionEnum(["open", "not-delivered", "requested", "expired"]),
    reason: t.String(),
    closesAt: t.Union([t.String(), t.Null()]),
  }),
  createdAt: t.String(),
  updatedAt: t.String(),
  creatorName: t.String(),
  creatorPhoneNumber: t.String(),
  domainProviderURL: t.String(),
  projectDomainURL: t.String(),
  domainProviderUsername: t.String(),
  domainProviderPassword: t.String(),
  logoImageURLs: t.Array(t.String()),
  /** The same images with their ids, in the same order. */
  logoImages: t.Array(ProjectImage),
  heroTitle: t.String(),
  heroMessage: t.String(),
  pagesText: t.Array(t.String()),
  /** One list per page, as many lists as pagesText has entries. */
  pagesImageURLs: t.Array(t.Array(t.String())),
  pagesImages: t.Array(t.Array(ProjectImage)),
  selectedThemes: t.Array(AnsweredInteger()),
  defaultTheme: AnsweredInteger(),
  selectedTintColors: t.Array(AnsweredInteger()),
  defaultTintColor: AnsweredInteger(),
  customTintColor: t.Union([t.String(), t.Null()]),
  borderRadius: Radius,
  buttonBorderRadius: Radius,
  hasSubscriptions: t.Boolean(),
  subscriptionTiers: t.Array(SubscriptionTier),
  linkedInURL: t.String(),
  facebookURL: t.String(),
  instagramURL: t.String(),
  twitterURL: t.String(),
  accessCode: t.Union([t.String(), t.Null()]),
});
export type ProjectModel = typeof ProjectModel.static;

/** One row of a project list (dashboards, admin console). */
export const ProjectListItem = t.Object({
  _id: t.String(),
  /** e.g. WS-1042. */
  reference: t.String(),
  projectName: t.String(),
  projectType: ProjectType,
  status: ProjectStatus,
  receivedPayment: t.Boolean(),
  refundIssued: t.Boolean(),
  archived: t.Boolean(),
  invoiceSent: t.Boolean(),
  /** Unpaid and past its invoice's due date. */
  overdue: t.Boolean(),
  /** Messages from the other side that the lister's side has not read. */
  unreadMessages: AnsweredInteger(),
  createdAt: t.String(),
  creator: Creator,
});
export type ProjectListItem = typeof ProjectListItem.static;

export const ProjectSearchQuery = t.Object({
  status: t.Optional(SearchableStatus),
  paid: t.Optional(t.Boolean()),
  overdue: t.Optional(t.Boolean()),
  /** Admins: projects whose thread ends with the customer's message. */
  unanswered: t.Optional(t.Boolean()),
  archived: t.Optional(t.Boolean()),
  title: t.Optional(t.String({ maxLength: TEXT_LIMITS.short })),
  page: PageNumber,
  sortby: t.Optional(SortBy),
});
export type ProjectSearchQuery = typeof ProjectSearchQuery.static;

export const ProjectsPage = pageAnswer("projects", ProjectListItem);
export type ProjectsPage = typeof ProjectsPage.static;

/** `email` is where the order's mail (for a visitor, the temporary password) went. */
export const CreatedProject = t.Object({ projectID: t.String(), reference: t.String(), message: t.String(), email: t.String() });
export const ProjectImagesAnswer = t.Object({
  message: t.String(),
  logoImageURLs: t.Array(t.String()),
  logoImages: t.Array(ProjectImage),
  pagesImageURLs: t.Array(t.Array(t.String())),
  pagesImages: t.Array(t.Array(ProjectImage)),
});
export type ProjectImagesAnswer = typeof ProjectImagesAnswer.static;

// Admin calls.
export const AdminProjectFields = t.Object(
  {
    status: t.Optional(ProjectStatus),
    receivedPayment: t.Optional(t.Boolean()),
    /** With receivedPayment true: how the money came (required unless the payment is waived by an access code). */
    paymentMethod: t.Optional(
      t.Union([t.Literal("bank_transfer"), t.Literal("cash"), t.Literal("other")], { error: "paymentMethod must be bank_transfer, cash or other." }),
    ),
    /** With receivedPayment true: a bank reference or receipt number, if any. */
    paymentReference: t.Optional(t.String({ maxLength: 200, error: "paymentReference must be at most 200 characters." })),
    /** With receivedPayment true: mark paid although a Stripe Checkout for the invoice is still open (otherwise 409). */
    confirmOpenCheckout: t.Optional(t.Boolean()),
    refundIssued: t.Optional(t.Boolean()),
    editingLocked: t.Optional(t.Boolean()),
    revisionsLocked: t.Optional(t.Boolean()),
    archived: t.Optional(t.Boolean()),
    accessCode: t.Optional(t.String({ maxLength: 50 })),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type AdminProjectFields = typeof AdminProjectFields.static;

export const MAX_BULK_IDS = 100;

export const AdminProjectsPatch = t.Object(
  { projectIDs: t.Array(Id, { minItems: 1, maxItems: MAX_BULK_IDS }), updatedFields: AdminProjectFields },
  { additionalProperties: false },
);
export type AdminProjectsPatch = typeof AdminProjectsPatch.static;

/** `projectIDs` joined by '-' (SPEC.md §7). */
export const AdminProjectsDeleteQuery = t.Object({ projectIDs: t.String({ minLength: 1, maxLength: MAX_BULK_IDS * 27 }) });

export const BulkAnswer = t.Object({ message: t.String(), projectIDs: t.Array(t.String()) });

// The schemas above must describe exactly the wizard's own types; the compiler checks it here.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _schemasMatchTheWizard: [
  Same<typeof ProjectDraftBody.static, ProjectDraft>,
  Same<typeof WizardDraftBody.static, WizardDraftData>,
  Same<typeof ProjectStatus.static, StoredStatus>,
  Same<typeof Radius.static, StoredRadius>,
  Same<
    Omit<typeof ProjectDraftBody.static, "creatorName" | "email" | "acceptedTermsAndConditions" | "signature" | "hasAccessCode" | "accessCode">,
    ProjectContent
  >,
] = [true, true, true, true, true];

export const UpdatedProject = t.Object({ message: t.String(), project: ProjectModel });
