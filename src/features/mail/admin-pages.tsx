// /admin/mail: mail the queue gave up on (a permanent SMTP rejection, or two days of retries),
// with a Retry button per message. Server-rendered; each button is a small form, no JavaScript.
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { context } from "../../http/context";
import { AdminFrame } from "../../render/layout/admin-frame";
import { page } from "../../render/layout/page";
import { formatDate } from "../../shared/dates";
import { listFailedMail } from "./admin-service";

const formatTime = (value: Date): string => `${formatDate(value)} ${value.toISOString().slice(11, 16)} UTC`;

export const adminMailPages = (deps: AppDeps) =>
  new Elysia({ name: "admin-mail-pages", prefix: "/admin/mail" })
    .use(context(deps))
    .guard({ auth: "admin" })
    .get("/", async ({ actor: admin, request }) => {
      const { mails, totalCount } = await listFailedMail(deps.database.db);
      const retried = new URL(request.url).searchParams.get("retried") === "1";
      return page(
        deps,
        admin,
        { title: "Failed mail · Admin Console", description: "Mail that could not be delivered." },
        <AdminFrame
          actor={admin}
          tab="general"
          back={{ href: "/admin", label: "Admin Console" }}
          title="Failed mail"
          lead="Mail the server refused for good, or that could not be delivered for two days. Fix the cause, then send it again."
        >
          <section className="list-section" aria-label="Failed mail">
            {retried ? (
              <p className="notice" role="status">
                The mail is queued again.
              </p>
            ) : null}
            {mails.length === 0 ? (
              <div className="empty-state">
                <p className="empty-title">No failed mail. Everything queued was delivered or is still being tried.</p>
              </div>
            ) : (
              <div className="table-wrap">
                <table className="table table-rows">
                  <thead>
                    <tr>
                      <th scope="col">Recipient</th>
                      <th scope="col">Subject</th>
                      <th scope="col" className="hide-mobile">
                        Error
                      </th>
                      <th scope="col" className="hide-mobile">
                        Failed
                      </th>
                      <th scope="col">
                        <span className="visually-hidden">Action</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {mails.map((mail) => (
                      <tr key={mail.id}>
                        <td>{mail.to}</td>
                        <td>{mail.subject}</td>
                        <td className="hide-mobile">
                          <span className="row-sub">{mail.error}</span>
                        </td>
                        <td className="hide-mobile nowrap">{formatTime(mail.failedAt)}</td>
                        <td>
                          <form method="post" action={`/api/admin/mail/failed/${encodeURIComponent(mail.id)}/retry`}>
                            <button type="submit" className="button">
                              Retry<span className="visually-hidden"> the mail to {mail.to}</span>
                            </button>
                          </form>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            {totalCount > mails.length ? (
              <p className="muted">
                Showing the newest {mails.length} of {totalCount}.
              </p>
            ) : null}
          </section>
        </AdminFrame>,
      );
    });
