/**
 * Which deployment this Worker runs as. Production is the default: development-only features
 * (the outbox and demo-link endpoints, fault switches, plain-http cookies, no HSTS) open only on
 * the one explicit local setting `ENVIRONMENT=development` (`.dev.vars`, written by
 * `scripts/ensure-dev-vars.ts`). A missing, empty, misspelt or unknown value means production
 * (docs/decisions/0009-production-by-default.md).
 */
export function isDevelopment(env: { ENVIRONMENT?: string | undefined }): boolean {
  return env.ENVIRONMENT === "development";
}

/** The negation of `isDevelopment`: true for every value but the exact string "development". */
export function isProduction(env: { ENVIRONMENT?: string | undefined }): boolean {
  return !isDevelopment(env);
}
