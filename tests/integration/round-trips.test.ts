import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO } from "../../seed/accounts.ts";
import { createPortal } from "../security/support.ts";
import { startServer, type TestServer } from "./server";

/*
 * Few database round trips: in production D1's primary may be an ocean away, so each
 * sequential D1 call of a page costs a round trip. In development the Worker counts them per
 * request (api/db/resilient.ts TripCounter) and says so in `x-d1-round-trips`. With D1_DELAY_MS
 * every call takes at least that long, so calls that run together really overlap and the count
 * is that of sequential trips, not of how fast this machine happens to be.
 */
const MAX_TRIPS = 4;
const PAGES = ["/b2b/episkopisi", "/b2b/pay", "/b2b/logariasmoi"];
/**
 * The household, the 200-supply account's master, and (#18) its user with 5 of the 200 supplies,
 * who may not pay: no pay page.
 */
const ACCOUNTS = [
  { login: DEMO.household.vat, pages: PAGES },
  { login: DEMO.largeCompany.vat, pages: PAGES },
  { login: DEMO.largeCompany.people.user.email, pages: ["/b2b/episkopisi", "/b2b/logariasmoi"] },
];

let server: TestServer;

beforeAll(async () => {
  server = await startServer({ vars: { D1_DELAY_MS: "40" } });
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

function trips(headers: Headers): number {
  const value = headers.get("x-d1-round-trips");
  expect(value, "the development Worker counts D1 round trips").toMatch(/^\d+$/);
  return Number(value);
}

/** The session cookie's data (React Router's cookie session: base64 JSON, then the signature). */
function sessionData(cookie: string): Record<string, unknown> {
  const value = /(?:^|; )(?:__session|__Host-session)=([^;]+)/.exec(cookie);
  const raw = decodeURIComponent(value?.[1] ?? "");
  const payload = raw.slice(0, raw.lastIndexOf("."));
  return JSON.parse(decodeURIComponent(escape(atob(payload)))) as Record<string, unknown>;
}

describe("#16 few database round trips", () => {
  for (const account of ACCOUNTS) {
    it(`#16 a fresh render of the overview, pay and bills pages takes at most ${MAX_TRIPS} sequential D1 round trips (${account.login})`, async () => {
      const portal = createPortal(server.baseUrl);
      await portal.login(account.login);
      const counted: Record<string, number> = {};
      for (const page of account.pages) {
        // `Cache-Control: no-cache` bypasses the page cache (app/.server/page-cache.ts).
        const fresh = await portal.request(page, { headers: { "cache-control": "no-cache" } });
        expect(fresh.status, page).toBe(200);
        counted[`${page} fresh`] = trips(fresh.headers);
        // The first ordinary view: the page cache reads the data version, misses, renders.
        const first = await portal.request(page);
        expect(first.status, page).toBe(200);
        counted[`${page} first view`] = trips(first.headers);
      }
      for (const [what, count] of Object.entries(counted)) {
        expect(count, `${what}: ${JSON.stringify(counted)}`).toBeLessThanOrEqual(MAX_TRIPS);
        expect(count, what).toBeGreaterThan(0);
      }
    });
  }

  it("#16 the page cache's repeat view costs one round trip (the data version with the bearer check)", async () => {
    const portal = createPortal(server.baseUrl);
    await portal.login(DEMO.household.vat);
    await portal.request("/b2b/logariasmoi");
    const repeat = await portal.request("/b2b/logariasmoi");
    expect(repeat.status).toBe(200);
    expect(trips(repeat.headers)).toBe(1);
  });
});

describe("#16 read your own writes: the portal keeps D1's bookmark", () => {
  it("#16 a write's bookmark is kept in the session and sent with the next page's reads", async () => {
    const portal = createPortal(server.baseUrl);
    await portal.login(DEMO.household.vat);
    const before = await portal.request("/b2b/episkopisi");
    expect(before.status).toBe(200);
    // Only reads so far: no bookmark kept, none sent.
    expect(sessionData(portal.cookie).d1_bookmark).toBeUndefined();
    expect(before.headers.get("server-timing")).toMatch(/bookmarked=0\b/);

    // A write through the API client (the overview's "dismiss the pop-up" posts to the API).
    const write = await portal.request("/b2b/episkopisi", {
      form: new URLSearchParams({ intent: "dismiss-popup" }),
    });
    expect(write.status).toBeLessThan(400);
    const bookmark = sessionData(portal.cookie).d1_bookmark;
    expect(typeof bookmark, "the write's bookmark is in the session").toBe("string");
    expect(String(bookmark).length).toBeGreaterThan(0);

    // The next page's API calls all carry it (counted by the development Worker).
    const after = await portal.request("/b2b/logariasmoi", {
      headers: { "cache-control": "no-cache" },
    });
    expect(after.status).toBe(200);
    const sent = /bookmarked=(\d+)/.exec(after.headers.get("server-timing") ?? "")?.[1];
    expect(Number(sent), after.headers.get("server-timing") ?? "").toBeGreaterThan(0);
    expect(trips(after.headers)).toBeLessThanOrEqual(MAX_TRIPS);
  });
});
