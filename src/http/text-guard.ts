// NUL characters and invalid UTF-8 are refused before any route sees them: Postgres rejects
// U+0000 in text (a 500 from deep inside a query), and a decoder that silently swaps bad bytes
// for U+FFFD stores something the user never typed. The server wrapper checks the URL and the
// text bodies it buffers and records a refusal here; the app's first hook throws it, so the
// error mapper answers as it does for every 400 (JSON naming the field, or the error page).
import { Elysia } from "elysia";
import { type HttpError, badRequest } from "./errors";

const NUL_MESSAGE = "Contains a NUL character, which is not allowed";
const BAD_ESCAPE_MESSAGE = "Contains a malformed %-escape or invalid UTF-8";
const BAD_UTF8_MESSAGE = "Is not valid UTF-8";
const NUL_OR_BAD_UTF8_MESSAGE = "Contains a NUL character or invalid UTF-8, which is not allowed";
const LONE_SURROGATE_MESSAGE = "Contains an unpaired surrogate escape (\\uD800-\\uDFFF), which is not valid Unicode";

/** What is wrong with a decoded string: NUL (Postgres refuses it in text) or a lone surrogate (jsonb refuses it), else null. */
function textProblem(text: string): string | null {
  if (text.includes("\u0000")) return NUL_MESSAGE;
  if (!text.isWellFormed()) return LONE_SURROGATE_MESSAGE;
  return null;
}

const refusals = new WeakMap<Request, HttpError>();

function refusal(fields: Record<string, string>): HttpError {
  const [name, problem] = Object.entries(fields)[0] ?? ["body", "Invalid text"];
  return badRequest(`Invalid ${name}: ${problem}.`, fields);
}

function decodeComponent(raw: string, plusIsSpace: boolean): string | null {
  try {
    return decodeURIComponent(plusIsSpace ? raw.replaceAll("+", " ") : raw);
  } catch {
    return null;
  }
}

/** `a=1&b=%00` style text: the fields whose name or value is malformed or holds NUL. */
function checkPairs(text: string, prefix: string, fields: Record<string, string>): void {
  for (const pair of text.split("&")) {
    if (!pair) continue;
    const cut = pair.indexOf("=");
    const rawKey = cut === -1 ? pair : pair.slice(0, cut);
    const rawValue = cut === -1 ? "" : pair.slice(cut + 1);
    const key = decodeComponent(rawKey, true);
    const name = `${prefix}${key ?? rawKey.replace(/[^\w.-]/g, "?")}`;
    const value = decodeComponent(rawValue, true);
    if (key === null || value === null) fields[name] ??= BAD_ESCAPE_MESSAGE;
    else if (key.includes("\u0000") || value.includes("\u0000")) fields[name] ??= NUL_MESSAGE;
  }
}

/** The refusal for a URL whose path or query holds NUL or a malformed escape, else null. */
export function checkUrlText(url: URL): HttpError | null {
  const fields: Record<string, string> = {};
  for (const segment of url.pathname.split("/")) {
    const decoded = decodeComponent(segment, false);
    if (decoded === null) fields.path ??= BAD_ESCAPE_MESSAGE;
    else if (decoded.includes("\u0000")) fields.path ??= NUL_MESSAGE;
  }
  if (url.search.length > 1) checkPairs(url.search.slice(1), "query.", fields);
  return Object.keys(fields).length > 0 ? refusal(fields) : null;
}

/** Visits every string (and key) in a JSON value with its field path. */
function collectStrings(value: unknown, path: string, visit: (text: string, path: string) => void): void {
  if (typeof value === "string") {
    visit(value, path || "body");
  } else if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) collectStrings(item, path ? `${path}.${index}` : String(index), visit);
  } else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      const child = path ? `${path}.${key}` : key;
      visit(key, child);
      collectStrings(item, child, visit);
    }
  }
}

/** Field paths in a parsed value whose text holds NUL or a lone surrogate, e.g. the multipart `data` field. */
export function nulFields(value: unknown, prefix = ""): Record<string, string> {
  const found: Record<string, string> = {};
  collectStrings(value, prefix, (text, path) => {
    const problem = textProblem(text);
    if (problem) found[path] ??= problem;
  });
  return found;
}

export function refuseFields(fields: Record<string, string>): HttpError | null {
  return Object.keys(fields).length > 0 ? refusal(fields) : null;
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });
const lenientUtf8 = new TextDecoder("utf-8");

/** The refusal for a buffered JSON or form body holding NUL or invalid UTF-8, else null. */
export function checkBodyText(bytes: Uint8Array, contentType: string): HttpError | null {
  const type = contentType.toLowerCase();
  const isJson = type.includes("json");
  const isForm = type.startsWith("application/x-www-form-urlencoded");
  if (!isJson && !isForm) return null;
  let text: string;
  let valid = true;
  try {
    text = strictUtf8.decode(bytes);
  } catch {
    valid = false;
    text = lenientUtf8.decode(bytes);
  }
  if (isForm) {
    const fields: Record<string, string> = {};
    checkPairs(text, "", fields);
    if (!valid && Object.keys(fields).length === 0) fields.body = BAD_UTF8_MESSAGE;
    return refuseFields(fields);
  }
  if (valid && !/\\u0000|\u0000|\\ud[89a-f]/i.test(text)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON at all: the body parser answers that with its own 400.
    return valid ? null : refusal({ body: BAD_UTF8_MESSAGE });
  }
  const fields: Record<string, string> = {};
  collectStrings(parsed, "", (value, path) => {
    if (!valid && (value.includes("\u0000") || value.includes("\ufffd"))) fields[path] ??= NUL_OR_BAD_UTF8_MESSAGE;
    const problem = valid ? textProblem(value) : null;
    if (problem) fields[path] ??= problem;
  });
  if (Object.keys(fields).length > 0) return refuseFields(fields);
  return valid ? null : refusal({ body: BAD_UTF8_MESSAGE });
}

export function rememberRefusal(request: Request, error: HttpError): void {
  refusals.set(request, error);
}

/** Registered first in the app: throws what the server wrapper found, before any route runs. */
export const textGuard = () =>
  new Elysia({ name: "text-guard" }).onRequest(({ request }) => {
    const refused = refusals.get(request);
    if (refused) throw refused;
  });
