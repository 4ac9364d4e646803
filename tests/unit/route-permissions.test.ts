/**
 * Every API route that takes a bearer names the action it performs (core/permissions.ts), through
 * `permit(action)` (api/middleware/permit.ts) after `requireBearer`, so that no route is open to
 * every role by omission (#18). The routes are discovered from Hono's route table, as in
 * route-contracts.test.ts; the write routes a user may not use are checked against the table.
 */
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";

interface RouteEntry {
  method: string;
  path: string;
  handler: (...args: never[]) => unknown;
}

let routes: Map<string, RouteEntry[]>;
let permittedActionOf: (handler: unknown) => string | undefined;
let requireBearer: unknown;

beforeAll(async () => {
  const root = path.resolve(import.meta.dirname, "../..");
  const { apiApp } = (await import(/* @vite-ignore */ path.join(root, "api/app.ts"))) as {
    apiApp: { routes: RouteEntry[] };
  };
  ({ permittedActionOf } = (await import(
    /* @vite-ignore */ path.join(root, "api/middleware/permit.ts")
  )) as { permittedActionOf: typeof permittedActionOf });
  ({ requireBearer } = (await import(
    /* @vite-ignore */ path.join(root, "api/middleware/auth.ts")
  )) as { requireBearer: unknown });
  routes = new Map();
  for (const route of apiApp.routes) {
    if (route.method === "ALL" || route.path.endsWith("*")) continue;
    const key = `${route.method} ${route.path}`;
    routes.set(key, [...(routes.get(key) ?? []), route]);
  }
});

const bearerRoutes = () =>
  [...routes].filter(([, handlers]) => handlers.some((h) => h.handler === requireBearer));

const actionOf = (handlers: RouteEntry[]) =>
  handlers.map((h) => permittedActionOf(h.handler)).find((a) => a !== undefined);

describe("every signed-in API route names its action", () => {
  it("finds the signed-in routes", () => {
    expect(bearerRoutes().length).toBeGreaterThan(40);
  });

  it("has permit(action) right after requireBearer", () => {
    const missing = bearerRoutes()
      .filter(([, handlers]) => {
        const at = handlers.findIndex((h) => h.handler === requireBearer);
        return permittedActionOf(handlers[at + 1]?.handler) === undefined;
      })
      .map(([key]) => key);
    expect(missing).toEqual([]);
  });

  it("gives every write of a supply (pay, direct debit, requests) the manage_supply action", () => {
    const writes = [
      "POST /api/payments/orders",
      "PUT /api/users/:userId/direct-debits/:meterId",
      "DELETE /api/users/:userId/direct-debits/:meterId",
      "POST /api/requests/name-change",
      "POST /api/requests/cancellation",
    ];
    for (const key of writes) expect(actionOf(routes.get(key) ?? []), key).toBe("manage_supply");
  });

  it("lets every role send a reading", () => {
    expect(actionOf(routes.get("POST /api/readings") ?? [])).toBe("submit_reading");
  });
});
