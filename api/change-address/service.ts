import { desc, eq } from "drizzle-orm";
import { supplyAddressColumns, supplyNumberColumns } from "../db/supply-columns";
import type { ApiAddress, ApiChangeAddressLink } from "../../core/contract";
import type { Db } from "../db";
import { customers, meters } from "../db/schema";
import { nowIso } from "../lib/time";
import { auditStatement } from "../services/audit";
import { supplyNumber } from "../../core/supply-number";
import type { ChangeAddressBody } from "../../core/change-address";
import { addressChanges } from "./tables";

const linkMeterColumns = {
  id: meters.id,
  customer_id: meters.customer_id,
  status: meters.status,
  ...supplyNumberColumns,
  ...supplyAddressColumns,
  bill_street: meters.bill_street,
  bill_street_no: meters.bill_street_no,
  bill_postal_code: meters.bill_postal_code,
  bill_region: meters.bill_region,
  holder: customers.name,
};

export type LinkMeter = Pick<
  typeof meters.$inferSelect,
  Exclude<keyof typeof linkMeterColumns, "holder">
> & { holder: string };

/** The supply a link names, with its holder's name. */
export async function findLinkMeter(db: Db, id: number): Promise<LinkMeter | undefined> {
  const [meter] = await db
    .select(linkMeterColumns)
    .from(meters)
    .innerJoin(customers, eq(customers.id, meters.customer_id))
    .where(eq(meters.id, id))
    .limit(1);
  return meter;
}

const billing = (m: LinkMeter): ApiAddress => ({
  street: m.bill_street,
  street_no: m.bill_street_no,
  postal_code: m.bill_postal_code,
  region: m.bill_region,
});

/** What the page shows: the supply, both addresses and the last change sent. */
export async function describe(db: Db, meter: LinkMeter): Promise<ApiChangeAddressLink> {
  const [last] = await db
    .select({
      same_as_supply: addressChanges.same_as_supply,
      area: addressChanges.area,
      state: addressChanges.state,
      comments: addressChanges.comments,
      created_at: addressChanges.created_at,
    })
    .from(addressChanges)
    .where(eq(addressChanges.meter_id, meter.id))
    .orderBy(desc(addressChanges.id))
    .limit(1);
  return {
    meter_id: meter.id,
    supply_number: supplyNumber(meter),
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

/** An address on one line: "street no, postal code region". */
const oneLine = (...[street, no, zip, region]: (string | null)[]) =>
  [[street, no].filter(Boolean).join(" "), [zip, region].filter(Boolean).join(" ")]
    .filter(Boolean)
    .join(", ");

/**
 * Yes: the billing address becomes the supply address. No: the address typed. The meter's bill_*
 * columns and the record of the request change in one batch (one transaction).
 */
export async function changeAddress(db: Db, meter: LinkMeter, body: ChangeAddressBody) {
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
  await db.batch([
    db
      .update(meters)
      .set({
        bill_street: next.street,
        bill_street_no: next.street_no,
        bill_postal_code: next.zip,
        bill_region: next.city,
      })
      .where(eq(meters.id, meter.id)),
    db.insert(addressChanges).values({
      meter_id: meter.id,
      same_as_supply: same ? 1 : 0,
      ...next,
      comments: body.comments ?? "",
      previous: JSON.stringify(billing(meter)),
      created_at: nowIso(),
    }),
    // A signed link, no signed-in person: the entry is the supply's account's, no one named.
    auditStatement(db, {
      action: "address_change",
      customerId: meter.customer_id,
      meterId: meter.id,
      detail: {
        address: [
          oneLine(
            meter.bill_street,
            meter.bill_street_no,
            meter.bill_postal_code,
            meter.bill_region,
          ),
          oneLine(next.street, next.street_no, next.zip, next.city),
        ],
      },
    }),
  ]);
}
