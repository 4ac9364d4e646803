import { cardNumberFromSerial } from "../core/all-smart.ts";
import { DEMO } from "./accounts.ts";
import type { SeedExtra } from "./extras.ts";

/**
 * allSmart demo cards (the loyalty-card flow). 900000005 already holds a card ("card exists"); a
 * few issued, unlinked cards can be linked through /all-smart-connect. README "Demo links" lists
 * them.
 */
export const DEMO_CARDS = {
  /** Linked to 900000005 (signupCompany). */
  held: cardNumberFromSerial("00000000001"),
  /** Issued at a shop, not linked to anyone. */
  unlinked: [
    cardNumberFromSerial("00000000002"),
    cardNumberFromSerial("00000000003"),
    cardNumberFromSerial("00000000004"),
    cardNumberFromSerial("00000000005"),
    cardNumberFromSerial("00000000006"),
    cardNumberFromSerial("00000000007"),
  ],
} as const;

export const allSmartSeed: SeedExtra = ({ today }) => {
  const at = `${today}T08:00:00.000Z`;
  const rows = [
    `('${DEMO_CARDS.held}', ${DEMO.signupCompany.customerId}, 'issued', NULL, '${DEMO.signupCompany.phone}', '${at}', '${at}')`,
    ...DEMO_CARDS.unlinked.map((n) => `('${n}', NULL, 'issued', NULL, NULL, '${at}', NULL)`),
  ];
  return `INSERT INTO loyalty_cards (card_number, customer_id, origin, birth_date, phone, created_at, linked_at) VALUES\n${rows.join(",\n")};`;
};
