import { Hono, type Context } from "hono";
import { verifyLink } from "../all-smart/links";
import { badRequest } from "../lib/errors";
import { validate } from "../lib/validate";
import type { ApiEnv } from "../types";
import { changeAddressSchema } from "../../core/change-address";
import { linkParams } from "../../core/contract/params";
import { changeAddress, describe, findLinkMeter, type LinkMeter } from "./service";
import { data, documented } from "../lib/openapi";
import { apiChangeAddressLinkSchema } from "../../core/contract";

const doc = documented("allSmart");

/**
 * Billing-address change through a signed /change-address/{hash} link (docs/api/all-smart.md),
 * mounted at /api/change-address. The link names one supply; the answer
 * changes that supply's bill_* columns and records the full request in `address_changes`.
 */

async function linkMeter(c: Context<ApiEnv>, hash: string): Promise<LinkMeter> {
  const id = await verifyLink(c.env.LINK_SECRET, "change-address", hash, "m");
  const meter = await findLinkMeter(c.get("db"), id);
  // A supply the billing system dropped is no longer the customer's to change.
  if (!meter || meter.status === "Removed") throw badRequest("bad_token");
  return meter;
}

export const changeAddressRoutes = new Hono<ApiEnv>()
  .get(
    "/links/:hash",
    doc({
      summary: "The supply a change-address link names",
      ok: data(apiChangeAddressLinkSchema),
      errors: { 400: ["bad_token", "link_expired"] },
    }),
    validate("param", linkParams),
    async (c) => {
      const meter = await linkMeter(c, c.req.valid("param").hash);
      return c.json({ data: await describe(c.get("db"), meter) });
    },
  )

  .post(
    "/links/:hash",
    doc({
      summary: "Change the billing address of the link's supply",
      ok: data(apiChangeAddressLinkSchema),
      errors: { 400: ["bad_token", "link_expired"] },
    }),
    validate("param", linkParams),
    validate("json", changeAddressSchema),
    async (c) => {
      const { hash } = c.req.valid("param");
      const db = c.get("db");
      await changeAddress(db, await linkMeter(c, hash), c.req.valid("json"));
      return c.json({ data: await describe(db, await linkMeter(c, hash)) });
    },
  );
