// Secrets come from .dev.vars locally and `wrangler secret put` in production; never from wrangler.toml.
interface Env {
  SESSION_SECRET: string;
  JWT_SECRET: string;
  LINK_SECRET: string;
  API_BASE_URL?: string;
  /** Shared key of the payment acquirer; derived from LINK_SECRET when unset (local test acquirer). */
  GATEWAY_SECRET?: string;
  /** Tests only (ignored in production): share of D1 statements that fail on purpose, 0..1. */
  D1_FAULT_RATE?: string;
}
