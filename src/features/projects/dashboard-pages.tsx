// /dashboard (SPEC.md §2): admins see Webapp Requests and Access Codes; customers see their own
// webapps. The lists come from the same service functions as the search API.
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { context } from "../../http/context";
import { requireSignedInPage } from "../../http/guards";
import { Island } from "../../render/island";
import { listAccessCodes } from "../access-codes/service";
import { page } from "../layout/page";
import { PageShell } from "../layout/views";
import { readDashboardState } from "./dashboard-state";
import { AccessCodeList, ProjectList } from "./dashboard-views";
import { searchProjects } from "./service";

export const dashboardPages = (deps: AppDeps) =>
  new Elysia({ name: "dashboard-pages" }).use(context(deps)).get("/dashboard", async ({ actor, request }) => {
    const signedIn = requireSignedInPage(actor);
    const state = readDashboardState(new URL(request.url).searchParams);
    const query = {
      status: state.projects.status,
      paid: state.projects.paid || undefined,
      overdue: state.projects.overdue || undefined,
      archived: state.projects.archived || undefined,
      title: state.projects.title || undefined,
      sortby: state.projects.sortby,
      page: state.projects.page,
    };
    if (signedIn.isAdmin) {
      const [projects, codes] = await Promise.all([
        searchProjects(deps, query, { everyone: true }),
        listAccessCodes(deps, { claimed: state.codes.claimed, title: state.codes.title || undefined, sortby: state.codes.sortby, page: state.codes.page }),
      ]);
      return page(
        deps,
        signedIn,
        { title: "Dashboard", description: "Webapp requests and access codes." },
        <PageShell actor={signedIn}>
          <div className="container page dashboard">
            <header className="page-header">
              <div>
                <p className="eyebrow">Admin</p>
                <h1>Dashboard</h1>
              </div>
            </header>
            <ProjectList title="Webapp Requests" admin state={state} data={projects} />
            <AccessCodeList state={state} data={codes} action={<Island name="access-code-create" props={{}} />} />
          </div>
        </PageShell>,
      );
    }
    const projects = await searchProjects(deps, query, { creatorId: signedIn.user.id });
    return page(
      deps,
      signedIn,
      { title: "Dashboard", description: "Your webapps." },
      <PageShell actor={signedIn}>
        <div className="container page dashboard">
          <header className="page-header">
            <div>
              <p className="eyebrow">Dashboard</p>
              <h1>Welcome back, {signedIn.user.displayName.split(" ")[0]}</h1>
            </div>
          </header>
          <ProjectList
            title="Your Webapps"
            admin={false}
            state={state}
            data={projects}
            hint="Can't find a project? Try the Archived filter."
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
