// The visitors' header (SPEC.md §2): Home, Support, Terms, Contact Us, Log In and Sign Up.
// Under 601 px the links fold into a popover menu: the browser opens it, closes it on Escape or a
// tap elsewhere and gives focus back to the Menu button, with no JavaScript (public pages ship none).
import { Logo } from "./logo";

const LINKS = [
  { href: "/", label: "Home" },
  { href: "/support", label: "Support" },
  { href: "/terms", label: "Terms" },
  { href: "/contact-us", label: "Contact Us" },
] as const;

/** The link for `path`'s section is marked current: /support/faq/x sits under Support. */
function isCurrent(href: string, path: string | undefined): boolean {
  if (!path) return false;
  return href === "/" ? path === "/" : path === href || path.startsWith(`${href}/`);
}

function Links(props: { current?: string }) {
  return (
    <ul className="nav-links">
      {LINKS.map((link) => (
        <li key={link.href}>
          <a href={link.href} aria-current={isCurrent(link.href, props.current) ? "page" : undefined}>
            {link.label}
          </a>
        </li>
      ))}
    </ul>
  );
}

function Actions() {
  return (
    <div className="nav-actions">
      <a className="button button-ghost" href="/login">
        Log In
      </a>
      <a className="button button-primary" href="/register">
        Sign Up
      </a>
    </div>
  );
}

export function PublicHeader(props: { current?: string }) {
  return (
    <header className="site-header">
      <div className="container header-row">
        <Logo />
        <nav aria-label="Main" className="public-nav">
          <Links current={props.current} />
          <Actions />
        </nav>
        <div className="mobile-menu">
          <button type="button" className="mobile-menu-toggle" popoverTarget="main-menu">
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <path className="menu-bars" d="M4 7h16M4 12h16M4 17h16" />
              <path className="menu-close" d="M6 6l12 12M18 6L6 18" />
            </svg>
            <span>Menu</span>
          </button>
          <nav id="main-menu" popover="auto" aria-label="Main menu" className="mobile-menu-panel">
            <Links current={props.current} />
            <Actions />
          </nav>
        </div>
      </div>
    </header>
  );
}
