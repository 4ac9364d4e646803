/**
 * The portal API's contract (spec §3 and §7): what every call takes and answers, in zod, with the
 * types inferred from it. The API serialises to these shapes and validates its input with them;
 * the portal's typed client reads them; an external billing backend behind API_BASE_URL must
 * speak the same. Money is in euros as numbers with two decimals; dates are ISO strings
 * (YYYY-MM-DD) or null. Form schemas the portal shares stay with their rules (core/<feature>).
 */
export * from "./errors";
export * from "./params";
export * from "./users";
export * from "./meters";
export * from "./invoices";
export * from "./readings";
export * from "./messages";
export * from "./payments";
export * from "./direct-debit";
export * from "./requests";
export * from "./applications";
export * from "./pages";
export * from "./calendar";
export * from "./auth";
export * from "./settings";
export * from "./dev";
export * from "./all-smart";
export * from "./people";
export * from "./activity";
export * from "./access-tokens";
export * from "./products";
export * from "./forecast";
export * from "./alerts";
export * from "./tariffs";
export * from "./payment-plans";
export * from "./hardship";
export { apiOkSchema, apiReferenceSchema, apiTokenSchema } from "./common";
