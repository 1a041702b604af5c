// Settings screens (SPEC.md §2): General (Membership, Account, Profile, Appearance) and
// Advanced (notification switches, account deletion).

import type { ReactNode } from "react";
import type { MfaSettingsProps } from "../../../islands/mfa-settings";
import type { SessionsListProps } from "../../../islands/sessions-list";
import { type Actor, hasMfa } from "../../http/actor";
import { Island } from "../../render/island";
import { TabBar } from "../../render/layout/tab-bar";
import { PageShell } from "../../render/layout/views";
import { formatDate } from "../../shared/dates";

export function SettingsFrame(props: { actor: Actor; current: "general" | "advanced" | "security" | "api-tokens" | "bug-reports"; children: ReactNode }) {
  const here = (name: string) => (props.current === name ? "page" : undefined);
  return (
    <PageShell actor={props.actor} current="/settings">
      <div className="container page settings-page">
        <header className="page-header">
          <div>
            <h1>Settings</h1>
            <p className="muted settings-lede">Manage your account, profile, appearance, notifications and security.</p>
          </div>
        </header>
        <div className="settings-layout">
          <TabBar className="settings-nav" label="Settings sections">
            <a href="/settings" aria-current={here("general")}>
              General
            </a>
            <a href="/settings/advanced" aria-current={here("advanced")}>
              Advanced
            </a>
            <a href="/settings/security" aria-current={here("security")}>
              Security
            </a>
            <a href="/settings/tokens" aria-current={here("api-tokens")}>
              API tokens
            </a>
            <a href="/settings/bugreports" aria-current={here("bug-reports")}>
              Bug reports
            </a>
          </TabBar>
          <div className="settings-content">{props.children}</div>
        </div>
      </div>
    </PageShell>
  );
}

export function SettingsCard(props: { id: string; title: string; description: string; children: ReactNode; tone?: "danger" }) {
  return (
    <section className={props.tone === "danger" ? "card settings-card settings-card-danger" : "card settings-card"} aria-labelledby={props.id}>
      <div className="settings-card-head">
        <h2 id={props.id} className="card-title">
          {props.title}
        </h2>
        <p className="subtle">{props.description}</p>
      </div>
      {props.children}
    </section>
  );
}

function roleOf(actor: Actor): { label: string; tone: string } {
  if (actor.isSuperAdmin) return { label: "Super admin", tone: "badge-blue" };
  if (actor.isAdmin) return { label: "Admin", tone: "badge-blue" };
  return { label: "Customer", tone: "badge-green" };
}

export function GeneralSettingsView(props: { actor: Actor }) {
  const { user } = props.actor;
  const role = roleOf(props.actor);
  const theme = user.settings.theme;
  return (
    <SettingsFrame actor={props.actor} current="general">
      <SettingsCard id="membership-title" title="Membership" description="Your place at Webstudio.">
        <dl className="membership-facts">
          <div>
            <dt>Member since</dt>
            <dd>
              <time dateTime={user.createdAt.toISOString()}>{formatDate(user.createdAt)}</time>
            </dd>
          </div>
          <div>
            <dt>Role</dt>
            <dd>
              <span className={`badge ${role.tone}`}>{role.label}</span>
            </dd>
          </div>
        </dl>
      </SettingsCard>
      <SettingsCard id="account-title" title="Account" description="The e-mail and password you sign in with.">
        <Island
          name="account-settings"
          props={{
            section: "account",
            email: user.email,
            displayName: user.displayName,
            photoURL: user.photoURL,
            hasPassword: user.passwordHash !== null,
            mfaEnabled: hasMfa(user),
          }}
          hydrate="idle"
        />
      </SettingsCard>
      <SettingsCard id="profile-title" title="Profile" description="How you appear to the Webstudio team.">
        <Island
          name="account-settings"
          props={{
            section: "profile",
            email: user.email,
            displayName: user.displayName,
            photoURL: user.photoURL,
            hasPassword: user.passwordHash !== null,
            mfaEnabled: hasMfa(user),
          }}
          hydrate="idle"
        />
      </SettingsCard>
      <SettingsCard id="appearance-title" title="Appearance" description="Applied at once and remembered on every device.">
        <Island name="theme-picker" props={{ theme: theme.themeColor, tint: theme.tintColor }} hydrate="idle" />
      </SettingsCard>
    </SettingsFrame>
  );
}

export function AdvancedSettingsView(props: { actor: Actor }) {
  const settings = props.actor.user.settings;
  return (
    <SettingsFrame actor={props.actor} current="advanced">
      <SettingsCard id="notifications-title" title="Notifications" description="Choose what reaches you in the app and by e-mail.">
        <Island
          name="notification-settings"
          props={{ appNotifications: settings.appNotifications, emailNotifications: settings.emailNotifications }}
          hydrate="idle"
        />
      </SettingsCard>
      <SettingsCard id="delete-title" title="Delete account" description="Permanently delete your account." tone="danger">
        <p className="muted">
          Deleting your account also deletes your projects with their images and your profile photo, and signs you out everywhere. Bug reports you sent stay
          with our team without your name. Your invoices and payments stay in our accounts, with the name and e-mail on them; deleting does not refund a
          payment, so write to us first if you want one.
        </p>
        <div>
          <Island name="delete-account" props={{ hasPassword: props.actor.user.passwordHash !== null, mfaEnabled: hasMfa(props.actor.user) }} hydrate="idle" />
        </div>
      </SettingsCard>
    </SettingsFrame>
  );
}

export function SecuritySettingsView(props: { actor: Actor; mfa: MfaSettingsProps["status"]; sessions: SessionsListProps["sessions"] }) {
  const { actor } = props;
  return (
    <SettingsFrame actor={actor} current="security">
      <SettingsCard
        id="mfa-title"
        title="Two-factor authentication"
        description="After your password, signing in asks for a 6-digit code from an authenticator app on your phone."
      >
        <Island
          name="mfa-settings"
          props={{ status: props.mfa, required: actor.mfaSetupRequired, hasPassword: actor.user.passwordHash !== null }}
          hydrate="idle"
        />
      </SettingsCard>
      <SettingsCard id="sessions-title" title="Sessions" description="The browsers and devices signed in to your account.">
        <Island name="sessions-list" props={{ sessions: props.sessions }} hydrate="idle" />
      </SettingsCard>
    </SettingsFrame>
  );
}
