/**
 * The portal's one check for a redirect target that came from the client (the login form's
 * `redirectTo`, the language switch, the settings dialog's `return_to`, the checkout's `back`…):
 * it only ever returns a path of this origin ("/b2b/paroxes?x=1#top"), or the fallback.
 *
 * The input is normalised first (the WHATWG URL parser: dot segments, `%2e`, percent-encoding)
 * and the checks run on the normalised result, because that is what the Location header carries
 * and what the browser resolves: "/.//evil.com" passes a check on the raw string ("/" then ".")
 * yet normalises to "//evil.com", a scheme-relative URL to another site.
 */

/** Longer targets are refused: no real page of the portal needs more, and it bounds the work. */
export const MAX_REDIRECT_LENGTH = 2048;

/** A base that no real request has, so "same origin as the base" means "a path, nothing more". */
const BASE = "https://portal.invalid";

/** C0 controls, DEL and C1 controls: URL parsers drop tabs and newlines ("/\t/evil" → "//evil"). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point here
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** Paths the user must never land on straight after signing in. */
const NEVER = new Set(["/logout"]);

/**
 * True when `path` (already normalised) is a path of this origin once read the way any party on
 * the way might read it: as it is, and decoded once or twice (a proxy or a framework that
 * decodes "%2f" or "%5c" must not find "//evil.com" or "/\evil.com" either).
 */
function staysHome(path: string): boolean {
  let current = path;
  for (let decodings = 0; ; decodings++) {
    if (!current.startsWith("/") || current.startsWith("//")) return false;
    if (current.includes("\\") || CONTROL.test(current)) return false;
    let resolved: URL;
    try {
      resolved = new URL(current, BASE);
    } catch {
      return false;
    }
    if (resolved.origin !== BASE || resolved.pathname.startsWith("//")) return false;
    if (!current.includes("%")) return true;
    // Still encoded after three decodings: nothing legitimate is encoded that deep.
    if (decodings === 3) return false;
    try {
      current = decodeURIComponent(current);
    } catch {
      // A stray "%" that is not an escape: no page of ours has one.
      return false;
    }
  }
}

/**
 * `to` as a same-origin path (query and hash kept), or `fallback` when it is anything else: not
 * a string, empty, too long, not starting with "/", with control characters or backslashes, or
 * normalising to something that leaves the origin ("//x", "/\x", "/.//x", "/a/..//x",
 * "/%2e%2e//x", "/%2f%2fx", "/%5cx", absolute URLs, "javascript:"…).
 */
export function safeRedirect(to: unknown, fallback = "/b2b/episkopisi"): string {
  if (typeof to !== "string" || to.length === 0 || to.length > MAX_REDIRECT_LENGTH) {
    return fallback;
  }
  // Raw checks first: only a path, and nothing a parser would silently drop or turn into "/".
  if (!to.startsWith("/") || to.includes("\\") || CONTROL.test(to)) return fallback;
  let url: URL;
  try {
    url = new URL(to, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE || url.username || url.password) return fallback;
  // Then the normalised result, which is what is sent back: it must still be a path of ours.
  const path = url.pathname + url.search + url.hash;
  if (path.length > MAX_REDIRECT_LENGTH * 3) return fallback;
  if (!staysHome(url.pathname) || CONTROL.test(path)) return fallback;
  if (NEVER.has(url.pathname)) return fallback;
  return path;
}
