/**
 * Cross-site request forgery: every action, posted by a signed-in customer's browser
 * from another site or without an Origin, changes nothing. Actions are discovered from
 * app/routes.ts (modules that export `action`); API endpoints from api/app.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO } from "../../seed/accounts.ts";
import { startServer, type TestServer } from "../integration/server.ts";
import {
  apiRoutes,
  createPortal,
  dbFingerprint,
  delegatedRoles,
  EVIL_ORIGIN,
  fetchWorker,
  fill,
  pageRoutes,
  paramsOf,
  personOfRole,
  type Portal,
} from "./support.ts";

const user = DEMO.household;

/** What a forged form would send: the fields of the portal's forms, valid where it matters. */
const FORGED_FIELDS = new URLSearchParams({
  intent: "save",
  username: user.vat,
  password: "Demo2026!",
  old_password: "Demo2026!",
  new_password: "Forged2026!x",
  password_confirm: "Forged2026!x",
  confirm: "Forged2026!x",
  email: "attacker@evil.example",
  phone: "6900000000",
  meter_id: String(user.mainMeterId),
  lng: "en",
  language: "en",
  message: "forged",
  reading: "99999",
  day: "99999",
  night: "99999",
});

const VARIANTS: Array<{ name: string; headers: Record<string, string> }> = [
  { name: "Origin: https://evil.example", headers: { origin: EVIL_ORIGIN } },
  {
    name: "no Origin, Sec-Fetch-Site: cross-site",
    headers: { origin: "", "sec-fetch-site": "cross-site" },
  },
  { name: "Origin: null", headers: { origin: "null" } },
  { name: "no Origin at all", headers: { origin: "" } },
];

let server: TestServer;
let portal: Portal;
let ownInvoiceId: string;

beforeAll(async () => {
  server = await startServer();
  portal = createPortal(server.baseUrl);
  await portal.login(user.vat);
  const row = server.query<{ id: number }>(
    `SELECT i.id FROM invoices i JOIN meters m ON m.id = i.meter_id WHERE m.customer_id = ${user.customerId} ORDER BY i.id DESC LIMIT 1`,
  )[0];
  ownInvoiceId = String(row?.id ?? 1);
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

/**
 * #18: the same forged posts from the session of each other role of a business account (the
 * household above is a master): every role of the contract but the master's (its admin and its
 * user as the demo data has them; a viewer, #38 §4, made for the run: support.ts personOfRole).
 */
const team = (await delegatedRoles()).map((role) => ({ role }));

describe("cross-site posts to the portal's actions", () => {
  it("every action refuses every cross-site variant with 403 and the database is unchanged", async () => {
    await refusesEveryForgedPost(portal);
  });

  it.each(team)("the same from the session of a business account's $role", async ({ role }) => {
    const person = createPortal(server.baseUrl);
    await person.login(personOfRole(server, role).email);
    await refusesEveryForgedPost(person);
  });

  async function refusesEveryForgedPost(portal: Portal) {
    const actions = (await pageRoutes()).filter((r) => r.hasAction);
    expect(actions.map((a) => a.path)).toEqual(
      expect.arrayContaining(["/login", "/logout", "/b2b/settings", "/contact"]),
    );
    const before = dbFingerprint(server);
    const failures: string[] = [];
    for (const route of actions) {
      const values = Object.fromEntries(
        paramsOf(route.path).map((p) => [p, /invoice/i.test(p) ? ownInvoiceId : "x"]),
      );
      const url = fill(route.path.replace(/\/\*$/, "/x"), values);
      for (const variant of VARIANTS) {
        const response = await portal.request(url, {
          form: FORGED_FIELDS,
          headers: variant.headers,
        });
        if (response.status !== 403) failures.push(`${url} [${variant.name}] → ${response.status}`);
      }
    }
    expect(failures).toEqual([]);
    expect(dbFingerprint(server)).toEqual(before);
    // Still signed in: the forged /logout did not end the session.
    const page = await portal.request("/b2b/settings");
    expect(page.status).toBe(200);
  }

  it("the same forms posted from our own origin are accepted (the check is not a blanket 403)", async () => {
    const sameOrigin = await portal.request("/language", {
      form: new URLSearchParams({ lng: "en", redirectTo: "/b2b" }),
    });
    expect(sameOrigin.status).not.toBe(403);
    expect(sameOrigin.status).toBeLessThan(500);
    const fetchMetadata = await portal.request("/language", {
      form: new URLSearchParams({ lng: "el", redirectTo: "/b2b" }),
      headers: { origin: "", "sec-fetch-site": "same-origin" },
    });
    expect(fetchMetadata.status).not.toBe(403);
    expect(fetchMetadata.status).toBeLessThan(500);
  });
});

describe("cross-site calls to the API", () => {
  it("every state-changing endpoint refuses a cookie-less cross-site call (403 csrf)", async () => {
    const routes = (await apiRoutes()).filter((r) => r.method !== "GET");
    expect(routes.length).toBeGreaterThan(10);
    const before = dbFingerprint(server);
    const failures: string[] = [];
    for (const route of routes) {
      const url = fill(route.path, Object.fromEntries(paramsOf(route.path).map((p) => [p, "1"])));
      for (const headers of [
        { origin: EVIL_ORIGIN },
        { "sec-fetch-site": "cross-site" },
        {} as Record<string, string>,
      ]) {
        const response = await fetchWorker(`${server.baseUrl}${url}`, {
          method: route.method,
          headers: {
            connection: "close",
            "content-type": "application/x-www-form-urlencoded",
            cookie: portal.cookie,
            ...headers,
          },
          body: FORGED_FIELDS.toString(),
          redirect: "manual",
        });
        const body = await response.text();
        if (response.status !== 403 || !body.includes("csrf"))
          failures.push(
            `${route.method} ${url} ${JSON.stringify(headers)} → ${response.status} ${body.slice(0, 200)}`,
          );
      }
    }
    expect(failures).toEqual([]);
    expect(dbFingerprint(server)).toEqual(before);
  });
});
