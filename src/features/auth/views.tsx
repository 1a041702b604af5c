// Sign-in, sign-up and reset screens (SPEC.md §2): plain HTML forms that work without
// JavaScript and come back with the typed values and the error when something is wrong.
import type { ReactNode } from "react";
import { Behaviour } from "../../render/behaviour";
import { Logo } from "../../render/layout/logo";
import { PageShell } from "../../render/layout/views";

export type FormState = { values?: Record<string, string>; error?: string | null; fields?: Record<string, string>; notice?: string | null };
export type SocialProviders = { google: boolean; oidc: boolean };

function AuthCard(props: { title: string; subtitle?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <PageShell actor={null}>
      <div className="auth-page">
        <section className="auth-card card" aria-labelledby="auth-title">
          <div className="auth-logo">
            <Logo />
          </div>
          <h1 id="auth-title" className="auth-title">
            {props.title}
          </h1>
          {props.subtitle ? <p className="auth-subtitle muted">{props.subtitle}</p> : null}
          {props.children}
        </section>
        {props.footer ? <div className="auth-footer">{props.footer}</div> : null}
      </div>
      <Behaviour name="submit-splash" />
    </PageShell>
  );
}

function Alerts(props: { state: FormState }) {
  return (
    <>
      {props.state.error ? (
        <div className="alert alert-error" role="alert">
          {props.state.error}
        </div>
      ) : null}
      {props.state.notice ? (
        <div className="alert alert-success" role="status">
          {props.state.notice}
        </div>
      ) : null}
    </>
  );
}

function Field(props: {
  name: string;
  label: string;
  type: string;
  state: FormState;
  autoComplete: string;
  required?: boolean;
  minLength?: number;
  hint?: string;
  aside?: ReactNode;
  autoFocus?: boolean;
  /** A Show button beside a password (the password-reveal behaviour unhides it). */
  reveal?: boolean;
}) {
  const id = `field-${props.name}`;
  const error = props.state.fields?.[props.name];
  const describedBy = [error ? `${id}-error` : null, props.hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
  const input = (
    <input
      id={id}
      className="input"
      name={props.name}
      type={props.type}
      autoComplete={props.autoComplete}
      required={props.required ?? true}
      minLength={props.minLength}
      autoFocus={props.autoFocus}
      // Passwords are never sent back into the page; everything else keeps what was typed.
      defaultValue={props.type === "password" ? undefined : (props.state.values?.[props.name] ?? "")}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy}
    />
  );
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      {props.reveal ? (
        <div className="input-reveal">
          {input}
          <button type="button" className="button button-ghost button-sm" data-reveal aria-controls={id} aria-pressed="false" hidden>
            Show<span className="visually-hidden"> {props.label.toLowerCase()}</span>
          </button>
        </div>
      ) : (
        input
      )}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : props.hint ? (
        <p id={`${id}-hint`} className="field-hint">
          {props.hint}
        </p>
      ) : null}
      {/* After the field, so Tab reaches the password before "Forgot Password?". */}
      {props.aside}
    </div>
  );
}

function GoogleIcon() {
  return (
    <svg viewBox="0 0 48 48" width="18" height="18" aria-hidden="true">
      <path
        fill="#FFC107"
        d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.9 1.2 8 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
      />
      <path fill="#FF3D00" d="M6.3 14.7l6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.9 1.2 8 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z" />
      <path fill="#4CAF50" d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z" />
      <path fill="#1976D2" d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C36.9 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z" />
    </svg>
  );
}

function KeyIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path
        d="M15.5 7.5a3 3 0 11-3 3m3-3a3 3 0 00-3 3m3-3L21 2m-2 2l2 2m-8.5 4.5L3 20v1h3v-2h2v-2h2l2.5-2.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function SocialButtons(props: { providers: SocialProviders; verb: "Continue" | "Sign up" }) {
  if (!props.providers.google && !props.providers.oidc) return null;
  return (
    <>
      <div className="auth-divider" role="separator">
        <span>or</span>
      </div>
      <div className="stack-sm">
        {props.providers.google ? (
          <a className="button button-block social-button" href="/api/auth/google">
            <GoogleIcon />
            {`${props.verb} with Google`}
          </a>
        ) : null}
        {props.providers.oidc ? (
          <a className="button button-block social-button" href="/api/auth/oidc">
            <KeyIcon />
            {`${props.verb} with single sign-on`}
          </a>
        ) : null}
      </div>
    </>
  );
}

export function LoginView(props: { state: FormState; providers: SocialProviders }) {
  const { state } = props;
  return (
    <AuthCard
      title="Sign in to your account"
      subtitle="Welcome back. Follow your projects, settings and notifications."
      footer={
        <>
          Don't have an account? <a href="/register">Sign up</a>
        </>
      }
    >
      <form method="post" action="/login" className="stack auth-form" data-splash="Logging you in" noValidate={false}>
        <Alerts state={state} />
        <Field name="email" label="E-mail" type="email" autoComplete="email" state={state} autoFocus={!state.values?.email} />
        <Field
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          state={state}
          autoFocus={Boolean(state.values?.email)}
          aside={
            <a className="field-aside" href="/reset">
              Forgot Password?
            </a>
          }
        />
        <button className="button button-primary button-lg button-block" type="submit">
          Sign in
        </button>
      </form>
      <SocialButtons providers={props.providers} verb="Continue" />
    </AuthCard>
  );
}

export function RegisterView(props: { state: FormState; providers: SocialProviders }) {
  const { state } = props;
  return (
    <AuthCard
      title="Create your account"
      subtitle="Order a web app, follow its progress and manage everything in one place."
      footer={
        <>
          Already have an account? <a href="/login">Sign in</a>
        </>
      }
    >
      <form method="post" action="/register" className="stack auth-form" data-splash="Logging you in">
        <Alerts state={state} />
        <Field name="email" label="E-mail" type="email" autoComplete="email" state={state} autoFocus />
        <Field name="displayName" label="Full name" type="text" autoComplete="name" state={state} />
        <Field name="password" label="Password" type="password" autoComplete="new-password" minLength={6} hint="At least 6 characters." state={state} />
        <button className="button button-primary button-lg button-block" type="submit">
          Create account
        </button>
      </form>
      <SocialButtons providers={props.providers} verb="Sign up" />
    </AuthCard>
  );
}

export function ResetRequestView(props: { state: FormState }) {
  const { state } = props;
  return (
    <AuthCard
      title="Reset your password"
      subtitle="Enter the e-mail of your account and we'll send you a link to choose a new password."
      footer={
        <>
          Remembered it? <a href="/login">Back to sign in</a>
        </>
      }
    >
      <form method="post" action="/reset" className="stack auth-form">
        <Alerts state={state} />
        <Field name="email" label="E-mail" type="email" autoComplete="email" state={state} autoFocus />
        <button className="button button-primary button-lg button-block" type="submit">
          Send reset link
        </button>
      </form>
    </AuthCard>
  );
}

export function ResetConfirmView(props: { token: string; state: FormState }) {
  return (
    <NewPasswordView
      subtitle="Pick a password you don't use anywhere else. You'll be signed in right after."
      action="/reset/confirm"
      secret={{ name: "token", value: props.token }}
      submitLabel="Save password and sign in"
      state={props.state}
    />
  );
}

/** Choosing a new password, after a reset link or a temporary password: the same form, its own secret. */
function NewPasswordView(props: {
  subtitle: ReactNode;
  action: string;
  secret?: { name: "token" | "next"; value: string };
  submitLabel: string;
  state: FormState;
  footer?: ReactNode;
}) {
  // One error at a time: a field's own message is not repeated above the form.
  const fields = props.state.fields ?? {};
  const state = Object.keys(fields).length > 0 ? { ...props.state, error: null } : props.state;
  return (
    <AuthCard title="Choose a new password" subtitle={props.subtitle} footer={props.footer ?? <a href="/login">Back to sign in</a>}>
      <form method="post" action={props.action} className="stack auth-form" data-splash="Logging you in">
        <Alerts state={state} />
        {props.secret ? <input type="hidden" name={props.secret.name} value={props.secret.value} /> : null}
        <Field
          name="password"
          label="New password"
          type="password"
          autoComplete="new-password"
          minLength={6}
          hint="At least 6 characters."
          state={state}
          autoFocus={!fields.confirm}
          reveal
        />
        {/* The confirmation's error waits until the password itself is acceptable. */}
        <Field
          name="confirm"
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          minLength={6}
          state={fields.password ? { ...state, fields: {} } : state}
          autoFocus={Boolean(fields.confirm)}
          reveal
        />
        <button className="button button-primary button-lg button-block" type="submit">
          {props.submitLabel}
        </button>
      </form>
      <Behaviour name="password-reveal" />
    </AuthCard>
  );
}

/** Leaving the first sign-in's step on purpose: signing out also ends the pending step. */
function SignOutInstead() {
  return (
    <form method="post" action="/logout" className="inline-form">
      Not you?{" "}
      <button type="submit" className="link-button">
        Sign out
      </button>
    </form>
  );
}

/** The first page a visitor's order leads to: their session opens nothing else until this is done. */
export function ChooseOwnPasswordView(props: { next: string; email: string; state: FormState }) {
  return (
    <NewPasswordView
      subtitle={
        <>
          Your order created an account for <strong>{props.email}</strong> with a temporary password. Choose your own password to continue.
        </>
      }
      action="/choose-password"
      secret={{ name: "next", value: props.next }}
      submitLabel="Save password and continue"
      state={props.state}
      footer={<SignOutInstead />}
    />
  );
}

export function ResetLinkInvalidView(props: { message: string }) {
  return (
    <AuthCard title="Reset your password" footer={<a href="/login">Back to sign in</a>}>
      <div className="alert alert-error" role="alert">
        {props.message}
      </div>
      <a className="button button-primary button-lg button-block" href="/reset">
        Send a new link
      </a>
    </AuthCard>
  );
}

/** The first sign-in's step after a temporary password: its ticket stays in a cookie, never in the page (decision 096). */
export function ChoosePasswordView(props: { email: string; state: FormState }) {
  return (
    <NewPasswordView
      subtitle={
        <>
          You signed in with a temporary password. Choose your own password for <strong>{props.email}</strong> to continue.
        </>
      }
      action="/choose-password"
      submitLabel="Save password and continue"
      state={props.state}
      footer={<SignOutInstead />}
    />
  );
}

/** The second step of signing in to an account with two-factor authentication. */
export function MfaCodeView(props: { ticket: string; state: FormState }) {
  return (
    <AuthCard
      title="Enter your code"
      subtitle="Open your authenticator app and enter the 6-digit code it shows for Webstudio. Lost your phone? Enter one of your recovery codes."
      footer={<a href="/login">Back to sign in</a>}
    >
      <form method="post" action="/login/code" className="stack auth-form" data-splash="Logging you in">
        <Alerts state={props.state} />
        <input type="hidden" name="ticket" value={props.ticket} />
        <div className="field">
          <label htmlFor="field-code">Code</label>
          <input
            id="field-code"
            className="input input-code"
            name="code"
            type="text"
            inputMode="text"
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={40}
            required
            autoFocus
            aria-invalid={props.state.fields?.code ? true : undefined}
            aria-describedby="field-code-hint"
          />
          <p id="field-code-hint" className={props.state.fields?.code ? "field-error" : "field-hint"}>
            {props.state.fields?.code ?? "6 digits, or a recovery code like abcde-fghij."}
          </p>
        </div>
        <button className="button button-primary button-lg button-block" type="submit">
          Verify and sign in
        </button>
      </form>
    </AuthCard>
  );
}
