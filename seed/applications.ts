import { DEMO } from "./accounts.ts";
import type { SeedExtra } from "./extras.ts";

/**
 * Demo data of the transfer flow (/metavasi): holders of supplies with other suppliers in the
 * stand-in of the operator's register (our own customers count as holders too), and one transfer
 * already under way. README "Demo accounts" and docs/demo-data.md list these inputs.
 */
export const TRANSFER_DEMO = {
  /** A holder with another supplier: moves any supply number that is not ours. */
  holder: { vat: "710000006", phone: "6971234567", name: "Νίκος Αντωνίου" },
  secondHolder: { vat: "730000009", phone: "6972345678", name: "Μαρία Γεωργίου" },
  /** A valid VAT that no register knows: a new customer switching in (#35 §5), who goes on. */
  unknownVat: "123456783",
  /** A VAT that fails its check digit: "VAT not found" (spec §8). */
  badCheckDigitVat: "123456789",
  /** A supply that already has a transfer under way ("pending transfer"). */
  pendingSupply: "176543210",
  pendingReference: "T-2026-000001",
  /** The household's main supply: already with us. */
  ourSupply: DEMO.household.mainPerCode,
} as const;

export const applicationsSeed: SeedExtra = ({ today }) => {
  const at = `${today}T09:00:00.000Z`;
  const { holder, secondHolder } = TRANSFER_DEMO;
  const payload = JSON.stringify({
    phone: secondHolder.phone,
    email: "maria.georgiou@example.gr",
    afm: secondHolder.vat,
    tariff: "residential",
    supply_number: TRANSFER_DEMO.pendingSupply,
  });
  return [
    `INSERT INTO holder_registry (afm, phone, name) VALUES`,
    `('${holder.vat}', '${holder.phone}', '${holder.name}'),`,
    `('${secondHolder.vat}', '${secondHolder.phone}', '${secondHolder.name}');`,
    `INSERT INTO applications (id, reference, kind, status, afm, email, phone, supply_number, payload, lang, created_at) VALUES`,
    `(1, '${TRANSFER_DEMO.pendingReference}', 'transfer', 'in_progress', '${secondHolder.vat}', 'maria.georgiou@example.gr', '${secondHolder.phone}', '${TRANSFER_DEMO.pendingSupply}', '${payload}', 'el', '${at}');`,
  ].join("\n");
};
