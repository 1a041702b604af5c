// The admin console's frame (SPEC.md §2 Admin console): a sub-header with the tabs General,
// Bug Reports, FAQ, Payments, Audit Log, Tools and API, whose ids are the spec's sub-navigation ids.

import type { ReactNode } from "react";
import type { Actor } from "../../http/actor";
import { TabBar } from "./tab-bar";
import { PageShell } from "./views";

export type AdminTab = "general" | "bug-reports" | "faq" | "payments" | "audit" | "webhooks" | "tools" | "api";

const tabs: { id: AdminTab; label: string; href: string }[] = [
  { id: "general", label: "General", href: "/admin" },
  { id: "bug-reports", label: "Bug Reports", href: "/admin/bugreports" },
  { id: "faq", label: "FAQ", href: "/admin/faq" },
  { id: "payments", label: "Payments", href: "/admin/payments" },
  { id: "audit", label: "Audit Log", href: "/admin/audit" },
  { id: "webhooks", label: "Webhooks", href: "/admin/webhooks" },
  { id: "tools", label: "Tools", href: "/admin/tools" },
  { id: "api", label: "API", href: "/admin/api" },
];

export function AdminFrame(props: {
  actor: Actor;
  tab: AdminTab /** Detail pages leave it out: their island renders the editable heading. */;
  title?: string;
  lead?: string;
  back?: { href: string; label: string };
  children: ReactNode;
}) {
  return (
    <PageShell actor={props.actor} current="/admin">
      <div className="admin-hero">
        <div className="container">
          <TabBar className="tabs admin-tabs" label="Admin console">
            {tabs.map((tab) => (
              <a key={tab.id} id={tab.id} className="tab" href={tab.href} aria-current={tab.id === props.tab ? "page" : undefined}>
                {tab.label}
              </a>
            ))}
          </TabBar>
        </div>
      </div>
      <div className="container page admin-page">
        <header className="admin-page-head">
          {props.back ? (
            <a className="back-link" href={props.back.href}>
              <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
                <path d="M15 18l-6-6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
              {props.back.label}
            </a>
          ) : (
            <p className="eyebrow">Admin Console</p>
          )}
          {props.title ? <h1 className="admin-title">{props.title}</h1> : null}
          {props.lead ? <p className="muted admin-lead">{props.lead}</p> : null}
        </header>
        {props.children}
      </div>
    </PageShell>
  );
}
