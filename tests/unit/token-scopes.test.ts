/**
 * Every GET route that takes a bearer is classified for personal access tokens (#19,
 * api/middleware/token-scopes.ts): a scope it needs, or "never". The routes are discovered from
 * Hono's route table, as in route-permissions.test.ts, so a new read route fails here until it is
 * classified on purpose.
 */
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";

interface RouteEntry {
  method: string;
  path: string;
  handler: (...args: never[]) => unknown;
}

let routes: Map<string, RouteEntry[]>;
let requireBearer: unknown;
let TOKEN_ROUTES: Record<string, { need: unknown }>;
let permittedActionOf: (handler: unknown) => string | undefined;

beforeAll(async () => {
  const root = path.resolve(import.meta.dirname, "../..");
  const { apiApp } = (await import(/* @vite-ignore */ path.join(root, "api/app.ts"))) as {
    apiApp: { routes: RouteEntry[] };
  };
  ({ requireBearer } = (await import(
    /* @vite-ignore */ path.join(root, "api/middleware/auth.ts")
  )) as { requireBearer: unknown });
  ({ TOKEN_ROUTES } = (await import(
    /* @vite-ignore */ path.join(root, "api/middleware/token-scopes.ts")
  )) as { TOKEN_ROUTES: typeof TOKEN_ROUTES });
  ({ permittedActionOf } = (await import(
    /* @vite-ignore */ path.join(root, "api/middleware/permit.ts")
  )) as { permittedActionOf: typeof permittedActionOf });
  routes = new Map();
  for (const route of apiApp.routes) {
    if (route.method === "ALL" || route.path.endsWith("*")) continue;
    const key = `${route.method} ${route.path}`;
    routes.set(key, [...(routes.get(key) ?? []), route]);
  }
});

const bearerReads = () =>
  [...routes]
    .filter(([key]) => key.startsWith("GET "))
    .filter(([, handlers]) => handlers.some((h) => h.handler === requireBearer));

describe("every signed-in read route is classified for access tokens", () => {
  it("finds the signed-in read routes", () => {
    expect(bearerReads().length).toBeGreaterThan(25);
  });

  it("has an entry (a scope or never) for each", () => {
    const missing = bearerReads()
      .map(([key]) => key.slice(4))
      .filter((p) => !Object.hasOwn(TOKEN_ROUTES, p));
    expect(missing).toEqual([]);
  });

  it("lists no route that is not a signed-in read", () => {
    const reads = new Set(bearerReads().map(([key]) => key.slice(4)));
    expect(Object.keys(TOKEN_ROUTES).filter((p) => !reads.has(p))).toEqual([]);
  });

  it("opens only routes whose action is read", () => {
    const open = bearerReads().filter(([key]) => TOKEN_ROUTES[key.slice(4)]?.need !== "never");
    const wrong = open
      .filter(([, handlers]) => !handlers.some((h) => permittedActionOf(h.handler) === "read"))
      .map(([key]) => key);
    expect(wrong).toEqual([]);
  });

  it("keeps the session's own pages closed", () => {
    for (const p of [
      "/api/users/:userId/tokens",
      "/api/users/:userId/people",
      "/api/users/:userId/activity",
      "/api/users/:userId/meters/:meterId/shell",
    ])
      expect(TOKEN_ROUTES[p]?.need, p).toBe("never");
  });
});
