import { and, eq, inArray } from "drizzle-orm";
import { Hono } from "hono";
import { ACTIVE_METER_STATUSES } from "../../core/meter-status";
import { customers, meters } from "../db/schema";
import { linkParams } from "../../core/contract/params";
import { badRequest } from "../lib/errors";
import { validate } from "../lib/validate";
import type { ApiEnv } from "../types";
import { apiMyMarketSchema, type ApiMyMarket } from "../../core/contract";
import { verifyLink } from "./links";
import { loyaltyCards } from "./tables";
import { data, documented } from "../lib/openapi";

const doc = documented("allSmart");

/**
 * The "my market" page of a signed /mymarket/{hash} link, mounted at /api/mymarket:
 * partner offers picked for that customer by their supplies and allSmart card. Offer texts are
 * the portal's translations; the API only chooses and orders them.
 */
export const OFFER_IDS = [
  "cardWelcome",
  "getCard",
  "homeAppliances",
  "heatPump",
  "boilerService",
  "solar",
  "evCharging",
  "fuel",
] as const;

export function pickOffers(input: { electricity: boolean; gas: boolean; hasCard: boolean }) {
  const offers: (typeof OFFER_IDS)[number][] = [input.hasCard ? "cardWelcome" : "getCard"];
  if (input.electricity) offers.push("homeAppliances", "heatPump", "solar", "evCharging");
  if (input.gas) offers.push("boilerService");
  offers.push("fuel");
  return offers;
}

export const myMarketRoutes = new Hono<ApiEnv>().get(
  "/links/:hash",
  doc({
    summary: 'What a customer\'s "my market" page shows (a signed link)',
    ok: data(apiMyMarketSchema),
    errors: { 400: ["bad_token", "link_expired"] },
  }),
  validate("param", linkParams),
  async (c) => {
    const db = c.get("db");
    const id = await verifyLink(c.env.LINK_SECRET, "mymarket", c.req.valid("param").hash, "c");
    const [customer] = await db
      .select({ name: customers.name })
      .from(customers)
      .where(eq(customers.id, id));
    if (!customer) throw badRequest("bad_token");
    const divisions = await db
      .selectDistinct({ division: meters.division })
      .from(meters)
      .where(and(eq(meters.customer_id, id), inArray(meters.status, [...ACTIVE_METER_STATUSES])));
    const [card] = await db
      .select({ card_number: loyaltyCards.card_number })
      .from(loyaltyCards)
      .where(eq(loyaltyCards.customer_id, id));
    const electricity = divisions.some((d) => d.division === 1);
    const gas = divisions.some((d) => d.division !== 1);
    const data: ApiMyMarket = {
      name: customer.name,
      electricity,
      gas,
      card_last4: card ? card.card_number.slice(-4) : null,
      offers: pickOffers({ electricity, gas, hasCard: Boolean(card) }),
    };
    return c.json({ data });
  },
);
