// The admins' one search (the command palette): the console's pages by name, and from
// three characters on (the shortest text a trigram index can serve) projects by name or customer
// e-mail, customers, access codes and bug reports by title.
import type { Db } from "../../lib/db";
import { statusLabels } from "../../shared/project-labels";
import { formatProjectReference } from "../../shared/project-reference";
import type { AdminSearchAnswer, AdminSearchHit } from "./model";
import { findConsoleMatches } from "./queries";

export const MIN_DATA_QUERY = 3;
const PER_KIND = 5;

const consolePages: { title: string; detail: string; href: string }[] = [
  { title: "Dashboard", detail: "Webapp Requests and Access Codes", href: "/dashboard" },
  { title: "Admin Console", detail: "Admins, quick actions and announcements", href: "/admin" },
  { title: "Announcements", detail: "Tell every user in the app or by e-mail", href: "/admin#announcements-title" },
  { title: "Bug Reports", detail: "Admin Console", href: "/admin/bugreports" },
  { title: "FAQ", detail: "Admin Console", href: "/admin/faq" },
  { title: "Payments", detail: "Admin Console", href: "/admin/payments" },
  { title: "Failed mail", detail: "Admin Console", href: "/admin/mail" },
  { title: "Tools", detail: "Admin Console", href: "/admin/tools" },
  { title: "API", detail: "Admin Console", href: "/admin/api" },
  { title: "Notifications", detail: "Your notifications", href: "/notifications" },
  { title: "Settings", detail: "Your account", href: "/settings" },
  { title: "Create a Webapp", detail: "Order a project", href: "/create" },
];

export async function searchConsole(db: Db, query: string): Promise<AdminSearchAnswer> {
  const text = query.trim();
  const lower = text.toLowerCase();
  const pages: AdminSearchHit[] = consolePages
    .filter((page) => page.title.toLowerCase().includes(lower) || page.detail.toLowerCase().includes(lower))
    .map((page) => ({ kind: "page", ...page }));
  if (text.length < MIN_DATA_QUERY) return { hits: pages, searchedData: false };
  const found = await findConsoleMatches(db, text, PER_KIND);
  const hits: AdminSearchHit[] = [
    ...found.projects.map(
      (project): AdminSearchHit => ({
        kind: "project",
        title: project.name,
        detail: `${formatProjectReference(project.referenceNumber)} · ${statusLabels[project.status]} · ${project.customer} (${project.email})`,
        href: `/projects/${project.id}`,
      }),
    ),
    ...found.customers.map(
      (customer): AdminSearchHit => ({
        kind: "customer",
        title: customer.name,
        detail: customer.email,
        href: `/dashboard?customer=${customer.id}`,
      }),
    ),
    ...found.accessCodes.map(
      (code): AdminSearchHit => ({
        kind: "access-code",
        title: code.title,
        detail: code.claimed ? "Claimed" : "Unclaimed",
        href: `/accesscodes/${code.id}`,
      }),
    ),
    ...found.bugReports.map(
      (report): AdminSearchHit => ({
        kind: "bug-report",
        title: report.title,
        detail: report.resolved ? "Resolved" : "Unresolved",
        href: `/admin/bugreports/${report.id}`,
      }),
    ),
    ...pages,
  ];
  return { hits, searchedData: true };
}
