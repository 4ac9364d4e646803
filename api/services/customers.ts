import { and, asc, desc, eq, ne } from "drizzle-orm";
import type { Db } from "../db";
import { inIds } from "../db/ids";
import { customers, invoices, meters, users } from "../db/schema";
import { userStatusFromMeters } from "../domain/status";
import { notFound } from "../lib/errors";
import { toApiUser } from "./serialize";

/**
 * Status the dev endpoint gives meters that "disappear" from the billing system. Such rows are
 * never returned or counted: for the portal they no longer exist.
 */
export const REMOVED_METER_STATUS = "Removed";

/** Memo of reads per read-only handle (api/middleware/context.ts shares one per page request). */
const memos = new WeakMap<Db, Map<string, Promise<unknown>>>();

/** Marks a handle as used only for reads: its user and supply-list reads are then made once. */
export function readOnly(db: Db): void {
  memos.set(db, new Map());
}

function remembered<T>(db: Db, key: string, load: () => Promise<T>): Promise<T> {
  const memo = memos.get(db);
  if (!memo) return load();
  let known = memo.get(key) as Promise<T> | undefined;
  if (!known) {
    known = load();
    memo.set(key, known);
    // A failed read (a D1 error) is not remembered: the next call tries again.
    known.catch(() => memo.delete(key));
  }
  return known;
}

/** The customer's meters as the portal sees them: main first, then by id. */
export async function customerMeters(db: Db, customerId: number) {
  const rows = await remembered(db, `meters:${customerId}`, () =>
    db
      .select()
      .from(meters)
      .where(and(eq(meters.customer_id, customerId), ne(meters.status, REMOVED_METER_STATUS)))
      .orderBy(desc(meters.is_main), asc(meters.id))
      // Run now: the memo holds a plain Promise of the rows, not a query builder.
      .then((list) => list),
  );
  return [...rows]; // callers may sort or filter their copy
}

/** Invoices of the given meters (any number: one JSON parameter, api/db/ids.ts), newest first. */
export function meterInvoices(db: Db, meterIds: number[]) {
  if (meterIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(invoices)
    .where(inIds(invoices.meter_id, meterIds))
    .orderBy(desc(invoices.issue_date), desc(invoices.id));
}

export function findUserWithCustomer(db: Db, userId: number) {
  return remembered(db, `user:${userId}`, async () => {
    const rows = await db
      .select({ user: users, customer: customers })
      .from(users)
      .innerJoin(customers, eq(customers.id, users.customer_id))
      .where(eq(users.id, userId))
      .limit(1);
    return rows[0] ?? null;
  });
}

export async function loadApiUser(db: Db, userId: number) {
  const found = await findUserWithCustomer(db, userId);
  if (!found) throw notFound();
  const visible = await customerMeters(db, found.customer.id);
  return toApiUser(found.user, found.customer, userStatusFromMeters(visible));
}

/**
 * Ownership check of spec design §3: a path's userId must be the token's user. Another user's id
 * answers exactly like a missing one (404), so ids cannot be probed.
 */
export function assertOwnUser(tokenUserId: number, pathUserId: string | number) {
  if (String(tokenUserId) !== String(pathUserId)) throw notFound();
}
