import { Hono, type Context } from "hono";
import type { ApiAddress, ApiChangeAddressLink } from "../all-smart/contract";
import { verifyLink } from "../all-smart/links";
import { badRequest } from "../lib/errors";
import { nowIso } from "../lib/time";
import { validate } from "../lib/validate";
import { supplyNumberOf } from "../payments/service";
import type { ApiEnv } from "../types";
import { changeAddressSchema } from "../../core/change-address";

/**
 * Billing-address change through a signed /change-address/{hash} link (issue 7;
 * docs/api/all-smart.md), mounted at /api/change-address. The link names one supply; the answer
 * changes that supply's bill_* columns and records the full request in `address_changes`.
 */

interface MeterRow {
  id: number;
  customer_id: number;
  status: string;
  division: number;
  per_code: string | null;
  id_code: string | null;
  next_code: string | null;
  pod: string | null;
  phys_street: string;
  phys_street_no: string;
  phys_postal_code: string;
  phys_region: string;
  bill_street: string;
  bill_street_no: string;
  bill_postal_code: string;
  bill_region: string;
  holder: string;
}

type Ctx = Context<ApiEnv>;

async function linkMeter(c: Ctx, hash: string): Promise<MeterRow> {
  const id = await verifyLink(c.env.LINK_SECRET, "change-address", hash, "m");
  const meter = await c
    .get("db")
    .$client.prepare(
      `SELECT m.id, m.customer_id, m.status, m.division, m.per_code, m.id_code, m.next_code, m.pod,
              m.phys_street, m.phys_street_no, m.phys_postal_code, m.phys_region,
              m.bill_street, m.bill_street_no, m.bill_postal_code, m.bill_region, c.name AS holder
         FROM meters m JOIN customers c ON c.id = m.customer_id WHERE m.id = ?`,
    )
    .bind(id)
    .first<MeterRow>();
  // A supply the billing system dropped is no longer the customer's to change.
  if (!meter || meter.status === "Removed") throw badRequest("bad_token");
  return meter;
}

const billing = (m: MeterRow): ApiAddress => ({
  street: m.bill_street,
  street_no: m.bill_street_no,
  postal_code: m.bill_postal_code,
  region: m.bill_region,
});

async function describe(c: Ctx, meter: MeterRow): Promise<ApiChangeAddressLink> {
  const last = await c
    .get("db")
    .$client.prepare(
      "SELECT same_as_supply, area, state, comments, created_at FROM address_changes WHERE meter_id = ? ORDER BY id DESC LIMIT 1",
    )
    .bind(meter.id)
    .first<{
      same_as_supply: number;
      area: string;
      state: string;
      comments: string;
      created_at: string;
    }>();
  return {
    meter_id: meter.id,
    supply_number: supplyNumberOf(meter),
    holder: meter.holder,
    supply_address: {
      street: meter.phys_street,
      street_no: meter.phys_street_no,
      postal_code: meter.phys_postal_code,
      region: meter.phys_region,
    },
    billing_address: billing(meter),
    last_change: last
      ? {
          same_as_supply: last.same_as_supply === 1,
          area: last.area,
          state: last.state,
          comments: last.comments,
          created_at: last.created_at,
        }
      : null,
  };
}

export const changeAddressRoutes = new Hono<ApiEnv>()
  .get("/links/:hash", async (c) => {
    const meter = await linkMeter(c, c.req.param("hash"));
    return c.json({ data: await describe(c, meter) });
  })

  /** Yes: the billing address becomes the supply address. No: the address typed. */
  .post("/links/:hash", validate("json", changeAddressSchema), async (c) => {
    const meter = await linkMeter(c, c.req.param("hash"));
    const body = c.req.valid("json");
    const same = body.same === "yes";
    const next = same
      ? {
          street: meter.phys_street,
          street_no: meter.phys_street_no,
          city: meter.phys_region,
          zip: meter.phys_postal_code,
          area: "",
          state: "",
        }
      : {
          street: body.street ?? "",
          street_no: body.street_no ?? "",
          city: body.city ?? "",
          zip: body.zip ?? "",
          area: body.area ?? "",
          state: body.state ?? "",
        };
    const db = c.get("db");
    await db.$client.batch([
      db.$client
        .prepare(
          "UPDATE meters SET bill_street = ?, bill_street_no = ?, bill_postal_code = ?, bill_region = ? WHERE id = ?",
        )
        .bind(next.street, next.street_no, next.zip, next.city, meter.id),
      db.$client
        .prepare(
          `INSERT INTO address_changes (meter_id, same_as_supply, street, street_no, city, zip, area, state, comments, previous, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .bind(
          meter.id,
          same ? 1 : 0,
          next.street,
          next.street_no,
          next.city,
          next.zip,
          next.area,
          next.state,
          body.comments ?? "",
          JSON.stringify(billing(meter)),
          nowIso(),
        ),
    ]);
    const updated = await linkMeter(c, c.req.param("hash"));
    return c.json({ data: await describe(c, updated) });
  });
