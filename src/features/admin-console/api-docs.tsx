// /admin/api: the JSON API's endpoints grouped by tag (method, path, summary, role), drawn on the
// server from the same OpenAPI document GET /api/openapi.json serves. No Swagger UI: it needs
// inline scripts or a CDN, which the CSP refuses.
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { context } from "../../http/context";
import type { ApiRole } from "../../http/openapi";
import { type Column, DataTable } from "../../render/data-table";
import { AdminFrame } from "../../render/layout/admin-frame";
import { page } from "../../render/layout/page";

/** The parts of an OpenAPI operation this page and the contract tests read. */
export type ApiOperation = {
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required?: boolean; schema?: unknown }[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
  [key: string]: unknown;
};

export type ApiDocument = {
  openapi: string;
  info: { title: string; version: string; description: string; license: { name: string; url: string } };
  servers: { url: string; description: string }[];
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, ApiOperation>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
  /** What the studio's outgoing webhooks send (OpenAPI 3.1 `webhooks`). */
  webhooks?: Record<string, unknown>;
};

const roleLabels: Record<ApiRole, string> = { public: "Anyone", "signed-in": "Signed in", admin: "Admin", "super-admin": "Super admin" };

/** The role an operation's `security` asks for: none, the session, or the session with a role. */
export function roleOf(operation: ApiOperation): ApiRole {
  const scopes = operation.security?.[0]?.session;
  if (!scopes) return "public";
  if (scopes.includes("super-admin")) return "super-admin";
  return scopes.includes("admin") ? "admin" : "signed-in";
}

type Row = { method: string; path: string; summary: string; role: ApiRole };

// One column for the endpoint (method, path and what it does) so a phone shows it whole; the role beside it.
const apiColumns: Column<Row>[] = [
  {
    header: "Endpoint",
    cell: (row) => (
      <>
        <code className="api-endpoint">
          {row.method} {row.path}
        </code>
        <span className="row-sub">{row.summary}</span>
      </>
    ),
  },
  { header: "Role", nowrap: true, cell: (row) => roleLabels[row.role] },
];

function groupByTag(document: ApiDocument): [string, Row[]][] {
  const groups = new Map<string, Row[]>(document.tags.map((tag) => [tag.name, []]));
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const tag = operation.tags?.[0] ?? "Other";
      const rows = groups.get(tag) ?? [];
      rows.push({ method: method.toUpperCase(), path, summary: operation.summary ?? "", role: roleOf(operation) });
      groups.set(tag, rows);
    }
  }
  return [...groups].filter(([, rows]) => rows.length > 0);
}

export const apiDocsPages = (deps: AppDeps, readDocument: () => ApiDocument) =>
  new Elysia({ name: "api-docs-pages", prefix: "/admin" })
    .use(context(deps))
    .guard({ auth: "admin" })
    .get("/api", ({ actor: admin }) => {
      const document = readDocument();
      return page(
        deps,
        admin,
        { title: "API · Admin Console", description: "The JSON API's endpoints." },
        <AdminFrame actor={admin} tab="api" title="API" lead="Every endpoint of the JSON API, from its OpenAPI document.">
          <p>
            <a href="/api/openapi.json">OpenAPI document (JSON)</a> · OpenAPI {document.openapi}. Writes must come from this site's origin; refusals answer{" "}
            <code>{"{ message, fields? }"}</code> naming each field by its path.
          </p>
          {groupByTag(document).map(([tag, rows]) => (
            <section key={tag} className="card admin-card api-group" aria-labelledby={`api-${tag}`}>
              <h2 id={`api-${tag}`} className="card-title">
                {tag}
              </h2>
              <DataTable columns={apiColumns} rows={rows} rowKey={(row) => `${row.method} ${row.path}`} />
            </section>
          ))}
        </AdminFrame>,
      );
    });
