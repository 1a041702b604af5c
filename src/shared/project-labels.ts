// How a project's state reads and which colour it wears (SPEC.md §4), for the project pages,
// the dashboard lists and the admin controls alike.
import type { ProjectStatus } from "./enums";

export type BadgeColor = "yellow" | "blue" | "green" | "red" | "neutral";

export const statusLabels: Record<ProjectStatus, string> = {
  "pending-approval": "Pending Approval",
  "in-progress": "In Progress",
  completed: "Completed",
  "in-review": "In Review",
  denied: "Denied",
};

export const statusColors: Record<ProjectStatus, BadgeColor> = {
  "pending-approval": "yellow",
  "in-progress": "blue",
  completed: "green",
  "in-review": "blue",
  denied: "red",
};

export const badgeClass = (color: BadgeColor): string => (color === "neutral" ? "badge" : `badge badge-${color}`);

/** A project's payment state as a badge: Refunded, Paid, Overdue (an invoice past its due date) or Unpaid. */
export function paymentBadge(project: { receivedPayment: boolean; refundIssued?: boolean; overdue: boolean }): { text: string; color: BadgeColor } {
  // A refunded payment was received, but the project is not paid any more (decision 077).
  if (project.refundIssued) return { text: "Refunded", color: "blue" };
  if (project.receivedPayment) return { text: "Paid", color: "green" };
  return project.overdue ? { text: "Overdue", color: "red" } : { text: "Unpaid", color: "neutral" };
}

/** The admin toggles as the spec names their two states. */
export const flagLabels = {
  receivedPayment: ["Paid", "Unpaid"],
  invoiceSent: ["Sent", "Not sent"],
  refundIssued: ["Issued", "Not issued"],
  accessCode: ["Submitted", "Not submitted"],
  editingLocked: ["Locked", "Unlocked"],
  revisionsLocked: ["Locked", "Unlocked"],
  archived: ["Archived", "Not archived"],
} as const;
