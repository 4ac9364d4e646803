import { Hono, type Context } from "hono";
import { z } from "zod";
import type { Db } from "../db";
import { isValidVat, PHONE_PATTERN } from "../../core/validation";
import { ApiError, badRequest, notFound } from "../lib/errors";
import { clientIp } from "../lib/request";
import { addSeconds, nowIso } from "../lib/time";
import { randomToken } from "../../core/tokens";
import { validate } from "../lib/validate";
import { sendEmail } from "../services/outbox";
import type { ApiEnv, Lang } from "../types";
import type { ApiAllSmartFlow, ApiAllSmartLink, ApiDemoLink } from "./contract";
import { signLink, verifyLink, type LinkPurpose } from "./links";
import {
  cardDigits,
  cardNumberFromSerial,
  FLOW_TTL_SECONDS,
  formatCardNumber,
  isAdult,
  isIsoDate,
  isValidCardNumber,
} from "../../core/all-smart";
import { clearFailures, isThrottled, recordFailure } from "./throttle";
import { changedRow } from "../db/changes";
import { isProduction } from "../../core/environment";
import { athensToday } from "../../core/dates";

/**
 * allSmart loyalty card (issue 7; docs/api/all-smart.md), mounted at /api/all-smart. No sign-in:
 * the signed link names the customer, and the application lives in an `all_smart_flows` row whose
 * random id is the capability for the next steps. Failures count per VAT and IP per hour.
 */

type Ctx = Context<ApiEnv>;

interface CustomerRow {
  id: number;
  afm: string;
  name: string;
  phone: string | null;
  email: string | null;
}

interface FlowRow {
  id: string;
  customer_id: number;
  vat: string;
  phone: string;
  choice: "connect" | "create";
  draft_card_number: string | null;
  draft_birth_date: string | null;
  status: "open" | "done";
  card_number: string | null;
  lang: Lang;
  expires_at: string;
  name: string;
  email: string | null;
}

const req = { error: "validate.require" };

const vatStepSchema = z.object({
  hash: z.string(req).min(1, "validate.require").max(2000),
  vat: z
    .string(req)
    .trim()
    .refine((v) => isValidVat(v.replace(/\s+/g, "")), "allSmart:errors.invalidVat"),
  phone: z.string(req).trim().regex(PHONE_PATTERN, "allSmart:errors.invalidPhone"),
  choice: z.enum(["connect", "create"], { error: "allSmart:errors.choose" }),
  privacy: z.literal(true, { error: "allSmart:errors.privacy" }),
  terms: z.literal(true, { error: "validate.terms" }),
  website: z.string().max(200).optional(),
});

const connectSchema = z.object({ card_number: z.string(req).max(40) });
const createSchema = z.object({ birth_date: z.string(req).max(20) });

const throttled = () => new ApiError(429, "too_many_attempts");

async function customerById(db: Db, id: number) {
  return db.$client
    .prepare("SELECT id, afm, name, phone, email FROM customers WHERE id = ?")
    .bind(id)
    .first<CustomerRow>();
}

async function cardOf(db: Db, customerId: number) {
  return db.$client
    .prepare("SELECT card_number FROM loyalty_cards WHERE customer_id = ?")
    .bind(customerId)
    .first<{ card_number: string }>();
}

async function hasEligibleMeter(db: Db, customerId: number) {
  const row = await db.$client
    .prepare("SELECT 1 AS ok FROM meters WHERE customer_id = ? AND status = 'Active' LIMIT 1")
    .bind(customerId)
    .first<{ ok: number }>();
  return Boolean(row);
}

async function linkCustomer(c: Ctx, hash: string) {
  const id = await verifyLink(c.env.LINK_SECRET, "all-smart", hash, "c");
  const customer = await customerById(c.get("db"), id);
  if (!customer) throw badRequest("bad_token");
  return customer;
}

async function loadFlow(db: Db, id: string): Promise<FlowRow> {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(id)) throw notFound();
  const row = await db.$client
    .prepare(
      `SELECT f.id, f.customer_id, f.vat, f.phone, f.choice, f.draft_card_number, f.draft_birth_date,
              f.status, f.card_number, f.lang, f.expires_at, c.name, c.email
         FROM all_smart_flows f JOIN customers c ON c.id = f.customer_id WHERE f.id = ?`,
    )
    .bind(id)
    .first<FlowRow>();
  if (!row) throw notFound();
  if (row.status === "open" && row.expires_at <= nowIso()) throw badRequest("link_expired");
  return row;
}

function serialize(row: FlowRow): ApiAllSmartFlow {
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

async function saveDraft(
  db: Db,
  id: string,
  column: "draft_card_number" | "draft_birth_date",
  value: string,
) {
  await db.$client
    .prepare(`UPDATE all_smart_flows SET ${column} = ? WHERE id = ? AND status = 'open'`)
    .bind(value, id)
    .run();
}

async function openFlowOrThrow(c: Ctx): Promise<FlowRow> {
  const flow = await loadFlow(c.get("db"), c.req.param("id") ?? "");
  if (flow.status === "done") throw new ApiError(409, "card_exists");
  if (await isThrottled(c.get("db"), flow.vat, clientIp(c))) throw throttled();
  return flow;
}

async function finish(c: Ctx, flow: FlowRow, cardNumber: string) {
  const db = c.get("db");
  await db.$client
    .prepare(
      "UPDATE all_smart_flows SET status = 'done', card_number = ?, completed_at = ? WHERE id = ?",
    )
    .bind(cardNumber, nowIso(), flow.id)
    .run();
  if (flow.email) {
    const en = flow.lang === "en";
    await sendEmail(db, {
      to: flow.email,
      subject: en ? "Your allSmart card" : "Η κάρτα σας allSmart",
      body: en
        ? `Your allSmart card ${formatCardNumber(cardNumber)} is now linked to VAT ${flow.vat}.`
        : `Η κάρτα σας allSmart ${formatCardNumber(cardNumber)} συνδέθηκε με τον ΑΦΜ ${flow.vat}.`,
    });
  }
  return serialize({ ...flow, status: "done", card_number: cardNumber });
}

/** Demo links for the README and tests: one per purpose and demo case. */
async function demoLinks(c: Ctx): Promise<ApiDemoLink[]> {
  const secret = c.env.LINK_SECRET;
  const link = async (
    purpose: LinkPurpose,
    label: string,
    data: { c: number } | { m: number },
    expiresIn?: number,
  ): Promise<ApiDemoLink> => ({
    purpose,
    label,
    path: `/${purpose}/${await signLink(secret, purpose, data, expiresIn)}`,
  });
  return Promise.all([
    link("all-smart", "100000003 household (no card yet)", { c: 1 }),
    link("all-smart", "200000006 company (no card yet)", { c: 2 }),
    link("all-smart", "900000005 already holds a card (card exists)", { c: 9 }),
    link("all-smart", "500000004 former customer (no eligible meters)", { c: 6 }),
    link("all-smart", "100000003 expired link", { c: 1 }, -60),
    link("change-address", "100000003 main electricity supply", { m: 1 }),
    link("change-address", "100000003 gas supply", { m: 2 }),
    link("change-address", "200000006 first supply", { m: 101 }),
    link("change-address", "100000003 expired link", { m: 1 }, -60),
    link("mymarket", "100000003 household", { c: 1 }),
    link("mymarket", "900000005 card holder", { c: 9 }),
    link("mymarket", "100000003 expired link", { c: 1 }, -60),
  ]);
}

const devOnly = (c: Ctx) => {
  if (isProduction(c.env)) throw notFound();
};

export const allSmartRoutes = new Hono<ApiEnv>()
  /** Whom the link was sent to: prefills the VAT step. */
  .get("/links/:hash", async (c) => {
    const customer = await linkCustomer(c, c.req.param("hash"));
    const data: ApiAllSmartLink = {
      vat: customer.afm,
      name: customer.name,
      phone: customer.phone,
      has_card: Boolean(await cardOf(c.get("db"), customer.id)),
    };
    return c.json({ data });
  })

  /** Step 1: VAT, mobile, link or create, privacy and terms, captcha (honeypot + throttle). */
  .post(
    "/flows",
    async (c, next) => {
      // The honeypot first: a filled one is a bot whatever else it sent.
      const raw = (await c.req.json().catch(() => null)) as { website?: unknown } | null;
      if (typeof raw?.website === "string" && raw.website !== "") {
        await recordFailure(c.get("db"), null, clientIp(c));
        throw badRequest("captcha");
      }
      await next();
    },
    validate("json", vatStepSchema),
    async (c) => {
      const db = c.get("db");
      const body = c.req.valid("json");
      const vat = body.vat.replace(/\s+/g, "");
      const ip = clientIp(c);
      const customer = await linkCustomer(c, body.hash);
      if (await isThrottled(db, vat, ip)) throw throttled();
      // Another customer's VAT is answered as unknown: a link reveals nobody else.
      if (vat !== customer.afm) {
        await recordFailure(db, vat, ip);
        throw new ApiError(400, "vat_not_registered", { field: "vat" });
      }
      // A card already held is the more useful answer, whatever the supplies are today.
      if (await cardOf(db, customer.id)) throw new ApiError(409, "card_exists", { field: "vat" });
      if (!(await hasEligibleMeter(db, customer.id))) {
        throw new ApiError(400, "no_eligible_meters", { field: "vat" });
      }
      const id = randomToken(16);
      const now = new Date();
      await db.$client
        .prepare(
          `INSERT INTO all_smart_flows (id, customer_id, vat, phone, choice, lang, created_at, expires_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .bind(
          id,
          customer.id,
          vat,
          body.phone,
          body.choice,
          c.get("lang"),
          nowIso(now),
          addSeconds(FLOW_TTL_SECONDS, now),
        )
        .run();
      return c.json({ data: serialize(await loadFlow(db, id)) }, 201);
    },
  )

  .get("/flows/:id", async (c) => {
    const flow = await loadFlow(c.get("db"), c.req.param("id"));
    return c.json({ data: serialize(flow) });
  })

  /** Step 2a: link an existing card by its number. */
  .post("/flows/:id/connect", validate("json", connectSchema), async (c) => {
    const db = c.get("db");
    const flow = await openFlowOrThrow(c);
    const typed = c.req.valid("json").card_number.trim();
    await saveDraft(db, flow.id, "draft_card_number", typed);
    const number = cardDigits(typed);
    const fail = async () => {
      await recordFailure(db, flow.vat, clientIp(c));
      return new ApiError(400, "card_invalid", { field: "card_number" });
    };
    if (!isValidCardNumber(number)) throw await fail();
    const card = await db.$client
      .prepare("SELECT card_number, customer_id FROM loyalty_cards WHERE card_number = ?")
      .bind(number)
      .first<{ card_number: string; customer_id: number | null }>();
    if (!card) throw await fail();
    if (card.customer_id !== null && card.customer_id !== flow.customer_id) {
      throw new ApiError(409, "card_exists", { field: "card_number" });
    }
    if (card.customer_id === null) {
      const held = await cardOf(db, flow.customer_id);
      if (held) throw new ApiError(409, "card_exists", { field: "card_number" });
      // The WHERE keeps a concurrent link of the same card from winning twice.
      const linked = await db.$client
        .prepare(
          "UPDATE loyalty_cards SET customer_id = ?, phone = ?, linked_at = ? WHERE card_number = ? AND customer_id IS NULL",
        )
        .bind(flow.customer_id, flow.phone, nowIso(), number)
        .run()
        .catch(() => null);
      if (!linked || !changedRow(linked)) {
        throw new ApiError(409, "card_exists", { field: "card_number" });
      }
    }
    return c.json({ data: await finish(c, flow, number) });
  })

  /** Step 2b: a new card for an adult. */
  .post("/flows/:id/create", validate("json", createSchema), async (c) => {
    const db = c.get("db");
    const flow = await openFlowOrThrow(c);
    const birthDate = c.req.valid("json").birth_date.trim();
    await saveDraft(db, flow.id, "draft_birth_date", birthDate);
    if (!isIsoDate(birthDate) || birthDate > athensToday()) {
      throw badRequest("validation", "birth_date", "allSmart:errors.birthDate");
    }
    if (!isAdult(birthDate, athensToday())) {
      throw new ApiError(400, "minor", { field: "birth_date" });
    }
    if (await cardOf(db, flow.customer_id)) {
      throw new ApiError(409, "card_exists", { field: "birth_date" });
    }
    for (let attempt = 0; attempt < 5; attempt++) {
      const random = crypto.getRandomValues(new Uint32Array(2));
      const serial = (
        String(random[0]! % 100_000).padStart(5, "0") +
        String(random[1]! % 1_000_000).padStart(6, "0")
      ).slice(0, 11);
      const number = cardNumberFromSerial(serial);
      const inserted = await db.$client
        .prepare(
          `INSERT INTO loyalty_cards (card_number, customer_id, origin, birth_date, phone, created_at, linked_at)
           VALUES (?, ?, 'portal', ?, ?, ?, ?)`,
        )
        .bind(number, flow.customer_id, birthDate, flow.phone, nowIso(), nowIso())
        .run()
        .catch(() => null);
      if (inserted) return c.json({ data: await finish(c, flow, number) });
      // A clash with a card of this customer (unique index) means it was created meanwhile.
      if (await cardOf(db, flow.customer_id)) {
        throw new ApiError(409, "card_exists", { field: "birth_date" });
      }
    }
    throw new ApiError(500, "error");
  })

  /** Development only: signed demo links (valid and expired) for the README's "Demo links". */
  .get("/dev/links", async (c) => {
    devOnly(c);
    return c.json({ data: await demoLinks(c) });
  })

  /** Development only: a signed link for any customer/supply; `expires_in` may be negative. */
  .post(
    "/dev/links",
    validate(
      "json",
      z.object({
        purpose: z.enum(["all-smart", "change-address", "mymarket"]),
        id: z.number().int().positive(),
        expires_in: z.number().int().optional(),
      }),
    ),
    async (c) => {
      devOnly(c);
      const body = c.req.valid("json");
      const data = body.purpose === "change-address" ? { m: body.id } : { c: body.id };
      const hash = await signLink(c.env.LINK_SECRET, body.purpose, data, body.expires_in);
      return c.json({ data: { path: `/${body.purpose}/${hash}` } }, 201);
    },
  )

  /** Development only: forget a VAT's (and all IPs') failures and unlink its card (re-runnable tests). */
  .post("/dev/reset", validate("json", z.object({ vat: z.string() })), async (c) => {
    devOnly(c);
    const db = c.get("db");
    const { vat } = c.req.valid("json");
    const customer = await db.$client
      .prepare("SELECT id FROM customers WHERE afm = ?")
      .bind(vat)
      .first<{ id: number }>();
    await clearFailures(db, vat);
    if (!customer) return c.body(null, 204);
    await db.$client.batch([
      db.$client
        .prepare("DELETE FROM loyalty_cards WHERE customer_id = ? AND origin = 'portal'")
        .bind(customer.id),
      db.$client
        .prepare(
          "UPDATE loyalty_cards SET customer_id = NULL, phone = NULL, linked_at = NULL WHERE customer_id = ?",
        )
        .bind(customer.id),
    ]);
    return c.body(null, 204);
  });
