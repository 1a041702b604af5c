// The invoice as a PDF (pdf-lib), attached to the invoice mail. It says what the printable page
// says: who bills whom, for what, how much, by when, and how to pay.
import type { PDFFont } from "pdf-lib";
import { formatDate } from "../../shared/dates";
import { INVOICE_DUE_DAYS, packageFor } from "../../shared/packages";
import { type Studio, billToOf, invoiceTotals } from "./money";
import type { InvoiceDetails } from "./queries";

export type PdfProvider = { studio: Studio; paymentInstructions: string; payUrl: string | null };

/** pdf-lib's standard fonts are WinAnsi: anything else (emoji, CJK) would throw, so it becomes "?". */
const winAnsi = (text: string): string => text.replace(/[^\u0020-\u007e\u00a0-\u00ff\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026\u20ac]/g, "?");

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of winAnsi(text).split("\n")) {
    let line = "";
    for (const word of paragraph.split(/\s+/)) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) > width && line) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    lines.push(line);
  }
  return lines;
}

export async function renderInvoicePdf(details: InvoiceDetails, number: string, provider: PdfProvider): Promise<Uint8Array> {
  const { invoice, project } = details;
  const { studio } = provider;
  const billTo = billToOf(invoice);
  const totals = invoiceTotals(invoice);
  const pkg = packageFor(invoice.invoiceType);
  // Loaded with the first invoice rather than at every start (it was a tenth of the start-up).
  const { PDFDocument, StandardFonts, rgb } = await import("pdf-lib");
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Invoice ${number}`);
  pdf.setCreator("Webstudio");
  const page = pdf.addPage([595.28, 841.89]); // A4
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const ink = rgb(0.12, 0.14, 0.18);
  const muted = rgb(0.42, 0.45, 0.5);
  const margin = 56;
  const width = page.getWidth() - margin * 2;
  let y = page.getHeight() - margin;

  const text = (value: string, options: { x?: number; size?: number; font?: PDFFont; color?: typeof ink } = {}) => {
    const size = options.size ?? 10.5;
    page.drawText(winAnsi(value), { x: options.x ?? margin, y, size, font: options.font ?? regular, color: options.color ?? ink });
  };
  const right = (value: string, size = 10.5, font = regular) => {
    const clean = winAnsi(value);
    page.drawText(clean, { x: margin + width - font.widthOfTextAtSize(clean, size), y, size, font, color: ink });
  };
  const paragraph = (value: string, size = 10, color = muted) => {
    for (const line of wrap(value, regular, size, width)) {
      text(line, { size, color });
      y -= size * 1.45;
    }
  };

  // The studio's block, as copied onto the invoice when it was issued.
  const studioLines = wrap(studio.name, bold, 18, width - 120);
  for (const [index, line] of studioLines.entries()) {
    text(line, { size: 18, font: bold });
    if (index === 0) right("INVOICE", 18, bold);
    y -= 22;
  }
  for (const line of studio.address.split(/,\s*|\n/)) {
    text(line, { size: 9.5, color: muted });
    y -= 13;
  }
  if (studio.taxId) {
    text(`Tax ID: ${studio.taxId}`, { size: 9.5, color: muted });
    y -= 13;
  }
  text(studio.email, { size: 9.5, color: muted });
  y -= 30;

  const meta: [string, string][] = [
    ["Number", number],
    ["Issued", formatDate(invoice.createdAt)],
    ["Due", formatDate(invoice.dueAt)],
    ["Status", invoice.status === "void" ? "Void" : invoice.status === "paid" ? (details.refunded ? "Refunded" : "Paid") : "Awaiting payment"],
  ];
  const metaTop = y;
  text("Bill to", { font: bold, size: 9.5, color: muted });
  y -= 15;
  // The Bill-to column is narrower than the page: the meta block sits to its right.
  const billWidth = width - 210;
  const billLine = (value: string, font = regular) => {
    for (const line of wrap(value, font, 10.5, billWidth)) {
      text(line, { font });
      y -= 14;
    }
  };
  billLine(billTo.name, bold);
  if (billTo.company) billLine(billTo.company);
  if (billTo.address) for (const line of billTo.address.split("\n")) billLine(line);
  if (billTo.taxId) billLine(`Tax ID: ${billTo.taxId}`);
  billLine(billTo.email);
  billLine(`Project: ${project?.projectName ?? invoice.projectName}${project ? "" : " (deleted)"}`);
  const billBottom = y;
  y = metaTop;
  for (const [label, value] of meta) {
    text(label, { x: margin + width - 190, size: 9.5, color: muted });
    right(value, 10.5, bold);
    y -= 15;
  }
  y = Math.min(y, billBottom, metaTop - 60) - 24;

  page.drawRectangle({ x: margin, y: y - 6, width, height: 22, color: rgb(0.94, 0.95, 0.97) });
  text("Description", { x: margin + 8, font: bold, size: 9.5 });
  right("Amount", 9.5, bold);
  y -= 28;
  text(pkg.title, { x: margin + 8, font: bold });
  right(totals.subtotal);
  y -= 14;
  text(`${pkg.customPages} custom pages, admin console, notification system, subscription portal and full source code`, {
    x: margin + 8,
    size: 9,
    color: muted,
  });
  y -= 22;
  page.drawLine({ start: { x: margin, y: y + 8 }, end: { x: margin + width, y: y + 8 }, thickness: 0.6, color: muted });
  y -= 8;
  const owed = invoice.status === "open";
  if (totals.tax) {
    text("Subtotal", { x: margin + 8 });
    right(totals.subtotal);
    y -= 16;
    text(totals.tax.label, { x: margin + 8 });
    right(totals.tax.amount);
    y -= 20;
  }
  text(owed ? "Total due" : "Total", { x: margin + 8, font: bold, size: 12 });
  right(totals.total, 12, bold);
  y -= 40;

  if (owed) {
    text("How to pay", { font: bold });
    y -= 16;
    if (provider.payUrl) paragraph(`Pay by card online: ${provider.payUrl}`, 10, ink);
    paragraph(provider.paymentInstructions, 10, ink);
    y -= 10;
    paragraph(
      `Payment is due within ${INVOICE_DUE_DAYS} days of the invoice date, or the project is deleted. A refund is given only if we terminate the project.`,
    );
  } else if (invoice.status === "void") {
    paragraph(`This invoice is void and cannot be paid. ${invoice.voidReason ?? ""}`.trim(), 10, ink);
  } else paragraph("Thank you for your payment. A refund is given only if we terminate the project.", 10, ink);
  paragraph(`Questions about this invoice? Write to ${studio.email} and quote ${number}.`);
  return pdf.save();
}
