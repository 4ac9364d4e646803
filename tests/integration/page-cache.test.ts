import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO } from "../../seed/accounts.ts";
import { createClient, signInPage } from "./client";
import { startServer, type TestServer } from "./server";

/*
 * The page cache (app/.server/page-cache.ts) against the real Worker and D1: a repeat view is the
 * same page with a new nonce, a write the page shows is visible on the next view, and nobody gets
 * anybody else's page.
 */
let server: TestServer;
let api: ReturnType<typeof createClient>;
const h = DEMO.household;

beforeAll(async () => {
  server = await startServer();
  api = createClient(server.baseUrl);
});
afterAll(async () => {
  await server?.stop();
});

async function signIn(vat: string): Promise<string> {
  const { status, cookie } = await signInPage(server.baseUrl, vat);
  expect(status).toBe(302);
  return cookie;
}

interface Page {
  status: number;
  /** The HTML with its nonce replaced by "NONCE", so two views can be compared. */
  html: string;
  nonce: string;
  headers: Headers;
}

async function view(path: string, cookie: string, headers: Record<string, string> = {}) {
  const response = await fetch(server.baseUrl + path, {
    redirect: "manual",
    headers: { cookie, connection: "close", ...headers },
  });
  const text = await response.text();
  const nonce = /<script nonce="([0-9a-f]{32})"/.exec(text)?.[1] ?? "";
  // The reading form's idempotency key is new on every view too (#39), wherever it appears.
  const key = /name="idempotency_key" value="([A-Za-z0-9_-]{22})"/.exec(text)?.[1] ?? "";
  const masked = nonce ? text.split(nonce).join("NONCE") : text;
  return {
    status: response.status,
    html: key ? masked.split(key).join("FORM_KEY") : masked,
    nonce,
    headers: response.headers,
  } satisfies Page;
}

/** A render that bypasses the cache (a browser's hard reload). */
const fresh = (path: string, cookie: string) => view(path, cookie, { "cache-control": "no-cache" });

describe("page cache", () => {
  it("serves a repeat view as the same page, with a new nonce that the CSP allows", async () => {
    const cookie = await signIn(h.vat);
    for (const path of [
      "/b2b/episkopisi",
      "/b2b/logariasmoi",
      "/b2b/paroxes",
      "/b2b/pay",
      "/b2b/mhnymata",
      "/b2b/kataxorisi",
      "/b2b/statistika",
    ]) {
      const first = await view(path, cookie);
      const second = await view(path, cookie);
      expect(first.status, path).toBe(200);
      expect(second.status, path).toBe(200);
      expect(second.nonce).not.toBe(first.nonce);
      expect(second.headers.get("content-security-policy")).toContain(`'nonce-${second.nonce}'`);
      expect(second.headers.get("cache-control")).toBe("no-store");
      expect(second.html, path).toBe(first.html);
      expect((await fresh(path, cookie)).html, path).toBe(second.html);
    }
  });

  it("shows a write on the next view: a message marked read changes the unread count", async () => {
    const cookie = await signIn(h.vat);
    const unread = (page: Page) =>
      /<summary aria-label="([^"]*)"/.exec(page.html.slice(page.html.indexOf("<header")))?.[1];
    const before = await view("/b2b/episkopisi", cookie);
    await view("/b2b/episkopisi", cookie); // now certainly cached

    const token = (await api.login(h.vat)).access_token;
    const messages = await api.call<{ data: { id: number; read_status: number }[] }>(
      `/users/${h.userId}/messages`,
      { token },
    );
    const unreadOne = messages.body.data.find((m) => m.read_status === 0);
    expect(unreadOne, "the household has an unread message").toBeDefined();
    const versionBefore = await api.call<{ data: { version: string } }>(
      `/users/${h.userId}/data-version`,
      { token },
    );
    const marked = await api.call("/update_notification", {
      method: "PUT",
      body: { id: unreadOne!.id },
      token,
    });
    expect(marked.status).toBe(204);
    const versionAfter = await api.call<{ data: { version: string } }>(
      `/users/${h.userId}/data-version`,
      { token },
    );
    expect(versionAfter.body.data.version).not.toBe(versionBefore.body.data.version);

    const after = await view("/b2b/episkopisi", cookie);
    expect(unread(after)).not.toBe(unread(before));
    expect(after.html).toBe((await fresh("/b2b/episkopisi", cookie)).html);
  });

  it("never hands one customer's page to another", async () => {
    const household = await signIn(h.vat);
    const company = await signIn(DEMO.company.vat);
    const mine = await view("/b2b/episkopisi", household);
    await view("/b2b/episkopisi", household);
    const theirs = await view("/b2b/episkopisi", company);
    expect(mine.html).toContain(h.name);
    expect(theirs.status).toBe(200);
    expect(theirs.html).not.toContain(h.name);
  });

  it("serves nothing from the cache after sign-out: the old cookie goes to the login", async () => {
    const cookie = await signIn(h.vat);
    await view("/b2b/episkopisi", cookie);
    expect((await view("/b2b/episkopisi", cookie)).status).toBe(200);
    const out = await fetch(`${server.baseUrl}/logout`, {
      method: "POST",
      redirect: "manual",
      // As the sign-out button posts it: an (empty) urlencoded form (page actions refuse any other
      // body).
      headers: {
        cookie,
        origin: server.baseUrl,
        connection: "close",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "",
    });
    expect(out.status).toBe(302);
    const replay = await view("/b2b/episkopisi", cookie);
    expect(replay.status).toBe(302);
    expect(replay.headers.get("location")).toMatch(/\/login/);
  });

  it("answers the data version only to its owner", async () => {
    const token = (await api.login(h.vat)).access_token;
    expect((await api.call(`/users/${DEMO.company.userId}/data-version`, { token })).status).toBe(
      404,
    );
    expect((await api.call(`/users/${h.userId}/data-version`)).status).toBe(401);
  });
});
