import { and, eq, ne } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { isoDate } from "../../core/contract/common";
import { PRODUCT_SEGMENTS, STAND_IN_PRODUCTS, type ElectricityPrices } from "../../core/products";
import { TARIFF_COLOURS } from "../../core/tariff-colours";
import type { Db } from "../db";
import { customers, meters, products } from "../db/schema";
import { documented, json } from "../lib/openapi";
import { validate } from "../lib/validate";
import type { ApiEnv } from "../types";
import { requireService } from "./auth";
import {
  applyKeyed,
  KEY_PATTERN,
  keyOfPortalId,
  knownKey,
  Refusal,
  runBatch,
  type Applied,
  type BatchContext,
} from "./batch";
import { batchAnswerSchema, batchContext, batchEnvelope } from "./invoices";
import { electricityPricesSchema, gasPricesSchema } from "../products/prices";

// The price schemas live in api/products/prices.ts (the forecast and the products list read
// them; importing them from here would close a cycle through the invoices batch, whose new
// bills trip alerts that read the forecast). Re-exported for the feed's tests.
export {
  DISCOUNTS_MAX,
  electricityPricesSchema,
  gasPricesSchema,
  MONTHLY_MAX,
  productPrices,
  type GasPrices,
} from "../products/prices";

/**
 * POST /api/backoffice/tariffs (#36 §1, scope "tariffs"): the billing system's tariff data, one
 * batch of four kinds of item (`type`), each keyed by the billing system's own key:
 *
 * - `product` (backoffice_keys kind "product"): a product with its colour, segment and prices
 *   (the products table, 0026/0028). A product the portal has by that name and no key yet is
 *   claimed; a name another key's product has is refused `product_taken`. The colour is one of
 *   the law's four by name (core/tariff-colours.ts): an electricity product must have one
 *   (`colour_required`), a gas product cannot (`colour_not_for_gas`), and an orange (dynamic)
 *   one must send its monthly prices (`monthly_required`), which are what it is priced on.
 * - `supply_product` (kind "supply_product"): the product a supply (a supplies batch's key) is
 *   billed under: meters.package_name and package_print_descr. The product is one of the
 *   products table or, until the billing system sends it, the portal's own (core/products.ts);
 *   any other is `unknown_product`, one of the other division `division_mismatch`.
 * - `social_tariff` (kind "social_tariff"): the customer's social tariff (ΚΟΤ) status and its
 *   last day.
 * - `vulnerable` (kind "vulnerable"): a decision of the vulnerable-customer register. The
 *   customer's life_support (0024: notices skip the quiet hours) is 1 only when the decision is
 *   `granted` and says life support; `refused` and `withdrawn` clear it.
 *
 * An item is the whole state it names (an optional field left out is cleared). A key stays with
 * the supply or customer it was first sent for: sent again for another it is refused
 * (`supply_changed`, `customer_changed`). Supplies and customers unknown to the back office are
 * `unknown_supply` / `unknown_customer`.
 */

const text = (max: number) => z.string().trim().min(1).max(max);
const key = (description: string) => z.string().regex(KEY_PATTERN).meta({ description });

const DIVISIONS = { electricity: 1, gas: 2 } as const;

const productItem = z
  .object({
    key: key("The billing system's key of the product"),
    type: z.literal("product"),
    name: text(120).meta({ description: "What supplies name it by (meters.package_name)" }),
    descr: text(500).meta({ description: "Its name as bills print it" }),
    division: z.enum(["electricity", "gas"]),
    tariff_colour: z.enum(TARIFF_COLOURS).optional().meta({
      description:
        "The law's class of an electricity product: blue fixed, green special, yellow variable, orange dynamic. Required for electricity; a gas product has none",
    }),
    segment: z
      .enum(PRODUCT_SEGMENTS)
      .meta({ description: "Whom it is offered to: households or businesses" }),
    prices: z
      .record(z.string(), z.unknown())
      .meta({ description: "Electricity: ElectricityPrices; gas: {standingPerMonth, perKwh}" }),
    valid_from: isoDate.meta({ description: "The day the prices apply from" }),
  })
  .strict()
  .superRefine((item, ctx) => {
    // The prices are the division's: checked here so that the field named is the price's.
    const schema = item.division === "electricity" ? electricityPricesSchema : gasPricesSchema;
    const parsed = schema.safeParse(item.prices);
    for (const issue of parsed.error?.issues ?? []) {
      ctx.addIssue({ ...issue, path: ["prices", ...issue.path] } as never);
    }
  });

const supplyProductItem = z
  .object({
    key: key("The billing system's key of the supply's product"),
    type: z.literal("supply_product"),
    supply_key: key("The supply (a supplies batch's key)"),
    product: text(120).meta({
      description: "A product's name (a products item's, or the portal's)",
    }),
  })
  .strict();

const socialTariffItem = z
  .object({
    key: key("The billing system's key of the customer's social tariff"),
    type: z.literal("social_tariff"),
    customer_key: key("The customer (a customers batch's key)"),
    status: z.enum(["none", "applied", "granted", "refused"]),
    until: isoDate.optional().meta({ description: "The last day it applies" }),
  })
  .strict();

const vulnerableItem = z
  .object({
    key: key("The billing system's key of the register's decision"),
    type: z.literal("vulnerable"),
    customer_key: key("The customer (a customers batch's key)"),
    life_support: z.boolean().meta({ description: "On life-support equipment" }),
    decision: z.enum(["granted", "refused", "withdrawn"]),
    until: isoDate.optional().meta({ description: "The last day the decision applies" }),
  })
  .strict();

export const tariffItemSchema = z.discriminatedUnion("type", [
  productItem,
  supplyProductItem,
  socialTariffItem,
  vulnerableItem,
]);

export type TariffItem = z.infer<typeof tariffItemSchema>;
type Item<T extends TariffItem["type"]> = Extract<TariffItem, { type: T }>;

/**
 * The rules of a product's colour that are the product's own, not its shape: answered as refusals
 * with their own reason (not `validation`), so the billing system's operator reads what to fix.
 * Null: none of them is broken. The prices are already the division's (the schema checked them).
 */
export function productRefusal(
  item: Pick<Item<"product">, "division" | "tariff_colour" | "prices">,
): { reason: string; field: string } | null {
  if (item.division === "gas") {
    // Gas has no colour classes: a colour sent for it is a mistake of the feed, not a default.
    return item.tariff_colour === undefined
      ? null
      : { reason: "colour_not_for_gas", field: "tariff_colour" };
  }
  if (item.tariff_colour === undefined)
    return { reason: "colour_required", field: "tariff_colour" };
  // An orange product is priced on its months: without them there is nothing to compare.
  const monthly = (item.prices as Partial<ElectricityPrices>).monthly;
  if (item.tariff_colour === "orange" && (monthly === undefined || monthly.length === 0)) {
    return { reason: "monthly_required", field: "prices.monthly" };
  }
  return null;
}

/** The portal's own products (core/products.ts), by name: valid until the billing system's. */
const PORTAL_PRODUCTS = new Map<string, { descr: string; division: number }>(
  [...STAND_IN_PRODUCTS.values()].map((p) => [
    p.name,
    { descr: p.descr, division: "perKwh" in p.prices ? 2 : 1 },
  ]),
);

/** A product by name: the products table's, else the portal's own; undefined when neither. */
export async function productByName(
  db: Db,
  name: string,
): Promise<{ name: string; descr: string; division: number } | undefined> {
  const [row] = await db
    .select({ name: products.name, descr: products.descr, division: products.division })
    .from(products)
    .where(eq(products.name, name))
    .limit(1);
  if (row) return row;
  const own = PORTAL_PRODUCTS.get(name);
  return own ? { name, ...own } : undefined;
}

async function applyProduct(item: Item<"product">, ctx: BatchContext): Promise<Applied> {
  const refusal = productRefusal(item);
  if (refusal) throw new Refusal(refusal.reason, refusal.field);
  const division = DIVISIONS[item.division];
  const prices = (division === 1 ? electricityPricesSchema : gasPricesSchema).parse(item.prices);
  const row = {
    name: item.name,
    descr: item.descr,
    division,
    tariff_colour: item.tariff_colour ?? null,
    segment: item.segment,
    prices: JSON.stringify(prices),
    valid_from: item.valid_from,
    updated_at: ctx.now.toISOString(),
  } satisfies typeof products.$inferInsert;
  return applyKeyed(ctx, "product", item, {
    create: async () => {
      const [existing] = await ctx.db
        .select({ id: products.id })
        .from(products)
        .where(eq(products.name, item.name));
      if (existing) {
        // A product of this name no key has yet is claimed, once.
        if ((await keyOfPortalId(ctx.db, "product", existing.id)) !== null) {
          throw new Refusal("product_taken", "name");
        }
        await ctx.db.update(products).set(row).where(eq(products.id, existing.id));
        return existing.id;
      }
      const [inserted] = await ctx.db.insert(products).values(row).returning({ id: products.id });
      if (!inserted) throw new Error("product insert returned nothing");
      return inserted.id;
    },
    update: async (productId) => {
      const [other] = await ctx.db
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.name, item.name), ne(products.id, productId)))
        .limit(1);
      if (other) throw new Refusal("product_taken", "name");
      await ctx.db.update(products).set(row).where(eq(products.id, productId));
    },
  });
}

/** The portal row a reference key of `kind` became; else refused `reason` on `field`. */
async function resolveKey(
  ctx: BatchContext,
  kind: "supply" | "customer",
  ref: string,
  field: string,
) {
  const known = await knownKey(ctx.db, kind, ref);
  const table = kind === "supply" ? meters : customers;
  const [row] = known
    ? await ctx.db.select({ id: table.id }).from(table).where(eq(table.id, known.portalId))
    : [];
  if (!row) throw new Refusal(`unknown_${kind}`, field);
  return row.id;
}

async function applySupplyProduct(
  item: Item<"supply_product">,
  ctx: BatchContext,
): Promise<Applied> {
  const meterId = await resolveKey(ctx, "supply", item.supply_key, "supply_key");
  const product = await productByName(ctx.db, item.product);
  if (!product) throw new Refusal("unknown_product", "product");
  const [supply] = await ctx.db
    .select({ division: meters.division })
    .from(meters)
    .where(eq(meters.id, meterId));
  if (supply?.division !== product.division) throw new Refusal("division_mismatch", "product");
  const write = () =>
    ctx.db
      .update(meters)
      .set({ package_name: product.name, package_print_descr: product.descr })
      .where(eq(meters.id, meterId));
  return applyKeyed(ctx, "supply_product", item, {
    create: async () => {
      await write();
      return meterId;
    },
    update: async (portalId) => {
      if (portalId !== meterId) throw new Refusal("supply_changed", "supply_key");
      await write();
    },
  });
}

/** The customer columns of a social-tariff or vulnerable item, keyed to the customer it names. */
async function applyCustomerItem(
  ctx: BatchContext,
  kind: "social_tariff" | "vulnerable",
  item: Item<"social_tariff"> | Item<"vulnerable">,
  set: Partial<typeof customers.$inferInsert>,
): Promise<Applied> {
  const customerId = await resolveKey(ctx, "customer", item.customer_key, "customer_key");
  const write = () => ctx.db.update(customers).set(set).where(eq(customers.id, customerId));
  return applyKeyed(ctx, kind, item, {
    create: async () => {
      await write();
      return customerId;
    },
    update: async (portalId) => {
      if (portalId !== customerId) throw new Refusal("customer_changed", "customer_key");
      await write();
    },
  });
}

/** Applies one item of any type (created, updated or unchanged). */
export async function applyTariffItem(item: TariffItem, ctx: BatchContext): Promise<Applied> {
  switch (item.type) {
    case "product":
      return applyProduct(item, ctx);
    case "supply_product":
      return applySupplyProduct(item, ctx);
    case "social_tariff":
      return applyCustomerItem(ctx, "social_tariff", item, {
        social_tariff: item.status,
        social_tariff_until: item.until ?? null,
      });
    case "vulnerable":
      return applyCustomerItem(ctx, "vulnerable", item, {
        vulnerable: item.decision,
        vulnerable_until: item.until ?? null,
        life_support: item.decision === "granted" && item.life_support ? 1 : 0,
      });
  }
}

const doc = documented("Back office");

/** Mounted in the back-office router (api/backoffice/routes.ts). */
export const backofficeTariffRoutes = new Hono<ApiEnv>().post(
  "/tariffs",
  doc({
    summary:
      "Products and their prices, supplies' products, social tariff, vulnerable register (batch upsert)",
    description:
      "Items of four types: product (name, print description, division, tariff colour, segment, prices, valid from), supply_product (the product a supply is billed under), social_tariff (a customer's status and last day), vulnerable (a register decision; life support is kept only while granted). A product's tariff_colour is the law's class by name (blue fixed, green special, yellow variable, orange dynamic): required for electricity, refused for gas; an orange product must send prices.monthly. At most 500 items, each keyed by the billing system's own key and answered created, updated, unchanged or refused with a reason (unknown_supply, unknown_customer, unknown_product, division_mismatch, product_taken, colour_required, colour_not_for_gas, monthly_required, supply_changed, customer_changed, duplicate_key, validation).",
    ok: json(batchAnswerSchema),
    errors: { 400: ["validation"] },
  }),
  requireService("tariffs"),
  validate("json", batchEnvelope(tariffItemSchema)),
  async (c) => {
    const { items } = c.req.valid("json");
    const ctx = batchContext(c);
    return c.json(await runBatch(items, tariffItemSchema, ctx, applyTariffItem, "tariffs"));
  },
);
