// Every mail the app sends, rendered as its feature renders it (decision 098): the text part
// carries the HTML's words in the same order (only the parts marked data-skip-in-text, the header's
// name and buttons repeating a link, are HTML alone; the text spells links out), a value a user
// typed is escaped in the HTML and as typed in the text, and a real SMTP server receives
// multipart/alternative with both parts, and the invoice's PDF beside them.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { User, WebhookEndpoint } from "../db/schema";
import { loadConfig } from "../src/config";
import { tokenCreatedMail } from "../src/features/api-tokens/mails";
import { resetLinkMail, securityMails } from "../src/features/auth/security-mails";
import { contactMail } from "../src/features/contact/mails";
import { invoiceMail } from "../src/features/invoices/mails";
import { customerUnreadMail, studioUnreadMail } from "../src/features/messages/mails";
import { announcementMail, projectEventMail } from "../src/features/notifications/mails";
import { projectDeletedMail, receiptMail, reminderMail } from "../src/features/payments/mails";
import type { UnpaidInvoice } from "../src/features/payments/queries";
import { temporaryPasswordMail } from "../src/features/projects/mails";
import { endpointDisabledMail } from "../src/features/webhooks/mails";
import type { Db } from "../src/lib/db";
import type { MailJob } from "../src/lib/job-queues";
import { type MailMessage, createMailer } from "../src/lib/mail";
import { emailAnnouncementSource } from "../src/shared/announcements";
import { newProjectDraft } from "../src/shared/wizard";
import { type SmtpCapture, startSmtpCapture } from "./helpers/smtp";

const config = loadConfig({ NODE_ENV: "test", PUBLIC_URL: "https://studio.example" });
const deps = { config };
/** What a user could type into any field that ends up in a mail. */
const HOSTILE = `Ada <script>alert(1)</script> & "Bo" <b>`;
const HOSTILE_HTML = "Ada &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Bo&quot; &lt;b&gt;";
const user = { email: "ada@example.com", displayName: HOSTILE } as User;
const invoice: UnpaidInvoice = {
  invoiceId: "inv1",
  number: 42,
  amount: 250,
  totalCents: 27063,
  dueAt: new Date("2026-12-10T12:00:00Z"),
  projectId: "p1",
  projectName: HOSTILE,
  projectType: "s",
  status: "in-progress",
  creatorId: "u1",
  customerName: HOSTILE,
  customerEmail: "ada@example.com",
};

/** The security mails go through the same queueing as in the app; the fake queue keeps each message. */
async function securityMail(send: (queue: Parameters<typeof securityMails.mfaTurnedOn>[0]) => Promise<void>): Promise<MailMessage> {
  const queued: MailJob[] = [];
  await send({ config, jobs: { send: async (_name: string, data: MailJob) => void queued.push(data) } as never });
  const [mail] = queued;
  if (!mail) throw new Error("nothing queued");
  return mail;
}
const noTx = null as unknown as Db;

const draft = { ...newProjectDraft("m"), projectName: HOSTILE, hasAccessCode: false };
const mails: Record<string, () => Promise<MailMessage>> = {
  "order and temporary password": () =>
    temporaryPasswordMail(deps, { name: HOSTILE, email: "ada@example.com", projectId: "01JPROJECT", reference: "WS-1042", draft, password: "ab12CD34" }),
  "password reset": () => resetLinkMail(deps, user, "https://studio.example/reset?token=abc"),
  "two-factor on": () => securityMail((d) => securityMails.mfaTurnedOn(d, noTx, user)),
  "two-factor off by an admin": () => securityMail((d) => securityMails.mfaTurnedOff(d, noTx, user, { byAdmin: true })),
  "recovery code used": () => securityMail((d) => securityMails.recoveryCodeUsed(d, noTx, user, 9)),
  "confirmation code": () => securityMail((d) => securityMails.confirmationCode(d, noTx, user, "123456", 10)),
  "API token created": () => tokenCreatedMail(deps, user, { name: HOSTILE, createdAt: new Date("2026-11-27T10:00:00Z"), expiresAt: null }),
  invoice: () =>
    invoiceMail(deps, {
      to: "ada@example.com",
      customerName: HOSTILE,
      projectName: HOSTILE,
      packageTitle: "Small Webapp",
      number: "INV-0042",
      link: "https://studio.example/invoices/inv1",
      dueAt: invoice.dueAt,
      totals: { subtotal: "$250.00", tax: { label: "Tax (8.25%)", amount: "$20.63" }, total: "$270.63" },
      copy: false,
      cards: true,
      pdf: new TextEncoder().encode("%PDF-1.4 test"),
    }),
  receipt: () =>
    receiptMail(deps, {
      to: "ada@example.com",
      customerName: HOSTILE,
      number: "INV-0042",
      projectName: HOSTILE,
      amount: "$270.63",
      paidOn: new Date("2026-11-27T10:00:00Z"),
      invoiceId: "inv1",
    }),
  "reminder: due soon": () => reminderMail(deps, invoice, "due-soon", null),
  "reminder: due today": () => reminderMail(deps, invoice, "due-today", null),
  "final notice": () => reminderMail(deps, invoice, "final-notice", "Dec 20, 2026"),
  "project deleted": () => projectDeletedMail(deps, invoice),
  "project event": () =>
    projectEventMail(user, {
      subject: `Update on ${HOSTILE}`,
      message: `The status of your project "${HOSTILE}" changed to In Progress.`,
      link: "https://studio.example/projects/p1",
    }),
  announcement: () =>
    announcementMail(
      config.publicUrl,
      "News",
      emailAnnouncementSource(`**Closed** on *Friday*: see [our hours](https://example.com/hours).\n\n- ${HOSTILE}`, HOSTILE),
    ),
  "contact form": () => contactMail(deps, "visitor@example.com", `${HOSTILE}\nsecond line`),
  "unread messages (studio)": () =>
    studioUnreadMail(deps, { projectName: HOSTILE, count: "a new message", excerpt: HOSTILE, link: "https://studio.example/projects/p1/messages" }),
  "unread messages (customer)": () =>
    customerUnreadMail(deps, user, { projectName: HOSTILE, count: "2 new messages", excerpt: HOSTILE, link: "https://studio.example/projects/p1/messages" }),
  "webhook endpoint disabled": () => endpointDisabledMail(deps, user, { url: "https://hooks.example/in", description: HOSTILE } as WebhookEndpoint),
};

const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#x27;": "'", "&#39;": "'", "&nbsp;": " " };

/** The words a reader sees in the HTML, in order: without <head> and without what is marked data-skip-in-text. */
async function htmlWords(html: string): Promise<string[]> {
  let skipping = 0;
  let words = "";
  const skip = (element: HTMLRewriterTypes.Element) => {
    skipping++;
    element.onEndTag(() => void skipping--);
  };
  await new HTMLRewriter()
    .on("head, [data-skip-in-text=true]", { element: skip })
    .on("p, td, li, br, div, ul, ol", {
      element: () => {
        words += " ";
      },
    })
    .on("*", {
      text: (chunk) => {
        if (skipping === 0) words += chunk.text;
      },
    })
    .transform(new Response(html))
    .text();
  return words
    .replace(/&[#a-z0-9]+;/gi, (entity) => ENTITIES[entity] ?? entity)
    .split(/\s+/)
    .filter(Boolean);
}

/** The text part's words, without the addresses it adds after a link's label (not shown in the HTML) and the "- " of list items. */
const textWords = (text: string, shown: string[]): string[] =>
  text
    .replace(/ \(((?:https?|mailto):[^\s)]+)\)/g, (spelled, address: string) => (shown.some((word) => word.includes(address)) ? spelled : ""))
    .replace(/^- /gm, "")
    .split(/\s+/)
    .filter(Boolean);

describe("every mail", () => {
  for (const [name, make] of Object.entries(mails)) {
    test(`${name}: the text part carries the HTML's words, and what a user typed is escaped in the HTML`, async () => {
      const mail = await make();
      const html = mail.html ?? "";
      expect(html).toStartWith("<!DOCTYPE html");
      const shown = await htmlWords(html);
      expect(textWords(mail.text, shown)).toEqual(shown);
      // In the HTML, typed values are text, never markup; the text part shows them as typed.
      expect(html).not.toContain("<script>");
      expect(html).not.toContain("<b>");
      expect(html).toContain(HOSTILE_HTML);
      expect(mail.text).toContain(HOSTILE);
      // The mail clients' constraints: light and dark palettes, no external images, fonts or style sheets.
      expect(html).toContain('<meta name="color-scheme" content="light dark"/>');
      expect(html).toContain("@media (prefers-color-scheme: dark)");
      expect(html).not.toMatch(/<img|<link |@import|@font-face|url\(/);
      // Addresses are on the site; none is left a relative one.
      for (const [, href] of html.matchAll(/href="([^"]*)"/g)) expect(href).toMatch(/^(https:\/\/|mailto:)/);
    });
  }

  test("an announcement's links open apart and carry rel=noopener nofollow", async () => {
    const html = (await mails.announcement!()).html ?? "";
    expect(html).toContain('href="https://example.com/hours" target="_blank" rel="noopener nofollow"');
    expect(html).toContain("<strong>Closed</strong>");
  });
});

describe("over SMTP", () => {
  let smtp: SmtpCapture;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
  });
  afterAll(() => smtp.stop());

  test("a mail arrives as multipart/alternative with the text and the HTML, the invoice with its PDF beside them", async () => {
    const mailer = createMailer(loadConfig({ NODE_ENV: "test", SMTP_URL: smtp.url }), () => {});
    try {
      const reset = await mails["password reset"]!();
      await mailer.send(reset);
      const received = await smtp.waitForMail((m) => m.subject === reset.subject);
      expect(received.headers["content-type"]).toStartWith("multipart/alternative");
      expect(received.text).toBe(reset.text);
      expect(received.html).toBe(reset.html ?? "");

      const sent = await mails.invoice!();
      await mailer.send(sent);
      const withPdf = await smtp.waitForMail((m) => m.subject === sent.subject);
      expect(withPdf.headers["content-type"]).toStartWith("multipart/mixed");
      expect(withPdf.raw).toMatch(/Content-Type: multipart\/alternative/i);
      expect(withPdf.raw).toMatch(/Content-Type: application\/pdf; name=INV-0042\.pdf/i);
      expect(withPdf.text).toContain("Subtotal: $250.00\nTax (8.25%): $20.63\nTotal due: $270.63");
      expect(withPdf.html).toContain("Subtotal:");
    } finally {
      mailer.close();
    }
  });
});
