import { DEMO } from "./accounts.ts";
import type { SeedExtra } from "./extras.ts";

/**
 * #38 §2: the household's main supply (meter 1) has ΚΟΤ category Α, for a household of one, for
 * the demo date's calendar year, as the billing system sends it (social_tariffs, 0031). Its
 * four-month cap and the discount line of its bills follow from its bills (core/social-tariff.ts).
 * No other supply has ΚΟΤ, and none is on the vulnerable register: the household applies itself.
 */
export const DEMO_SOCIAL_TARIFF = { category: "A", householdSize: 1 } as const;

export const hardshipSeed: SeedExtra = ({ today }) => {
  const year = today.slice(0, 4);
  return `INSERT INTO social_tariffs (meter_id, category, household_size, valid_from, valid_to, updated_at) VALUES (${DEMO.household.mainMeterId}, '${DEMO_SOCIAL_TARIFF.category}', ${DEMO_SOCIAL_TARIFF.householdSize}, '${year}-01-01', '${year}-12-31', '${today}T00:00:00.000Z');`;
};
