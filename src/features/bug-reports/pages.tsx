// /settings/bugreports: the reports a user sent, with the status and priority admins set.
import { Elysia } from "elysia";
import type { BugReport } from "../../../db/schema";
import type { AppDeps } from "../../deps";
import { context } from "../../http/context";
import { type Column, DataTable } from "../../render/data-table";
import { Island } from "../../render/island";
import { page } from "../../render/layout/page";
import { formatDate } from "../../shared/dates";
import { SettingsCard, SettingsFrame } from "../settings";
import { listOwnBugReports } from "./service";

const columns: Column<BugReport>[] = [
  {
    header: "Report",
    cell: (report) => (
      <>
        <strong>{report.title}</strong>
        <span className="row-sub">{report.description.length > 120 ? `${report.description.slice(0, 117)}…` : report.description}</span>
      </>
    ),
  },
  {
    header: "Status",
    nowrap: true,
    cell: (report) => <span className={report.resolved ? "badge badge-green" : "badge badge-yellow"}>{report.resolved ? "Resolved" : "Open"}</span>,
  },
  {
    header: "Priority",
    hideMobile: true,
    nowrap: true,
    cell: (report) => <span className={report.highPriority ? "badge badge-red" : "badge"}>{report.highPriority ? "High" : "Regular"}</span>,
  },
  { header: "Sent", hideMobile: true, nowrap: true, cell: (report) => formatDate(report.createdAt) },
];

export const ownBugReportPages = (deps: AppDeps) =>
  new Elysia({ name: "own-bug-report-pages" })
    .use(context(deps))
    .guard({ auth: "user" })
    .get("/settings/bugreports", async ({ actor: signedIn }) => {
      const reports = await listOwnBugReports(deps.database.db, signedIn.user.id);
      return page(
        deps,
        signedIn,
        { title: "Bug reports", description: "The bugs you reported and where they stand." },
        <SettingsFrame actor={signedIn} current="bug-reports">
          <SettingsCard
            id="bug-reports-title"
            title="Your bug reports"
            description="What you reported, and where it stands. We notify you when one is resolved."
          >
            {reports.length === 0 ? (
              <p className="muted">You have not reported any bugs yet. If something does not work as it should, tell us with Report a Bug.</p>
            ) : (
              <DataTable columns={columns} rows={reports} rowKey={(report) => report.id} />
            )}
            <div>
              <Island name="report-bug" props={{ variant: "button", label: "Report a Bug" }} hydrate="interaction" />
            </div>
          </SettingsCard>
        </SettingsFrame>,
      );
    });
