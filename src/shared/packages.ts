// The three fixed-price packages (SPEC.md §9): one table for the pricing section, the wizard,
// the server's checks and invoices.
import type { ProjectType } from "./enums";

export type PackageFeature = { label: string; included: boolean };
export type Package = {
  id: ProjectType;
  title: string;
  price: number;
  customPages: number;
  summary: string;
  features: PackageFeature[];
};

/** Every package includes these pages, plus its source code. */
export const FIXED_PAGES = ["Login", "Registration", "Landing", "Settings", "Support", "Admin Console", "Notifications", "Subscription Portal"] as const;

const common = (customPages: number, extras: { priority: boolean; revisions: boolean }): PackageFeature[] => [
  { label: `${customPages} custom pages`, included: true },
  { label: `${FIXED_PAGES.length} ready-made pages (${FIXED_PAGES.join(", ")})`, included: true },
  { label: "Pre-built admin console", included: true },
  { label: "Pre-built notification system", included: true },
  { label: "Subscription portal with card payments", included: true },
  { label: "Full source code", included: true },
  { label: "Up to 3 themes and 4 tint colours", included: true },
  { label: "Priority build slot", included: extras.priority },
  { label: "Launch support call", included: extras.revisions },
];

export const packages: readonly Package[] = [
  {
    id: "s",
    title: "Small Webapp",
    price: 250,
    customPages: 2,
    summary: "A focused app with the essentials.",
    features: common(2, { priority: false, revisions: false }),
  },
  {
    id: "m",
    title: "Medium Webapp",
    price: 500,
    customPages: 4,
    summary: "Room to grow for a busy business.",
    features: common(4, { priority: false, revisions: true }),
  },
  {
    id: "l",
    title: "Large Webapp",
    price: 1500,
    customPages: 10,
    summary: "A full product with many pages.",
    features: common(10, { priority: true, revisions: true }),
  },
];

export function packageFor(id: ProjectType): Package {
  const found = packages.find((p) => p.id === id);
  if (!found) throw new Error(`Unknown package ${id}`);
  return found;
}

// Made once: a number's toLocaleString builds its formatter on every call, and money is formatted
// in every row of the signed-in pages' lists.
const DOLLARS = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });
const DOLLARS_AND_CENTS = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A dollar amount with thousands separators and no sign or $: with two decimals when `withCents`. */
export const formatDollarAmount = (dollars: number, withCents: boolean): string => (withCents ? DOLLARS_AND_CENTS : DOLLARS).format(dollars);

/** Prices are shown with a $ prefix; the currency is not stated (SPEC.md §9). */
export const formatPrice = (price: number): string => `$${formatDollarAmount(price, !Number.isInteger(price))}`;

/** A subscription tier's price as typed ("19", "$19", "19.99"), shown with its $ prefix once. */
export const formatTierPrice = (price: string): string => `$${price.trim().replace(/^\$\s*/, "")}`;

export const INVOICE_DUE_DAYS = 7;
/** How long the studio takes to approve or deny a new request (the order's success page, its mail). */
export const REVIEW_WORKING_DAYS = 2;
export const REVISION_WINDOW_DAYS = 10;
export const TEMPORARY_PASSWORD_LENGTH = 8;
/** A visitor's temporary password expires after this many days. */
export const TEMPORARY_PASSWORD_DAYS = 7;
