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
  /** Viva Smart Checkout (PAYMENT_PROVIDER=viva): OAuth2 client of the Smart Checkout API. */
  VIVA_CLIENT_ID?: string;
  VIVA_CLIENT_SECRET?: string;
  /** Viva's Basic-auth API (webhook key, order look-ups, refunds). */
  VIVA_MERCHANT_ID?: string;
  VIVA_API_KEY?: string;
  /** Development and tests only (a deploy refuses them): the hosts of a loopback stand-in. */
  VIVA_ACCOUNTS_URL?: string;
  VIVA_API_URL?: string;
  VIVA_CHECKOUT_URL?: string;
  /** Twilio (SMS_PROVIDER=twilio). */
  TWILIO_ACCOUNT_SID?: string;
  TWILIO_AUTH_TOKEN?: string;
  /** Development and tests only (a deploy refuses it): a loopback stand-in of Twilio's API. */
  TWILIO_API_URL?: string;
  /** Development and tests only: seconds between outbox delivery retries (api/messages/delivery.ts). */
  OUTBOX_RETRY_SECONDS?: string;
  /** Tests only (ignored in production): share of D1 statements that fail on purpose, 0..1. */
  D1_FAULT_RATE?: string;
  /**
   * Development only (ignored in production): milliseconds waited before every D1 call, to see
   * what each sequential round trip to a distant primary costs (api/db/resilient.ts).
   */
  D1_DELAY_MS?: string;
  /**
   * Development and tests only (ignored in production): the instant the Worker's clock starts at,
   * e.g. `2026-12-01T23:30:00Z` (workers/dev-clock.ts).
   */
  DEV_CLOCK?: string;
}
