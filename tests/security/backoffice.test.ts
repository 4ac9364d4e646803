/**
 * #36 §1 the back-office gate, against the real Worker: every /api/backoffice route (discovered
 * from api/app.ts, each with the scope its requireService names) refuses everything but a live
 * service credential with that scope, and a service credential opens no other route.
 */
import { createHash, randomBytes } from "node:crypto";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO } from "../../seed/accounts.ts";
import { createServiceClient } from "../integration/backoffice-client.ts";
import { createClient, signInPage } from "../integration/client.ts";
import { startServer, type TestServer } from "../integration/server.ts";
import { apiRoutes, fill, paramsOf, root } from "./support.ts";

let server: TestServer;
let api: ReturnType<typeof createClient>;
let jwt: string;
let cookie: string;
const h = DEMO.household;
const PAT = "nrg_demo_read_100000003";

interface GateRoute {
  method: string;
  path: string;
  scope: string;
}

/** The back-office routes with the scope their gate needs (api/backoffice/auth.ts). */
async function backofficeRoutes(): Promise<GateRoute[]> {
  // Imported by path at run time (the API's types need the Workers runtime types).
  const { apiApp } = (await import(/* @vite-ignore */ path.join(root, "api", "app.ts"))) as {
    apiApp: { routes: Array<{ method: string; path: string; handler: unknown }> };
  };
  const { serviceScopeOf } = (await import(
    /* @vite-ignore */ path.join(root, "api", "backoffice", "auth.ts")
  )) as { serviceScopeOf: (handler: unknown) => string | undefined };
  const found = new Map<string, GateRoute>();
  for (const r of apiApp.routes) {
    if (!r.path.startsWith("/api/backoffice/")) continue;
    const scope = serviceScopeOf(r.handler);
    if (scope) found.set(`${r.method} ${r.path}`, { method: r.method, path: r.path, scope });
  }
  const all = (await apiRoutes()).filter((r) => r.path.startsWith("/api/backoffice/"));
  // A back-office route without a gate would be open to anyone: none may exist.
  expect(all.map((r) => `${r.method} ${r.path}`).sort()).toEqual([...found.keys()].sort());
  return [...found.values()];
}

const pathOf = (pattern: string) =>
  fill(pattern, Object.fromEntries(paramsOf(pattern).map((p) => [p, "K-1"]))).replace(/^\/api/, "");

/** One call; without an Authorization header it comes from the portal's origin (past the CSRF check). */
async function hit(route: { method: string; path: string }, headers: Record<string, string>) {
  const r = await api.call(pathOf(route.path), {
    method: route.method,
    headers,
    body: route.method === "GET" ? undefined : { items: [] },
    origin: !("authorization" in headers),
  });
  return r.status;
}

let routes: GateRoute[];
let full: { id: number; credential: string };

beforeAll(async () => {
  server = await startServer();
  api = createClient(server.baseUrl);
  routes = await backofficeRoutes();
  jwt = (await api.login(h.vat)).access_token;
  cookie = (await signInPage(server.baseUrl, h.vat)).cookie;
  full = createServiceClient(server, "billing-all", [
    "customers",
    "supplies",
    "invoices",
    "payments",
    "readings",
    "messages",
    "tariffs",
    "register",
  ]);
});
afterAll(async () => {
  await server?.stop();
});

describe("#36 the back-office routes open only with a service credential", () => {
  it("discovers the routes, each with its scope", () => {
    expect(routes.length).toBeGreaterThanOrEqual(4);
    expect(routes.map((r) => r.scope)).toEqual(expect.arrayContaining(["invoices", "payments"]));
  });

  it("no credential, a session's JWT, a personal access token, a session cookie, junk: 401", async () => {
    const refusals: string[] = [];
    for (const route of routes) {
      for (const [what, headers] of [
        ["none", {}],
        ["jwt", { authorization: `Bearer ${jwt}` }],
        ["pat", { authorization: `Bearer ${PAT}` }],
        ["cookie", { cookie }],
        [
          "basic",
          { authorization: `Basic ${Buffer.from(`${h.vat}:Demo2026!`).toString("base64")}` },
        ],
        ["forged", { authorization: `Bearer nrgbo_${full.id}_${"A".repeat(43)}` }],
      ] as const) {
        const status = await hit(route, {
          ...headers,
          "cf-connecting-ip": `10.36.0.${routes.indexOf(route)}`,
        });
        if (status !== 401) refusals.push(`${route.method} ${route.path} ${what}: ${status}`);
      }
    }
    expect(refusals).toEqual([]);
  });

  it("a credential without the route's scope is 403; with it the gate lets the call through", async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      const other = createServiceClient(server, `not-${route.scope}-${routes.indexOf(route)}`, [
        route.scope === "tariffs" ? "customers" : "tariffs",
      ]);
      const refused = await hit(route, { authorization: `Bearer ${other.credential}` });
      const allowed = await hit(route, { authorization: `Bearer ${full.credential}` });
      // Through the gate an empty batch is the route's own 400 (or 404 for an unknown key).
      if (refused !== 403 || [401, 403].includes(allowed)) {
        wrong.push(
          `${route.method} ${route.path}: without ${route.scope} ${refused}, with ${allowed}`,
        );
      }
    }
    expect(wrong).toEqual([]);
  });

  it("a rotated secret stops at once, a revoked client opens nothing", async () => {
    const client = createServiceClient(server, "rotating", ["invoices"]);
    const route = routes.find((r) => r.scope === "invoices" && r.method === "POST")!;
    expect(await hit(route, { authorization: `Bearer ${client.credential}` })).toBe(400);
    const secret = randomBytes(32).toString("base64url");
    const hash = createHash("sha256").update(secret).digest("base64url");
    server.query(`UPDATE backoffice_clients SET secret_hash = '${hash}' WHERE id = ${client.id}`);
    expect(await hit(route, { authorization: `Bearer ${client.credential}` })).toBe(401);
    const rotated = `nrgbo_${client.id}_${secret}`;
    expect(await hit(route, { authorization: `Bearer ${rotated}` })).toBe(400);
    server.query(
      `UPDATE backoffice_clients SET revoked_at = '${new Date().toISOString()}' WHERE id = ${client.id}`,
    );
    expect(await hit(route, { authorization: `Bearer ${rotated}` })).toBe(401);
  });

  it("bad credentials from one address: 429 after 20 an hour, while a valid one is still served", async () => {
    const route = routes.find((r) => r.scope === "invoices" && r.method === "POST")!;
    const ip = { "cf-connecting-ip": "10.36.9.9" };
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      statuses.push(await hit(route, { ...ip, authorization: `Bearer nrgbo_1_${"B".repeat(43)}` }));
    }
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
    expect(await hit(route, { ...ip, authorization: `Bearer ${full.credential}` })).toBe(400);
  });

  it("every call through the gate is in the activity log with the client's name", () => {
    const rows = server.query<{ detail: string; customer_id: number | null }>(
      "SELECT detail, customer_id FROM audit_log WHERE action = 'backoffice_call' ORDER BY id",
    );
    expect(rows.some((r) => /^billing-all POST \/backoffice\/invoices 400$/.test(r.detail))).toBe(
      true,
    );
    expect(
      rows.some((r) => r.detail.startsWith("not-invoices-") && r.detail.endsWith(" 403")),
    ).toBe(true);
    // Not a customer's entry: no account's activity page lists them.
    expect(rows.every((r) => r.customer_id === null)).toBe(true);
    const [client] = server.query<{ last_used_at: string | null }>(
      `SELECT last_used_at FROM backoffice_clients WHERE id = ${full.id}`,
    );
    expect(client?.last_used_at).toBeTruthy();
  });
});

describe("#36 a service credential opens no customer route", () => {
  it("every other API route that takes a bearer (discovered) refuses it", async () => {
    const { apiApp } = (await import(/* @vite-ignore */ path.join(root, "api", "app.ts"))) as {
      apiApp: { routes: Array<{ method: string; path: string; handler: unknown }> };
    };
    const { requireBearer } = (await import(
      /* @vite-ignore */ path.join(root, "api", "middleware", "auth.ts")
    )) as { requireBearer: unknown };
    const guarded = new Map<string, { method: string; path: string }>();
    for (const r of apiApp.routes) {
      if (r.handler === requireBearer && r.method !== "ALL" && !r.path.endsWith("*")) {
        guarded.set(`${r.method} ${r.path}`, r);
      }
    }
    expect(guarded.size).toBeGreaterThan(30);
    const opened: string[] = [];
    for (const route of guarded.values()) {
      const values = Object.fromEntries(
        paramsOf(route.path).map((p) => [
          p,
          p === "userId" || p === "id" ? String(h.userId) : String(h.mainMeterId),
        ]),
      );
      const r = await api.call(fill(route.path, values).replace(/^\/api/, ""), {
        method: route.method,
        headers: { authorization: `Bearer ${full.credential}` },
        body: route.method === "GET" ? undefined : {},
        origin: false,
      });
      if (r.status !== 401) opened.push(`${route.method} ${route.path}: ${r.status}`);
    }
    expect(opened).toEqual([]);
  });
});
