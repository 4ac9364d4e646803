/**
 * Access control: every API endpoint and every page/resource route that takes an id
 * is called by a signed-in customer with ANOTHER customer's ids: 0 leaks.
 *
 * Endpoints are discovered, not listed: the Hono app's route table (api/app.ts) and the React
 * Router route config (app/routes.ts). A path parameter without an owner lookup below fails the
 * test ("add an owner lookup for :x"), so endpoints added later are covered or noticed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO } from "../../seed/accounts.ts";
import { createClient } from "../integration/client.ts";
import { startServer, type TestServer } from "../integration/server.ts";
import {
  apiRouteActions,
  apiRoutes,
  delegatedRoles,
  fetchWorker,
  createPortal,
  fill,
  pageRoutes,
  paramKey,
  paramsOf,
  personOfRole,
  type Portal,
} from "./support.ts";

/** The attacker (signed in) and the victim whose ids the attacker tries. */
const attacker = DEMO.household;
const victim = DEMO.company;

/**
 * Parameters that are not an owned id but a secret or public value: knowing it is the access
 * right, or there is nothing private behind it. Each with its reason.
 */
const NOT_OWNED: Record<string, string> = {
  ":token": "a random single-use secret (activation, reset, redirect-login, gateway session)",
  ":hash": "an HMAC-signed, purpose-bound link (tests/security/hash-links.test.ts)",
  ":purpose": "the link type (pay | instant-bill), public",
  ":orderId": "ord_ + 128 random bits, handed only to the payer's browser",
  "activate/:id": "the activation token (32 random bytes), not a database id",
  "flows/:id": "an all-smart flow id: 128 random bits, known only to the browser that started it",
  "notices/:id": "supplier-wide notices, the same for every signed-in customer",
  "anakoinoseis/:id": "supplier-wide notices, the same for every signed-in customer",
  "files/:fileId":
    "a draft upload id: 128 random bits, also checked against its owner (tests/integration/requests.test.ts)",
  "steps/:step": "the name of a form step (contact, tariff, …), public",
  "drafts/:id":
    "a transfer/new-supply draft id: 128 random bits in an HttpOnly cookie of the browser that started it",
  ":key":
    "the billing system's own key on a back-office route, which only a service credential opens (tests/security/backoffice.test.ts)",
  "vulnerable-applications/:id":
    "a register application's id on a back-office route, which only a service credential with the register scope opens (tests/security/backoffice.test.ts, tests/integration/vulnerable-register.test.ts)",
  ":code":
    "a bill SMS's short link: 10 random base62 characters standing for a signed pay link, which the pay page checks",
  ":lng": "public translation files",
  ":ns": "public translation files",
  ":mark":
    "a myDATA MARK: its public verification page shows only the tax authority's public view (tests/integration/e-invoices.test.ts)",
};

/** How to find an id of the victim for each parameter ("segment/:param" first, then ":param"). */
const OWNER_LOOKUP: Lookup = {
  ":userId": `SELECT id FROM users WHERE id = ${victim.userId}`,
  "users/:id": `SELECT id FROM users WHERE id = ${victim.userId}`,
  "user/:id": `SELECT id FROM users WHERE id = ${victim.userId}`,
  ":meterId": `SELECT id FROM meters WHERE customer_id = ${victim.customerId} ORDER BY id LIMIT 1`,
  ":invoiceId": `SELECT i.id FROM invoices i JOIN meters m ON m.id = i.meter_id WHERE m.customer_id = ${victim.customerId} ORDER BY i.id DESC LIMIT 1`,
  "invoices/:id": `SELECT i.id FROM invoices i JOIN meters m ON m.id = i.meter_id WHERE m.customer_id = ${victim.customerId} ORDER BY i.id DESC LIMIT 1`,
  "getInvoicePdf/:id": `SELECT i.id FROM invoices i JOIN meters m ON m.id = i.meter_id WHERE m.customer_id = ${victim.customerId} ORDER BY i.id DESC LIMIT 1`,
  "invoice-pdf/:id": `SELECT i.id FROM invoices i JOIN meters m ON m.id = i.meter_id WHERE m.customer_id = ${victim.customerId} ORDER BY i.id DESC LIMIT 1`,
  ":messageId": `SELECT id FROM messages WHERE user_id = ${victim.userId} ORDER BY id LIMIT 1`,
  ":readingId": `SELECT r.id FROM readings r JOIN meters m ON m.id = r.meter_id WHERE m.customer_id = ${victim.customerId} ORDER BY r.id DESC LIMIT 1`,
  ":requestId": `SELECT id FROM requests WHERE user_id = ${victim.userId} ORDER BY id LIMIT 1`,
  ":reference": `SELECT reference FROM payment_orders WHERE user_id = ${victim.userId} AND status = 'success' ORDER BY created_at DESC LIMIT 1`,
  ":personId": `SELECT id FROM users WHERE customer_id = ${victim.customerId} ORDER BY id LIMIT 1`,
  ":tokenId": `SELECT id FROM access_tokens WHERE user_id = ${victim.userId} ORDER BY created_at LIMIT 1`,
};

type Lookup = Record<string, string>;

/**
 * #18: the people of one account. ΒΗΤΑ ΑΛΥΣΙΔΑ's admin (20 supplies) and user (5) try the ids of a
 * supply of their own account that is not theirs, and the master's user id: the same refusals.
 */
const team = DEMO.largeCompany;
const notTheirs = team.firstMeterId + 50;
const TEAM_LOOKUP: Lookup = {
  ":userId": `SELECT ${team.userId}`,
  "users/:id": `SELECT ${team.userId}`,
  "user/:id": `SELECT ${team.userId}`,
  ":meterId": `SELECT ${notTheirs}`,
  ":invoiceId": `SELECT id FROM invoices WHERE meter_id = ${notTheirs} ORDER BY id DESC LIMIT 1`,
  "invoices/:id": `SELECT id FROM invoices WHERE meter_id = ${notTheirs} ORDER BY id DESC LIMIT 1`,
  "getInvoicePdf/:id": `SELECT id FROM invoices WHERE meter_id = ${notTheirs} ORDER BY id DESC LIMIT 1`,
  "invoice-pdf/:id": `SELECT id FROM invoices WHERE meter_id = ${notTheirs} ORDER BY id DESC LIMIT 1`,
  ":messageId": `SELECT id FROM messages WHERE meter_id = ${notTheirs} ORDER BY id LIMIT 1`,
  ":readingId": `SELECT id FROM readings WHERE meter_id = ${notTheirs} ORDER BY id DESC LIMIT 1`,
  ":requestId": `SELECT id FROM requests WHERE meter_id = ${notTheirs} ORDER BY id LIMIT 1`,
  ":reference": `SELECT o.reference FROM payment_orders o JOIN payment_order_items i ON i.order_id = o.id WHERE i.meter_id = ${notTheirs} AND o.status = 'success' LIMIT 1`,
  ":personId": `SELECT ${team.userId}`,
  ":tokenId": `SELECT id FROM access_tokens WHERE user_id = ${team.userId} ORDER BY created_at LIMIT 1`,
};

/** Refusals that reveal nothing; a 2xx (or anything else) is a finding. */
const REFUSED = new Set([400, 401, 403, 404, 405, 409, 410]);

let server: TestServer;
let token: string;
let portal: Portal;
let victimIds: Map<string, string>;
/** Strings that only the victim's data contains. */
let markers: string[];

function lookupKey(pattern: string, param: string): string | undefined {
  const specific = paramKey(pattern, param);
  if (specific in NOT_OWNED || specific in OWNER_LOOKUP) return specific;
  if (`:${param}` in NOT_OWNED || `:${param}` in OWNER_LOOKUP) return `:${param}`;
  return undefined;
}

/** The victim's id for each parameter, or an error naming the parameters nobody mapped. */
function victimValues(
  pattern: string,
  lookup: Lookup = OWNER_LOOKUP,
  cache: Map<string, string> = victimIds,
): { values: Record<string, string>; owned: boolean } {
  const values: Record<string, string> = {};
  let owned = false;
  for (const param of paramsOf(pattern)) {
    const key = lookupKey(pattern, param);
    if (!key)
      throw new Error(
        `${pattern}: add an owner lookup for :${param} (OWNER_LOOKUP in tests/security/access.test.ts), or list it in NOT_OWNED with the reason`,
      );
    if (key in NOT_OWNED) {
      values[param] = "not-a-valid-secret";
      continue;
    }
    owned = true;
    let id = cache.get(key);
    if (id === undefined) {
      const row = server.query<Record<string, unknown>>(lookup[key] as string)[0];
      // No such row for the victim in the demo data: an id that exists for nobody still must 404.
      id = row ? String(Object.values(row)[0]) : "999999";
      cache.set(key, id);
    }
    values[param] = id;
  }
  return { values, owned };
}

function expectNoLeak(
  where: string,
  status: number,
  body: string,
  redirectOk = false,
  secrets: string[] = markers,
) {
  for (const marker of secrets)
    expect(body.includes(marker), `${where} leaks "${marker}"`).toBe(false);
  const ok = REFUSED.has(status) || (redirectOk && (status === 302 || status === 303));
  expect(ok, `${where} answered ${status}: ${body.slice(0, 300)}`).toBe(true);
}

beforeAll(async () => {
  server = await startServer();
  const api = createClient(server.baseUrl);
  token = (await api.login(attacker.vat)).access_token;
  portal = createPortal(server.baseUrl);
  await portal.login(attacker.vat);
  victimIds = new Map();
  const meter = server.query<{ per_code: string; sap_id: string }>(
    `SELECT per_code, sap_id FROM meters WHERE customer_id = ${victim.customerId} ORDER BY id LIMIT 1`,
  )[0];
  markers = [victim.vat, victim.name, victim.email, victim.employeeName];
  if (meter) markers.push(meter.sap_id);
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

/** Every API route with an id in its path, called with the victim's ids; returns what it tried. */
async function probeApi(
  bearer: string,
  lookup: Lookup,
  cache: Map<string, string>,
  secrets: string[],
): Promise<string[]> {
  const routes = (await apiRoutes()).filter((r) => paramsOf(r.path).length > 0);
  expect(routes.length).toBeGreaterThan(5);
  const tried: string[] = [];
  for (const route of routes) {
    const { values, owned } = victimValues(route.path, lookup, cache);
    if (!owned) continue;
    const url = fill(route.path, values);
    const response = await fetchWorker(`${server.baseUrl}${url}`, {
      method: route.method,
      headers: {
        authorization: `Bearer ${bearer}`,
        origin: server.baseUrl,
        connection: "close",
        ...(route.method === "GET" ? {} : { "content-type": "application/json" }),
      },
      body: route.method === "GET" ? undefined : "{}",
      redirect: "manual",
    });
    expectNoLeak(`${route.method} ${url}`, response.status, await response.text(), false, secrets);
    tried.push(`${route.method} ${route.path}`);
  }
  return tried;
}

describe("API endpoints with another customer's ids", () => {
  it("every endpoint with an id in its path refuses the attacker (discovered from api/app.ts)", async () => {
    const tried = await probeApi(token, OWNER_LOOKUP, victimIds, markers);
    expect(tried).toEqual(expect.arrayContaining(["GET /api/users/:userId/meters"]));
  });

  it("the same endpoints answer the owner (the probe itself can see data)", async () => {
    const response = await fetchWorker(`${server.baseUrl}/api/users/${attacker.userId}/meters`, {
      headers: { authorization: `Bearer ${token}`, connection: "close" },
    });
    expect(response.status).toBe(200);
    const own = await fetchWorker(`${server.baseUrl}/api/users/${attacker.userId}`, {
      headers: { authorization: `Bearer ${token}`, connection: "close" },
    });
    expect(await own.text()).toContain(attacker.vat);
  });

  it("an unmapped path parameter fails with a clear message", () => {
    expect(() => victimValues("/api/users/:userId/widgets/:widgetId")).toThrow(
      /add an owner lookup for :widgetId/,
    );
  });
});

/** Every role but the master's, from the contract (a viewer of #38 §4 is made for the run). */
const delegated = await delegatedRoles();

describe("#18: each person of an account with the ids of supplies that are not theirs", () => {
  for (const role of delegated)
    it(`the ${role}: every endpoint with an id in its path refuses (discovered)`, async () => {
      const person = personOfRole(server, role);
      expect(person.meterIds).not.toContain(notTheirs);
      const bearer = (await createClient(server.baseUrl).login(person.email)).access_token;
      const meter = server.query<{ per_code: string | null; pod: string | null; sap_id: string }>(
        `SELECT per_code, pod, sap_id FROM meters WHERE id = ${notTheirs}`,
      )[0];
      const secrets = [meter?.per_code, meter?.pod, meter?.sap_id].filter(
        (v): v is string => typeof v === "string" && v.length > 0,
      );
      expect(secrets.length).toBeGreaterThan(0);
      const tried = await probeApi(bearer, TEAM_LOOKUP, new Map(), secrets);
      expect(tried).toEqual(
        expect.arrayContaining([
          "GET /api/users/:userId/meters",
          "GET /api/invoices/:id",
          "GET /api/users/:userId/meters/:meterId/shell",
        ]),
      );
    });
});

describe("#38 §4: a viewer only looks", () => {
  /** The actions a role may not use, each refused on every route that names it (discovered). */
  const REFUSED_TO_VIEWER = ["manage_supply", "submit_reading", "manage_people"];

  it("is refused every manage_supply, submit_reading and manage_people route: 403 not_permitted", async () => {
    const viewer = personOfRole(server, "viewer");
    const bearer = (await createClient(server.baseUrl).login(viewer.email)).access_token;
    const own: Record<string, string> = {
      userId: String(viewer.userId),
      id: String(viewer.userId),
      meterId: String(viewer.meterIds[0]),
      personId: String(viewer.userId),
    };
    const routes = (await apiRouteActions()).filter((r) =>
      REFUSED_TO_VIEWER.includes(r.action ?? ""),
    );
    expect(routes.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining(["POST /api/payments/orders", "POST /api/readings"]),
    );
    const answered: string[] = [];
    for (const route of routes) {
      const url = fill(route.path, {
        ...Object.fromEntries(paramsOf(route.path).map((p) => [p, "1"])),
        ...own,
      });
      const response = await fetchWorker(`${server.baseUrl}${url}`, {
        method: route.method,
        headers: {
          authorization: `Bearer ${bearer}`,
          origin: server.baseUrl,
          connection: "close",
          ...(route.method === "GET" ? {} : { "content-type": "application/json" }),
        },
        body: route.method === "GET" ? undefined : "{}",
      });
      const body = (await response.json().catch(() => ({}))) as { error?: { code?: string } };
      if (response.status !== 403 || body.error?.code !== "not_permitted")
        answered.push(`${route.method} ${url} → ${response.status} ${JSON.stringify(body)}`);
    }
    expect(answered).toEqual([]);
  });

  it("still reads the bills of the supplies given (the refusals are the rule's, not a broken login)", async () => {
    const viewer = personOfRole(server, "viewer");
    const bearer = (await createClient(server.baseUrl).login(viewer.email)).access_token;
    const response = await fetchWorker(`${server.baseUrl}/api/users/${viewer.userId}/invoices`, {
      headers: { authorization: `Bearer ${bearer}`, connection: "close" },
    });
    expect(response.status).toBe(200);
  });
});

describe("pages and resource routes with another customer's ids", () => {
  it("every route with an id in its path refuses the attacker (discovered from app/routes.ts)", async () => {
    const routes = (await pageRoutes()).filter((r) => paramsOf(r.path).length > 0);
    let tried = 0;
    for (const route of routes) {
      const { values, owned } = victimValues(route.path);
      if (!owned) continue;
      const url = fill(route.path, values);
      const response = await portal.request(url);
      // A page may send the attacker elsewhere (sign-in, the bills list), never to the resource.
      expect(response.location ?? "", url).not.toContain(url);
      expectNoLeak(`GET ${url}`, response.status, response.text, true);
      tried++;
    }
    expect(tried).toBeGreaterThanOrEqual(2);
  });

  it("selecting another customer's supply in the header does not show it", async () => {
    const meterId = victimValues("/:meterId").values.meterId as string;
    const response = await portal.request("/b2b/select-meter", {
      form: new URLSearchParams({ meter_id: meterId }),
    });
    expect(response.status).toBeLessThan(500);
    for (const page of ["/b2b", "/b2b/episkopisi", "/b2b/logariasmoi", "/b2b/kataxorisi"]) {
      const shown = await portal.request(page);
      expect(shown.status, page).toBeLessThan(500);
      for (const marker of markers)
        expect(shown.text.includes(marker), `${page} shows "${marker}"`).toBe(false);
    }
  });
});
