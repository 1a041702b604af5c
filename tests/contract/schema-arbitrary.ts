// fast-check arbitraries from the OpenAPI document's JSON schemas: values the schema accepts, and
// hostile variants of them (wrong types, missing and extra fields, huge text, NUL bytes, bad ids,
// zero and negative numbers, unknown enum values).
import fc from "fast-check";

export type Schema = {
  $ref?: string;
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  format?: string;
};

/** 26 Crockford base32 characters: the shape of every id (src/lib/ids.ts). */
const ID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

/** Files the server accepts as images (a 1x1 PNG) and bytes it must refuse. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
const fileArbitrary = fc.constantFrom(
  () => new File([PNG], "pixel.png", { type: "image/png" }),
  () => new File(["<svg onload=alert(1)>"], "x.svg", { type: "image/svg+xml" }),
  () => new File([], "empty.png", { type: "image/png" }),
);
/** A marker for "a file here": built when the request is sent, so each request has its own File. */
export type FileMaker = () => File;
export const isFileMaker = (value: unknown): value is FileMaker => typeof value === "function";

const isBinary = (schema: Schema): boolean => schema.format === "binary" || (schema.type === "array" && schema.items?.format === "binary");
const isCoercionText = (schema: Schema): boolean =>
  schema.type === "string" && ["integer", "numeric", "boolean", "ObjectString", "ArrayString"].includes(schema.format ?? "");

/** Values `schema` accepts; `ids` are real ids seen in earlier answers, used for id-shaped strings. */
export function valid(schema: Schema, ids: () => string[]): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union) {
    const members = union.filter((member) => !isCoercionText(member));
    return fc.oneof(...(members.length > 0 ? members : union).map((member) => valid({ ...member, ...bounds(schema) }, ids)));
  }
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "string": {
      if (isBinary(schema)) return fileArbitrary;
      if (schema.pattern && new RegExp(schema.pattern).source === ID.source) {
        return fc.oneof(fc.constantFrom(...ids(), "0".repeat(26)), fc.stringMatching(ID));
      }
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).filter((text) => text.length <= (schema.maxLength ?? 1000));
      const maxLength = Math.min(schema.maxLength ?? 40, 40);
      return fc.oneof(
        fc.string({ minLength: Math.min(schema.minLength ?? 0, maxLength), maxLength }),
        fc.constantFrom("a@example.com", "https://example.com", ...ids()).filter((text) => text.length <= maxLength && text.length >= (schema.minLength ?? 0)),
      );
    }
    case "integer":
      return fc.integer({ min: schema.minimum ?? -5, max: Math.min(schema.maximum ?? 50, (schema.minimum ?? 0) + 50) });
    case "number":
      return fc.double({ min: schema.minimum ?? -100, max: schema.maximum ?? 100, noNaN: true });
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array": {
      if (isBinary(schema)) return fc.array(fileArbitrary, { minLength: 1, maxLength: 2 });
      const maxLength = Math.min(schema.maxItems ?? 4, 4);
      return fc.array(valid(schema.items ?? {}, ids), { minLength: Math.min(schema.minItems ?? 0, maxLength), maxLength });
    }
    case "object": {
      const properties = schema.properties ?? {};
      const required = (schema.required ?? []).filter((key) => key in properties);
      const record = Object.fromEntries(Object.entries(properties).map(([key, child]) => [key, valid(child, ids)]));
      return fc.record(record, { requiredKeys: required });
    }
    default:
      return fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.boolean());
  }
}

const bounds = (schema: Schema): Schema => {
  const out: Schema = {};
  if (schema.minimum !== undefined) out.minimum = schema.minimum;
  if (schema.maximum !== undefined) out.maximum = schema.maximum;
  return out;
};

const HOSTILE_TEXT = [
  "",
  "\u0000",
  "a\u0000b",
  "x".repeat(20_000),
  "'; drop table users; --",
  "<script>alert(1)</script>",
  "../../etc/passwd",
  "%00",
  "%",
  "\ud800",
  "-1",
  "0",
  "1e309",
  "NaN",
  "null",
  "[]",
  "{}",
  "not-an-id",
  "0".repeat(27),
  "🙂".repeat(300),
];
const HOSTILE_VALUES: unknown[] = [...HOSTILE_TEXT, -1, 0, -2147483649, 2 ** 53, 1.5, true, false, null, [], {}, [1, 2], { a: 1 }];

export const hostileText = fc.constantFrom(...HOSTILE_TEXT);
export const hostileValue = fc.constantFrom(...HOSTILE_VALUES);

type Mutation = "wrong-type" | "remove" | "extra" | "replace-root";
const mutations: Mutation[] = ["wrong-type", "wrong-type", "remove", "extra", "replace-root"];

/** Every path into a JSON value: [] for the root, ["a"], ["a", 0]... */
function paths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  const out = [prefix];
  if (Array.isArray(value)) for (const [index, item] of value.entries()) out.push(...paths(item, [...prefix, index]));
  else if (value !== null && typeof value === "object") for (const [key, item] of Object.entries(value)) out.push(...paths(item, [...prefix, key]));
  return out;
}

function mutate(root: unknown, path: (string | number)[], mutation: Mutation, replacement: unknown, schema: Schema): unknown {
  if (mutation === "replace-root" || path.length === 0) return mutation === "extra" && isObject(root) ? { ...root, unexpected: replacement } : replacement;
  const copy = clone(root) as Record<string | number, unknown>;
  let parent: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = path.at(-1) as string | number;
  if (mutation === "remove") {
    if (Array.isArray(parent)) parent.splice(Number(last), 1);
    else delete parent[last];
  } else if (mutation === "extra" && !Array.isArray(parent)) {
    parent.isAdmin = replacement;
  } else parent[last] = replacement;
  // Required fields of the root are the likeliest to matter: drop one now and then.
  if (mutation === "remove" && isObject(copy) && schema.required?.[0]) delete copy[schema.required[0]];
  return copy;
}

/** structuredClone, but file makers (functions) are kept as they are. */
function clone(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(clone);
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, clone(item)]));
  return value;
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);

/** A value `schema` accepts, then broken in one place. */
export function hostile(schema: Schema, ids: () => string[]): fc.Arbitrary<unknown> {
  return fc.tuple(valid(schema, ids), fc.constantFrom(...mutations), fc.nat(), hostileValue).map(([value, mutation, index, replacement]) => {
    if (isFileMaker(value)) return replacement;
    const all = paths(value).filter((path) => !path.some((key) => typeof key === "string" && key.startsWith("pagesImages")));
    const path = all[index % all.length] ?? [];
    return mutate(value, path, mutation, replacement, schema);
  });
}
