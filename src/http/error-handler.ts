// The error mapper: one place that turns anything thrown into the answer a client expects:
// `{ message, fields? }` JSON under /api, a 303 for page guards, and for other pages whatever
// screen the layout draws (passed in, so this layer never imports a feature).
import type { TSchema } from "@sinclair/typebox";
import { type Log, describeFailure } from "../lib/log";
import { HttpError } from "./errors";
import { explainInvalid } from "./explain";
import { Redirect } from "./guards";
import type { ErrorBody } from "./openapi";
import { requestId } from "./request-id";

type ValidationIssue = { path?: string; message?: string; summary?: string; schema?: { error?: unknown } };

export type MappedError = { status: number; message: string; fields?: Record<string, string>; headers?: Record<string, string> };

type ElysiaValidation = { type?: unknown; validator?: unknown; value?: unknown };

/** Each refused field by its path: body fields by name (`data.projectName`), others under their part (`query.page`). */
function validationFields(error: unknown, url?: URL): Record<string, string> {
  const { type, validator, value } = error as ElysiaValidation;
  const schema = validator && typeof validator === "object" ? ("schema" in validator ? validator.schema : validator) : null;
  if (type === "property" && schema && typeof schema === "object" && url) {
    // Elysia checks some query values one by one and does not say which: find the one refused.
    for (const [key, raw] of url.searchParams) {
      const fields = explainInvalid(schema as TSchema, raw, `query.${key}`);
      if (Object.keys(fields).length > 0) return fields;
    }
  }
  if (schema && typeof schema === "object") {
    try {
      const fields = explainInvalid(schema as TSchema, value, type === "body" || typeof type !== "string" ? "" : type);
      if (Object.keys(fields).length > 0) return fields;
    } catch {
      // Fall back to the validator's own issues below.
    }
  }
  return issueFields(error);
}

function issueFields(error: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  const all = (error as { all?: ValidationIssue[] }).all ?? [];
  for (const issue of all) {
    const name = (issue.path ?? "").replace(/^\//, "").replace(/\//g, ".") || "body";
    if (fields[name]) continue;
    const custom = issue.schema?.error;
    fields[name] =
      typeof custom === "string" ? custom : (issue.summary ?? issue.message ?? "Invalid value").replace(/^Expected property '[^']*' to be /, "Expected ");
  }
  return fields;
}

export function mapError(code: string | number, error: unknown, url?: URL): MappedError {
  // Elysia wraps whatever a body parser throws in a ParseError; our own refusals keep their status.
  const cause = (error as { cause?: unknown } | null)?.cause;
  if (code === "PARSE" && cause instanceof HttpError) return mapError("", cause);
  if (error instanceof HttpError) return { status: error.status, message: error.message, fields: error.fields, headers: error.headers };
  switch (code) {
    case "VALIDATION": {
      const fields = validationFields(error, url);
      const first = Object.entries(fields)[0];
      return { status: 400, message: first ? `Invalid ${first[0]}: ${first[1]}` : "The request is not valid.", fields };
    }
    case "PARSE":
      // Broken JSON or form data: the body itself is the field at fault.
      return { status: 400, message: "The request body could not be read.", fields: { body: "Could not be parsed as its Content-Type says" } };
    case "NOT_FOUND":
      return { status: 404, message: "Not Found" };
    case "INVALID_COOKIE_SIGNATURE":
      return { status: 400, message: "Bad cookie." };
    default:
      break;
  }
  const status = (error as { status?: unknown }).status;
  if (typeof status === "number" && status >= 400 && status < 500) {
    return { status, message: error instanceof Error ? error.message : "Bad request" };
  }
  return { status: 500, message: "Unknown Server Error" };
}

/** Draws the error screen of a page request; the layout feature provides it. */
export type ErrorPageRenderer = (request: Request, status: number, message: string) => Promise<Response>;

export async function handleError(request: Request, code: string | number, error: unknown, renderErrorPage: ErrorPageRenderer, log: Log): Promise<Response> {
  const url = new URL(request.url);
  const mapped = mapError(code, error, url);
  const path = url.pathname;
  const reqId = requestId(request);
  if (mapped.status >= 500) {
    // Never the error itself: a database error carries the failed query's parameters.
    log.error({ reqId, method: request.method, path, err: describeFailure(error) }, "request failed");
    if (reqId) mapped.message = `${mapped.message} (request id ${reqId})`;
  }
  if (error instanceof Redirect && !path.startsWith("/api/")) {
    return new Response(null, { status: 303, headers: { location: error.location } });
  }
  if (path === "/api" || path.startsWith("/api/")) {
    const body: ErrorBody = { message: mapped.message };
    if (mapped.fields) body.fields = mapped.fields;
    if (mapped.status >= 500 && reqId) body.requestId = reqId;
    return Response.json(body, { status: mapped.status, headers: mapped.headers });
  }
  return renderErrorPage(request, mapped.status, mapped.message);
}
