import { allSmartSeed } from "./all-smart.ts";
import { applicationsSeed } from "./applications.ts";
import { directDebitSeed } from "./direct-debit.ts";
import { hardshipSeed } from "./hardship.ts";
import type { SeedTables } from "./rows.ts";
import { pagesSeed } from "./pages.ts";
import { peopleSeed } from "./people.ts";
import { requestsSeed } from "./requests.ts";
import { tokensSeed } from "./tokens.ts";

/**
 * Demo data of the self-service areas (direct debit, allSmart, requests, FAQ, notices, …), each
 * kept in its own module beside this one. Every extra gets the finished core tables (customers,
 * users, meters, …) and the demo date, and returns SQL appended after the core INSERTs: plain
 * INSERT statements for tables its own migration created. Keep each one deterministic.
 */
export interface SeedExtraContext {
  today: string;
  tables: SeedTables;
}

export type SeedExtra = (context: SeedExtraContext) => string;

/** One line per area: `import { x } from "./x.ts"` above and `x,` here. */
export const SEED_EXTRAS: SeedExtra[] = [
  applicationsSeed,
  allSmartSeed,
  pagesSeed,
  requestsSeed,
  directDebitSeed,
  peopleSeed,
  tokensSeed,
  hardshipSeed,
];
