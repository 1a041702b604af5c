// /orders/{id}/confirmation (decision 097): after the wizard's last step, the order's own page. Its
// owner may reload it or come back to it; anyone else gets the not-found page. It has the signed-in
// header (a visitor who ordered now has an account), the short reference and what happens next.
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { context } from "../../http/context";
import { HttpError, notFound } from "../../http/errors";
import { page } from "../../render/layout/page";
import { PageShell } from "../../render/layout/views";
import { INVOICE_DUE_DAYS, REVIEW_WORKING_DAYS, TEMPORARY_PASSWORD_DAYS, formatPrice, packageFor } from "../../shared/packages";
import { getProject } from "./edit";
import type { ProjectModel } from "./model";

function OrderConfirmation(props: { project: ProjectModel; visitor: boolean }) {
  const { project, visitor } = props;
  const pkg = packageFor(project.projectType);
  const waived = project.accessCode !== null;
  const email = project.creator.email;
  return (
    <section className="wizard-panel card order-confirmation" aria-labelledby="order-confirmation-title">
      <header className="confirmation-head">
        <span className="confirmation-icon" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
            <path d="M5 12.5l4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </span>
        <div>
          <h1 id="order-confirmation-title">Thank you, your order is in</h1>
          <p className="muted">We review every request within {REVIEW_WORKING_DAYS} working days.</p>
        </div>
      </header>
      <dl className="confirmation-facts">
        <div>
          <dt>Reference</dt>
          <dd data-project-reference>{project.reference}</dd>
        </div>
        <div>
          <dt>Project</dt>
          <dd>{project.projectName}</dd>
        </div>
        <div>
          <dt>Package</dt>
          <dd>
            {pkg.title} · {pkg.customPages} custom pages
          </dd>
        </div>
        <div>
          <dt>Price</dt>
          <dd>{waived ? `${formatPrice(pkg.price)}, waived by your access code` : formatPrice(pkg.price)}</dd>
        </div>
      </dl>
      {visitor ? (
        <div className="alert" role="note">
          We created an account for you and sent a temporary password to <strong>{email}</strong>. It works for {TEMPORARY_PASSWORD_DAYS} days. Choose your own
          password now to open your project; the mail is there if you come back later. Not there in a few minutes? Check your spam folder.
        </div>
      ) : null}
      <div>
        <h2 className="section-title">What happens next</h2>
        <ol className="next-steps">
          <li>
            <strong>Review.</strong> We read your request and approve it, or write to {email} if something is unclear.
          </li>
          {waived ? (
            <li>
              <strong>No invoice.</strong> Your access code covers the payment.
            </li>
          ) : (
            <>
              <li>
                <strong>Invoice.</strong> Once approved, we e-mail an invoice for {formatPrice(pkg.price)}.
              </li>
              <li>
                <strong>Payment.</strong> Pay by card within {INVOICE_DUE_DAYS} days of the invoice; then we start building.
              </li>
            </>
          )}
          <li>
            <strong>Updates.</strong> Each change of status reaches you as a notification and on the project's page. Quote {project.reference} when you write to
            us.
          </li>
        </ol>
      </div>
      <div className="button-row">
        {visitor ? (
          <a className="button button-primary" href="/choose-password">
            Choose your password
          </a>
        ) : (
          <>
            <a className="button button-primary" href={`/projects/${project._id}`}>
              View project
            </a>
            <a className="button" href="/dashboard">
              Go to dashboard
            </a>
          </>
        )}
      </div>
    </section>
  );
}

export const orderConfirmationPages = (deps: AppDeps) =>
  new Elysia({ name: "order-confirmation-pages" }).use(context(deps)).get(
    "/orders/:id/confirmation",
    async ({ actor: signedIn, params }) => {
      // The order's owner only: another customer, or an admin, learns nothing from this address.
      const project = await getProject(deps, signedIn, params.id).catch((error: unknown) => {
        if (error instanceof HttpError && (error.status === 403 || error.status === 404)) throw notFound();
        throw error;
      });
      if (project.creator._id !== signedIn.user.id) throw notFound();
      return page(
        deps,
        signedIn,
        { title: `Order ${project.reference} received`, description: `Your order ${project.projectName} is waiting for review.`, noIndex: true },
        <PageShell actor={signedIn}>
          <div className="container page order-confirmation-page">
            <OrderConfirmation project={project} visitor={signedIn.user.mustChangePassword} />
          </div>
        </PageShell>,
      );
    },
    { auth: "user" },
  );
