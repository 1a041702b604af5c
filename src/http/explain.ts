// Turns a failed `t` schema check into one message per field, named by its path
// (`data.projectName`, `query.page`, `subscriptionTiers.0.name`). TypeBox reports a failed union
// as "should be one of: 'object', 'object'"; here a union of literals lists its allowed values,
// and a union of objects is judged by the member the value meant (the one whose literal
// properties it matches, else the one it fails least), so the message names the inner field.
import type { TSchema } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";

type Shape = {
  type?: unknown;
  const?: unknown;
  anyOf?: TSchema[];
  properties?: Record<string, TSchema>;
  required?: string[];
  additionalProperties?: unknown;
  minProperties?: number;
  items?: TSchema;
  minItems?: number;
  maxItems?: number;
  error?: unknown;
  format?: unknown;
};

export type FieldProblems = Record<string, string>;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value) && !(value instanceof Blob);

const isLiteral = (schema: TSchema): boolean => "const" in (schema as Shape);
const isNull = (schema: TSchema): boolean => (schema as Shape).type === "null";
const COERCION_FORMATS = new Set(["integer", "numeric", "boolean", "ObjectString", "ArrayString"]);
const isCoercion = (schema: TSchema): boolean => {
  const { type, format } = schema as Shape;
  return type === "string" && typeof format === "string" && COERCION_FORMATS.has(format);
};
/** `a.b.0`; a key that is empty is shown as `""` so the path still names something. */
const join = (path: string, key: string | number): string => {
  const name = key === "" ? '""' : String(key);
  return path ? `${path}.${name}` : name;
};
const show = (value: unknown): string => (typeof value === "string" ? value : JSON.stringify(value));

/** Query strings and form fields arrive as text; judge "2" against an integer as the number 2. */
function coerce(schema: Shape, value: unknown): unknown {
  if (typeof value !== "string") return value;
  if ((schema.type === "integer" || schema.type === "number") && /^-?\d+(\.\d+)?$/.test(value)) return Number(value);
  if (schema.type === "boolean" && (value === "true" || value === "false")) return value === "true";
  return value;
}

function leafMessage(schema: TSchema, value: unknown): string {
  const custom = (schema as Shape).error;
  if (typeof custom === "string") return custom;
  const first = Value.Errors(schema, value).First();
  return first?.message ?? "Invalid value";
}

function typeMatches(schema: Shape, value: unknown): boolean {
  switch (schema.type) {
    case "object":
      return isPlainObject(value);
    case "array":
      return Array.isArray(value);
    case "integer":
    case "number":
      return typeof value === "number";
    case "string":
      return typeof value === "string";
    case "boolean":
      return typeof value === "boolean";
    default:
      return false;
  }
}

function pickMember(members: TSchema[], value: unknown): TSchema | undefined {
  const sameType = members.filter((member) => typeMatches(member as Shape, value));
  if (sameType.length <= 1) return sameType[0];
  // Objects told apart by a literal property (settings' `path`): the one the value names.
  const named = sameType.filter((member) => {
    const discriminants = Object.entries((member as Shape).properties ?? {}).filter(
      ([, child]) => isLiteral(child) || Boolean((child as Shape).anyOf?.every(isLiteral)),
    );
    return discriminants.length > 0 && discriminants.every(([key, child]) => Value.Check(child, isPlainObject(value) ? value[key] : undefined));
  });
  if (named.length > 0) return named[0];
  let best: TSchema | undefined;
  let fewest = Number.POSITIVE_INFINITY;
  for (const member of sameType) {
    const count = [...Value.Errors(member, value)].length;
    if (count < fewest) [best, fewest] = [member, count];
  }
  return best;
}

function literalValues(schema: TSchema | undefined): unknown[] | null {
  if (!schema) return null;
  if (isLiteral(schema)) return [(schema as Shape).const];
  const options = (schema as Shape).anyOf;
  return options?.every(isLiteral) ? options.map((option) => (option as Shape).const) : null;
}

/** Object members told apart by one literal property that the value matches in none of them. */
function unmatchedTag(members: TSchema[], value: unknown): { key: string; allowed: string[] } | null {
  if (!isPlainObject(value) || members.length < 2 || !members.every((member) => (member as Shape).type === "object")) return null;
  const keys = Object.keys((members[0] as Shape).properties ?? {}).filter((key) =>
    members.every((member) => literalValues((member as Shape).properties?.[key]) !== null),
  );
  for (const key of keys) {
    const allowed = members.flatMap((member) => literalValues((member as Shape).properties?.[key]) ?? []);
    if (!allowed.includes(value[key])) return { key, allowed: allowed.map(show) };
  }
  return null;
}

function explainInto(schema: TSchema, raw: unknown, path: string, out: FieldProblems): void {
  const shape = schema as Shape;
  const value = coerce(shape, raw);
  if (Value.Check(schema, value)) return;
  const name = path || "body";
  if (out[name]) return;

  if (shape.anyOf) {
    const all = shape.anyOf.filter((member) => !isNull(member));
    // Elysia adds a text member (`{ type: "string", format: "integer" }`) so "2" can become 2:
    // judge by the real type.
    const real = all.filter((member) => !isCoercion(member));
    const members = real.length > 0 ? real : all;
    const nullable = all.length < shape.anyOf.length;
    if (members.length > 0 && members.every(isLiteral)) {
      const allowed = members.map((member) => show((member as Shape).const)).join(", ");
      out[name] = typeof shape.error === "string" ? shape.error : `Expected one of: ${allowed}${nullable ? " (or null)" : ""}`;
      return;
    }
    const tag = unmatchedTag(members, value);
    if (tag) {
      out[join(path, tag.key)] = `Expected one of: ${tag.allowed.join(", ")}`;
      return;
    }
    const member = pickMember(members, value);
    if (member) explainInto(member, value, path, out);
    else out[name] = typeof shape.error === "string" ? shape.error : `Expected ${describeType(members)}${nullable ? " or null" : ""}`;
    return;
  }

  if (isLiteral(schema)) {
    out[name] = `Expected ${show(shape.const)}`;
    return;
  }

  if (shape.type === "object" && isPlainObject(value)) {
    const before = Object.keys(out).length;
    const properties = shape.properties ?? {};
    for (const key of shape.required ?? []) {
      // Elysia fills a missing key with undefined before validating: missing either way.
      if (value[key] === undefined) out[join(path, key)] = "Required";
    }
    for (const [key, child] of Object.entries(value)) {
      if (child === undefined) continue;
      const declared = Object.hasOwn(properties, key) ? properties[key] : undefined;
      if (declared) explainInto(declared, child, join(path, key), out);
      else if (shape.additionalProperties === false) out[join(path, key)] = "This field cannot be set here";
    }
    if (typeof shape.minProperties === "number" && Object.keys(value).length < shape.minProperties) {
      out[name] = typeof shape.error === "string" ? shape.error : `Send at least one field to change: ${Object.keys(properties).join(", ")}`;
    }
    if (Object.keys(out).length === before) out[name] = leafMessage(schema, value);
    return;
  }

  if (shape.type === "array" && Array.isArray(value) && shape.items) {
    const list: unknown[] = value;
    const before = Object.keys(out).length;
    if (typeof shape.maxItems === "number" && list.length > shape.maxItems) out[name] = `Expected at most ${shape.maxItems} items`;
    else if (typeof shape.minItems === "number" && list.length < shape.minItems) out[name] = `Expected at least ${shape.minItems} items`;
    else for (const [index, item] of list.entries()) explainInto(shape.items, item, join(path, index), out);
    if (Object.keys(out).length === before) out[name] = leafMessage(schema, value);
    return;
  }

  out[name] = leafMessage(schema, value);
}

function describeType(members: TSchema[]): string {
  const types = [...new Set(members.map((member) => String((member as Shape).type ?? "value")))];
  return types.join(" or ");
}

/** Every field of `value` that `schema` refuses, named by its path under `prefix` ("" for a body). */
export function explainInvalid(schema: TSchema, value: unknown, prefix = ""): FieldProblems {
  const out: FieldProblems = {};
  explainInto(schema, value, prefix, out);
  return out;
}
