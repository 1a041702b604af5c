// An invoice's money (decision 085): the subtotal, the tax and the total are whole cents, fixed
// when the invoice is issued. Tax is the subtotal times the rate, rounded half up to the cent
// (8.25% of $250 is $20.625, so $20.63); the rate is kept in hundredths of a percent so no
// fraction is ever stored.

export type InvoiceMoney = { subtotalCents: number; taxRateBasisPoints: number | null; taxCents: number; totalCents: number };

/** Tax on a subtotal, half up: integers only, so the result never depends on floating point. */
export function taxCentsOf(subtotalCents: number, taxRateBasisPoints: number): number {
  return Math.floor((subtotalCents * taxRateBasisPoints + 5_000) / 10_000);
}

/** The money of a new invoice for a price in whole dollars, with the configured rate (or none). */
export function invoiceMoney(priceDollars: number, taxRateBasisPoints: number | null): InvoiceMoney {
  const subtotalCents = priceDollars * 100;
  const taxCents = taxRateBasisPoints === null ? 0 : taxCentsOf(subtotalCents, taxRateBasisPoints);
  return { subtotalCents, taxRateBasisPoints, taxCents, totalCents: subtotalCents + taxCents };
}

/** "8.25%", "20%". */
export function formatTaxRate(taxRateBasisPoints: number): string {
  const whole = Math.floor(taxRateBasisPoints / 100);
  const hundredths = taxRateBasisPoints % 100;
  return `${whole}${hundredths === 0 ? "" : `.${String(hundredths).padStart(2, "0").replace(/0$/, "")}`}%`;
}

/**
 * Dollars for an invoice's lines. An invoice with a tax line shows every amount with its cents, so
 * the column adds up on paper; one without reads as invoices always have ("$250").
 */
export function formatInvoiceCents(cents: number, withCents: boolean): string {
  const digits = withCents || cents % 100 !== 0 ? 2 : 0;
  return `${cents < 0 ? "-" : ""}$${(Math.abs(cents) / 100).toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: 2 })}`;
}

/** The lines every view of an invoice shows (page, PDF, mail): the same labels and figures. */
export function invoiceTotals(invoice: InvoiceMoney): { subtotal: string; tax: { label: string; amount: string } | null; total: string } {
  const taxed = invoice.taxRateBasisPoints !== null;
  return {
    subtotal: formatInvoiceCents(invoice.subtotalCents, taxed),
    tax:
      taxed && invoice.taxRateBasisPoints !== null
        ? { label: `Tax (${formatTaxRate(invoice.taxRateBasisPoints)})`, amount: formatInvoiceCents(invoice.taxCents, true) }
        : null,
    total: formatInvoiceCents(invoice.totalCents, taxed),
  };
}

/** The studio's block as printed on an invoice: copied at issue, or today's configuration for older invoices. */
export type Studio = { name: string; address: string; taxId: string | null; email: string };

export function studioOf(
  invoice: { providerName: string | null; providerAddress: string | null; providerTaxId: string | null },
  config: { providerName: string; providerAddress: string; providerEmail: string },
): Studio {
  if (invoice.providerName === null) return { name: config.providerName, address: config.providerAddress, taxId: null, email: config.providerEmail };
  return { name: invoice.providerName, address: invoice.providerAddress ?? "", taxId: invoice.providerTaxId, email: config.providerEmail };
}

/** The customer's block: the billing details copied at issue, or the name and e-mail when none were given. */
export type BillTo = { name: string; company: string | null; address: string | null; taxId: string | null; email: string };

export function billToOf(invoice: {
  customerName: string;
  customerEmail: string;
  billToName: string | null;
  billToCompany: string | null;
  billToAddress: string | null;
  billToTaxId: string | null;
}): BillTo {
  return {
    name: invoice.billToName ?? invoice.customerName,
    company: invoice.billToCompany,
    address: invoice.billToAddress,
    taxId: invoice.billToTaxId,
    email: invoice.customerEmail,
  };
}
