// The two error screens of SPEC.md §2: 'Page not found' and 'Unexpected Application Error!'.
import type { Actor } from "../auth/roles";
import { PageShell } from "../layout/views";

export function NotFoundScreen(props: { actor: Actor | null }) {
  return (
    <PageShell actor={props.actor}>
      <section className="error-screen container">
        <p className="error-code" aria-hidden="true">404</p>
        <h1>Page not found</h1>
        <p className="muted">The page you are looking for does not exist or has been moved.</p>
        <div className="button-row">
          {props.actor ? (
            <>
              <a className="button button-primary" href="/dashboard">
                Go to Dashboard
              </a>
              <a className="button" href="/dashboard?reportBug=1">
                Report Bug
              </a>
            </>
          ) : (
            <a className="button button-primary" href="/">
              Go to Landing
            </a>
          )}
        </div>
      </section>
    </PageShell>
  );
}

export function ErrorScreen(props: { actor: Actor | null; status: number; message: string }) {
  return (
    <PageShell actor={props.actor}>
      <section className="error-screen container">
        <p className="error-code" aria-hidden="true">
          {props.status}
        </p>
        <h1>Unexpected Application Error!</h1>
        <p className="muted">
          {props.status} {props.message}
        </p>
        <div className="button-row">
          <a className="button button-primary" href={props.actor ? "/dashboard" : "/"}>
            {props.actor ? "Go to Dashboard" : "Go to Landing"}
          </a>
        </div>
      </section>
    </PageShell>
  );
}
