// /admin (General: admins, Create new admin, Quick Actions) and /admin/tools (SPEC.md §2).
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { context } from "../../http/context";
import { Island } from "../../render/island";
import { AdminFrame } from "../../render/layout/admin-frame";
import { page } from "../../render/layout/page";
import { countRecipients } from "../notifications";
import { listAdminUsers } from "../users";
import { toolLinks } from "./tools";

function ExternalIcon() {
  return (
    <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" className="external-icon">
      <path d="M6 3h7v7M13 3L4 12" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function QuickAction(props: { title: string; description: string; children: React.ReactNode }) {
  return (
    <li className="quick-action">
      <div className="quick-action-text">
        <strong>{props.title}</strong>
        <span className="muted">{props.description}</span>
      </div>
      <div className="quick-action-do">{props.children}</div>
    </li>
  );
}

export const adminConsolePages = (deps: AppDeps) =>
  new Elysia({ name: "admin-console-pages", prefix: "/admin" })
    .use(context(deps))
    .guard({ auth: "admin" })
    .get("/", async ({ actor: admin }) => {
      const [admins, recipients] = await Promise.all([listAdminUsers(deps.database.db, deps.config), countRecipients(deps.database.db)]);
      return page(
        deps,
        admin,
        { title: "Admin Console", description: "Admins and quick actions." },
        <AdminFrame actor={admin} tab="general" title="General" lead="Who runs the studio, and the things you do most often.">
          <div className="admin-general">
            <section className="card admin-card" aria-labelledby="admins-title">
              <Island
                name="admin-users"
                props={{
                  admins: admins.map((user) => ({
                    _id: user._id,
                    displayName: user.displayName,
                    email: user.email,
                    photoURL: user.photoURL,
                    isSuperAdmin: user.isSuperAdmin,
                    mfaEnabled: user.mfaEnabled,
                  })),
                  viewerId: admin.user.id,
                  viewerIsSuperAdmin: admin.isSuperAdmin,
                }}
                hydrate="idle"
              />
            </section>
            <section className="card admin-card" aria-labelledby="quick-actions-title">
              <h2 id="quick-actions-title" className="card-title">
                Quick Actions
              </h2>
              <ul className="quick-actions">
                <QuickAction title="FAQ" description="Answer a question for the help centre.">
                  <Island name="faq-create" props={{}} hydrate="interaction" />
                </QuickAction>
                <QuickAction title="Bug report" description="Log a problem you found yourself.">
                  <Island name="bug-report-create" props={{}} hydrate="interaction" />
                </QuickAction>
                <QuickAction title="Access code" description="A code a customer can order with instead of paying.">
                  <Island name="access-code-create" props={{}} hydrate="interaction" />
                </QuickAction>
                <QuickAction title="Failed mail" description="Mail the server refused or could not deliver, to send again.">
                  <a className="button" href="/admin/mail">
                    Open failed mail
                  </a>
                </QuickAction>
                <QuickAction title="Tools" description="Hosting, database, storage, payments and code.">
                  <a className="button" href="/admin/tools">
                    Open Tools
                  </a>
                </QuickAction>
              </ul>
            </section>
            <section className="card admin-card admin-announcements" aria-labelledby="announcements-title">
              <h2 id="announcements-title" className="card-title">
                Announcements
              </h2>
              <p className="muted">Tell every user at once, in the app or by e-mail. Each user's notification switches are respected.</p>
              <Island name="announcements" props={{ recipients, signature: admin.user.displayName }} hydrate="idle" />
            </section>
          </div>
        </AdminFrame>,
      );
    })
    .get("/tools", ({ actor: admin }) => {
      return page(
        deps,
        admin,
        { title: "Tools · Admin Console", description: "Links to the platforms the studio runs on." },
        <AdminFrame actor={admin} tab="tools" title="Tools" lead="The platforms the studio runs on. Each opens in a new tab.">
          <ul className="tool-grid">
            {toolLinks.map((tool) => (
              <li key={tool.id}>
                <a className="tool-card" href={tool.href} target="_blank" rel="noopener" data-tool={tool.id}>
                  <span className="tool-title">
                    {tool.title}
                    <ExternalIcon />
                  </span>
                  <span className="tool-platform">{tool.platform}</span>
                  <span className="tool-description">{tool.description}</span>
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </AdminFrame>,
      );
    });
