// Redirect targets sent by the client are checked by the portal's one function for that,
// safeRedirect in app/domain/redirect.ts.

/** The current path and query without `lng` (which would override the language cookie). */
export function pathWithoutLng(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.delete("lng");
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}
