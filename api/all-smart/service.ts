import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../db";
import { changedRow } from "../db/changes";
import { customers, meters } from "../db/schema";
import { notFound, badRequest } from "../lib/errors";
import { addSeconds, nowIso } from "../lib/time";
import { sendEmail } from "../services/outbox";
import type { Lang } from "../types";
import { FLOW_TTL_SECONDS, formatCardNumber } from "../../core/all-smart";
import { randomToken } from "../../core/tokens";
import type { ApiAllSmartFlow } from "../../core/contract";
import { cardLinkedEmail } from "./messages";
import { allSmartFlows, loyaltyCards } from "./tables";

const customerColumns = {
  id: customers.id,
  afm: customers.afm,
  name: customers.name,
  phone: customers.phone,
  email: customers.email,
};

export async function customerById(db: Db, id: number) {
  const [row] = await db
    .select(customerColumns)
    .from(customers)
    .where(eq(customers.id, id))
    .limit(1);
  return row;
}

export async function customerIdByVat(db: Db, vat: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.afm, vat))
    .limit(1);
  return row?.id;
}

/** The card the customer holds, if any (a customer holds at most one: unique index). */
export async function cardOf(db: Db, customerId: number) {
  const [row] = await db
    .select({ card_number: loyaltyCards.card_number })
    .from(loyaltyCards)
    .where(eq(loyaltyCards.customer_id, customerId))
    .limit(1);
  return row;
}

export async function hasEligibleMeter(db: Db, customerId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: meters.id })
    .from(meters)
    .where(and(eq(meters.customer_id, customerId), eq(meters.status, "Active")))
    .limit(1);
  return Boolean(row);
}

const flowColumns = {
  id: allSmartFlows.id,
  customer_id: allSmartFlows.customer_id,
  vat: allSmartFlows.vat,
  phone: allSmartFlows.phone,
  choice: allSmartFlows.choice,
  draft_card_number: allSmartFlows.draft_card_number,
  draft_birth_date: allSmartFlows.draft_birth_date,
  status: allSmartFlows.status,
  card_number: allSmartFlows.card_number,
  lang: allSmartFlows.lang,
  expires_at: allSmartFlows.expires_at,
  name: customers.name,
  email: customers.email,
};

export type FlowRow = Pick<
  typeof allSmartFlows.$inferSelect,
  Exclude<keyof typeof flowColumns, "name" | "email">
> & { name: string; email: string | null };

/** A flow by its id (the capability): 404 for a malformed or unknown one, 400 once expired. */
export async function loadFlow(db: Db, id: string): Promise<FlowRow> {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(id)) throw notFound();
  const [row] = await db
    .select(flowColumns)
    .from(allSmartFlows)
    .innerJoin(customers, eq(customers.id, allSmartFlows.customer_id))
    .where(eq(allSmartFlows.id, id))
    .limit(1);
  if (!row) throw notFound();
  if (row.status === "open" && row.expires_at <= nowIso()) throw badRequest("link_expired");
  return row;
}

export function toApiFlow(row: FlowRow): ApiAllSmartFlow {
  return {
    id: row.id,
    vat: row.vat,
    name: row.name,
    phone: row.phone,
    choice: row.choice,
    status: row.status,
    draft_card_number: row.draft_card_number,
    draft_birth_date: row.draft_birth_date,
    card_number: row.card_number,
    expires_at: row.expires_at,
  };
}

/** Step 1 passed: a new open flow; answers its id. */
export async function createFlow(
  db: Db,
  flow: {
    customerId: number;
    vat: string;
    phone: string;
    choice: "connect" | "create";
    lang: Lang;
  },
): Promise<string> {
  const id = randomToken(16);
  const now = new Date();
  await db.insert(allSmartFlows).values({
    id,
    customer_id: flow.customerId,
    vat: flow.vat,
    phone: flow.phone,
    choice: flow.choice,
    lang: flow.lang,
    created_at: nowIso(now),
    expires_at: addSeconds(FLOW_TTL_SECONDS, now),
  });
  return id;
}

/** What was typed at step 2, kept so that a form shown again still has it. */
export async function saveDraft(
  db: Db,
  id: string,
  column: "draft_card_number" | "draft_birth_date",
  value: string,
) {
  await db
    .update(allSmartFlows)
    .set(
      column === "draft_card_number" ? { draft_card_number: value } : { draft_birth_date: value },
    )
    .where(and(eq(allSmartFlows.id, id), eq(allSmartFlows.status, "open")));
}

/** The flow is done with this card; the customer is told by email when they have an address. */
export async function finishFlow(db: Db, flow: FlowRow, cardNumber: string) {
  await db
    .update(allSmartFlows)
    .set({ status: "done", card_number: cardNumber, completed_at: nowIso() })
    .where(eq(allSmartFlows.id, flow.id));
  if (flow.email) {
    await sendEmail(db, {
      to: flow.email,
      ...cardLinkedEmail(flow.lang, formatCardNumber(cardNumber), flow.vat),
      template: "allsmart_card",
      lang: flow.lang,
    });
  }
  return toApiFlow({ ...flow, status: "done", card_number: cardNumber });
}

export async function findCard(db: Db, number: string) {
  const [row] = await db
    .select({ card_number: loyaltyCards.card_number, customer_id: loyaltyCards.customer_id })
    .from(loyaltyCards)
    .where(eq(loyaltyCards.card_number, number))
    .limit(1);
  return row;
}

/**
 * Links an issued card that nobody holds yet. The WHERE keeps a concurrent link of the same card
 * from winning twice; a failure (the customer's unique index) is "not linked" too.
 */
export async function linkCard(
  db: Db,
  number: string,
  customerId: number,
  phone: string,
): Promise<boolean> {
  const linked = await db
    .update(loyaltyCards)
    .set({ customer_id: customerId, phone, linked_at: nowIso() })
    .where(and(eq(loyaltyCards.card_number, number), isNull(loyaltyCards.customer_id)))
    .run()
    .catch(() => null);
  return linked !== null && changedRow(linked);
}

/** A new portal card; false when the insert failed (a number or customer already taken). */
export async function insertCard(
  db: Db,
  card: { number: string; customerId: number; birthDate: string; phone: string },
): Promise<boolean> {
  const inserted = await db
    .insert(loyaltyCards)
    .values({
      card_number: card.number,
      customer_id: card.customerId,
      origin: "portal",
      birth_date: card.birthDate,
      phone: card.phone,
      created_at: nowIso(),
      linked_at: nowIso(),
    })
    .run()
    .catch(() => null);
  return inserted !== null;
}

/** Development only: the customer's portal cards go, issued ones are unlinked (one batch). */
export async function resetCards(db: Db, customerId: number) {
  await db.batch([
    db
      .delete(loyaltyCards)
      .where(and(eq(loyaltyCards.customer_id, customerId), eq(loyaltyCards.origin, "portal"))),
    db
      .update(loyaltyCards)
      .set({ customer_id: null, phone: null, linked_at: null })
      .where(eq(loyaltyCards.customer_id, customerId)),
  ]);
}
