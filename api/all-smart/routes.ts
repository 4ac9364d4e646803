import { Hono, type Context } from "hono";
import { ApiError, badRequest, notFound } from "../lib/errors";
import { clientIp } from "../lib/request";
import { validate } from "../lib/validate";
import type { ApiEnv } from "../types";
import {
  apiAllSmartFlowSchema,
  apiAllSmartLinkSchema,
  type ApiAllSmartLink,
  type ApiDemoLink,
} from "../../core/contract";
import { signLink, verifyLink, type LinkPurpose } from "./links";
import {
  cardDigits,
  cardNumberFromSerial,
  isAdult,
  isIsoDate,
  isValidCardNumber,
} from "../../core/all-smart";
import {
  allSmartConnectSchema,
  allSmartCreateSchema,
  allSmartFlowParams,
  allSmartVatStepSchema,
  devLinkSchema,
  devResetSchema,
} from "../../core/all-smart-schemas";
import { linkParams } from "../../core/contract/params";
import { clearFailures, isThrottled, recordFailure } from "./throttle";
import {
  cardOf,
  createFlow,
  customerById,
  customerIdByVat,
  findCard,
  finishFlow,
  hasEligibleMeter,
  insertCard,
  linkCard,
  loadFlow,
  resetCards,
  saveDraft,
  toApiFlow,
  type FlowRow,
} from "./service";
import { isProduction } from "../../core/environment";
import { athensToday } from "../../core/dates";
import { data, documented } from "../lib/openapi";

const doc = documented("allSmart");

/**
 * allSmart loyalty card (docs/api/all-smart.md), mounted at /api/all-smart. No sign-in:
 * the signed link names the customer, and the application lives in an `all_smart_flows` row whose
 * random id is the capability for the next steps. Failures count per VAT and IP per hour.
 */

type Ctx = Context<ApiEnv>;

const throttled = () => new ApiError(429, "too_many_attempts");

async function linkCustomer(c: Ctx, hash: string) {
  const id = await verifyLink(c.env.LINK_SECRET, "all-smart", hash, "c");
  const customer = await customerById(c.get("db"), id);
  if (!customer) throw badRequest("bad_token");
  return customer;
}

async function openFlowOrThrow(c: Ctx, id: string): Promise<FlowRow> {
  const flow = await loadFlow(c.get("db"), id);
  if (flow.status === "done") throw new ApiError(409, "card_exists");
  if (await isThrottled(c.get("db"), flow.vat, clientIp(c))) throw throttled();
  return flow;
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
  .get(
    "/links/:hash",
    doc({
      summary: "Whom an allSmart link was sent to (prefills the VAT step)",
      ok: data(apiAllSmartLinkSchema),
      errors: { 400: ["bad_token", "link_expired"] },
    }),
    validate("param", linkParams),
    async (c) => {
      const customer = await linkCustomer(c, c.req.valid("param").hash);
      const data: ApiAllSmartLink = {
        vat: customer.afm,
        name: customer.name,
        phone: customer.phone,
        has_card: Boolean(await cardOf(c.get("db"), customer.id)),
      };
      return c.json({ data });
    },
  )

  /** Step 1: VAT, mobile, link or create, privacy and terms, captcha (honeypot + throttle). */
  .post(
    "/flows",
    doc({
      summary: "Step 1: start a card application (VAT, mobile, link or create)",
      ok: data(apiAllSmartFlowSchema, 201, "The flow"),
      errors: {
        400: [
          "validation",
          "captcha",
          "bad_token",
          "link_expired",
          "vat_not_registered",
          "no_eligible_meters",
        ],
        409: ["card_exists"],
        429: ["too_many_attempts"],
      },
    }),
    async (c, next) => {
      // The honeypot first: a filled one is a bot whatever else it sent.
      const raw = (await c.req.json().catch(() => null)) as { website?: unknown } | null;
      if (typeof raw?.website === "string" && raw.website !== "") {
        await recordFailure(c.get("db"), null, clientIp(c));
        throw badRequest("captcha");
      }
      await next();
    },
    validate("json", allSmartVatStepSchema),
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
      const id = await createFlow(db, {
        customerId: customer.id,
        vat,
        phone: body.phone,
        choice: body.choice,
        lang: c.get("lang"),
      });
      return c.json({ data: toApiFlow(await loadFlow(db, id)) }, 201);
    },
  )

  .get(
    "/flows/:id",
    doc({
      summary: "An allSmart flow in progress",
      ok: data(apiAllSmartFlowSchema),
      errors: { 400: ["link_expired"], 404: ["not_found"] },
    }),
    validate("param", allSmartFlowParams),
    async (c) => {
      const flow = await loadFlow(c.get("db"), c.req.valid("param").id);
      return c.json({ data: toApiFlow(flow) });
    },
  )

  /** Step 2a: link an existing card by its number. */
  .post(
    "/flows/:id/connect",
    doc({
      summary: "Step 2a: link an existing card by its number",
      ok: data(apiAllSmartFlowSchema),
      errors: {
        400: ["card_invalid", "link_expired"],
        404: ["not_found"],
        409: ["card_exists"],
        429: ["too_many_attempts"],
      },
    }),
    validate("param", allSmartFlowParams),
    validate("json", allSmartConnectSchema),
    async (c) => {
      const db = c.get("db");
      const flow = await openFlowOrThrow(c, c.req.valid("param").id);
      const typed = c.req.valid("json").card_number.trim();
      await saveDraft(db, flow.id, "draft_card_number", typed);
      const number = cardDigits(typed);
      const fail = async () => {
        await recordFailure(db, flow.vat, clientIp(c));
        return new ApiError(400, "card_invalid", { field: "card_number" });
      };
      if (!isValidCardNumber(number)) throw await fail();
      const card = await findCard(db, number);
      if (!card) throw await fail();
      if (card.customer_id !== null && card.customer_id !== flow.customer_id) {
        throw new ApiError(409, "card_exists", { field: "card_number" });
      }
      if (card.customer_id === null) {
        const held = await cardOf(db, flow.customer_id);
        if (held) throw new ApiError(409, "card_exists", { field: "card_number" });
        if (!(await linkCard(db, number, flow.customer_id, flow.phone))) {
          throw new ApiError(409, "card_exists", { field: "card_number" });
        }
      }
      return c.json({ data: await finishFlow(db, flow, number) });
    },
  )

  /** Step 2b: a new card for an adult. */
  .post(
    "/flows/:id/create",
    doc({
      summary: "Step 2b: a new card for an adult",
      ok: data(apiAllSmartFlowSchema),
      errors: {
        400: ["minor", "link_expired"],
        404: ["not_found"],
        409: ["card_exists"],
        429: ["too_many_attempts"],
      },
    }),
    validate("param", allSmartFlowParams),
    validate("json", allSmartCreateSchema),
    async (c) => {
      const db = c.get("db");
      const flow = await openFlowOrThrow(c, c.req.valid("param").id);
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
        const card = { number, customerId: flow.customer_id, birthDate, phone: flow.phone };
        if (await insertCard(db, card)) return c.json({ data: await finishFlow(db, flow, number) });
        // A clash with a card of this customer (unique index) means it was created meanwhile.
        if (await cardOf(db, flow.customer_id)) {
          throw new ApiError(409, "card_exists", { field: "birth_date" });
        }
      }
      throw new ApiError(500, "error");
    },
  )

  /** Development only: signed demo links (valid and expired) for the README's "Demo links". */
  .get("/dev/links", async (c) => {
    devOnly(c);
    return c.json({ data: await demoLinks(c) });
  })

  /** Development only: a signed link for any customer/supply; `expires_in` may be negative. */
  .post("/dev/links", validate("json", devLinkSchema), async (c) => {
    devOnly(c);
    const body = c.req.valid("json");
    const data = body.purpose === "change-address" ? { m: body.id } : { c: body.id };
    const hash = await signLink(c.env.LINK_SECRET, body.purpose, data, body.expires_in);
    return c.json({ data: { path: `/${body.purpose}/${hash}` } }, 201);
  })

  /** Development only: forget a VAT's (and all IPs') failures and unlink its card (re-runnable tests). */
  .post("/dev/reset", validate("json", devResetSchema), async (c) => {
    devOnly(c);
    const db = c.get("db");
    const { vat } = c.req.valid("json");
    const customerId = await customerIdByVat(db, vat);
    await clearFailures(db, vat);
    if (customerId === undefined) return c.body(null, 204);
    await resetCards(db, customerId);
    return c.body(null, 204);
  });
