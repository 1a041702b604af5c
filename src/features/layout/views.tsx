// The frame around every page: skip link, header (public or signed-in), main, footer.
import type { ReactNode } from "react";
import type { Actor } from "../auth/roles";
import { AppHeader } from "./app-header";

export function Logo() {
  return (
    <a className="brand" href="/" aria-label="Webstudio home">
      <svg className="brand-mark" viewBox="0 0 32 32" width="28" height="28" aria-hidden="true">
        <rect width="32" height="32" rx="9" fill="var(--tint)" />
        <path d="M8 11l3.2 11 4.8-8 4.8 8L24 11" fill="none" stroke="var(--on-tint)" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span>Webstudio</span>
    </a>
  );
}

export function PageShell(props: { actor: Actor | null; children: ReactNode; header?: ReactNode; bell?: ReactNode; current?: string }) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {props.header ?? (props.actor ? <AppHeader actor={props.actor} bell={props.bell} current={props.current} /> : <VisitorHeader />)}
      <main id="main" className="main">
        {props.children}
      </main>
      <Footer />
    </>
  );
}

// The visitor header; the signed-in one is AppHeader (app-header.tsx).
function VisitorHeader() {
  return (
    <header className="site-header">
      <div className="container header-row">
        <Logo />
        <nav aria-label="Main" className="header-nav">
          <a href="/login">Log In</a>
          <a className="button button-primary" href="/register">
            Sign Up
          </a>
        </nav>
      </div>
    </header>
  );
}

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container footer-row">
        <p>© {new Date().getFullYear()} Webstudio. All rights reserved.</p>
      </div>
    </footer>
  );
}
