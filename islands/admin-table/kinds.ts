// What each admin table shows and which bulk changes its API allows (PATCH with many ids, DELETE
// with ids joined by '-'): Webapp Requests, Access Codes, Bug Reports and FAQs. A row carries the
// fields the changes touch, so a change applied on the server is applied to the row here too.
import { formatDate } from "../../src/shared/dates";
import { type FaqSection, type ProjectStatus, faqSections, projectStatuses } from "../../src/shared/enums";
import { type BadgeColor, paymentBadge, statusColors, statusLabels } from "../../src/shared/project-labels";
import { api, errorMessage } from "../api";

/** `onPhone`: a badge shown under this one on a phone, where its own column is hidden. */
export type TableCell = { text: string; badge?: BadgeColor; nowrap?: boolean; tone?: "section"; onPhone?: TableCell };

type ProjectFields = {
  status: ProjectStatus;
  receivedPayment: boolean;
  refundIssued?: boolean;
  overdue: boolean;
  archived: boolean;
  customer: string;
  /** The short reference, e.g. WS-1042. */
  reference: string;
};
type BugReportFields = { resolved: boolean; highPriority: boolean; archived: boolean };
type FaqFields = { section: FaqSection };
type AccessCodeFields = { claimed: boolean };

/** `count`: a small linked number beside the title (a project's unread messages, say). */
type Row<Fields> = { id: string; href: string; title: string; createdAt: string; fields: Fields; count?: { value: number; href: string; label: string } };
export type ProjectRow = Row<ProjectFields>;
type BugReportRow = Row<BugReportFields>;
type FaqRow = Row<FaqFields>;
type AccessCodeRow = Row<AccessCodeFields>;

export type TableKind = "project" | "access-code" | "bug-report" | "faq";
export type AnyRow = ProjectRow | BugReportRow | FaqRow | AccessCodeRow;

type Column = { label: string; hideMobile?: boolean; cell: (row: AnyRow) => TableCell };

/** One bulk change: what the bar's button says, what the dialog asks, and the fields it sets. */
export type BulkChange = {
  label: string;
  fields: Record<string, string | boolean>;
  question: (count: number) => string;
  /** A change that reaches customers says whom (SPEC.md-style "Ada will be notified."). */
  notifies?: boolean;
};

type KindConfig = {
  /** "3 projects", "1 FAQ". */
  noun: (count: number) => string;
  columns: Column[];
  /** The bar's menus of changes, in order; the last control is always Delete. */
  menus: { label: string; changes: BulkChange[] }[];
  subtitle?: (row: AnyRow) => string[];
  /** Absent where the API has no bulk PATCH (access codes). */
  update?: (ids: string[], fields: Record<string, string | boolean>) => Promise<string>;
  remove: (ids: string[]) => Promise<string>;
  deleteQuestion: (count: number) => string;
};

const plural = (one: string, many: string) => (count: number) => `${count} ${count === 1 ? one : many}`;

type Answer = { data: { message: string } | null; error: { value: unknown } | null };
async function messageOf(call: Promise<Answer>): Promise<string> {
  const { data, error } = await call;
  if (error || !data) throw new Error(errorMessage(error));
  return data.message;
}

const dateColumn: Column = { label: "Date Created", hideMobile: true, cell: (row) => ({ text: formatDate(row.createdAt), nowrap: true }) };
const fieldsOf = <Fields>(row: AnyRow) => row.fields as Fields;

function paymentCell(row: AnyRow): TableCell {
  const { text, color } = paymentBadge(fieldsOf<ProjectFields>(row));
  return { text, badge: color };
}

const projects = plural("project", "projects");
const project: KindConfig = {
  noun: projects,
  columns: [
    { label: "Name", cell: (row) => ({ text: row.title }) },
    {
      label: "Status",
      cell: (row) => {
        const { status } = fieldsOf<ProjectFields>(row);
        return { text: statusLabels[status], badge: statusColors[status], onPhone: paymentCell(row) };
      },
    },
    { label: "Payment Status", hideMobile: true, cell: (row) => paymentCell(row) },
    dateColumn,
  ],
  subtitle: (row) => {
    const fields = fieldsOf<ProjectFields>(row);
    const who = `${fields.reference} · ${fields.customer}`;
    return fields.archived ? [who, "Archived"] : [who];
  },
  menus: [
    {
      label: "Set status",
      changes: projectStatuses.map((status) => ({
        label: statusLabels[status],
        fields: { status },
        question: (count: number) => `Set ${projects(count)} to ${statusLabels[status]}?`,
        notifies: true,
      })),
    },
    {
      label: "More actions",
      changes: [
        // A payment by hand says how it came (decision 077); the bulk action records bank transfers, the Admin tab asks.
        {
          label: "Mark paid (bank transfer)",
          fields: { receivedPayment: true, paymentMethod: "bank_transfer" },
          question: (count) => `Record a bank transfer for ${projects(count)} and mark them paid?`,
          notifies: true,
        },
        { label: "Archive", fields: { archived: true }, question: (count) => `Archive ${projects(count)}?` },
        { label: "Unarchive", fields: { archived: false }, question: (count) => `Unarchive ${projects(count)}?` },
        { label: "Lock editing", fields: { editingLocked: true }, question: (count) => `Lock editing of ${projects(count)}?` },
        { label: "Unlock editing", fields: { editingLocked: false }, question: (count) => `Unlock editing of ${projects(count)}?` },
      ],
    },
  ],
  update: (ids, fields) => messageOf(api.api.admin.projects.patch({ projectIDs: ids, updatedFields: fields })),
  // Eden types the body of a DELETE on a route with the `auth` macro as `{}`: an empty object it is, ignored by the route.
  remove: (ids) => messageOf(api.api.admin.projects.delete({}, { query: { projectIDs: ids.join("-") } })),
  deleteQuestion: (count) => `Delete ${projects(count)}? Their images and invoices go too.`,
};

const bugReports = plural("bug report", "bug reports");
const bugReport: KindConfig = {
  noun: bugReports,
  columns: [
    { label: "Title", cell: (row) => ({ text: row.title }) },
    {
      label: "Status",
      cell: (row) => (fieldsOf<BugReportFields>(row).resolved ? { text: "Resolved", badge: "green" } : { text: "Unresolved", badge: "yellow" }),
    },
    {
      label: "Priority",
      cell: (row) => (fieldsOf<BugReportFields>(row).highPriority ? { text: "High", badge: "red" } : { text: "Regular", badge: "neutral" }),
    },
    dateColumn,
  ],
  subtitle: (row) => (fieldsOf<BugReportFields>(row).archived ? ["Archived"] : []),
  menus: [
    {
      label: "Set status",
      changes: [
        { label: "Resolved", fields: { resolved: true }, question: (count) => `Mark ${bugReports(count)} as resolved?` },
        { label: "Unresolved", fields: { resolved: false }, question: (count) => `Mark ${bugReports(count)} as unresolved?` },
      ],
    },
    {
      label: "More actions",
      changes: [
        { label: "High priority", fields: { highPriority: true }, question: (count) => `Give ${bugReports(count)} high priority?` },
        { label: "Regular priority", fields: { highPriority: false }, question: (count) => `Give ${bugReports(count)} regular priority?` },
        { label: "Archive", fields: { archived: true }, question: (count) => `Archive ${bugReports(count)}?` },
        { label: "Unarchive", fields: { archived: false }, question: (count) => `Unarchive ${bugReports(count)}?` },
      ],
    },
  ],
  update: (ids, fields) => messageOf(api.api.admin.bugreports.patch({ bugReportIDs: ids, updatedFields: fields })),
  remove: (ids) => messageOf(api.api.admin.bugreports.delete({}, { query: { bugReportIDs: ids.join("-") } })),
  // SPEC.md §2's own words for the bulk delete.
  deleteQuestion: (count) => `Are you sure you want to delete ${count} bug report(s)?`,
};

const faqs = plural("FAQ", "FAQs");
const faq: KindConfig = {
  noun: faqs,
  columns: [
    { label: "Title", cell: (row) => ({ text: row.title }) },
    { label: "Section", cell: (row) => ({ text: fieldsOf<FaqFields>(row).section, tone: "section" }) },
  ],
  menus: [
    {
      label: "Move to section",
      changes: faqSections.map((section) => ({ label: section, fields: { section }, question: (count: number) => `Move ${faqs(count)} to ${section}?` })),
    },
  ],
  update: (ids, fields) => messageOf(api.api.admin.faq.patch({ faqIDs: ids, updatedFields: fields })),
  remove: (ids) => messageOf(api.api.admin.faq.delete({}, { query: { faqIDs: ids.join("-") } })),
  deleteQuestion: (count) => `Are you sure you want to delete ${count} FAQ(s)?`,
};

const accessCodes = plural("access code", "access codes");
const accessCode: KindConfig = {
  noun: accessCodes,
  columns: [
    { label: "Title", cell: (row) => ({ text: row.title }) },
    {
      label: "Status",
      cell: (row) => (fieldsOf<AccessCodeFields>(row).claimed ? { text: "Claimed", badge: "blue" } : { text: "Unclaimed", badge: "green" }),
    },
    dateColumn,
  ],
  menus: [],
  remove: (ids) => messageOf(api.api.admin.accesscodes.delete({}, { query: { accessCodeIDs: ids.join("-") } })),
  deleteQuestion: (count) => `Delete ${accessCodes(count)}? Claimed codes are kept: they record how a project was paid.`,
};

export const kinds: Record<TableKind, KindConfig> = { project, "bug-report": bugReport, faq, "access-code": accessCode };
