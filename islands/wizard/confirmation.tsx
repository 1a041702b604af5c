// After Create Project: the order's reference and summary, when we review it, what
// happens next, and for a visitor where the temporary password went. Its own chunk, loaded once.
import { useEffect, useRef } from "react";
import { INVOICE_DUE_DAYS, REVIEW_WORKING_DAYS, TEMPORARY_PASSWORD_DAYS, formatPrice, packageFor } from "../../src/shared/packages";
import type { ProjectDraft } from "../../src/shared/wizard";

export type CreatedOrder = { projectId: string; email: string; draft: ProjectDraft; visitor: boolean };

export default function OrderConfirmation(props: { order: CreatedOrder }) {
  const { projectId, email, draft, visitor } = props.order;
  const pkg = packageFor(draft.projectType);
  const heading = useRef<HTMLHeadingElement>(null);
  const projectPath = `/projects/${projectId}`;
  useEffect(() => {
    heading.current?.focus();
    heading.current?.scrollIntoView?.({ block: "start" });
  }, []);
  return (
    <section className="wizard-panel card order-confirmation" aria-labelledby="order-confirmation-title">
      <header className="confirmation-head">
        <span className="confirmation-icon" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
            <path d="M5 12.5l4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </span>
        <div>
          <h2 id="order-confirmation-title" ref={heading} tabIndex={-1}>
            Thank you, your order is in
          </h2>
          <p className="muted">We review every request within {REVIEW_WORKING_DAYS} working days.</p>
        </div>
      </header>
      <dl className="confirmation-facts">
        <div>
          <dt>Reference</dt>
          <dd className="mono">{projectId}</dd>
        </div>
        <div>
          <dt>Project</dt>
          <dd>{draft.projectName.trim()}</dd>
        </div>
        <div>
          <dt>Package</dt>
          <dd>
            {pkg.title} · {pkg.customPages} custom pages
          </dd>
        </div>
        <div>
          <dt>Price</dt>
          <dd>{draft.hasAccessCode ? `${formatPrice(pkg.price)}, waived by your access code` : formatPrice(pkg.price)}</dd>
        </div>
      </dl>
      {visitor ? (
        <div className="alert" role="note">
          We created an account for you and sent a temporary password to <strong>{email}</strong>. It works for {TEMPORARY_PASSWORD_DAYS} days: use it to sign
          in, then choose your own password. Not there in a few minutes? Check your spam folder.
        </div>
      ) : null}
      <div>
        <h3 className="section-title">What happens next</h3>
        <ol className="next-steps">
          <li>
            <strong>Review.</strong> We read your request and approve it, or write to {email} if something is unclear.
          </li>
          {draft.hasAccessCode ? (
            <li>
              <strong>No invoice.</strong> Your access code covers the payment.
            </li>
          ) : (
            <li>
              <strong>Invoice.</strong> Once approved, we e-mail an invoice for {formatPrice(pkg.price)}.
            </li>
          )}
          {draft.hasAccessCode ? null : (
            <li>
              <strong>Payment.</strong> Pay by card within {INVOICE_DUE_DAYS} days of the invoice; then we start building.
            </li>
          )}
          <li>
            <strong>Updates.</strong> Each change of status reaches you as a notification and on the project's page.
          </li>
        </ol>
      </div>
      <div className="button-row">
        {visitor ? (
          <a className="button button-primary" href={`/choose-password?next=${encodeURIComponent(projectPath)}`}>
            Choose your password
          </a>
        ) : (
          <>
            <a className="button button-primary" href={projectPath}>
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
