import { and, eq, inArray, lt, or, sql } from "drizzle-orm";
import type { ApiApplicationDraft } from "../../core/contract";
import type { Db } from "../db";
import { customers, meters } from "../db/schema";
import { ACTIVE_METER_STATUSES, PENDING_ONBOARDING_STATUSES } from "../../core/meter-status";
import { badRequest, ApiError } from "../lib/errors";
import { addSeconds, nowIso } from "../lib/time";
import { randomToken } from "../../core/tokens";
import {
  DRAFT_TTL_SECONDS,
  MAX_FAILED_LOOKUPS_PER_HOUR,
  MAX_SUBMISSIONS_PER_HOUR,
  type ApplicationKind,
} from "../../core/applications/rules";
import { applicationDrafts, applications, applicationThrottle, holderRegistry } from "./tables";

type DraftRow = typeof applicationDrafts.$inferSelect;
export type DraftValues = Record<string, string | number>;

export function toApiDraft(row: DraftRow): ApiApplicationDraft {
  return {
    id: row.id,
    kind: row.kind,
    values: JSON.parse(row.data) as DraftValues,
    completed: row.completed ? row.completed.split(",") : [],
    expires_at: row.expires_at,
  };
}

export async function createDraft(db: Db, kind: ApplicationKind): Promise<DraftRow> {
  const now = nowIso();
  // Expired drafts go whenever a new one starts (indexed on expires_at): no cron needed.
  await db.delete(applicationDrafts).where(lt(applicationDrafts.expires_at, now));
  const [row] = await db
    .insert(applicationDrafts)
    .values({
      id: randomToken(16),
      kind,
      created_at: now,
      updated_at: now,
      expires_at: addSeconds(DRAFT_TTL_SECONDS),
    })
    .returning();
  if (!row) throw new ApiError(500, "error");
  return row;
}

/** A live draft; an unknown or expired id is a 404, as anywhere else in the API. */
export async function findDraft(db: Db, id: string): Promise<DraftRow> {
  const [row] = await db
    .select()
    .from(applicationDrafts)
    .where(eq(applicationDrafts.id, id))
    .limit(1);
  if (!row || row.expires_at < nowIso()) throw new ApiError(404, "not_found");
  return row;
}

export async function saveStep(
  db: Db,
  draft: DraftRow,
  step: string,
  values: DraftValues,
  order: readonly string[],
): Promise<DraftRow> {
  const current = toApiDraft(draft);
  const completed = order.filter((s) => s === step || current.completed.includes(s));
  const [row] = await db
    .update(applicationDrafts)
    .set({
      data: JSON.stringify({ ...current.values, ...values }),
      completed: completed.join(","),
      updated_at: nowIso(),
      expires_at: addSeconds(DRAFT_TTL_SECONDS),
    })
    .where(eq(applicationDrafts.id, draft.id))
    .returning();
  if (!row) throw new ApiError(404, "not_found");
  return row;
}

export async function deleteDraft(db: Db, id: string) {
  await db.delete(applicationDrafts).where(eq(applicationDrafts.id, id));
}

// ---- throttling (per client IP and UTC hour) ----

type Scope = "lookup" | "submit";
const LIMITS: Record<Scope, number> = {
  lookup: MAX_FAILED_LOOKUPS_PER_HOUR,
  submit: MAX_SUBMISSIONS_PER_HOUR,
};
const currentPeriod = () => nowIso().slice(0, 13);

/** 429 too_many_attempts once the IP used up this hour's allowance of `scope`. */
export async function enforceThrottle(db: Db, scope: Scope, ip: string) {
  const [row] = await db
    .select({ count: applicationThrottle.count })
    .from(applicationThrottle)
    .where(
      and(
        eq(applicationThrottle.scope, scope),
        eq(applicationThrottle.key, ip),
        eq(applicationThrottle.period, currentPeriod()),
      ),
    )
    .limit(1);
  if ((row?.count ?? 0) >= LIMITS[scope]) throw new ApiError(429, "too_many_attempts");
}

export async function countAttempt(db: Db, scope: Scope, ip: string) {
  await db
    .insert(applicationThrottle)
    .values({ scope, key: ip, period: currentPeriod(), count: 1 })
    .onConflictDoUpdate({
      target: [applicationThrottle.scope, applicationThrottle.key, applicationThrottle.period],
      set: { count: sql`${applicationThrottle.count} + 1` },
    });
}

// ---- transfer checks (spec §8 "Transfer flow") ----

/**
 * The holder check of the transfer's first step. The network operator's register is stood in for
 * by `holder_registry` plus our own customers (a customer may move another supply to us). A VAT
 * that neither knows is the normal case, a customer switching in from another supplier (#35 §5):
 * it goes on. "VAT not found" is the VAT's check digit (core/applications/transfer.ts); there is
 * no tax-registry adapter yet. A known holder must give the mobile declared there; a failed match
 * counts towards the IP's hourly allowance, so the register cannot be probed.
 */
export async function checkHolder(db: Db, ip: string, afm: string, phone: string) {
  const [registered] = await db
    .select({ phone: holderRegistry.phone })
    .from(holderRegistry)
    .where(eq(holderRegistry.afm, afm))
    .limit(1);
  const holder =
    registered ??
    (
      await db
        .select({ phone: customers.phone })
        .from(customers)
        .where(eq(customers.afm, afm))
        .limit(1)
    )[0];
  if (!holder) return;
  if (holder.phone !== phone) {
    await countAttempt(db, "lookup", ip);
    throw badRequest("phone_not_found", "phone", "transfer:errors.phoneNotFound");
  }
}

/** The supply must not be ours already, nor have a transfer under way. */
export async function checkSupply(db: Db, supplyNumber: string) {
  const [meter] = await db
    .select({ status: meters.status })
    .from(meters)
    .where(
      and(
        or(eq(meters.per_code, supplyNumber), eq(meters.pod, supplyNumber)),
        inArray(meters.status, [...ACTIVE_METER_STATUSES, ...PENDING_ONBOARDING_STATUSES]),
      ),
    )
    .limit(1);
  if (meter && ACTIVE_METER_STATUSES.includes(meter.status)) {
    throw badRequest("already_customer", "supply_number", "transfer:errors.alreadyCustomer");
  }
  const [open] = meter
    ? [meter]
    : await db
        .select({ id: applications.id })
        .from(applications)
        .where(
          and(
            eq(applications.kind, "transfer"),
            eq(applications.supply_number, supplyNumber),
            inArray(applications.status, ["received", "in_progress"]),
          ),
        )
        .limit(1);
  if (open) throw transferPending();
}

export const transferPending = () =>
  new ApiError(409, "transfer_pending", {
    field: "supply_number",
    message: "transfer:errors.pending",
  });
