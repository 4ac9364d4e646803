/**
 * Where a form may send the user back to: same-origin paths only ("/b2b/paroxes?x=1"), never
 * "//evil.example", "/\\evil.example" or an absolute URL. Anything else falls back.
 */
export function safeRedirectPath(
  value: FormDataEntryValue | string | null | undefined,
  fallback = "/",
): string {
  if (typeof value !== "string") return fallback;
  const path = value.trim();
  if (!path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return fallback;
  // Control characters (CR/LF, tab…) have no place in a path and can smuggle a second URL.
  if ([...path].some((char) => char.charCodeAt(0) < 0x20)) return fallback;
  try {
    const base = "http://portal.invalid";
    const url = new URL(path, base);
    if (url.origin !== base) return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}

/** The current path and query without `lng` (which would override the language cookie). */
export function pathWithoutLng(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.delete("lng");
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}
