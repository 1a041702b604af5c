// The frame around every page: skip link, header (public or signed-in), main, footer.
import type { ReactNode } from "react";
import type { Actor } from "../../http/actor";
import { useSite } from "../site";
import { AppHeader } from "./app-header";
import { Logo } from "./logo";
import { PublicHeader } from "./public-header";

export function PageShell(props: {
  actor: Actor | null;
  children: ReactNode;
  header?: ReactNode;
  bell?: ReactNode;
  /** The page's path, to mark the current link. */
  current?: string;
}) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {props.header ?? (props.actor ? <AppHeader actor={props.actor} bell={props.bell} current={props.current} /> : <PublicHeader current={props.current} />)}
      <main id="main" className="main">
        {props.children}
      </main>
      <Footer />
    </>
  );
}

export function Footer() {
  const { socialUrl } = useSite();
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-about">
          <Logo />
          <p>Custom web apps built from a proven template, at a fixed price.</p>
        </div>
        <nav aria-label="Footer" className="footer-links">
          <a href="/#pricing">Pricing</a>
          <a href="/support">Support</a>
          <a href="/terms">Terms</a>
          <a href="/contact-us">Contact Us</a>
          <a href={socialUrl} target="_blank" rel="noopener">
            Follow Us
            <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true">
              <path d="M6 3h7v7M13 3L4 12" />
            </svg>
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </nav>
      </div>
      <div className="container footer-bottom">
        <p>{`© ${new Date().getFullYear()} Webstudio. All rights reserved.`}</p>
      </div>
    </footer>
  );
}
