// The project pages' frame (SPEC.md §2 Project pages): 'Webapp Project' with its tabs and the
// status and payment badges, the facts of the Status and Admin tabs, and the no-access screen.

import type { ReactNode } from "react";
import type { Actor } from "../../http/actor";
import { Island } from "../../render/island";
import { TabBar } from "../../render/layout/tab-bar";
import { PageShell } from "../../render/layout/views";
import { formatDate } from "../../shared/dates";
import { formatPrice, packageFor } from "../../shared/packages";
import { badgeClass, flagLabels, statusColors, statusLabels } from "../../shared/project-labels";
import type { ProjectBilling } from "../payments";
import type { ProjectModel } from "./model";

export type ProjectTab = "overview" | "status" | "billing" | "revisions" | "messages" | "activity" | "admin";

const tabs: { id: ProjectTab; label: string; suffix: string; adminOnly?: boolean }[] = [
  { id: "overview", label: "Overview", suffix: "" },
  { id: "status", label: "Status", suffix: "/status" },
  { id: "billing", label: "Billing", suffix: "/billing" },
  { id: "revisions", label: "Revisions", suffix: "/revisions" },
  { id: "messages", label: "Messages", suffix: "/messages" },
  { id: "activity", label: "Activity", suffix: "/activity" },
  { id: "admin", label: "Admin", suffix: "/admin", adminOnly: true },
];

export function StatusBadge(props: { status: ProjectModel["status"] }) {
  return (
    <span className={badgeClass(statusColors[props.status])} data-project-badge="status">
      {statusLabels[props.status]}
    </span>
  );
}

export function PaidBadge(props: { paid: boolean; refunded?: boolean; overdue?: boolean }) {
  const overdue = !props.paid && props.overdue === true;
  if (props.refunded)
    return (
      <span className={badgeClass("blue")} data-project-badge="payment">
        Refunded
      </span>
    );
  return (
    <span className={badgeClass(props.paid ? "green" : overdue ? "red" : "neutral")} data-project-badge="payment">
      {props.paid ? "Paid" : overdue ? "Overdue" : "Unpaid"}
    </span>
  );
}

export function ProjectFrame(props: {
  actor: Actor;
  project: ProjectModel;
  billing: ProjectBilling | null;
  tab: ProjectTab;
  unreadMessages: number;
  children: ReactNode;
}) {
  const { project } = props;
  const base = `/projects/${project._id}`;
  const pkg = packageFor(project.projectType);
  return (
    <PageShell actor={props.actor}>
      <div className="project-hero">
        <div className="container">
          <div className="project-hero-row">
            <div className="project-hero-text">
              <p className="eyebrow">Webapp Project</p>
              <h1 className="project-title">{project.projectName}</h1>
              <p className="project-meta">
                <span data-project-reference>{project.reference}</span> · {pkg.title} · {formatPrice(pkg.price)} · Created {formatDate(project.createdAt)}
              </p>
            </div>
            <div className="project-badges">
              <StatusBadge status={project.status} />
              <PaidBadge paid={project.receivedPayment} refunded={project.refundIssued} overdue={props.billing?.state === "overdue"} />
              {project.archived ? <span className="badge">Archived</span> : null}
            </div>
          </div>
          <TabBar className="tabs" label="Project">
            {tabs
              .filter((tab) => !tab.adminOnly || props.actor.isAdmin)
              .map((tab) => (
                <a key={tab.id} className="tab" href={`${base}${tab.suffix}`} aria-current={tab.id === props.tab ? "page" : undefined}>
                  {tab.label}
                  {tab.id === "messages" && props.unreadMessages > 0 ? " " : null}
                  {tab.id === "messages" && props.unreadMessages > 0 ? (
                    <span className="unread-badge" title={`${props.unreadMessages} unread`}>
                      {props.unreadMessages}
                      <span className="visually-hidden"> unread</span>
                    </span>
                  ) : null}
                </a>
              ))}
          </TabBar>
        </div>
      </div>
      <div className="container page project-page">
        <Island name="live-notice" props={{ watch: "project", projectId: project._id }} hydrate="idle" />
        {props.children}
      </div>
    </PageShell>
  );
}

function Fact(props: { label: string; children: ReactNode }) {
  return (
    <div className="fact">
      <dt>{props.label}</dt>
      <dd>{props.children}</dd>
    </div>
  );
}

function FlagBadge(props: { on: boolean; flag: keyof typeof flagLabels; onColor?: "green" | "yellow" | "red" | "blue" }) {
  const [yes, no] = flagLabels[props.flag];
  return <span className={badgeClass(props.on ? (props.onColor ?? "green") : "neutral")}>{props.on ? yes : no}</span>;
}

/** Every fact of the Status tab (SPEC.md §2); the Admin tab shows the same with controls. */
export function ProjectFacts(props: { project: ProjectModel; billing: ProjectBilling | null }) {
  const { project, billing } = props;
  return (
    <dl className="facts">
      <Fact label="Date created">{formatDate(project.createdAt)}</Fact>
      <Fact label="Project status">
        <span className={badgeClass(statusColors[project.status])}>{statusLabels[project.status]}</span>
      </Fact>
      <Fact label="Payment">
        {billing?.state === "overdue" ? <span className={badgeClass("red")}>Overdue</span> : <FlagBadge flag="receivedPayment" on={project.receivedPayment} />}
        {project.accessCode && project.receivedPayment ? <span className="fact-note">waived with a code</span> : null}
      </Fact>
      <Fact label="Invoice">
        <FlagBadge flag="invoiceSent" on={project.invoiceSent} />
        {billing ? (
          <span className="fact-note">
            <a href={`/invoices/${billing.invoiceId}`}>
              {billing.number} · {formatPrice(billing.amount)}
            </a>
            {billing.state === "void" ? " · void" : project.receivedPayment ? null : <> · due {formatDate(billing.dueAt)}</>}
          </span>
        ) : null}
      </Fact>
      <Fact label="Refund">
        <FlagBadge flag="refundIssued" on={project.refundIssued} onColor="blue" />
      </Fact>
      <Fact label="Access code">
        <FlagBadge flag="accessCode" on={project.accessCode !== null} />
      </Fact>
      <Fact label="Editing">
        <FlagBadge flag="editingLocked" on={project.editingLocked} onColor="yellow" />
      </Fact>
      <Fact label="Revisions">
        <FlagBadge flag="revisionsLocked" on={project.revisionsLocked} onColor="yellow" />
      </Fact>
      <Fact label="Archived">
        <FlagBadge flag="archived" on={project.archived} onColor="yellow" />
      </Fact>
    </dl>
  );
}

export function NoAccessScreen(props: { actor: Actor; message: string }) {
  return (
    <PageShell actor={props.actor}>
      <section className="error-screen container">
        <p className="error-code" aria-hidden="true">
          403
        </p>
        <h1>{props.message}</h1>
        <p className="muted">Only the person who requested this project and our team can open it.</p>
        <div className="button-row">
          <a className="button button-primary" href="/dashboard">
            Go to Dashboard
          </a>
        </div>
      </section>
    </PageShell>
  );
}
