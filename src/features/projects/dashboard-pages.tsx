// /dashboard (SPEC.md §2): admins see Webapp Requests and Access Codes; customers see their own
// webapps. The lists come from the same service functions as the search API.
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { context } from "../../http/context";
import { csvResponse } from "../../lib/csv";
import { Behaviour } from "../../render/behaviour";
import { Island } from "../../render/island";
import { page } from "../../render/layout/page";
import { PageShell } from "../../render/layout/views";
import { ACCESS_CODE_CSV_HEADER, accessCodeCsvRows, listAccessCodes } from "../access-codes";
import type { AccessCodeSearchQuery } from "../access-codes/model";
import { type DashboardState, readDashboardState, toQuery } from "./dashboard-state";
import { AccessCodeList, ProjectList } from "./dashboard-views";
import type { ProjectSearchQuery } from "./model";
import { PROJECT_CSV_HEADER, projectCsvRows, searchProjects } from "./service";

/** The project list's filters as the search reads them. */
function projectQueryOf(state: DashboardState): ProjectSearchQuery {
  return {
    status: state.projects.status,
    paid: state.projects.paid || undefined,
    overdue: state.projects.overdue || undefined,
    unanswered: state.projects.unanswered || undefined,
    archived: state.projects.archived || undefined,
    title: state.projects.title || undefined,
    sortby: state.projects.sortby,
    page: state.projects.page,
  };
}

/** Admins see everyone's projects, or one customer's when the list is filtered to them. */
const adminScope = (state: DashboardState): { creatorId: string } | { everyone: true } =>
  state.projects.customer ? { creatorId: state.projects.customer } : { everyone: true };

/** The Webapp Requests export: the same filters, every matching row, for admins only. */
const projectsCsvPath = (state: DashboardState): string =>
  toQuery({ ...state, projects: { ...state.projects, page: 1 } }).replace("/dashboard", "/dashboard/projects.csv");
const accessCodesCsvPath = (state: DashboardState): string =>
  toQuery({ ...state, codes: { ...state.codes, page: 1 } }).replace("/dashboard", "/dashboard/accesscodes.csv");

function accessCodeQueryOf(state: DashboardState): AccessCodeSearchQuery {
  return { claimed: state.codes.claimed, title: state.codes.title || undefined, sortby: state.codes.sortby, page: state.codes.page };
}

export const dashboardPages = (deps: AppDeps) =>
  new Elysia({ name: "dashboard-pages" })
    .use(context(deps))
    .guard({ auth: "user" })
    .get(
      "/dashboard/projects.csv",
      ({ request }) => {
        const state = readDashboardState(new URL(request.url).searchParams);
        return csvResponse(
          `webapp-requests-${new Date().toISOString().slice(0, 10)}.csv`,
          PROJECT_CSV_HEADER,
          projectCsvRows(deps, projectQueryOf(state), adminScope(state)),
        );
      },
      { auth: "admin" },
    )
    .get(
      "/dashboard/accesscodes.csv",
      ({ request }) => {
        const state = readDashboardState(new URL(request.url).searchParams);
        return csvResponse(
          `access-codes-${new Date().toISOString().slice(0, 10)}.csv`,
          ACCESS_CODE_CSV_HEADER,
          accessCodeCsvRows(deps, accessCodeQueryOf(state)),
        );
      },
      { auth: "admin" },
    )
    .get("/dashboard", async ({ actor: signedIn, request }) => {
      const params = new URL(request.url).searchParams;
      const state = readDashboardState(params);
      // Just chose a first password (the temporary one's step, decision 096): say so, and greet a first visit.
      const firstVisit = params.get("welcome") === "first";
      const saved = firstVisit ? (
        <div className="alert alert-success dashboard-saved" role="status">
          Password saved.
          <Behaviour name="one-visit-address" />
        </div>
      ) : null;
      const query = projectQueryOf(state);
      if (signedIn.isAdmin) {
        const [projects, codes] = await Promise.all([searchProjects(deps, query, adminScope(state)), listAccessCodes(deps, accessCodeQueryOf(state))]);
        return page(
          deps,
          signedIn,
          { title: "Dashboard", description: "Webapp requests and access codes." },
          <PageShell actor={signedIn}>
            <div className="container page dashboard">
              {saved}
              <header className="page-header">
                <div>
                  <p className="eyebrow">Admin</p>
                  <h1>Dashboard</h1>
                </div>
              </header>
              <Island name="live-notice" props={{ watch: "orders" }} hydrate="idle" />
              <ProjectList
                title="Webapp Requests"
                admin
                state={state}
                data={projects}
                action={
                  <a className="button" href={projectsCsvPath(state)} download>
                    Export CSV
                  </a>
                }
              />
              <AccessCodeList
                state={state}
                data={codes}
                action={
                  <div className="button-row">
                    <a className="button" href={accessCodesCsvPath(state)} download>
                      Export CSV
                    </a>
                    <Island name="access-code-create" props={{}} hydrate="interaction" />
                  </div>
                }
              />
            </div>
          </PageShell>,
        );
      }
      const projects = await searchProjects(deps, query, { creatorId: signedIn.user.id });
      const firstName = signedIn.user.displayName.split(" ")[0];
      const waiting = firstVisit ? projects.projects.find((project) => project.status === "pending-approval") : undefined;
      return page(
        deps,
        signedIn,
        { title: "Dashboard", description: "Your webapps." },
        <PageShell actor={signedIn}>
          <div className="container page dashboard">
            {saved}
            <header className="page-header">
              <div>
                <p className="eyebrow">Dashboard</p>
                <h1>{firstVisit ? `Welcome, ${firstName}.` : `Welcome back, ${firstName}`}</h1>
                {waiting ? <p className="muted">Your order {waiting.projectName} is waiting for review.</p> : null}
              </div>
            </header>
            <ProjectList
              title="Your Webapps"
              admin={false}
              state={state}
              data={projects}
              hint="Can't find a project? Try the Archived filter."
              emptyHint="Your first order shows up here as soon as you send it. We review every request, then e-mail you an invoice."
              action={
                <a className="button button-primary" href="/create">
                  Create a Webapp
                </a>
              }
            />
          </div>
        </PageShell>,
      );
    });
