// /accesscodes/{id} (SPEC.md §2, admins): title, Claimed or Unclaimed, created date and the code.
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { context } from "../../http/context";
import { Behaviour } from "../../render/behaviour";
import { page } from "../../render/layout/page";
import { PageShell } from "../../render/layout/views";
import { formatDate } from "../../shared/dates";
import { badgeClass } from "../../shared/project-labels";
import { getAccessCode } from "./service";

export const accessCodePages = (deps: AppDeps) =>
  new Elysia({ name: "access-code-pages" })
    .use(context(deps))
    .guard({ auth: "admin" })
    .get("/accesscodes/:id", async ({ actor: admin, params }) => {
      const code = await getAccessCode(deps.database.db, params.id);
      return page(
        deps,
        admin,
        { title: code.title, description: "Access code" },
        <PageShell actor={admin}>
          <div className="container page narrow-page">
            <a className="back-link" href="/dashboard">
              ← Dashboard
            </a>
            <section className="card access-code-card" aria-labelledby="code-title">
              <div className="card-head">
                <div>
                  <p className="eyebrow">Access code</p>
                  <h1 id="code-title" className="access-code-title">
                    {code.title}
                  </h1>
                </div>
                <span className={badgeClass(code.claimed ? "blue" : "green")}>{code.claimed ? "Claimed" : "Unclaimed"}</span>
              </div>
              <p className="muted">Created {formatDate(code.createdAt)}</p>
              <div className="code-box">
                <code className="code-big">{code.code}</code>
                <button type="button" className="button" data-copy={code.code}>
                  <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
                    <path d="M9 9h10v10H9zM5 15V5h10" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
                  </svg>
                  <span aria-live="polite" data-copy-label>
                    Copy code
                  </span>
                </button>
                <Behaviour name="copy-code" />
              </div>
              {code.claimedByProjectID ? (
                <p className="muted">
                  Claimed{code.claimedAt ? ` on ${formatDate(code.claimedAt)}` : ""} by <a href={`/projects/${code.claimedByProjectID}`}>this project</a>.
                </p>
              ) : (
                <p className="muted">Share it with a customer; they enter it in the Payment step of the wizard.</p>
              )}
            </section>
          </div>
        </PageShell>,
      );
    });
