/**
 * What one Worker invocation may ask of Cloudflare's services (#36): every D1 query, queue send
 * and R2 call is a subrequest. Workers Paid, which the portal needs for its Queues, allows 10,000
 * an invocation by default; wrangler.toml sets it explicitly in `[limits] subrequests`, and
 * `npm run deploy` refuses a configuration that allows fewer (scripts/deploy.ts), so the
 * back-office batches that count on it (api/backoffice/batch.ts) never meet a lower one.
 * No imports: Node runs this file as it is (the deploy script).
 */
export const SUBREQUESTS_PER_INVOCATION = 10_000;
