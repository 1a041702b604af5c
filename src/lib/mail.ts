// The mail adapter: real SMTP when SMTP_URL is set, otherwise each message is written as an
// .eml file under DATA_DIR/mail and announced with one log line. Features never call this
// directly; they queue a mail job (src/features/mail/outbox.ts), whose worker calls `send`.
import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Config } from "../config";
import type { MailAttachment } from "../shared/enums";

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  replyTo?: string | null;
  attachments?: MailAttachment[] | null;
};

export type Mailer = {
  kind: "smtp" | "file";
  /** Resolves once the message is accepted (by the SMTP server, or written to disk); rejects otherwise. */
  send(message: MailMessage): Promise<void>;
  close(): void;
};

// A stuck SMTP server must fail a send within seconds, well inside the mail job's expiry.
const SMTP_TIMEOUTS = { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 15_000, dnsTimeout: 5_000 };

function toMailOptions(message: MailMessage) {
  return {
    to: message.to,
    subject: message.subject,
    text: message.text,
    ...(message.html ? { html: message.html } : {}),
    ...(message.replyTo ? { replyTo: message.replyTo } : {}),
    ...(message.attachments?.length
      ? {
          attachments: message.attachments.map((file) => ({
            filename: file.filename,
            contentType: file.contentType,
            content: Buffer.from(file.contentBase64, "base64"),
          })),
        }
      : {}),
  };
}

/**
 * A nodemailer transport made with the first message: loading nodemailer at every start cost a
 * tenth of the start-up, and most starts send nothing.
 */
function lazyTransport<Transport extends { close(): void }>(
  create: (nodemailer: typeof import("nodemailer")["default"]) => Transport,
): { get(): Promise<Transport>; close(): void } {
  let transport: Promise<Transport> | null = null;
  return {
    get: () => (transport ??= import("nodemailer").then((module) => create(module.default))),
    close: () => void transport?.then((made) => made.close()),
  };
}

export function createMailer(config: Config, log: (line: string) => void): Mailer {
  return config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, config.mailFrom, config.mailRatePerSecond)
    : createFileMailer(join(config.dataDir, "mail"), config.mailFrom, log);
}

/**
 * A few connections kept open and shared by every send: a connection and greeting per message
 * cost more than the message itself. Each connection is replaced after a hundred messages, and
 * one the server dropped is replaced at the next send. A message whose connection closes during
 * the send is sent again on a new one (nodemailer requeues it a few times); a send that fails
 * with the connection's error, or past those requeues, rejects and its job retries.
 */
const SMTP_POOL = { pool: true, maxConnections: 5, maxMessages: 100 } as const;

function createSmtpMailer(url: string, from: string, ratePerSecond: number | null): Mailer {
  // The rate limit holds messages in the pool's queue rather than in the workers, so the queue's
  // workers keep fetching and a send just waits its turn.
  const rate = ratePerSecond === null ? {} : { rateLimit: ratePerSecond, rateDelta: 1_000 };
  const transport = lazyTransport((nodemailer) => nodemailer.createTransport({ url, ...SMTP_TIMEOUTS, ...SMTP_POOL, ...rate }, { from }));
  return {
    kind: "smtp",
    async send(message) {
      await (await transport.get()).sendMail(toMailOptions(message));
    },
    close() {
      transport.close();
    },
  };
}

/** Keeps a log line on one line whatever a recipient address contains. */
const oneLine = (value: string): string => value.replace(/[\u0000-\u001f\u007f]+/g, " ");

function createFileMailer(dir: string, from: string, log: (line: string) => void): Mailer {
  const transport = lazyTransport((nodemailer) => nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" }, { from }));
  return {
    kind: "file",
    async send(message) {
      const info = await (await transport.get()).sendMail(toMailOptions(message));
      const source = info.message;
      if (!Buffer.isBuffer(source)) throw new Error("The file mailer expected a buffered message");
      await mkdir(dir, { recursive: true });
      // ISO time with ':' replaced (not allowed in Windows file names) keeps files in send order.
      const name = `${new Date().toISOString().replace(/:/g, "-")}-${randomBytes(3).toString("hex")}.eml`;
      const path = join(dir, name);
      await writeFile(path, source, { flag: "wx" });
      // JSON.stringify quotes the subject and escapes anything that could break the line.
      log(`mail: ${JSON.stringify(message.subject)} to ${oneLine(message.to)} -> ${path}`);
    },
    close() {
      transport.close();
    },
  };
}
