// What a database error says of itself, whichever driver raised it: PGlite names the SQLSTATE
// `code`, Bun.SQL `errno` (its `code` names the kind of failure, ERR_POSTGRES_SERVER_ERROR), and
// Drizzle wraps either as the `cause` of its own error.

/** A SQLSTATE: five digits and capitals with a digit among them (an errno name such as EPIPE is not one). */
const SQLSTATE = /^(?=.*\d)[0-9A-Z]{5}$/;

export type DatabaseFailure = { state: string; constraint?: string; table?: string; column?: string };

const named = (value: unknown): string | undefined => (typeof value === "string" && value !== "" ? value : undefined);

/** The first SQLSTATE along the error's causes, with the names the server gave, or null. */
export function databaseFailure(error: unknown): DatabaseFailure | null {
  for (let current: unknown = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    const found = current as {
      code?: unknown;
      errno?: unknown;
      constraint?: unknown;
      constraint_name?: unknown;
      table?: unknown;
      table_name?: unknown;
      column?: unknown;
      column_name?: unknown;
    };
    const state = [found.errno, found.code].find((value): value is string => typeof value === "string" && SQLSTATE.test(value));
    if (state)
      return {
        state,
        constraint: named(found.constraint) ?? named(found.constraint_name),
        table: named(found.table) ?? named(found.table_name),
        // Bun gives every Error a numeric `column` (where it was thrown in the source): not a column's name.
        column: named(found.column) ?? named(found.column_name),
      };
  }
  return null;
}

/** A unique index refused the row (SQLSTATE 23505). */
export const isUniqueViolation = (error: unknown): boolean => databaseFailure(error)?.state === "23505";
