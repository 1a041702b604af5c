// A real SMTP server on loopback that keeps every message it receives, for tests that need to
// read the mail the app sends (password reset, contact form, temporary passwords...).
//
//   const smtp = await startSmtpCapture();              // or { port } to come back on a known port
//   const config = loadConfig({ ..., SMTP_URL: smtp.url });
//   const mail = await smtp.waitForMail((m) => m.envelopeTo.includes("ada@example.com"));
//   mail.subject, mail.text, mail.html, mail.raw
//   smtp.reject("bounce@example.com");                 // answer its RCPT TO with a permanent 550
//   await startSmtpCapture({ rejectRecipients: ["gone@example.com"] }); // the same, from the start
//   await smtp.stop();
//
// The MIME parsing is deliberately small: headers (with RFC 2047 encoded words), nested
// multiparts, quoted-printable and base64 bodies, and the charset of each text part.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type CapturedMail = {
  /** The SMTP envelope: MAIL FROM and RCPT TO addresses, as the server received them. */
  envelopeFrom: string;
  envelopeTo: string[];
  /** Decoded header values ("" when the header is absent). */
  from: string;
  to: string;
  subject: string;
  replyTo: string | null;
  /** Every header, by lower-case name; repeated headers keep the first value. */
  headers: Record<string, string>;
  /** The first text/plain and text/html parts that are not attachments, decoded. */
  text: string;
  html: string | null;
  /** The message source exactly as received. */
  raw: string;
};

export type SmtpCapture = {
  port: number;
  /** An SMTP_URL for the app's config. */
  url: string;
  /** Everything received so far, oldest first. */
  messages: CapturedMail[];
  /**
   * Resolves with the first message (already received or still to come) that matches;
   * rejects after timeoutMs, naming what did arrive.
   */
  waitForMail(predicate?: (mail: CapturedMail) => boolean, timeoutMs?: number): Promise<CapturedMail>;
  /** From now on, RCPT TO this address is refused with `550 5.1.1` (a permanent failure); `accept` undoes it. */
  reject(address: string): void;
  accept(address: string): void;
  /** Every refused RCPT TO address, oldest first. */
  rejections: string[];
  clear(): void;
  stop(): Promise<void>;
};

export type SmtpCaptureOptions = {
  port?: number;
  /** Addresses whose RCPT TO is refused with `550 5.1.1` from the first connection on, as `reject` does later. */
  rejectRecipients?: string[];
};

export async function startSmtpCapture(options: SmtpCaptureOptions = {}): Promise<SmtpCapture> {
  const messages: CapturedMail[] = [];
  const waiters = new Set<(mail: CapturedMail) => void>();
  const rejected = new Set((options.rejectRecipients ?? []).map((address) => address.toLowerCase()));
  const rejections: string[] = [];

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    closeTimeout: 500,
    onRcptTo(address, _session, callback) {
      if (!rejected.has(address.address.toLowerCase())) return callback();
      rejections.push(address.address);
      callback(Object.assign(new Error("5.1.1 No such user here"), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("error", (error: Error) => callback(error));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const mailFrom = session.envelope.mailFrom;
        const mail = parseMail(
          raw,
          mailFrom ? mailFrom.address : "",
          session.envelope.rcptTo.map((r) => r.address),
        );
        messages.push(mail);
        for (const notify of [...waiters]) notify(mail);
        callback();
      });
    },
  });

  const port = await new Promise<number>((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once("error", onError);
    const listener = server.listen(options.port ?? 0, "127.0.0.1", () => {
      server.off("error", onError);
      resolve((listener.address() as AddressInfo).port);
    });
  });
  // After start-up, errors (a client dropping its connection...) must not crash the test run.
  server.on("error", () => {});

  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitForMail(predicate = () => true, timeoutMs = 5_000) {
      const found = messages.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise<CapturedMail>((resolve, reject) => {
        const waiter = (mail: CapturedMail) => {
          if (!predicate(mail)) return;
          clearTimeout(timer);
          waiters.delete(waiter);
          resolve(mail);
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          const seen = messages.map((m) => `${JSON.stringify(m.subject)} to ${m.envelopeTo.join(", ")}`);
          reject(new Error(`No matching mail within ${timeoutMs} ms; received: ${seen.length ? seen.join("; ") : "nothing"}`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    reject(address) {
      rejected.add(address.toLowerCase());
    },
    accept(address) {
      rejected.delete(address.toLowerCase());
    },
    rejections,
    clear() {
      messages.length = 0;
    },
    stop() {
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

// --- minimal MIME parsing -------------------------------------------------------------------

type Part = { headers: Record<string, string>; body: string };

function splitPart(source: string): Part {
  const end = source.indexOf("\n\n");
  const head = end === -1 ? source : source.slice(0, end);
  const body = end === -1 ? "" : source.slice(end + 2);
  const headers: Record<string, string> = {};
  // Unfold continuation lines, then read "Name: value".
  for (const line of head.replace(/\n[ \t]+/g, " ").split("\n")) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!(name in headers)) headers[name] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

/** The main value of a structured header and its parameters, e.g. `text/plain; charset=utf-8`. */
function parseStructured(value: string | undefined): { value: string; params: Record<string, string> } {
  const [main = "", ...rest] = (value ?? "").split(";");
  const params: Record<string, string> = {};
  for (const param of rest) {
    const eq = param.indexOf("=");
    if (eq === -1) continue;
    params[param.slice(0, eq).trim().toLowerCase()] = param
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, "$1");
  }
  return { value: main.trim().toLowerCase(), params };
}

function decodeBytes(bytes: Uint8Array, charset: string): string {
  try {
    return new TextDecoder(charset || "utf-8").decode(bytes);
  } catch {
    return new TextDecoder("utf-8").decode(bytes);
  }
}

function quotedPrintableBytes(text: string): Uint8Array {
  const unwrapped = text.replace(/=\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < unwrapped.length; i++) {
    const hex = unwrapped.slice(i + 1, i + 3);
    if (unwrapped[i] === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(unwrapped[i]!, "utf8"));
    }
  }
  return new Uint8Array(bytes);
}

/** Decodes RFC 2047 encoded words (`=?utf-8?Q?...?=`, `=?utf-8?B?...?=`). */
function decodeHeader(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)\s+(?==\?)/g, "$1") // whitespace between encoded words is not content
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, charset: string, encoding: string, data: string) =>
      decodeBytes(encoding.toUpperCase() === "B" ? Buffer.from(data, "base64") : quotedPrintableBytes(data.replace(/_/g, " ")), charset.toLowerCase()),
    );
}

function decodeBody(part: Part): string {
  const encoding = (part.headers["content-transfer-encoding"] ?? "7bit").toLowerCase();
  const charset = parseStructured(part.headers["content-type"]).params.charset ?? "utf-8";
  if (encoding === "base64") return decodeBytes(Buffer.from(part.body.replace(/\s+/g, ""), "base64"), charset);
  if (encoding === "quoted-printable") return decodeBytes(quotedPrintableBytes(part.body), charset);
  return part.body;
}

function collectTextParts(part: Part, found: { text: string | null; html: string | null }): void {
  const type = parseStructured(part.headers["content-type"] ?? "text/plain");
  if (type.value.startsWith("multipart/")) {
    const boundary = type.params.boundary;
    if (!boundary) return;
    const sections = `\n${part.body}`.split(`\n--${boundary}`);
    // sections[0] is the preamble; the one starting with "--" is the closing delimiter.
    for (const section of sections.slice(1)) {
      if (section.startsWith("--")) break;
      collectTextParts(splitPart(section.replace(/^[ \t]*\n/, "")), found);
    }
    return;
  }
  if (parseStructured(part.headers["content-disposition"]).value === "attachment") return;
  if (type.value === "text/plain" && found.text === null) found.text = decodeBody(part);
  if (type.value === "text/html" && found.html === null) found.html = decodeBody(part);
}

export function parseMail(raw: string, envelopeFrom: string, envelopeTo: string[]): CapturedMail {
  const root = splitPart(raw.replace(/\r\n/g, "\n"));
  // SMTP ends the data with a line break the sender may have added only for the protocol's sake.
  root.body = root.body.replace(/\n$/, "");
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(root.headers)) headers[name] = decodeHeader(value);
  const found: { text: string | null; html: string | null } = { text: null, html: null };
  collectTextParts(root, found);
  return {
    envelopeFrom,
    envelopeTo,
    from: headers.from ?? "",
    to: headers.to ?? "",
    subject: headers.subject ?? "",
    replyTo: headers["reply-to"] ?? null,
    headers,
    text: found.text ?? "",
    html: found.html,
    raw,
  };
}
