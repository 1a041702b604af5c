// The durable mail outbox. Features write a message into `mail_outbox` inside the same
// transaction as the change that causes it, so a mail exists exactly when its cause does.
// A worker delivers due messages and retries failures with exponential backoff, forever,
// until they are delivered: a failing SMTP server delays mail but loses none of it.
//
// Several app instances may run a worker on the same database: a message is claimed with
// `for update skip locked` and held for CLAIM_SECONDS, so only one instance sends it at a time.
// If an instance dies mid-send the claim simply expires and another instance retries it, so
// delivery is at-least-once (a crash between the SMTP "250 OK" and marking the row sent can
// repeat a message; nothing can make it vanish).
import type { Db } from "../../lib/db";
import { newId } from "../../lib/ids";
import type { MailMessage, Mailer } from "../../lib/mail";
import { type ClaimedMail, type OutboxInsert, claimDueMail, insertMail, markMailFailed, markMailSent, releaseMail } from "./queries";

/** How long a claimed message is reserved for the worker that claimed it. */
const CLAIM_SECONDS = 60;
const DEFAULT_POLL_MS = 2_000;
const DEFAULT_BATCH_SIZE = 20;
const MAX_ERROR_LENGTH = 500;

/** 5 s, 10 s, 20 s, ... doubling per failed attempt, capped at one hour. */
export function defaultBackoffMs(failedAttempts: number): number {
  const exponent = Math.max(0, failedAttempts - 1);
  return Math.min(5_000 * 2 ** Math.min(exponent, 30), 3_600_000);
}

/**
 * Writes a message into the outbox. Pass the transaction of the change that causes the mail,
 * and call the worker's `wake()` after it commits.
 */
export async function enqueueMail(db: Db, message: MailMessage): Promise<string> {
  const row = toOutboxRow(message);
  await insertMail(db, [row]);
  return row.id;
}

/** Writes any number of messages in one statement; answers their ids in the order given. */
export async function enqueueMails(db: Db, messages: MailMessage[]): Promise<string[]> {
  const rows = messages.map(toOutboxRow);
  await insertMail(db, rows);
  return rows.map((row) => row.id);
}

function toOutboxRow(message: MailMessage): OutboxInsert {
  return {
    id: newId(),
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html ?? null,
    replyTo: message.replyTo ?? null,
    attachments: message.attachments?.length ? message.attachments : null,
  };
}

export type OutboxWorkerOptions = {
  db: Db;
  mailer: Mailer;
  log: (line: string) => void;
  /** How often to look for due messages when nobody calls `wake()`; 2 s by default. */
  pollMs?: number;
  /** Delay before the next attempt after `failedAttempts` failures in a row. */
  backoffMs?: (failedAttempts: number) => number;
  /** Messages claimed per query. */
  batchSize?: number;
};

/** The first pass runs after `pollMs`, or at once when someone calls `wake()`. */
export type OutboxWorker = {
  /** Asks for a pass as soon as possible (call it after committing an enqueue). */
  wake(): void;
  /** Runs a pass now (after any pass in flight) and resolves with the number of messages sent; 0 once stopped. */
  runOnce(): Promise<number>;
  /** Stops polling and resolves once the pass in flight, if any, has finished. */
  stop(): Promise<void>;
};

/** An error as one short line, without credentials that may sit in a connection URL. */
function describeError(error: unknown): string {
  const raw = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const line = raw
    .replace(/([a-z][a-z0-9+.-]*:\/\/)[^/@\s]*@/gi, "$1***@")
    .replace(/\b(pass(word)?|secret|token)=\S+/gi, "$1=***")
    .replace(/\s+/g, " ")
    .trim();
  return line.length > MAX_ERROR_LENGTH ? `${line.slice(0, MAX_ERROR_LENGTH - 1)}…` : line;
}

export function startOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { db, mailer, log } = options;
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  const backoffMs = options.backoffMs ?? defaultBackoffMs;
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  let stopped = false;

  async function deliver(message: ClaimedMail): Promise<boolean> {
    try {
      await mailer.send({
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        replyTo: message.replyTo,
        attachments: message.attachments,
      });
    } catch (error) {
      const failedAttempts = message.attempts + 1;
      const delayMs = Math.max(0, Math.round(backoffMs(failedAttempts)));
      const reason = describeError(error);
      log(`mail: delivery of ${message.id} failed (attempt ${failedAttempts}, next in ${Math.round(delayMs / 1000)} s): ${reason}`);
      await markMailFailed(db, message.id, { reason, delayMs });
      return false;
    }
    await markMailSent(db, message.id);
    return true;
  }

  async function pass(): Promise<number> {
    let sent = 0;
    try {
      // Keep claiming while full batches come back, so a backlog drains in one pass.
      while (!stopped) {
        const claimed = await claimDueMail(db, { batchSize, claimSeconds: CLAIM_SECONDS });
        for (const [index, message] of claimed.entries()) {
          if (stopped) {
            // Hand the rest back at once instead of leaving them locked until the claim expires.
            await releaseMail(
              db,
              claimed.slice(index).map((m) => m.id),
            );
            return sent;
          }
          if (await deliver(message)) sent++;
        }
        if (claimed.length < batchSize) break;
      }
    } catch (error) {
      // A database outage must not end the worker: log it and try again on the next pass.
      log(`mail: outbox pass failed: ${describeError(error)}`);
    }
    return sent;
  }

  // Passes run one at a time. Requests made while a pass runs share one queued pass, which
  // starts after the current one and therefore sees everything committed before it starts.
  let tail: Promise<unknown> = Promise.resolve();
  let queued: Promise<number> | null = null;
  function schedulePass(): Promise<number> {
    if (queued) return queued;
    const next = tail.then(() => {
      queued = null;
      return pass();
    });
    queued = next;
    tail = next.catch(() => {});
    return next;
  }

  const timer = setInterval(() => {
    if (!stopped) void schedulePass();
  }, pollMs);
  // Polling alone must not keep the process alive (scripts, tests); the server does that.
  timer.unref();

  return {
    wake() {
      if (!stopped) void schedulePass();
    },
    runOnce() {
      return schedulePass();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await tail;
    },
  };
}
