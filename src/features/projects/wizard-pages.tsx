// The create wizard's pages (SPEC.md §2): /create and /create/{s|m|l}, open to visitors.
import { Elysia } from "elysia";
import type { SavedAccountDraft } from "../../../islands/wizard/account-draft";
import type { AppDeps } from "../../deps";
import type { Actor } from "../../http/actor";
import { context } from "../../http/context";
import { notFound } from "../../http/errors";
import { Island } from "../../render/island";
import { page } from "../../render/layout/page";
import { PageShell } from "../../render/layout/views";
import { servePublicPage } from "../../render/page-cache";
import type { ProjectType } from "../../shared/enums";
import { isProjectType } from "../../shared/wizard";
import { readWizardDraft } from "./drafts";

/**
 * A signed-in customer's draft saved to the account comes with the page, so the wizard restores it
 * without a call (nor Eden's chunk) at load.
 */
async function findAccountDraft(deps: AppDeps, actor: Actor | null): Promise<SavedAccountDraft | null> {
  if (!actor) return null;
  const { draft, updatedAt } = await readWizardDraft(deps, actor);
  return draft && updatedAt ? { draft, updatedAt } : null;
}

async function wizardPage(deps: AppDeps, actor: Actor | null, projectType: ProjectType | null) {
  const accountDraft = await findAccountDraft(deps, actor);
  return page(
    deps,
    actor,
    {
      title: "Create a Webapp",
      description: "Order a custom web app: pick a package, describe your pages, choose your colours and send your request.",
      path: projectType ? `/create/${projectType}` : "/create",
    },
    <PageShell actor={actor}>
      <div className="container page">
        <header className="page-header wizard-header">
          <div>
            <p className="eyebrow">New project</p>
            <h1>Create a Webapp</h1>
            <p className="muted">
              {actor
                ? "Nine short steps. Your answers are saved as you go, to this browser and your account."
                : "Nine short steps. Your answers are saved in this browser as you go."}
            </p>
          </div>
        </header>
        <Island
          name="wizard"
          props={{
            mode: "create",
            projectType,
            user: actor ? { displayName: actor.user.displayName, email: actor.user.email } : null,
            accountDraft,
          }}
        />
      </div>
    </PageShell>,
  );
}

export const wizardPages = (deps: AppDeps) =>
  new Elysia({ name: "wizard-pages" })
    .use(context(deps))
    // A visitor's wizard is the same for everyone (their draft is in their browser): served from the render cache.
    .get("/create", ({ actor, request }) => servePublicPage(deps.database.db, request, () => wizardPage(deps, actor, null)))
    .get("/create/:projectType", ({ actor, params, request }) => {
      const { projectType } = params;
      if (!isProjectType(projectType)) throw notFound();
      return servePublicPage(deps.database.db, request, () => wizardPage(deps, actor, projectType));
    });
