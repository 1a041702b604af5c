// Elysia's default `normalize` quietly strips properties a schema does not declare, so a body
// naming `status` or `receivedPayment` would succeed with those fields ignored. Where a forged
// field means someone is trying something, we refuse it with 400 instead: this transform runs
// before validation and names every field the schema's `additionalProperties: false` forbids.
import type { TSchema } from "elysia";
import { badRequest } from "./errors";

type SchemaShape = { type?: unknown; properties?: Record<string, TSchema>; additionalProperties?: unknown; items?: TSchema; anyOf?: TSchema[] };

function collectUnknown(schema: TSchema, value: unknown, path: string, found: string[]): void {
  const shape = schema as SchemaShape;
  if (Array.isArray(value) && shape.type === "array" && shape.items) {
    for (const [index, item] of value.entries()) collectUnknown(shape.items, item, `${path}${index}.`, found);
    return;
  }
  if (value === null || typeof value !== "object" || value instanceof Blob || Array.isArray(value)) return;
  if (shape.anyOf) {
    // Nullable objects (t.Union([object, null])): judge by the object member.
    const member = shape.anyOf.find((option) => (option as SchemaShape).type === "object");
    if (member) collectUnknown(member, value, path, found);
    return;
  }
  if (shape.type !== "object" || !shape.properties) return;
  for (const [key, child] of Object.entries(value)) {
    const declared = Object.hasOwn(shape.properties, key) ? shape.properties[key] : undefined;
    if (declared) collectUnknown(declared, child, `${path}${key}.`, found);
    else if (shape.additionalProperties === false) found.push(`${path}${key}`);
  }
}

export function unknownFields(schema: TSchema, value: unknown): string[] {
  const found: string[] = [];
  collectUnknown(schema, value, "", found);
  return found;
}

/** A transform hook refusing (400) any field the body schema does not allow. */
export function refuseUnknownFields(schema: TSchema) {
  return ({ body }: { body: unknown }): void => {
    const unknown = unknownFields(schema, body);
    if (unknown.length === 0) return;
    throw badRequest(
      unknown.length === 1 ? `The field ${unknown[0]} cannot be set here.` : `These fields cannot be set here: ${unknown.join(", ")}.`,
      Object.fromEntries(unknown.map((field) => [field, "This field cannot be set here"])),
    );
  };
}

/**
 * A JSON body that refuses unknown fields by name: spread into a route's options
 * (`...strictBody(X)`) instead of pairing `transform: refuseUnknownFields(X)` with `body: X`.
 */
export function strictBody<Schema extends TSchema>(schema: Schema): { transform: (context: { body: unknown }) => void; body: Schema } {
  return { transform: refuseUnknownFields(schema), body: schema };
}
