import { meters } from "./schema";

/**
 * The columns of `meters` that several features read together, named once: what makes the supply
 * number (core/supply-number.ts) and the supply's address. A feature spreads them into its own
 * `select({ … })` beside the columns only it needs.
 */
export const supplyNumberColumns = {
  division: meters.division,
  per_code: meters.per_code,
  id_code: meters.id_code,
  next_code: meters.next_code,
  pod: meters.pod,
};

export const supplyAddressColumns = {
  phys_street: meters.phys_street,
  phys_street_no: meters.phys_street_no,
  phys_postal_code: meters.phys_postal_code,
  phys_region: meters.phys_region,
};

type SupplyAddress = Pick<typeof meters.$inferSelect, keyof typeof supplyAddressColumns>;

/** The supply's address on one line, as receipts and the direct-debit pages show it. */
export function supplyAddress(m: SupplyAddress): string {
  return `${m.phys_street} ${m.phys_street_no}, ${m.phys_postal_code} ${m.phys_region}`.trim();
}
