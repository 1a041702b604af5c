// The JSON API's own parts (src/app.ts mounts every feature's `.api` into it): the routes that end
// it, and its OpenAPI document (GET /api/openapi.json, public: it holds no secrets), generated from
// the routes' own `t` schemas and `detail` (tag, summary, role: src/http/openapi.ts); a test
// (tests/platform.test.ts) fails when a route has no summary or tag.
import { toOpenAPISchema, unwrapSchema } from "@elysiajs/openapi/openapi";
import type { AnyElysia } from "elysia";
import type { ApiDocument, ApiOperation } from "./features/admin-console/api-docs";
import { describeWebhooks } from "./features/webhooks";
import { takesFiles } from "./http/body-types";
import { notFound } from "./http/errors";
import { API_TAGS, ErrorBody } from "./http/openapi";

export const OPENAPI_PATH = "/api/openapi.json";

/** The API's last routes, after every feature's: its OpenAPI document, and a 404 for any other /api path. */
export function endApi(api: AnyElysia, publicUrl: string): void {
  api
    .get(OPENAPI_PATH, () => describeApi(api, publicUrl), { detail: { hide: true } })
    .all(
      "/api/*",
      () => {
        throw notFound("There is no such API endpoint.");
      },
      { detail: { hide: true } },
    );
}

const documents = new WeakMap<AnyElysia, ApiDocument>();

const ERROR_RESPONSE = {
  description: "Refused: `{ message, fields?, limit? }`",
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
};

/**
 * The OpenAPI 3.1 document of `api`'s routes, built once per app: what Elysia generates from each
 * route's schemas and `detail`, with the shared error answer, the multipart bodies and the answers
 * that are not JSON filled in, and the validator's own keywords taken out.
 */
export function describeApi(api: AnyElysia, publicUrl: string): ApiDocument {
  const cached = documents.get(api);
  if (cached) return cached;
  const version = "3.1.2";
  const generated = toOpenAPISchema(api, undefined, undefined, undefined, version);
  const paths: ApiDocument["paths"] = {};
  allowNullInEnums(generated.paths);
  for (const [rawPath, operations] of Object.entries(generated.paths)) {
    // Elysia answers `/api/faq` and `/api/faq/` alike; the document names the one without the slash.
    const path = rawPath.length > 1 ? rawPath.replace(/\/$/, "") : rawPath;
    if (!path.startsWith("/api/")) continue;
    for (const [method, generatedOperation] of Object.entries(operations ?? {})) {
      const operation = { ...(generatedOperation as ApiOperation) };
      const route = findRoute(api, method, path);
      fillRequestBody(route, operation, version);
      for (const response of Object.values(operation.responses ?? {})) numbersAsAnswered(response);
      operation.responses = {
        // A `response` schema replaces the `detail`'s answers in the generated operation: keep both.
        ...(route?.hooks.detail as ApiOperation | undefined)?.responses,
        ...operation.responses,
        "4XX": ERROR_RESPONSE,
        // Bun refuses a request line or headers over 16 KiB itself, before this app, with no body.
        "431": { description: "URL or headers over 16 KiB, refused by the HTTP server (no body)" },
      };
      paths[path] = { ...paths[path], [method]: operation };
    }
  }
  const document: ApiDocument = {
    openapi: version,
    info: {
      title: "Webstudio API",
      version: "1",
      description:
        "The JSON API under /api. Signed-in calls carry the `session` cookie, or a personal API token as `Authorization: Bearer wst_…` (no Origin needed); cookie writes from a browser must come from the site's own origin (Origin header). The studio's outgoing webhooks are described under `webhooks`. Every refusal answers `{ message, fields? }`, naming each refused field by its path.",
      license: { name: "Proprietary", url: `${publicUrl}/terms` },
    },
    servers: [{ url: publicUrl, description: "This instance" }],
    tags: Object.entries(API_TAGS).map(([name, description]) => ({ name, description })),
    paths,
    webhooks: describeWebhooks(),
    components: {
      schemas: {
        ...generated.components.schemas,
        Error: { ...numbersAsAnswered(unwrapSchema(ErrorBody, undefined, "output", version)), description: "Every refusal's body" },
      },
      securitySchemes: {
        session: {
          type: "apiKey",
          in: "cookie",
          name: "session",
          description: "The session cookie. An operation's list names the role it needs beyond signing in: admin or super-admin.",
        },
        bearer: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "wst_…",
          description:
            "A personal API token from Settings → API tokens, as `Authorization: Bearer wst_…`: the token's owner with their role at the time of the request. Needs no Origin header. Refused with 401 once revoked, expired or its account deleted; rate limited per token.",
        },
      },
    },
  };
  // Through JSON and back: TypeBox's symbols go, then the validator's own keywords.
  const plain = withoutValidatorKeywords(JSON.parse(JSON.stringify(document))) as ApiDocument;
  documents.set(api, plain);
  return plain;
}

/** Keywords only Elysia's validator reads (a field's own `error` message, `elysiaMeta`): OpenAPI allows neither. */
const VALIDATOR_KEYWORDS = new Set(["error", "elysiaMeta"]);

function withoutValidatorKeywords(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutValidatorKeywords);
  if (value === null || typeof value !== "object") return value;
  // A property may be named `error` too: its value is a schema (an object), never a keyword's text.
  const entries = Object.entries(value).filter(([key, item]) => !(VALIDATOR_KEYWORDS.has(key) && typeof item !== "object"));
  return Object.fromEntries(entries.map(([key, item]) => [key, withoutValidatorKeywords(item)]));
}

type Schema = { anyOf?: Schema[]; type?: unknown; format?: unknown; [key: string]: unknown };

/**
 * `t.Integer()` also accepts a numeric string on the way in, and the generator describes it so
 * (`anyOf: [{ type: "string", format: "integer" }, { type: "integer" }]`). Answers declare their
 * numbers with `AnsweredInteger`; the few that hand back an input's own schema (the wizard draft)
 * still hold `t.Integer`, and an answer's number is described as the number alone.
 */
function numbersAsAnswered<T>(value: T): T {
  if (Array.isArray(value)) for (const item of value) numbersAsAnswered(item);
  else if (value !== null && typeof value === "object") {
    const schema = value as Schema;
    const numeric = schema.anyOf?.find((option) => option.type === "integer" || option.type === "number");
    if (schema.anyOf?.length === 2 && numeric && schema.anyOf.some((option) => option.type === "string" && option.format === numeric.type)) {
      delete schema.anyOf;
      // The union's own keywords (its description) stay; the number's are added.
      for (const [key, item] of Object.entries(numeric)) schema[key] ??= item;
    }
    for (const item of Object.values(value)) numbersAsAnswered(item);
  }
  return value;
}

/**
 * The generator turns `t.Union([t.Literal("s"), …, t.Null()])` into `{ type: ["string", "null"],
 * enum: ["s", …] }`, whose enum then refuses the null the type allows: put null back in the enum.
 */
function allowNullInEnums(value: unknown): void {
  if (Array.isArray(value)) for (const item of value) allowNullInEnums(item);
  else if (value !== null && typeof value === "object") {
    const schema = value as { type?: unknown; enum?: unknown[] };
    if (Array.isArray(schema.type) && schema.type.includes("null") && Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum.push(null);
    for (const item of Object.values(value)) allowNullInEnums(item);
  }
}

type Route = AnyElysia["routes"][number];

/** The route behind the document's `method path` (`{id}` in the document is `:id` in the route). */
function findRoute(api: AnyElysia, method: string, path: string): Route | undefined {
  const elysiaPath = path.replace(/\{([^}]+)\}/g, ":$1");
  return api.routes.find((candidate) => candidate.method.toLowerCase() === method && candidate.path.replace(/\/$/, "") === elysiaPath);
}

/**
 * A request body in the one type the route reads (src/http/body-types.ts): multipart where its
 * schema holds a file, JSON elsewhere. Elysia cannot tell from the parse hooks, so it would list
 * none, or every type it can parse.
 */
function fillRequestBody(route: Route | undefined, operation: ApiOperation, version: "3.1.2"): void {
  const body = operation.requestBody;
  if (!body || !route?.hooks.body) return;
  const schema = unwrapSchema(route.hooks.body, undefined, "input", version);
  if (schema) operation.requestBody = { ...body, content: { [takesFiles(route) ? "multipart/form-data" : "application/json"]: { schema } } };
}
