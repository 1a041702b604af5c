// The project pages (SPEC.md §2): Overview (the project form, and Delete at its foot), Status,
// Billing (the project's invoices and money records; decision 090), Revisions, Messages, Activity and Admin.
// They read the project through the same service as GET /api/projects/{id}, so the page and
// the API cannot disagree about who may see what.
import { Elysia } from "elysia";
import type { ReactNode } from "react";
import type { AppDeps } from "../../deps";
import type { Actor } from "../../http/actor";
import { context } from "../../http/context";
import { HttpError } from "../../http/errors";
import { Island } from "../../render/island";
import { page } from "../../render/layout/page";
import { readPage } from "../../shared/lists";
import { type ProjectDraft, pickContent } from "../../shared/wizard";
import { ActivityTimeline, listActivity } from "../activity";
import { countUnreadMessages, readThread } from "../messages";
import {
  BillingList,
  type ProjectBilling,
  ProjectMoneyRecords,
  getProjectBilling,
  listProjectBilling,
  listProjectMoneyRows,
  moneyNoteForDeletion,
} from "../payments";
import { getProject } from "./edit";
import type { ProjectModel } from "./model";
import { NoAccessScreen, ProjectFacts, ProjectFrame, type ProjectTab } from "./views";

/** The saved project as the wizard's draft, the baseline of the edit form. */
export function draftOf(project: ProjectModel): ProjectDraft {
  return {
    ...pickContent(project),
    creatorName: project.creatorName,
    email: project.creator.email,
    acceptedTermsAndConditions: true,
    signature: project.creatorName,
    hasAccessCode: project.accessCode !== null,
    accessCode: project.accessCode ?? "",
  };
}

const tabTitles: Record<ProjectTab, string> = {
  overview: "Overview",
  status: "Status",
  billing: "Billing",
  revisions: "Revisions",
  messages: "Messages",
  activity: "Activity",
  admin: "Admin",
};

/** Loads the project for a tab; someone else's project gets the spec's words with a 403. */
async function projectPage(
  deps: AppDeps,
  actor: Actor,
  id: string,
  tab: ProjectTab,
  body: (project: ProjectModel, billing: ProjectBilling | null) => ReactNode | Promise<ReactNode>,
): Promise<Response> {
  let project: ProjectModel;
  try {
    project = await getProject(deps, actor, id);
  } catch (error) {
    if (error instanceof HttpError && error.status === 403) {
      return page(deps, actor, { title: "No access", description: error.message, noIndex: true }, <NoAccessScreen actor={actor} message={error.message} />, {
        status: 403,
      });
    }
    throw error;
  }
  const billing = await getProjectBilling(deps, project, new Date());
  const content = await body(project, billing);
  // After the body: opening the Messages tab has just marked the thread read.
  const unread = await countUnreadMessages(deps, actor, project._id);
  return page(
    deps,
    actor,
    { title: `${project.projectName} · ${tabTitles[tab]}`, description: `Webapp Project ${project.projectName}`, path: `/projects/${project._id}` },
    <ProjectFrame actor={actor} project={project} billing={billing} tab={tab} unreadMessages={unread}>
      {content}
    </ProjectFrame>,
  );
}

export const projectPages = (deps: AppDeps) =>
  new Elysia({ name: "project-pages", prefix: "/projects" })
    .use(context(deps))
    .guard({ auth: "user" })
    .get("/:id", ({ actor: signedIn, params }) => {
      return projectPage(deps, signedIn, params.id, "overview", async (project) => (
        <>
          {/* The server renders the form's first section; the form loads when the user starts on it. */}
          <Island
            name="wizard"
            hydrate="interaction"
            props={{
              mode: "edit",
              projectId: project._id,
              project: draftOf(project),
              images: { logoImageURLs: project.logoImageURLs, pagesImageURLs: project.pagesImageURLs },
              locked: project.editingLocked && !signedIn.isAdmin,
            }}
          />
          {/* Out of the way at the foot, a quiet link; its confirmation says what happens to the money. */}
          <div className="project-delete-foot">
            <Island
              name="project-delete"
              props={{
                projectId: project._id,
                projectName: project.projectName,
                moneyNote: await moneyNoteForDeletion(deps, project._id, signedIn.isAdmin ? "admin" : "customer"),
              }}
              hydrate="interaction"
            />
          </div>
        </>
      ));
    })
    .get("/:id/status", ({ actor: signedIn, params }) => {
      return projectPage(deps, signedIn, params.id, "status", (project, billing) => (
        <section className="card status-card" aria-labelledby="status-title">
          <h2 id="status-title" className="card-title">
            Status
          </h2>
          <ProjectFacts project={project} billing={billing} />
          {billing?.canPayByCard ? (
            <form className="status-pay" method="post" action={`/invoices/${billing.invoiceId}/pay`}>
              <button type="submit" className="button button-primary">
                Pay {billing.number} by card
              </button>
              <a href={`/invoices/${billing.invoiceId}`}>View invoice</a>
            </form>
          ) : billing && billing.state === "void" ? (
            <p className="muted status-pay-note">
              <a href={`/invoices/${billing.invoiceId}`}>Invoice {billing.number}</a>
              {` is void: ${billing.voidReason ?? "it was cancelled."} Nothing is owed on it.`}
            </p>
          ) : billing && !project.receivedPayment ? (
            <p className="muted status-pay-note">
              <a href={`/invoices/${billing.invoiceId}`}>Invoice {billing.number}</a>: {deps.config.providerPaymentInstructions}
            </p>
          ) : null}
          {billing ? (
            <p className="muted status-pay-note">
              <a href={`/projects/${project._id}/billing`}>Invoices, payments and refunds</a>
            </p>
          ) : null}
        </section>
      ));
    })
    .get("/:id/billing", ({ actor: signedIn, params }) => {
      return projectPage(deps, signedIn, params.id, "billing", async (project) => {
        const [items, records] = await Promise.all([listProjectBilling(deps, project._id, new Date()), listProjectMoneyRows(deps, project._id)]);
        return (
          <div className="project-billing">
            <section className="list-section" aria-labelledby="project-invoices-title">
              <h2 id="project-invoices-title">Invoices</h2>
              <BillingList items={items} canPayByCard={deps.payments !== null} instructions={deps.config.providerPaymentInstructions} inProject />
            </section>
            <ProjectMoneyRecords rows={records} audience={signedIn.isAdmin ? "admin" : "customer"} />
            {signedIn.isAdmin ? null : (
              <p className="muted">
                <a href="/billing">All your invoices and your billing details</a>
              </p>
            )}
          </div>
        );
      });
    })
    .get("/:id/revisions", ({ actor: signedIn, params }) => {
      return projectPage(deps, signedIn, params.id, "revisions", (project) => (
        <section className="card revisions-card" aria-labelledby="revisions-title">
          <Island
            name="revisions"
            props={{
              projectId: project._id,
              notes: project.revisionNotes,
              locked: project.revisionsLocked,
              revisions: project.revisions,
              isAdmin: signedIn.isAdmin,
            }}
            hydrate="idle"
          />
        </section>
      ));
    })
    .get("/:id/messages", ({ actor: signedIn, params }) => {
      return projectPage(deps, signedIn, params.id, "messages", async (project) => {
        const thread = await readThread(deps, signedIn, project._id);
        return (
          <section className="card messages-card" aria-labelledby="messages-title">
            <h2 id="messages-title" className="card-title">
              Messages
            </h2>
            <p className="muted messages-intro">
              {thread.side === "customer"
                ? "Your conversation with the studio about this project. We get an e-mail when a message waits unread for a few minutes."
                : "The conversation with the customer about this project. They get an e-mail when a message waits unread for a few minutes."}
            </p>
            <Island name="messages" props={{ projectId: project._id, ...thread }} hydrate="idle" />
          </section>
        );
      });
    })
    .get("/:id/activity", async ({ actor: signedIn, params, query }) => {
      const page = readPage(typeof query.page === "string" ? query.page : null);
      return projectPage(deps, signedIn, params.id, "activity", async (project) => {
        const { activity, ...info } = await listActivity(deps, signedIn, project._id, page);
        return <ActivityTimeline items={activity} page={page} info={info} hrefFor={(next) => `/projects/${project._id}/activity?page=${next}`} />;
      });
    })
    .get(
      "/:id/admin",
      ({ actor: admin, params }) => {
        return projectPage(deps, admin, params.id, "admin", async (project, billing) => (
          <>
            <Island
              name="project-admin"
              props={{
                moneyNote: await moneyNoteForDeletion(deps, project._id, "admin"),
                project: {
                  _id: project._id,
                  projectName: project.projectName,
                  projectType: project.projectType,
                  createdAt: project.createdAt,
                  status: project.status,
                  receivedPayment: project.receivedPayment,
                  refundIssued: project.refundIssued,
                  editingLocked: project.editingLocked,
                  revisionsLocked: project.revisionsLocked,
                  archived: project.archived,
                  invoiceSent: project.invoiceSent,
                  invoiceID: project.invoiceID,
                  invoice: billing ? { number: billing.number, amount: billing.amount, dueAt: billing.dueAt.toISOString(), state: billing.state } : null,
                  accessCode: project.accessCode,
                  creatorEmail: project.creator.email,
                  creatorName: project.creator.displayName,
                },
              }}
              hydrate="idle"
            />
            <ProjectMoneyRecords rows={await listProjectMoneyRows(deps, project._id)} audience="admin" />
          </>
        ));
      },
      { auth: "admin" },
    );
