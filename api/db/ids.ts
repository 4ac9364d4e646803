import { type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

/**
 * Queries over a list of ids, for any number of ids, in ONE statement with ONE bound parameter.
 *
 * D1 allows at most 100 bound parameters per statement, so `IN (?, ?, …)` (Drizzle's `inArray`,
 * spread placeholders) fails for a business customer with more than about 100 supplies. Instead
 * the ids travel as one JSON array and SQLite unpacks it: `col IN (SELECT value FROM json_each(?))`.
 * The planner still drives an index on `col` from the unpacked values (it treats the sub-select
 * like a list), so this is as fast as a literal list, for 1 id or 10,000.
 *
 * Every query over a list of ids uses this module; tests/unit/bound-parameters.test.ts runs the
 * API against the 1,000-supply demo customer and fails on any statement with more than
 * MAX_BOUND_PARAMETERS parameters.
 */

/** D1's limit of bound parameters per statement (Cloudflare D1 "Limits"). */
export const D1_MAX_BOUND_PARAMETERS = 100;

/** The list as the single JSON parameter: only safe integers pass (fail closed on anything else). */
export function idsJson(ids: Iterable<number>): string {
  const list = [...ids];
  for (const id of list) {
    if (!Number.isSafeInteger(id)) throw new TypeError(`not an integer id: ${String(id)}`);
  }
  return JSON.stringify(list);
}

/** For raw SQL: `meter_id IN ${IDS_IN}` then bind `idsJson(ids)` at that `?`. */
export const IDS_IN = "(SELECT value FROM json_each(?))";

/** Drizzle: `column IN (the ids)`, one bound parameter whatever their number; false for none. */
export function inIds(column: SQLiteColumn | SQL, ids: Iterable<number>): SQL {
  const json = idsJson(ids);
  if (json === "[]") return sql`0`;
  return sql`${column} IN (SELECT value FROM json_each(${json}))`;
}
