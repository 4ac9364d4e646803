/**
 * The API's 429 (api/services/throttle.ts) as the portal's forms show it: the translated "too many
 * attempts, try again later" above the form, and the page answering 429 with the API's
 * `Retry-After` (which the API also puts in the error's message).
 */
export const TOO_MANY_ATTEMPTS = "common:error.tooManyAttempts";

/** `Retry-After` for a page answering a 429 of the API; empty for any other answer. */
export function retryAfterHeaders(failure: {
  status: number;
  message?: string;
}): Record<string, string> {
  if (failure.status !== 429) return {};
  const seconds = Number(failure.message);
  return Number.isInteger(seconds) && seconds > 0 ? { "Retry-After": String(seconds) } : {};
}

/**
 * For a route's `headers` export: the document answer keeps the action's `Retry-After` (React
 * Router passes only cookies on from an action's `data()` by itself).
 */
export function withRetryAfter(actionHeaders: Headers, base: HeadersInit = {}): Headers {
  const headers = new Headers(base);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}
