import { and, eq, getTableColumns, isNull, ne, sql, type SQL, type Table } from "drizzle-orm";
import type { Db } from "../db";
import { IDS_IN, idsJson } from "../db/ids";
import {
  customers,
  invoices,
  meters,
  sessions,
  trustedCopies,
  userMeters,
  users,
} from "../db/schema";
import type { Role } from "../../core/contract";
import { can, type SupplySet } from "../../core/permissions";
import { nowIso } from "../lib/time";
import { userStatusFromMeters } from "../../core/meter-status";
import { notFound } from "../lib/errors";
import { BILLED_TYPES, DAY_CP_CODES, EXCLUDED_ORIGIN, NIGHT_CP_CODES } from "../../core/readings";
import { SUMMARY_COLUMNS, toApiUser, type MeterSummaryRow } from "./serialize";

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

/** True for a handle shared by the read-only API calls of one page request. */
export function isReadOnly(db: Db): boolean {
  return memos.has(db);
}

function remember<T>(db: Db, key: string, value: T): void {
  memos.get(db)?.set(key, Promise.resolve(value));
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

/*
 * The reads every signed-in page begins with, as plain SQL built once per isolate: D1 answers with
 * rows keyed by column name, and every column of these tables is a plain integer or text whose
 * TypeScript name is its column name, so a row is already what Drizzle's select() would give
 * (without Drizzle building the SQL and mapping each row on every call, bench/README.md).
 */
const columnsOf = (table: Table) =>
  Object.values(getTableColumns(table))
    .map((column) => `"${column.name}"`)
    .join(", ");

type SessionRow = typeof sessions.$inferSelect;
type UserRow = typeof users.$inferSelect;
type CustomerRow = typeof customers.$inferSelect;
type MeterRow = typeof meters.$inferSelect & {
  last_actual_reading_date?: string | null;
  billing_period_from?: string | null;
  /** PAYMENT_PLAN_COLUMN's JSON text. */
  payment_plan?: string | null;
};

const LIVE_SESSION_SQL = `SELECT ${columnsOf(sessions)} FROM "sessions"
  WHERE "id" = ? AND "revoked_at" IS NULL AND "expires_at" > ? LIMIT 1`;
const USER_SQL = `SELECT ${columnsOf(users)} FROM "users" WHERE "id" = ? LIMIT 1`;
const CUSTOMER_OF_USER_SQL = `SELECT ${columnsOf(customers)} FROM "customers"
  WHERE "id" = (SELECT "customer_id" FROM "users" WHERE "id" = ?) LIMIT 1`;
/**
 * The person's part of the account's supplies (#18, migrations/0012_people.sql): every one when
 * they have all supplies, else those listed for them. Binds (allSupplies ? 1 : 0, userId).
 */
const PERSON_FILTER = `(? = 1 OR "id" IN (SELECT "meter_id" FROM "user_meters" WHERE "user_id" = ?))`;
/** Same rows and order as `customerMeters`, only the summary's columns. */
const METER_SUMMARIES_OF_USER_SQL = `SELECT ${SUMMARY_COLUMNS.map((c) => `"${c}"`).join(", ")}
  FROM "meters"
  WHERE "customer_id" = (SELECT "customer_id" FROM "users" WHERE "id" = ?) AND "status" <> ?
    AND ((SELECT "all_supplies" FROM "users" WHERE "id" = ?) = 1
      OR "id" IN (SELECT "meter_id" FROM "user_meters" WHERE "user_id" = ?))
  ORDER BY "is_main" DESC, "id" ASC`;
const METER_SUMMARIES_SQL = `SELECT ${SUMMARY_COLUMNS.map((c) => `"${c}"`).join(", ")}
  FROM "meters" WHERE "customer_id" = ? AND "status" <> ? AND ${PERSON_FILTER}
  ORDER BY "is_main" DESC, "id" ASC`;
/**
 * Two dates of a full supply row (issue #20, core/figure-sources.ts), read in the same statement
 * (no round trip of their own; each an indexed look-up of one supply): the newest actual reading
 * the portal counts (not estimated, not corrected, origin 5 and unknown registers left out) and the
 * period start of the newest billed bill by issue date.
 */
const SOURCE_DATES = `(SELECT max(substr(r."date_ins", 1, 10)) FROM "readings" r
    WHERE r."meter_id" = "meters"."id" AND r."estimated" = 0 AND r."corrected_at" IS NULL
      AND r."origin" <> ${EXCLUDED_ORIGIN}
      AND r."cp_code" IN (${[...DAY_CP_CODES, ...NIGHT_CP_CODES].map((c) => `'${c}'`).join(", ")})
  ) AS "last_actual_reading_date",
  (SELECT substr(i."period_from", 1, 10) FROM "invoices" i
    WHERE i."meter_id" = "meters"."id" AND i."type" IN (${BILLED_TYPES.map((t) => `'${t}'`).join(", ")})
    ORDER BY i."issue_date" DESC, i."id" DESC LIMIT 1
  ) AS "billing_period_from"`;

/**
 * The supply's kept payment plan and its next unpaid instalment (#38 §1, migrations/0032), as one
 * JSON text column of the same statement (an indexed look-up of one supply's live plan), or NULL.
 */
const PAYMENT_PLAN_COLUMN = `(SELECT json_object('since', p."created_at", 'next_n', i."n",
      'next_due_date', i."due_date", 'next_amount_cents', i."amount_cents")
    FROM "payment_plans" p JOIN "payment_plan_instalments" i ON i."plan_id" = p."id"
    WHERE p."meter_id" = "meters"."id" AND p."status" = 'kept' AND i."paid_at" IS NULL
    ORDER BY i."n" LIMIT 1) AS "payment_plan"`;

/** Full rows of some of the person's visible supplies, in `customerMeters` order. */
const METERS_BY_IDS_SQL = `SELECT ${columnsOf(meters)}, ${SOURCE_DATES}, ${PAYMENT_PLAN_COLUMN} FROM "meters"
  WHERE "customer_id" = ? AND "status" <> ? AND ${PERSON_FILTER} AND "id" IN ${IDS_IN}
  ORDER BY "is_main" DESC, "id" ASC`;
/** Full rows of all the person's visible supplies, main first, then by id. */
const METERS_SQL = `SELECT ${columnsOf(meters)}, ${SOURCE_DATES}, ${PAYMENT_PLAN_COLUMN} FROM "meters"
  WHERE "customer_id" = ? AND "status" <> ? AND ${PERSON_FILTER}
  ORDER BY "is_main" DESC, "id" ASC`;

/**
 * Whose supplies a query sees: the account's, and of those only the person's own list unless
 * they have all (#18). Every supply read of the API takes one; `personOf` makes it.
 */
export interface SupplyScope {
  userId: number;
  customerId: number;
  allSupplies: boolean;
  /**
   * A personal access token's supplies (#19): of the person's, only these. Set by `personOf` on a
   * handle `narrowToToken` marked (api/middleware/auth.ts); absent on a session.
   */
  only?: ReadonlySet<number>;
}

/** Handles of requests made with a personal access token: the token's supplies (#19). */
const tokenSupplies = new WeakMap<Db, ReadonlySet<number>>();

/**
 * Every supply read on this handle (through `personOf`) is narrowed to `supplies` as well as to
 * the person's own: a personal access token's, its list (or all) within the person's now.
 */
export function narrowToToken(db: Db, supplies: ReadonlySet<number>): void {
  tokenSupplies.set(db, supplies);
}

/** Keeps the rows within the scope's token supplies, when it has them. */
function withinToken<T extends { id: number }>(scope: SupplyScope, rows: T[]): T[] {
  const only = scope.only;
  return only ? rows.filter((row) => only.has(row.id)) : rows;
}

const personBinds = (scope: SupplyScope) => [scope.allSupplies ? 1 : 0, scope.userId] as const;

/**
 * Whose supplies a query sees: a signed-in person (their part of the account), or a whole
 * customer (the public flows that prove the customer's VAT and mobile, the holder's own).
 */
export type SupplyOwner = SupplyScope | { customerId: number };

/** For a Drizzle query of `meters`: the supply belongs to the owner (any status). */
export function ownerMeter(owner: SupplyOwner): SQL {
  const listed =
    "userId" in owner && !owner.allSupplies
      ? sql`${meters.id} IN (SELECT "meter_id" FROM "user_meters" WHERE "user_id" = ${owner.userId})`
      : undefined;
  const token =
    "only" in owner && owner.only
      ? sql`${meters.id} IN (SELECT value FROM json_each(${idsJson(owner.only)}))`
      : undefined;
  return and(eq(meters.customer_id, owner.customerId), listed, token) as SQL;
}

/**
 * For a Drizzle query of `meters`: the supply is one the person sees (their account's, not
 * Removed, and theirs unless they have all supplies).
 */
export function personMeter(scope: SupplyOwner): SQL {
  return and(ownerMeter(scope), ne(meters.status, REMOVED_METER_STATUS)) as SQL;
}

/**
 * The ids of the supplies the user sees, as a subquery (`… IN ${personMeterIds(userId)}`): for a
 * query that has only the user's id. Empty for a removed person.
 */
export function personMeterIds(userId: number): SQL {
  return sql`(SELECT m."id" FROM "meters" m JOIN "users" u ON u."customer_id" = m."customer_id"
    WHERE u."id" = ${userId} AND u."removed_at" IS NULL AND m."status" <> ${REMOVED_METER_STATUS}
      AND (u."all_supplies" = 1
        OR m."id" IN (SELECT "meter_id" FROM "user_meters" WHERE "user_id" = u."id")))`;
}

/**
 * For a Drizzle query that joins `users` (the caller) to `meters` through the customer: the
 * person is not removed and the supply is theirs unless they have all supplies.
 */
export const userSeesMeter: SQL = sql`(${isNull(users.removed_at)} AND (${users.all_supplies} = 1
  OR ${meters.id} IN (SELECT "meter_id" FROM "user_meters" WHERE "user_id" = ${users.id})))`;
/** The customer's data version (app/.server/page-cache.ts; migrations/0008_data_versions.sql). */
const DATA_VERSION_SQL = `SELECT u.customer_id AS customer,
    (SELECT version FROM data_versions WHERE customer_id = u.customer_id) AS own,
    (SELECT version FROM data_versions WHERE customer_id = 0) AS shared
  FROM users u WHERE u.id = ?`;

interface VersionRow {
  customer: number;
  own: number | null;
  shared: number | null;
}

/**
 * The bearer check of a page request, with what every page then reads, in ONE round trip (a
 * D1 batch): the live session, the token's user and customer, the summaries of the customer's
 * supplies (a few short columns each, not the 38 of a full row) and the data version. On a read-only handle (a page's GETs, api/middleware/context.ts) the user, supply
 * and version reads of the API calls that follow are answered from it; elsewhere only the session
 * is read. The rows are remembered only when the session is live and the token's own.
 */
export async function findLiveSessionAndAccount(
  db: Db,
  sessionId: string,
  userId: number,
): Promise<SessionRow | undefined> {
  const client = db.$client;
  const now = nowIso();
  if (!isReadOnly(db)) {
    return (
      (await client.prepare(LIVE_SESSION_SQL).bind(sessionId, now).first<SessionRow>()) ?? undefined
    );
  }
  const [session, user, customer, meterRows, version] = await client.batch([
    client.prepare(LIVE_SESSION_SQL).bind(sessionId, now),
    client.prepare(USER_SQL).bind(userId),
    client.prepare(CUSTOMER_OF_USER_SQL).bind(userId),
    client.prepare(METER_SUMMARIES_OF_USER_SQL).bind(userId, REMOVED_METER_STATUS, userId, userId),
    client.prepare(DATA_VERSION_SQL).bind(userId),
  ]);
  const live = (session?.results[0] as SessionRow | undefined) ?? undefined;
  if (!live || live.user_id !== userId) return live;
  const userRow = user?.results[0] as UserRow | undefined;
  const customerRow = customer?.results[0] as CustomerRow | undefined;
  remember(
    db,
    `user:${userId}`,
    userRow && customerRow ? { user: userRow, customer: customerRow } : null,
  );
  if (customerRow)
    remember(db, `summaries:${userId}`, (meterRows?.results ?? []) as MeterSummaryRow[]);
  remember(db, `version:${userId}`, (version?.results[0] as VersionRow | undefined) ?? null);
  return live;
}

/** The customer's data version row (null: no such user). Remembered per page request. */
export function dataVersionOf(db: Db, userId: number): Promise<VersionRow | null> {
  return remembered(db, `version:${userId}`, () =>
    db.$client.prepare(DATA_VERSION_SQL).bind(userId).first<VersionRow>(),
  );
}

/**
 * The person's visible supply with this id, or undefined (another account's, not theirs, removed
 * or missing: all the same). On a page request's read-only handle it comes from the full supply
 * list when that was read; otherwise one indexed read.
 */
export async function ownMeter(
  db: Db,
  scope: SupplyScope,
  meterId: number,
): Promise<MeterRow | undefined> {
  if (!Number.isSafeInteger(meterId)) return undefined;
  if (scope.only && !scope.only.has(meterId)) return undefined;
  const list = memos.get(db)?.get(`meters:${scope.userId}`) as Promise<MeterRow[]> | undefined;
  if (list) return (await list).find((m) => m.id === meterId);
  return (await visibleMetersByIdsStatement(db, scope, [meterId]).first<MeterRow>()) ?? undefined;
}

/**
 * The summary of the customer's visible supply with this id, or undefined: enough for an
 * ownership check and the supply's division. On a page request's read-only handle it comes from
 * the summaries read with the bearer check (no round trip of its own).
 */
export async function ownMeterSummary(
  db: Db,
  scope: SupplyScope,
  meterId: number,
): Promise<MeterSummaryRow | undefined> {
  if (!Number.isSafeInteger(meterId)) return undefined;
  if (scope.only && !scope.only.has(meterId)) return undefined;
  if (isReadOnly(db))
    return (await customerMeterSummaries(db, scope)).find((m) => m.id === meterId);
  return ownMeter(db, scope, meterId);
}

/** The summaries of the person's visible supplies, in `customerMeters` order. */
export async function customerMeterSummaries(
  db: Db,
  scope: SupplyScope,
): Promise<MeterSummaryRow[]> {
  const rows = await remembered(db, `summaries:${scope.userId}`, async () => {
    const { results } = await db.$client
      .prepare(METER_SUMMARIES_SQL)
      .bind(scope.customerId, REMOVED_METER_STATUS, ...personBinds(scope))
      .all<MeterSummaryRow>();
    return results;
  });
  return withinToken(scope, [...rows]);
}

/**
 * Full rows of those of `meterIds` that are the customer's visible supplies (others are left
 * out, as for a supply that does not exist), in `customerMeters` order.
 */
export async function visibleMetersByIds(
  db: Db,
  scope: SupplyScope,
  meterIds: number[],
): Promise<MeterRow[]> {
  const wanted = new Set(scope.only ? meterIds.filter((id) => scope.only?.has(id)) : meterIds);
  const list = memos.get(db)?.get(`meters:${scope.userId}`) as Promise<MeterRow[]> | undefined;
  if (list) return (await list).filter((m) => wanted.has(m.id));
  if (wanted.size === 0) return [];
  return (await visibleMetersByIdsStatement(db, scope, meterIds).all<MeterRow>()).results;
}

/** `visibleMetersByIds` as one statement, for a D1 batch. */
export function visibleMetersByIdsStatement(db: Db, scope: SupplyScope, meterIds: number[]) {
  return db.$client
    .prepare(METERS_BY_IDS_SQL)
    .bind(
      scope.customerId,
      REMOVED_METER_STATUS,
      ...personBinds(scope),
      idsJson(new Set(scope.only ? meterIds.filter((id) => scope.only?.has(id)) : meterIds)),
    );
}

/** The person's meters as the portal sees them: main first, then by id. */
export async function customerMeters(db: Db, scope: SupplyScope): Promise<MeterRow[]> {
  const rows = await remembered(db, `meters:${scope.userId}`, async () => {
    const { results } = await db.$client
      .prepare(METERS_SQL)
      .bind(scope.customerId, REMOVED_METER_STATUS, ...personBinds(scope))
      .all<MeterRow>();
    return results;
  });
  return withinToken(scope, [...rows]); // callers may sort or filter their copy
}

const METER_INVOICES_SQL = `SELECT ${columnsOf(invoices)} FROM "invoices"
  WHERE "meter_id" IN ${IDS_IN} ORDER BY "issue_date" DESC, "id" DESC`;

/**
 * Invoices of the given meters (any number: one JSON parameter, api/db/ids.ts), newest first.
 * Plain SQL built once: the overview's and bills page's largest read (measured about a third of
 * Drizzle's cost per call).
 */
export async function meterInvoices(
  db: Db,
  meterIds: number[],
): Promise<(typeof invoices.$inferSelect)[]> {
  if (meterIds.length === 0) return [];
  const { results } = await db.$client
    .prepare(METER_INVOICES_SQL)
    .bind(idsJson(meterIds))
    .all<typeof invoices.$inferSelect>();
  return results;
}

/*
 * What the overview shows of a supply's billing history (app/domain/overview.ts): the newest bill
 * (latestBill: Clearance, Advance, Manual or Credit, by issue date then id), the last six
 * Clearances (lastSixClearance: by the end of their period, else issue date) and the Clearances
 * whose period ended about a year before the newest one (yearOnYear: ±31 days around the same day
 * a year earlier; here ±40, a superset, so the rules in app/domain still choose). A supply with
 * years of history sends about eight rows instead of all of them (the household's 75: the
 * overview's largest read, about four fifths of the D1 bytes of a fresh overview).
 * tests/integration/overview.test.ts ("#16 ?view=overview …") checks that the overview built from
 * these rows equals the one built from the whole history, for every supply of three demo accounts.
 */
// Plain SQL: a CTE with a UNION of LIMITed sub-selects, which Drizzle's builder does not write.
const PERIOD_END = `substr(coalesce("period_to", "issue_date"), 1, 10)`;
const OVERVIEW_INVOICES_SQL = `WITH own AS (
    SELECT ${columnsOf(invoices)}, ${PERIOD_END} AS period_end FROM "invoices" WHERE "meter_id" = ?
  ),
  newest AS (SELECT max(period_end) AS e FROM own WHERE "type" = 'Clearance'),
  picked AS (
    SELECT "id" FROM (SELECT "id" FROM own WHERE "type" IN ('Clearance', 'Advance', 'Manual', 'Credit')
      ORDER BY "issue_date" DESC, "id" DESC LIMIT 1)
    UNION SELECT "id" FROM (SELECT "id" FROM own WHERE "type" = 'Clearance'
      ORDER BY period_end DESC, "id" DESC LIMIT 6)
    UNION SELECT "id" FROM own, newest WHERE "type" = 'Clearance'
      AND period_end BETWEEN date(newest.e, '-1 year', '-40 days') AND date(newest.e, '-1 year', '+40 days')
  )
  SELECT ${columnsOf(invoices)} FROM own WHERE "id" IN (SELECT "id" FROM picked)
  ORDER BY "issue_date" DESC, "id" DESC`;

/** The statement of overviewInvoices, for a batch (GET …/shell?invoices=overview). */
export function overviewInvoicesStatement(db: Db, meterId: number) {
  return db.$client.prepare(OVERVIEW_INVOICES_SQL).bind(meterId);
}

/** The rows of one supply's history that the overview uses (see above), newest first. */
export async function overviewInvoices(
  db: Db,
  meterId: number,
): Promise<(typeof invoices.$inferSelect)[]> {
  const { results } = await overviewInvoicesStatement(db, meterId).all<
    typeof invoices.$inferSelect
  >();
  return results;
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

/**
 * The signed-in person (#18): their account, role and whether they have every supply of it. The
 * user row must still exist and not be removed (404 otherwise, as for a missing one).
 */
export interface PersonScope extends SupplyScope {
  role: Role;
}

export async function personOf(db: Db, userId: number): Promise<PersonScope> {
  const found = await findUserWithCustomer(db, userId);
  if (!found || found.user.removed_at) throw notFound();
  const only = tokenSupplies.get(db);
  return {
    userId,
    customerId: found.customer.id,
    role: found.user.test_role,
    allSupplies: found.user.all_supplies === 1,
    ...(only ? { only } : {}),
  };
}

/** The person's supplies as core/permissions.ts counts them: "all" or the listed ids. */
export async function personSupplies(db: Db, person: PersonScope): Promise<SupplySet> {
  if (person.allSupplies) return "all";
  const rows = await db
    .select({ id: userMeters.meter_id })
    .from(userMeters)
    .where(eq(userMeters.user_id, person.userId));
  return new Set(rows.map((r) => r.id));
}

/** For a Drizzle query of `users`: the account's master (one per customer, #18). */
export function masterOf(customerId: number): SQL {
  return and(
    eq(users.customer_id, customerId),
    eq(users.test_role, "master"),
    isNull(users.removed_at),
  ) as SQL;
}

/** The user's customer id; the user row must still exist (404 otherwise). */
export async function customerIdOf(db: Db, userId: number) {
  const found = await findUserWithCustomer(db, userId);
  if (!found) throw notFound();
  return found.customer.id;
}

/** The person as /v2/me answers; `en`: the pop-up in English (the request's Language header). */
export async function loadApiUser(db: Db, userId: number, en = false) {
  const found = await findUserWithCustomer(db, userId);
  if (!found || found.user.removed_at) throw notFound();
  const visible = await customerMeterSummaries(db, await personOf(db, userId));
  return {
    ...toApiUser(found.user, found.customer, userStatusFromMeters(visible), en),
    trusted_copies_for: await trustedCopiesFor(db, found.user.id, found.customer.name),
    managers: await managersOf(db, found.user),
  };
}

/**
 * The account whose notices `userId` receives copies of (#38 §4, api/people/trusted.ts): its
 * holder's name, for the person's settings; null when they receive none.
 */
async function trustedCopiesFor(db: Db, userId: number, accountName: string) {
  const [row] = await db
    .select({ id: trustedCopies.customer_id })
    .from(trustedCopies)
    .where(eq(trustedCopies.user_id, userId))
    .limit(1);
  return row ? accountName : null;
}

/**
 * Who does, for a person whose role does not allow it, what the supplies need done (pay, requests,
 * settings: core/permissions.ts `manage_supply`; #35 §5): the account's master and the active
 * admins who hold one of the person's supplies (or all), master first. Names and roles only,
 * never their contact details. Empty for a person who may do it themselves.
 */
async function managersOf(
  db: Db,
  person: Pick<typeof users.$inferSelect, "id" | "customer_id" | "test_role" | "all_supplies">,
): Promise<{ name: string; role: Role }[]> {
  if (can(person.test_role, "manage_supply")) return [];
  const holdsOne = person.all_supplies
    ? sql`EXISTS (SELECT 1 FROM user_meters a WHERE a.user_id = ${users.id})`
    : sql`EXISTS (SELECT 1 FROM user_meters a JOIN user_meters b ON a.meter_id = b.meter_id
          WHERE a.user_id = ${users.id} AND b.user_id = ${person.id})`;
  const rows = await db
    .select({ name: users.name, role: users.test_role })
    .from(users)
    .where(
      and(
        eq(users.customer_id, person.customer_id),
        isNull(users.removed_at),
        isNull(users.deactivated_at),
        eq(users.needs_activation, 0),
        sql`(${users.test_role} = 'master' OR (${users.test_role} = 'admin' AND
          (${users.all_supplies} = 1 OR ${holdsOne})))`,
      ),
    )
    .orderBy(sql`${users.test_role} <> 'master'`, users.name);
  return rows;
}

/**
 * Ownership check of spec design §3: a path's userId must be the token's user. Another user's id
 * answers exactly like a missing one (404), so ids cannot be probed.
 */
export function assertOwnUser(tokenUserId: number, pathUserId: string | number) {
  if (String(tokenUserId) !== String(pathUserId)) throw notFound();
}
