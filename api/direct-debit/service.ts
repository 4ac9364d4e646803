/**
 * Direct debit storage and the test issuer (docs/api/direct-debit.md). Drizzle over D1: the
 * tables are migrations/0002_direct_debit.sql. Every function takes the database explicitly.
 */
import { supplyAddress, supplyAddressColumns, supplyNumberColumns } from "../db/supply-columns";
import { supplyNumber } from "../../core/supply-number";
import { and, asc, desc, eq, gt, inArray, lt, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db";
import { directDebitCodeSends, directDebitFlows, directDebits, meters, users } from "../db/schema";
import { hmacSha256 } from "../../core/tokens";
import { ApiError, badRequest } from "../lib/errors";
import { randomToken, sha256, timingSafeEqual } from "../../core/tokens";
import { addSeconds, nowIso } from "../lib/time";
import { athensDayOf, athensToday } from "../../core/dates";
import { sendSms } from "../services/outbox";
import type { Lang } from "../types";
import type { ApiDdFlow, ApiDdSupply, ApiDirectDebit } from "../../core/contract";
import {
  CODE_TTL_SECONDS,
  cardBrand,
  chargeDay,
  checkResend,
  ddCardOutcome,
  FLOW_TTL_SECONDS,
  generateCode,
  MAX_FLOWS_PER_VAT_PER_HOUR,
  MAX_GUESSES,
  maskMobile,
  nextChargeDate,
} from "../../core/direct-debit/rules";
import { changedRow } from "../db/changes";
import {
  masterOf,
  ownMeter,
  ownerMeter,
  personMeter,
  type SupplyOwner,
  type SupplyScope,
} from "../services/customers";
import { auditStatement, auditStatementWhen } from "../services/audit";

export type FlowRow = typeof directDebitFlows.$inferSelect;

/** What the direct-debit pages show of a supply and need to set a charge day. */
const meterColumns = {
  id: meters.id,
  customer_id: meters.customer_id,
  ...supplyNumberColumns,
  ...supplyAddressColumns,
  last_invoice_due_date: meters.last_invoice_due_date,
};

type MeterRow = Pick<typeof meters.$inferSelect, keyof typeof meterColumns>;
type MandateRow = typeof directDebits.$inferSelect;

/** Supplies that may be on direct debit: the owner's Active ones. */
export function eligibleMeters(db: Db, owner: SupplyOwner): Promise<MeterRow[]> {
  return db
    .select(meterColumns)
    .from(meters)
    .where(and(ownerMeter(owner), eq(meters.status, "Active")))
    .orderBy(desc(meters.is_main), asc(meters.id));
}

/** One of the owner's Active supplies, or 404 exactly as for one that does not exist. */
export async function ownEligibleMeter(db: Db, owner: SupplyOwner, meterId: number) {
  const [meter] = await db
    .select(meterColumns)
    .from(meters)
    .where(and(eq(meters.id, meterId), ownerMeter(owner), eq(meters.status, "Active")));
  if (!meter) throw new ApiError(404, "not_found");
  return meter;
}

function toApiDirectDebit(row: MandateRow, meter: MeterRow, today: string): ApiDirectDebit {
  return {
    meter_id: row.meter_id,
    supply_number: supplyNumber(meter),
    division: meter.division,
    address: supplyAddress(meter),
    card_brand: row.card_brand,
    card_last4: row.card_last4,
    card_exp_month: row.card_exp_month,
    card_exp_year: row.card_exp_year,
    holder: row.holder,
    charge_day: row.charge_day,
    next_charge_date: nextChargeDate(row.charge_day, today),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** The person's active direct debits, in supply order. */
export async function customerMandates(db: Db, person: SupplyScope): Promise<ApiDirectDebit[]> {
  const [supplies, mandates] = await Promise.all([
    db
      .select(meterColumns)
      .from(meters)
      .where(personMeter(person))
      .orderBy(desc(meters.is_main), asc(meters.id)),
    db.select().from(directDebits).where(eq(directDebits.customer_id, person.customerId)),
  ]);
  const byMeter = new Map(mandates.map((m) => [m.meter_id, m]));
  const today = athensToday();
  return supplies.flatMap((meter) => {
    const mandate = byMeter.get(meter.id);
    return mandate ? [toApiDirectDebit(mandate, meter, today)] : [];
  });
}

async function mandateOf(db: Db, meterId: number): Promise<MandateRow | undefined> {
  const [row] = await db.select().from(directDebits).where(eq(directDebits.meter_id, meterId));
  return row;
}

// ---------------------------------------------------------------------------------------------
// The test issuer: registers a card for recurring charges and returns a token.

export interface RegisteredCard {
  token: string;
  last4: string;
  brand: string;
  expMonth: number;
  expYear: number;
  holder: string;
}

/**
 * Asks the (test) issuer to register a card for monthly charges. The card number lives only in
 * this call: the answer is a token, the last 4 digits and the brand.
 */
export function registerCard(card: {
  number: string;
  exp_month: number;
  exp_year: number;
  holder: string;
}): RegisteredCard {
  switch (ddCardOutcome(card.number)) {
    case "approved":
      return {
        token: `ddt_${randomToken(18)}`,
        last4: card.number.slice(-4),
        brand: cardBrand(card.number),
        expMonth: card.exp_month,
        expYear: card.exp_year,
        holder: card.holder,
      };
    case "not_found":
      throw badRequest("dd_card_not_found", "number");
    case "declined":
      throw badRequest("dd_card_declined", "number");
    case "expired":
      throw badRequest("dd_card_expired", "number");
    case "timeout":
      throw badRequest("dd_timeout");
    case "failed":
      throw badRequest("dd_failed");
  }
}

/**
 * Creates or replaces a supply's mandate, only if `condition` holds (in a batch, `changes() = 1`:
 * the statement before it ended the flow). An INSERT … SELECT … WHERE: the builder takes the
 * SELECT as a `sql` template (values bound), in the table's column order.
 */
export function upsertStatement(
  db: Db,
  meter: MeterRow,
  card: RegisteredCard,
  now: string,
  condition: SQL = sql`1 = 1`,
) {
  const day = chargeDay(meter.last_invoice_due_date, athensDayOf(now) ?? athensToday());
  const excluded = (column: string) => sql.raw(`excluded.${column}`);
  return db
    .insert(directDebits)
    .select(
      sql`SELECT ${meter.id}, ${meter.customer_id}, ${card.token}, ${card.last4}, ${card.brand},
        ${card.expMonth}, ${card.expYear}, ${card.holder}, ${day}, ${now}, ${now} WHERE ${condition}`,
    )
    .onConflictDoUpdate({
      target: directDebits.meter_id,
      set: {
        card_token: excluded("card_token"),
        card_last4: excluded("card_last4"),
        card_brand: excluded("card_brand"),
        card_exp_month: excluded("card_exp_month"),
        card_exp_year: excluded("card_exp_year"),
        holder: excluded("holder"),
        charge_day: excluded("charge_day"),
        updated_at: excluded("updated_at"),
      },
    });
}

/** Creates or replaces the direct debit of a supply (signed-in edit). */
export async function saveMandate(
  db: Db,
  meter: MeterRow,
  card: RegisteredCard,
  who?: { userId: number; ip?: string },
) {
  const now = nowIso();
  const before = await mandateOf(db, meter.id);
  await db.batch([
    upsertStatement(db, meter, card, now),
    auditStatement(db, {
      action: "direct_debit_change",
      userId: who?.userId ?? null,
      customerId: meter.customer_id,
      meterId: meter.id,
      detail: { direct_debit: [before?.card_brand ?? "off", card.brand] },
      ip: who?.ip ?? null,
    }),
  ]);
  const row = await mandateOf(db, meter.id);
  if (!row) throw new ApiError(500, "error");
  return toApiDirectDebit(row, meter, athensDayOf(now) ?? athensToday());
}

/** Ends the direct debit of one of the person's supplies; false when there is none. */
export async function deleteMandate(
  db: Db,
  person: SupplyScope,
  meterId: number,
  who: { ip?: string } = {},
) {
  if (!(await ownMeter(db, person, meterId))) return false;
  const before = await mandateOf(db, meterId);
  const [result] = await db.batch([
    db
      .delete(directDebits)
      .where(
        and(eq(directDebits.meter_id, meterId), eq(directDebits.customer_id, person.customerId)),
      ),
    // The activity log's entry, only if the mandate was there to cancel.
    auditStatementWhen(
      db,
      {
        action: "direct_debit_change",
        userId: person.userId,
        customerId: person.customerId,
        meterId,
        detail: { direct_debit: [before?.card_brand ?? null, "off"] },
        ip: who.ip ?? null,
      },
      sql`changes() = 1`,
    ),
  ]);
  return changedRow(result);
}

// ---------------------------------------------------------------------------------------------
// Flows

export const flowIdOf = (token: string) => sha256(`dd-flow:${token}`);

/** HMAC of the code bound to its flow: a leaked table row does not give the code away. */
export function codeHash(secret: string, flowId: string, code: string) {
  return hmacSha256(secret, `direct-debit-code:${flowId}:${code}`);
}

export const sessionExpired = () => new ApiError(410, "dd_session_expired");

/** The flow a token names: 404 if unknown, 410 once it expired or was locked by wrong guesses. */
export async function loadFlow(db: Db, token: string, now = new Date()): Promise<FlowRow> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw new ApiError(404, "not_found");
  const id = await flowIdOf(token);
  const [row] = await db.select().from(directDebitFlows).where(eq(directDebitFlows.id, id));
  if (!row) throw new ApiError(404, "not_found");
  if (row.status === "locked" || Date.parse(row.expires_at) <= now.getTime()) {
    throw sessionExpired();
  }
  return row;
}

function sends(db: Db, flowId: string, now: Date) {
  return db
    .select({ kind: directDebitCodeSends.kind, sent_at: directDebitCodeSends.sent_at })
    .from(directDebitCodeSends)
    .where(
      and(
        eq(directDebitCodeSends.flow_id, flowId),
        gt(directDebitCodeSends.sent_at, new Date(now.getTime() - 3600_000).toISOString()),
      ),
    )
    .orderBy(asc(directDebitCodeSends.sent_at));
}

/**
 * One step of the set-up flow: `step` works on the flow as stored (loadFlow answers an unknown or
 * finished token); the answer is the flow as it then stands, read again.
 */
export async function flowStep(
  db: Db,
  token: string,
  step: (flow: FlowRow) => Promise<unknown>,
): Promise<ApiDdFlow> {
  await step(await loadFlow(db, token));
  return toApiFlow(db, await loadFlow(db, token));
}

export async function toApiFlow(db: Db, row: FlowRow, now = new Date()): Promise<ApiDdFlow> {
  const verified = row.status !== "code";
  const [eligible, mandates, recent] = await Promise.all([
    verified ? eligibleMeters(db, { customerId: row.customer_id }) : Promise.resolve([]),
    verified
      ? db.select().from(directDebits).where(eq(directDebits.customer_id, row.customer_id))
      : Promise.resolve([]),
    row.status === "code" ? sends(db, row.id, now) : Promise.resolve([]),
  ]);
  const byMeter = new Map(mandates.map((m) => [m.meter_id, m]));
  const supplies: ApiDdSupply[] = eligible.map((m) => {
    const mandate = byMeter.get(m.id);
    return {
      meter_id: m.id,
      supply_number: supplyNumber(m),
      division: m.division,
      address: supplyAddress(m),
      direct_debit: mandate
        ? {
            card_brand: mandate.card_brand,
            card_last4: mandate.card_last4,
            charge_day: mandate.charge_day,
          }
        : null,
    };
  });
  const check = checkResend(
    row.code_sent_at,
    recent.filter((s) => s.kind === "resend").map((s) => s.sent_at),
    now,
  );
  const resendAt = check.ok ? now : new Date(now.getTime() + check.retryAfter * 1000);
  const chosen = eligible.find((m) => m.id === row.meter_id);
  const mandateRow = row.status === "done" && chosen ? byMeter.get(chosen.id) : undefined;
  return {
    step: row.status === "locked" ? "code" : row.status,
    afm: row.afm,
    mobile_masked: maskMobile(row.mobile),
    expires_at: row.expires_at,
    code_expires_at: row.status === "code" ? row.code_expires_at : null,
    attempts_left: Math.max(0, MAX_GUESSES - row.guesses),
    resend_available_at: resendAt.toISOString(),
    supplies,
    meter_id: row.meter_id,
    holder: row.holder,
    exp_month: row.card_exp_month,
    exp_year: row.card_exp_year,
    card:
      row.card_last4 && row.card_brand ? { brand: row.card_brand, last4: row.card_last4 } : null,
    mandate: mandateRow && chosen ? toApiDirectDebit(mandateRow, chosen, athensToday(now)) : null,
  };
}

/** One SMS segment in both languages (Greek is UCS-2: at most 70 characters; tests/unit/messages.test.ts). */
export const smsText: Record<Lang, (code: string) => { subject: string; body: string }> = {
  el: (code) => ({
    subject: "Κωδικός πάγιας εντολής",
    body: `NRG: κωδικός πάγιας εντολής ${code}. Ισχύει 10 λεπτά. Μην τον δώσετε.`,
  }),
  en: (code) => ({
    subject: "Direct debit code",
    body: `NRG: your direct debit code is ${code}. It is valid for 10 minutes. Do not share it with anyone.`,
  }),
};

/** A new code for the flow: stored hashed, sent by SMS through the outbox, logged for throttling. */
export async function sendCode(
  db: Db,
  secret: string,
  flow: Pick<FlowRow, "id" | "mobile" | "customer_id">,
  kind: "first" | "resend",
  lang: Lang,
  now = new Date(),
) {
  const code = generateCode();
  const sentAt = now.toISOString();
  const text = smsText[lang](code);
  const [userId] = await db
    .select({ id: users.id })
    .from(users)
    .where(masterOf(flow.customer_id))
    .limit(1);
  // The first attempt while the customer waits: a refused number or sending off is told at once.
  const sent = await sendSms(db, {
    to: flow.mobile,
    ...text,
    template: "dd_code",
    lang,
    userId: userId?.id ?? null,
    secret: true,
    inline: true,
  });
  if (sent.status === "failed") throw badRequest("dd_sms_not_sent");
  const hash = await codeHash(secret, flow.id, code);
  // One batch is one transaction: the stored code and its log entry go together.
  await db.batch([
    db
      .update(directDebitFlows)
      .set({
        code_hash: hash,
        code_expires_at: addSeconds(CODE_TTL_SECONDS, now),
        code_sent_at: sentAt,
      })
      .where(eq(directDebitFlows.id, flow.id)),
    db.insert(directDebitCodeSends).values({ flow_id: flow.id, kind, sent_at: sentAt }),
  ]);
}

/** Starts a flow for a verified customer; the token is returned once, only its hash is stored. */
export async function createFlow(
  db: Db,
  secret: string,
  customer: { id: number; afm: string; mobile: string },
  lang: Lang,
  now = new Date(),
) {
  const token = randomToken();
  const id = await flowIdOf(token);
  // The per-VAT count and the insert are one statement, so parallel starts cannot pass it
  // together: an INSERT … SELECT … WHERE, which Drizzle's insert builder cannot write.
  const since = new Date(now.getTime() - 3600_000).toISOString();
  const inserted = await db.run(
    sql`INSERT INTO direct_debit_flows (id, customer_id, afm, mobile, status, created_at, expires_at)
      SELECT ${id}, ${customer.id}, ${customer.afm}, ${customer.mobile}, 'code', ${now.toISOString()},
        ${addSeconds(FLOW_TTL_SECONDS, now)}
      WHERE (SELECT count(*) FROM direct_debit_flows WHERE afm = ${customer.afm}
        AND created_at > ${since}) < ${MAX_FLOWS_PER_VAT_PER_HOUR}`,
  );
  if (inserted.meta.changes === 0) throw tooManyAttempts(3600);
  await sendCode(
    db,
    secret,
    { id, mobile: customer.mobile, customer_id: customer.id },
    "first",
    lang,
    now,
  );
  return token;
}

export function tooManyAttempts(retryAfter: number) {
  return new ApiError(429, "too_many_attempts", { message: String(retryAfter) });
}

export async function resendCode(
  db: Db,
  secret: string,
  flow: FlowRow,
  lang: Lang,
  now = new Date(),
) {
  if (flow.status !== "code") throw badRequest("invalid_data");
  const recent = await sends(db, flow.id, now);
  const check = checkResend(
    flow.code_sent_at,
    recent.filter((s) => s.kind === "resend").map((s) => s.sent_at),
    now,
  );
  if (!check.ok) throw tooManyAttempts(check.retryAfter);
  await sendCode(db, secret, flow, "resend", lang, now);
}

/** One guess. Counting and the single use are conditional UPDATEs, so parallel guesses cannot race. */
export async function verifyCode(
  db: Db,
  secret: string,
  flow: FlowRow,
  code: string,
  now = new Date(),
) {
  if (flow.status !== "code") throw badRequest("invalid_data");
  if (!flow.code_expires_at || Date.parse(flow.code_expires_at) <= now.getTime()) {
    throw badRequest("dd_code_expired", "code");
  }
  const given = await codeHash(secret, flow.id, code);
  if (flow.code_hash && timingSafeEqual(given, flow.code_hash)) {
    const used = await db
      .update(directDebitFlows)
      .set({ status: "card", code_hash: null, verified_at: now.toISOString() })
      .where(
        and(
          eq(directDebitFlows.id, flow.id),
          eq(directDebitFlows.status, "code"),
          eq(directDebitFlows.code_hash, given),
          lt(directDebitFlows.guesses, MAX_GUESSES),
        ),
      );
    if (changedRow(used)) return;
  }
  const [counted] = await db
    .update(directDebitFlows)
    .set({
      guesses: sql`${directDebitFlows.guesses} + 1`,
      status: sql`CASE WHEN ${directDebitFlows.guesses} + 1 >= ${MAX_GUESSES} THEN 'locked' ELSE ${directDebitFlows.status} END`,
    })
    .where(and(eq(directDebitFlows.id, flow.id), eq(directDebitFlows.status, "code")))
    .returning({ guesses: directDebitFlows.guesses });
  if (!counted || counted.guesses >= MAX_GUESSES) throw sessionExpired();
  throw badRequest("dd_wrong_code", "code", String(MAX_GUESSES - counted.guesses));
}

/** Keeps what the card step was given, so a reload shows it again (never the number or CVV). */
export async function saveCardDraft(
  db: Db,
  flow: FlowRow,
  draft: { meter_id: number; holder: string; exp_month: number; exp_year: number },
) {
  await db
    .update(directDebitFlows)
    .set({
      meter_id: draft.meter_id,
      holder: draft.holder,
      card_exp_month: draft.exp_month,
      card_exp_year: draft.exp_year,
      card_token: null,
      card_last4: null,
      card_brand: null,
      status: "card",
    })
    .where(
      and(eq(directDebitFlows.id, flow.id), inArray(directDebitFlows.status, ["card", "confirm"])),
    );
}

export async function saveFlowCard(db: Db, flow: FlowRow, card: RegisteredCard) {
  await db
    .update(directDebitFlows)
    .set({
      card_token: card.token,
      card_last4: card.last4,
      card_brand: card.brand,
      status: "confirm",
    })
    .where(and(eq(directDebitFlows.id, flow.id), eq(directDebitFlows.status, "card")));
}

/**
 * The flow's supply and card (at the card or confirm step): the supply must be the customer's
 * and eligible, the issuer is asked at once, the flow keeps only the card's token.
 */
export async function chooseFlowCard(
  db: Db,
  flow: FlowRow,
  card: Parameters<typeof registerCard>[0] & { meter_id: number },
) {
  if (flow.status !== "card" && flow.status !== "confirm") throw badRequest("invalid_data");
  const meter = await ownEligibleMeter(db, { customerId: flow.customer_id }, card.meter_id);
  await saveCardDraft(db, flow, { ...card, meter_id: meter.id });
  const registered = registerCard(card);
  await saveFlowCard(db, { ...flow, status: "card" }, registered);
}

/**
 * Turns the accepted card into the supply's direct debit and ends the flow, in one transaction;
 * a second call (a reload, a double click) finds the flow done and changes nothing.
 */
export async function activateFlow(db: Db, flow: FlowRow, now = new Date()) {
  if (flow.status === "done") return;
  if (flow.status !== "confirm" || !flow.meter_id || !flow.card_token)
    throw badRequest("invalid_data");
  const meter = await ownEligibleMeter(db, { customerId: flow.customer_id }, flow.meter_id);
  const stamp = now.toISOString();
  const card: RegisteredCard = {
    token: flow.card_token,
    last4: flow.card_last4 ?? "",
    brand: flow.card_brand ?? "card",
    expMonth: flow.card_exp_month ?? 0,
    expYear: flow.card_exp_year ?? 0,
    holder: flow.holder ?? "",
  };
  // One batch is one transaction; the mandate is written only if this call ended the flow.
  await db.batch([
    db
      .update(directDebitFlows)
      .set({ status: "done", completed_at: stamp })
      .where(and(eq(directDebitFlows.id, flow.id), eq(directDebitFlows.status, "confirm"))),
    upsertStatement(db, meter, card, stamp, sql`changes() = 1`),
    // The public flow has no signed-in person: the entry is the account's, with no one named.
    auditStatementWhen(
      db,
      {
        action: "direct_debit_change",
        customerId: meter.customer_id,
        meterId: meter.id,
        detail: { direct_debit: ["off", card.brand] },
      },
      sql`changes() = 1`,
    ),
  ]);
}
