// The dashboard's lists (SPEC.md §2 Dashboard), server-rendered from the query string: filters
// and sort are links, the title search is a GET form, so they work without JavaScript.
import type { ReactNode } from "react";
import { type Column, DataTable } from "../../render/data-table";
import { Island } from "../../render/island";
import { FilterPill, Pager, SearchForm, SortLinks } from "../../render/list-controls";
import { formatDate } from "../../shared/dates";
import type { PageInfo } from "../../shared/lists";
import { badgeClass, paymentBadge, statusColors, statusLabels } from "../../shared/project-labels";
import type { AccessCodeModel } from "../access-codes/model";
import { type DashboardState, projectStatusFilters, toQuery, toggleStatus, withCodes, withProjects } from "./dashboard-state";
import type { ProjectListItem } from "./model";

type Hidden = Record<string, string>;

/** Hidden fields that carry the rest of the list state through a search form. */
function hiddenFieldsExcept(state: DashboardState, drop: string[]): Hidden {
  const params = new URLSearchParams(toQuery(state).split("?")[1] ?? "");
  const hidden: Hidden = {};
  for (const [key, value] of params) if (!drop.includes(key)) hidden[key] = value;
  return hidden;
}

const unreadLabel = (count: number) => `${count} unread message${count === 1 ? "" : "s"}`;

function PaymentBadge(props: { project: ProjectListItem; className?: string }) {
  const { text, color } = paymentBadge(props.project);
  return <span className={props.className ? `${badgeClass(color)} ${props.className}` : badgeClass(color)}>{text}</span>;
}

const customerProjectColumns: Column<ProjectListItem>[] = [
  {
    header: "Name",
    cell: (project) => (
      <>
        <a className="row-link" href={`/projects/${project._id}`}>
          {project.projectName}
        </a>
        {project.unreadMessages > 0 ? (
          <a
            className="unread-badge"
            href={`/projects/${project._id}/messages`}
            title={unreadLabel(project.unreadMessages)}
            aria-label={unreadLabel(project.unreadMessages)}
          >
            {project.unreadMessages}
          </a>
        ) : null}
        <span className="row-sub">{project.archived ? `${project.reference} · Archived` : project.reference}</span>
      </>
    ),
  },
  {
    header: "Status",
    // On a phone the Payment Status column is hidden and its badge shows here, under the status.
    cell: (project) => (
      <span className="cell-badges">
        <span className={badgeClass(statusColors[project.status])}>{statusLabels[project.status]}</span>
        <PaymentBadge project={project} className="show-mobile" />
      </span>
    ),
  },
  { header: "Payment Status", hideMobile: true, cell: (project) => <PaymentBadge project={project} /> },
  { header: "Date Created", hideMobile: true, nowrap: true, cell: (project) => formatDate(project.createdAt) },
];

/** Admins' Webapp Requests: the admin-table island, with row selection and bulk changes. */
function AdminProjectTable(props: { projects: ProjectListItem[] }) {
  return (
    <Island
      name="admin-table"
      props={{
        kind: "project",
        label: "Webapp Requests",
        rows: props.projects.map((project) => ({
          id: project._id,
          href: `/projects/${project._id}`,
          title: project.projectName,
          createdAt: project.createdAt,
          ...(project.unreadMessages > 0
            ? { count: { value: project.unreadMessages, href: `/projects/${project._id}/messages`, label: unreadLabel(project.unreadMessages) } }
            : {}),
          fields: {
            status: project.status,
            receivedPayment: project.receivedPayment,
            refundIssued: project.refundIssued,
            overdue: project.overdue,
            archived: project.archived,
            customer: project.creator.displayName,
            reference: project.reference,
          },
        })),
      }}
      hydrate="idle"
    />
  );
}

export function ProjectList(props: {
  title: string;
  state: DashboardState;
  data: { projects: ProjectListItem[] } & PageInfo;
  admin: boolean;
  hint?: ReactNode;
  /** Said under "No projects yet." when no filter is on. */
  emptyHint?: string;
  action?: ReactNode;
}) {
  const { state, data } = props;
  const filtered = Boolean(
    state.projects.customer ||
      state.projects.status ||
      state.projects.paid ||
      state.projects.overdue ||
      state.projects.unanswered ||
      state.projects.archived ||
      state.projects.title,
  );
  return (
    <section className="list-section" aria-labelledby="projects-title">
      <div className="list-head">
        <div>
          <h2 id="projects-title">{props.title}</h2>
          {props.hint ? <p className="muted list-hint">{props.hint}</p> : null}
        </div>
        {props.action}
      </div>
      <div className="list-toolbar">
        <SearchForm
          action="/dashboard"
          id="project-search"
          name="title"
          label="Search projects"
          // A typed reference (WS-1042) finds its project (decision 097).
          placeholder="Search by title or WS-number"
          value={state.projects.title}
          hidden={hiddenFieldsExcept(state, ["title", "page"])}
        />
        <SortLinks label="Sort projects" current={state.projects.sortby} hrefFor={(sortby) => withProjects(state, { sortby })} />
      </div>
      <div className="pill-row" role="group" aria-label="Filter projects">
        {state.projects.customer ? (
          <>
            <FilterPill href={withProjects(state, { customer: undefined })} active>
              {`Customer: ${data.projects[0]?.creator.displayName ?? "one customer"}`}
            </FilterPill>
            <span className="pill-divider" aria-hidden="true" />
          </>
        ) : null}
        {projectStatusFilters.map((filter) => (
          <FilterPill key={filter.value} href={toggleStatus(state, filter.value)} active={state.projects.status === filter.value}>
            {filter.label}
          </FilterPill>
        ))}
        <span className="pill-divider" aria-hidden="true" />
        <FilterPill href={withProjects(state, { paid: !state.projects.paid })} active={state.projects.paid}>
          Paid
        </FilterPill>
        <FilterPill href={withProjects(state, { overdue: !state.projects.overdue })} active={state.projects.overdue}>
          Overdue
        </FilterPill>
        <FilterPill href={withProjects(state, { archived: !state.projects.archived })} active={state.projects.archived}>
          Archived
        </FilterPill>
        {props.admin ? (
          <FilterPill href={withProjects(state, { unanswered: !state.projects.unanswered })} active={state.projects.unanswered}>
            Unanswered
          </FilterPill>
        ) : null}
      </div>
      {data.projects.length === 0 ? (
        <div className="empty-state">
          <p className="empty-title">{filtered ? "No projects match these filters." : "No projects yet."}</p>
          {!filtered && props.emptyHint ? <p className="empty-hint">{props.emptyHint}</p> : null}
          {filtered ? (
            <a
              href={toQuery({
                ...state,
                projects: { customer: undefined, paid: false, overdue: false, unanswered: false, archived: false, title: "", sortby: "-createdAt", page: 1 },
              })}
            >
              Clear filters
            </a>
          ) : null}
        </div>
      ) : props.admin ? (
        <AdminProjectTable projects={data.projects} />
      ) : (
        <DataTable columns={customerProjectColumns} rows={data.projects} rowKey={(project) => project._id} />
      )}
      <Pager label="Project pages" page={state.projects.page} info={data} hrefFor={(page) => withProjects(state, { page })} />
    </section>
  );
}

export function AccessCodeList(props: { state: DashboardState; data: { accessCodes: AccessCodeModel[] } & PageInfo; action: ReactNode }) {
  const { state, data } = props;
  const filtered = state.codes.claimed !== undefined || Boolean(state.codes.title);
  return (
    <section className="list-section" aria-labelledby="codes-title">
      <div className="list-head">
        <h2 id="codes-title">Access Codes</h2>
        {props.action}
      </div>
      <div className="list-toolbar">
        <SearchForm
          action="/dashboard"
          id="code-search"
          name="codeTitle"
          label="Search access codes"
          value={state.codes.title}
          hidden={hiddenFieldsExcept(state, ["codeTitle", "codePage"])}
        />
        <SortLinks label="Sort access codes" current={state.codes.sortby} hrefFor={(sortby) => withCodes(state, { sortby })} />
      </div>
      <div className="pill-row" role="group" aria-label="Filter access codes">
        <FilterPill href={withCodes(state, { claimed: state.codes.claimed === false ? undefined : false })} active={state.codes.claimed === false}>
          Unclaimed
        </FilterPill>
        <FilterPill href={withCodes(state, { claimed: state.codes.claimed === true ? undefined : true })} active={state.codes.claimed === true}>
          Claimed
        </FilterPill>
      </div>
      {data.accessCodes.length === 0 ? (
        <div className="empty-state">
          <p className="empty-title">{filtered ? "No access codes match these filters." : "No access codes yet."}</p>
        </div>
      ) : (
        <Island
          name="admin-table"
          props={{
            kind: "access-code",
            label: "Access Codes",
            rows: data.accessCodes.map((code) => ({
              id: code._id,
              href: `/accesscodes/${code._id}`,
              title: code.title,
              createdAt: code.createdAt,
              fields: { claimed: code.claimed },
            })),
          }}
          hydrate="idle"
        />
      )}
      <Pager label="Access code pages" page={state.codes.page} info={data} hrefFor={(page) => withCodes(state, { page })} />
    </section>
  );
}
