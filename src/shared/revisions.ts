// Delivery and revisions as the terms say (SPEC.md §9: "The client has 10 days after delivery to
// make one revision request"). Pure rules on a project's facts and a clock, so the server's 409s,
// the Revisions tab's explanations and the unit tests read the same decision.
import { formatDate } from "./dates";

export const REVISION_WINDOW_DAYS = 10;
const DAY_MS = 24 * 60 * 60 * 1000;

export type RevisionFacts = {
  /** When the project last became Completed; null before its first delivery. */
  deliveredAt: Date | null;
  /** When the current window opened: the delivery, or the admin's latest grant. */
  revisionsOpenedAt: Date | null;
  revisionRounds: number;
  revisionRequests: number;
  revisionRequestedAt: Date | null;
};

/** Whether the customer may send a revision request now, and in any case the reason to show. */
export type RevisionWindow =
  | { state: "open"; closesAt: Date; reason: string }
  | { state: "not-delivered" | "requested" | "expired"; closesAt: Date | null; reason: string };

export function revisionWindow(facts: RevisionFacts, now: Date): RevisionWindow {
  if (!facts.deliveredAt || !facts.revisionsOpenedAt) {
    return {
      state: "not-delivered",
      closesAt: null,
      reason: `Revisions open when your project is delivered: once it is marked Completed, you have ${REVISION_WINDOW_DAYS} days to send one revision request.`,
    };
  }
  const closesAt = new Date(facts.revisionsOpenedAt.getTime() + REVISION_WINDOW_DAYS * DAY_MS);
  if (facts.revisionRequests >= facts.revisionRounds) {
    const sent = facts.revisionRequestedAt ? ` on ${formatDate(facts.revisionRequestedAt)}` : "";
    return {
      state: "requested",
      closesAt,
      reason: `Your revision request was sent${sent}. The terms allow one request per delivery; write to us in Messages if you need another round.`,
    };
  }
  if (now.getTime() >= closesAt.getTime()) {
    return {
      state: "expired",
      closesAt,
      reason: `The ${REVISION_WINDOW_DAYS} days for a revision request ended on ${formatDate(closesAt)}. Write to us in Messages if you need another round.`,
    };
  }
  return { state: "open", closesAt, reason: `You can send one revision request until ${formatDate(closesAt)}.` };
}

/** An admin may open another round once the current one is used or over, never before delivery. */
export function grantRefusal(window: RevisionWindow): string | null {
  if (window.state === "not-delivered") return "The project has not been delivered yet: revisions open when it is marked Completed.";
  if (window.state === "open") return "A revision round is already open for this project.";
  return null;
}
