// What GET /api/events tells a signed-in browser (decision 020). The rows are written by
// database triggers in the transaction of the change (db/migrations/0003_live_events.sql), so
// these names and payloads must match the SQL there. An event is a hint to re-read, never data
// to trust on its own: islands fetch or reload what it names.

export const LIVE_EVENTS_PATH = "/api/events";

/** A project's watched fields after the change (status, paid, locks, invoice). */
export type ProjectChangedPayload = {
  projectId: string;
  status: string;
  receivedPayment: boolean;
  refundIssued: boolean;
  editingLocked: boolean;
  revisionsLocked: boolean;
  archived: boolean;
  invoiceSent: boolean;
  invoiceId: string | null;
};

export type LiveEventPayloads = {
  /** A notification for this user (new in the bell and the notifications page). */
  notification: { notificationId: string; channelID: string };
  /** A project this user can see changed: its creator and every admin hear it. */
  project_changed: ProjectChangedPayload;
  /** A message in a project's thread: its customer and every admin hear it. */
  message_posted: { projectId: string; messageId: string };
  /** Admins only: a new order. */
  order_created: { projectId: string };
  /** Admins only: a new bug report. */
  bug_report_created: { bugReportId: string };
  /** Sent instead of a replay that is too long or too old to trust: re-read everything. */
  resync: Record<string, never>;
};

export type LiveEventType = keyof LiveEventPayloads;

/** The `data:` of every event on the stream; the SSE `id:` is the events log id. */
export type LiveEvent = { [Type in LiveEventType]: { type: Type; payload: LiveEventPayloads[Type] } }[LiveEventType];

/** A hidden tab keeps its stream this long, then closes it until the tab shows again. */
export const HIDDEN_TAB_GRACE_MS = 60_000;
