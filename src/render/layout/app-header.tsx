// The signed-in header (SPEC.md §2): Dashboard, Admin for admins, a slot for the notification
// bell and the profile menu. The menu is a <details> element, so it opens without JavaScript
// (islands/behaviours/menus.ts closes it on Escape or a press outside);
// its islands (the theme and tint picker, Report Bug) hydrate when it is about to open, so a
// page that never opens it never downloads them.
import type { ReactNode } from "react";
import type { User } from "../../../db/schema";
import type { Actor } from "../../http/actor";
import { Behaviour } from "../behaviour";
import { Island } from "../island";
import { Prerendered } from "../prerendered";
import { NotificationBell } from "./bell";
import { Logo } from "./logo";

function PersonIcon() {
  return (
    <svg className="avatar-fallback" viewBox="0 0 24 24" aria-hidden="true">
      <path d="M12 12a4.5 4.5 0 100-9 4.5 4.5 0 000 9zm0 2c-4.4 0-8 2.5-8 5.6V21h16v-1.4c0-3.1-3.6-5.6-8-5.6z" fill="currentColor" />
    </svg>
  );
}

/**
 * The user's photo over a person icon: when the photo is missing the icon shows, and when it
 * fails to load a broken image with empty alt text draws nothing, so the icon shows through.
 */
export function Avatar(props: { user: Pick<User, "photoURL" | "displayName">; size: "sm" | "md" | "lg" }) {
  return (
    <span className={`avatar avatar-${props.size}`}>
      <PersonIcon />
      {props.user.photoURL ? <img src={props.user.photoURL} alt="" referrerPolicy="no-referrer" decoding="async" /> : null}
    </span>
  );
}

function MenuIcon(props: { d: string }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path d={props.d} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

const ICONS = {
  billing: "M3 6h18v12H3zM3 10h18M7 15h4",
  create: "M12 5v14M5 12h14",
  settings:
    "M12 15a3 3 0 100-6 3 3 0 000 6zm7.4-3a7.4 7.4 0 00-.1-1.2l2-1.6-2-3.4-2.4 1a7.5 7.5 0 00-2-1.2L14.5 3h-5l-.4 2.6a7.5 7.5 0 00-2 1.2l-2.4-1-2 3.4 2 1.6a7.4 7.4 0 000 2.4l-2 1.6 2 3.4 2.4-1a7.5 7.5 0 002 1.2l.4 2.6h5l.4-2.6a7.5 7.5 0 002-1.2l2.4 1 2-3.4-2-1.6c.1-.4.1-.8.1-1.2z",
  terms: "M7 3h7l5 5v13H7zM14 3v5h5M10 13h6M10 17h6",
  support: "M12 21a9 9 0 100-18 9 9 0 000 18zm-2.5-11.5a2.5 2.5 0 114 2c-.9.6-1.5 1.1-1.5 2.2M12 17h.01",
  external: "M14 4h6v6M20 4l-9 9M18 14v5H5V6h5",
  bug: "M8 8a4 4 0 118 0v1H8zm-2 3h12v3a6 6 0 01-12 0zM3 13h3m12 0h3M4 7l3 2m13-2l-3 2M4 20l3-2.5m13 2.5l-3-2.5M12 11v9",
  logout: "M15 4h4v16h-4M10 16l-4-4 4-4M6 12h10",
};

function roleLabel(actor: Actor): string | null {
  if (actor.isSuperAdmin) return "Super admin";
  if (actor.isAdmin) return "Admin";
  return null;
}

export function ProfileMenu(props: { actor: Actor }) {
  const { user } = props.actor;
  const theme = user.settings.theme;
  const role = roleLabel(props.actor);
  // Every input of the menu, so an edit to the name, photo, theme or role shows at once.
  const cacheKey = JSON.stringify([user.id, user.displayName, user.email, user.photoURL, theme.themeColor, theme.tintColor, role]);
  return (
    <Prerendered tag="details" className="profile-menu" cacheKey={cacheKey}>
      <summary className="profile-trigger" aria-label="Profile menu">
        <Avatar user={user} size="sm" />
        <svg className="profile-chevron" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </summary>
      <div className="menu-panel">
        <a className="menu-profile" href="/settings">
          <Avatar user={user} size="md" />
          <span className="menu-profile-text">
            <strong>{user.displayName}</strong>
            <span>{user.email}</span>
            {role ? <span className="badge badge-blue">{role}</span> : null}
          </span>
        </a>
        <nav className="menu-links" aria-label="Profile">
          <a href="/create">
            <MenuIcon d={ICONS.create} />
            Create a Webapp
          </a>
          <a href="/settings">
            <MenuIcon d={ICONS.settings} />
            Settings
          </a>
          <a href="/billing">
            <MenuIcon d={ICONS.billing} />
            Billing
          </a>
          <a href="/terms">
            <MenuIcon d={ICONS.terms} />
            Terms
          </a>
          <a href="/support" target="_blank" rel="noopener">
            <MenuIcon d={ICONS.support} />
            Support
            <span className="menu-external">
              <MenuIcon d={ICONS.external} />
              <span className="visually-hidden">(opens in a new tab)</span>
            </span>
          </a>
          <Island name="report-bug" props={{ variant: "menu" }} hydrate="open" />
        </nav>
        <div className="menu-section">
          <Island name="theme-picker" props={{ theme: theme.themeColor, tint: theme.tintColor, compact: true, group: "menu" }} hydrate="open" />
        </div>
        <form method="post" action="/logout" className="menu-links" data-splash="Logging you out">
          <button type="submit" className="menu-button">
            <MenuIcon d={ICONS.logout} />
            Sign out
          </button>
        </form>
      </div>
    </Prerendered>
  );
}

/**
 * The notification bell sits between the links and the profile menu on every signed-in page;
 * `bell` (PageShell's `bell` prop) can replace it.
 */
export function AppHeader(props: { actor: Actor; bell?: ReactNode; current?: string }) {
  const here = (path: string) => (props.current === path ? "page" : undefined);
  return (
    <header className="site-header app-header">
      <div className="container header-row">
        <Logo />
        <nav aria-label="Main" className="header-nav">
          <a href="/dashboard" aria-current={here("/dashboard")}>
            Dashboard
          </a>
          {props.actor.isAdmin ? (
            <a href="/admin" aria-current={here("/admin")}>
              Admin
            </a>
          ) : null}
        </nav>
        <div className="header-actions">
          {props.actor.isAdmin ? <Island name="command-palette" props={{}} hydrate="idle" /> : null}
          {/* A session still on its temporary password (decision 008) may not read notifications: no bell to fail. */}
          {props.actor.user.mustChangePassword ? null : <div className="header-bell">{props.bell ?? <NotificationBell />}</div>}
          <ProfileMenu actor={props.actor} />
        </div>
      </div>
      <Behaviour name="submit-splash" />
      <Behaviour name="menus" />
    </header>
  );
}
