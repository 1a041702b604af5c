// Bulk routes name their rows as ids joined by '-' (SPEC.md §7); ids never contain a dash.

import { isId } from "../lib/ids";
import { badRequest } from "./errors";

/** The distinct ids of `joined`; a 400 naming `field` unless there are 1 to `max` well-formed ids. */
export function parseIdList(joined: string, field: string, max: number): string[] {
  const ids = [...new Set(joined.split("-").filter(Boolean))];
  if (ids.length === 0 || ids.length > max || !ids.every(isId)) {
    throw badRequest(`${field} must be 1 to ${max} ids joined by "-".`, { [field]: "Expected ids joined by -" });
  }
  return ids;
}
