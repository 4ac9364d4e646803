// Secrets come from .dev.vars locally and `wrangler secret put` in production; never from wrangler.toml.
interface Env {
  SESSION_SECRET: string;
  JWT_SECRET: string;
  LINK_SECRET: string;
  API_BASE_URL?: string;
  /**
   * Origin of emailed and texted links, e.g. "https://my.nrg.gr" (core/public-origin.ts).
   * Unset: https://PRODUCTION_HOST, or a loopback request's origin in local development.
   */
  PUBLIC_ORIGIN?: string;
  /** Shared key of the payment acquirer; derived from LINK_SECRET when unset (local test acquirer). */
  GATEWAY_SECRET?: string;
  /** Tests only (ignored in production): share of D1 statements that fail on purpose, 0..1. */
  D1_FAULT_RATE?: string;
  /**
   * Development only (ignored in production): milliseconds waited before every D1 call, to see
   * what each sequential round trip to a distant primary costs (api/db/resilient.ts).
   */
  D1_DELAY_MS?: string;
}
