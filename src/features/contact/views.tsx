// The contact page (SPEC.md §2): "We're here to help", the provider's e-mail and address, and a
// plain HTML form that works without JavaScript. Errors come back beside the fields they concern.
import type { ContactFields } from "./model";

export type ContactFormState = {
  values: ContactFields;
  fieldErrors: Partial<Record<keyof ContactFields, string>>;
  /** The server's answer: a confirmation or the reason nothing was sent. */
  notice: { kind: "success" | "error"; text: string } | null;
};

export const emptyContactForm: ContactFormState = { values: { userEmail: "", message: "" }, fieldErrors: {}, notice: null };

export function ContactView(props: { providerEmail: string; providerAddress: string; form: ContactFormState }) {
  const { values, fieldErrors, notice } = props.form;
  return (
    <>
      <section className="page-hero">
        <div className="container">
          <p className="eyebrow">Contact Us</p>
          <h1>We're here to help</h1>
          <p className="lead">Questions about a package, a project or your account? Write to us and a real person will answer.</p>
        </div>
      </section>
      <div className="container page contact-grid">
        <aside className="card contact-info" aria-labelledby="contact-info-title">
          <h2 id="contact-info-title">Get in touch</h2>
          <p className="muted">We answer every message within one business day.</p>
          <dl className="contact-facts">
            <div>
              <dt>
                <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                  <path d="M3 6h18v12H3zM3 7l9 6 9-6" />
                </svg>
                Email
              </dt>
              <dd>
                <a href={`mailto:${props.providerEmail}`}>{props.providerEmail}</a>
              </dd>
            </div>
            <div>
              <dt>
                <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                  <path d="M12 21s-7-6.2-7-11.5a7 7 0 0114 0C19 14.8 12 21 12 21zM12 12a2.5 2.5 0 100-5 2.5 2.5 0 000 5z" />
                </svg>
                Address
              </dt>
              <dd>
                <address>{props.providerAddress}</address>
              </dd>
            </div>
          </dl>
          <p className="subtle">
            Looking for a quick answer? Browse the <a href="/support">Support</a> questions.
          </p>
        </aside>
        <section className="card contact-form-card" aria-labelledby="contact-form-title">
          <h2 id="contact-form-title">Send us a message</h2>
          {notice ? (
            <div className={`alert ${notice.kind === "success" ? "alert-success" : "alert-error"}`} role={notice.kind === "success" ? "status" : "alert"}>
              {notice.text}
            </div>
          ) : null}
          <form className="stack" method="post" action="/contact-us">
            <div className="field">
              <label htmlFor="contact-email">Your Email</label>
              <input
                id="contact-email"
                className="input"
                type="email"
                name="userEmail"
                autoComplete="email"
                placeholder="name@example.com"
                required
                maxLength={254}
                defaultValue={values.userEmail}
                aria-invalid={fieldErrors.userEmail ? true : undefined}
                aria-describedby={fieldErrors.userEmail ? "contact-email-error" : undefined}
              />
              {fieldErrors.userEmail ? (
                <p id="contact-email-error" className="field-error">
                  {fieldErrors.userEmail}
                </p>
              ) : null}
            </div>
            <div className="field">
              <label htmlFor="contact-message">Message</label>
              <textarea
                id="contact-message"
                className="textarea"
                name="message"
                rows={6}
                required
                maxLength={5000}
                placeholder="How can we help?"
                defaultValue={values.message}
                aria-invalid={fieldErrors.message ? true : undefined}
                aria-describedby={fieldErrors.message ? "contact-message-error" : undefined}
              />
              {fieldErrors.message ? (
                <p id="contact-message-error" className="field-error">
                  {fieldErrors.message}
                </p>
              ) : null}
            </div>
            <div>
              <button className="button button-primary button-lg" type="submit">
                Send message
              </button>
            </div>
          </form>
        </section>
      </div>
    </>
  );
}
