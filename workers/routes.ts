/**
 * Route patterns for the request log: an API path is logged as the Hono route it matched
 * (`/api/payments/links/:purpose/:hash`), never as the path itself, which may carry a signed
 * link, a token or an id that is nobody's business in a log.
 */

interface Pattern {
  method: string;
  path: string;
  regex: RegExp;
}

export interface RouteEntry {
  method: string;
  path: string;
}

/** "/api/users/:userId/meters/:meterId?" → a regular expression over the whole path. */
function toRegex(path: string): RegExp {
  const source = path
    .split("/")
    .filter(Boolean)
    .map((segment) => {
      if (segment === "*") return "(?:/.*)?";
      const param = /^:[A-Za-z0-9_]+(\{.+\})?(\?)?$/.exec(segment);
      if (param) return param[2] ? "(?:/[^/]+)?" : "/[^/]+";
      return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`;
    })
    .join("");
  return new RegExp(`^${source || "/"}/?$`);
}

/**
 * A matcher over a Hono app's route table (`app.routes`): middleware entries (method ALL or a
 * path ending in `*`) are left out, so only endpoints are named. A path that matches none is
 * logged as "(unmatched)": an unknown path is whatever a client typed.
 */
export function routeMatcher(routes: readonly RouteEntry[]) {
  const patterns: Pattern[] = [];
  const seen = new Set<string>();
  for (const route of routes) {
    if (route.method === "ALL" || route.path.endsWith("*")) continue;
    const key = `${route.method} ${route.path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    patterns.push({ method: route.method, path: route.path, regex: toRegex(route.path) });
  }
  return (method: string, pathname: string): string => {
    const wanted = method === "HEAD" ? "GET" : method;
    let anyMethod: string | undefined;
    for (const pattern of patterns) {
      if (!pattern.regex.test(pathname)) continue;
      if (pattern.method === wanted) return pattern.path;
      anyMethod ??= pattern.path;
    }
    return anyMethod ?? UNMATCHED;
  };
}

export const UNMATCHED = "(unmatched)";
