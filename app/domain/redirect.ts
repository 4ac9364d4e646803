/**
 * Only same-origin paths may be used as a post-login destination: "/b2b/paroxes?x=1" yes;
 * "https://evil", "//evil", "/\\evil" and anything with control characters no.
 */
export function safeRedirect(to: unknown, fallback = "/b2b/episkopisi"): string {
  if (typeof to !== "string" || to.length === 0 || to.length > 1000) return fallback;
  if (!to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  // Control characters (tabs/newlines are stripped by URL parsers and could turn "/\t/evil" into "//evil").
  for (let i = 0; i < to.length; i++) {
    if (to.charCodeAt(i) < 0x20 || to.charCodeAt(i) === 0x7f) return fallback;
  }
  try {
    const url = new URL(to, "http://portal.invalid");
    if (url.origin !== "http://portal.invalid") return fallback;
    // Never bounce back to pages that would undo the sign-in.
    if (url.pathname === "/logout") return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}
