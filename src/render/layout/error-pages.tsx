// The two error screens of SPEC.md §2: 'Page not found' and 'Unexpected Application Error!'.
import type { AppDeps } from "../../deps";
import type { Actor } from "../../http/actor";
import { resolveActor } from "../../http/context";
import type { ErrorPageRenderer } from "../../http/error-handler";
import { Island } from "../island";
import { page } from "./page";
import { PageShell } from "./views";

/** A drawing of a browser window with a broken page; decoration only. */
function ErrorArt(props: { code: number }) {
  return (
    <div className="error-art" aria-hidden="true">
      <svg viewBox="0 0 240 150" width="240" height="150" aria-hidden="true">
        <rect className="art-window" x="10" y="10" width="220" height="130" rx="14" />
        <path className="art-rule" d="M10 38h220" />
        <circle className="art-dot" cx="30" cy="24" r="4" />
        <circle className="art-dot" cx="44" cy="24" r="4" />
        <circle className="art-dot" cx="58" cy="24" r="4" />
        <path className="art-line" d="M40 64h70M40 80h110M40 96h56" />
        <path className="art-crack" d="M170 52l-14 22 16 8-18 26" />
      </svg>
      <span className="error-code">{props.code}</span>
    </div>
  );
}

function HelpLinks() {
  return (
    <p className="error-help subtle">
      Need a hand? Visit <a href="/support">Support</a> or <a href="/contact-us">contact us</a>.
    </p>
  );
}

export function NotFoundScreen(props: { actor: Actor | null }) {
  return (
    <PageShell actor={props.actor}>
      <section className="error-screen container" aria-labelledby="error-title">
        <ErrorArt code={404} />
        <h1 id="error-title">Page not found</h1>
        <p className="muted error-text">The page you are looking for does not exist or has been moved.</p>
        <div className="button-row">
          {props.actor ? (
            <>
              <a className="button button-primary button-lg" href="/dashboard">
                Go to Dashboard
              </a>
              <Island name="report-bug" props={{ variant: "button", label: "Report Bug" }} hydrate="idle" />
            </>
          ) : (
            <a className="button button-primary button-lg" href="/">
              Go to Landing
            </a>
          )}
        </div>
        <HelpLinks />
      </section>
    </PageShell>
  );
}

export function ErrorScreen(props: { actor: Actor | null; status: number; message: string }) {
  return (
    <PageShell actor={props.actor}>
      <section className="error-screen container" aria-labelledby="error-title">
        <ErrorArt code={props.status} />
        <h1 id="error-title">Unexpected Application Error!</h1>
        <p className="error-status">
          <span className="badge badge-red">{props.status}</span> {props.message}
        </p>
        <p className="muted error-text">Something went wrong on our side or with the request. Please try again in a moment.</p>
        <div className="button-row">
          <a className="button button-primary button-lg" href={props.actor ? "/dashboard" : "/"}>
            {props.actor ? "Go to Dashboard" : "Go to Landing"}
          </a>
        </div>
        <HelpLinks />
      </section>
    </PageShell>
  );
}

/** The error screens of page requests, for the error mapper: 404 and the rest, with the visitor's header. */
export function errorPageRenderer(deps: AppDeps): ErrorPageRenderer {
  return async (request, status, message) => {
    const { actor } = await resolveActor(deps, request).catch(() => ({ actor: null }));
    const screen = status === 404 ? <NotFoundScreen actor={actor} /> : <ErrorScreen actor={actor} status={status} message={message} />;
    return page(deps, actor, { title: status === 404 ? "Page not found" : "Error", description: message, noIndex: true }, screen, { status });
  };
}
