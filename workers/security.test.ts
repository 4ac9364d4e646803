/**
 * Security suite, unit level (runs in the "security" vitest project): the properties that need
 * production settings or a fake clock, tested on the code itself (no server): cookie flags, session timeouts and rotation, response headers, the
 * cross-site guard, password hashing cost and hash-link signatures.
 */
import { RouterContextProvider } from "react-router";
import authServiceSource from "../api/auth/service.ts?raw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PBKDF2_ITERATIONS, hashPassword, verifyPasswordOrDummy } from "../api/lib/password";
import { signToken, verifyToken } from "../api/lib/signing";
import { cloudflareContext } from "../app/context";
import {
  ABSOLUTE_TIMEOUT_MS,
  IDLE_TIMEOUT_MS,
  cookieSecure,
  getSession,
  getSessionStorage,
  sessionExpired,
  sessionMiddleware,
  startSession,
  type PortalSession,
} from "../app/middleware/session";
import { crossSiteRefusal, withApiHeaders, withSecurityHeaders } from "./security";

const SECRET = "security-suite-secret";
const production = { SESSION_SECRET: SECRET, ENVIRONMENT: "production" } as unknown as Env;
const development = { SESSION_SECRET: SECRET, ENVIRONMENT: "development" } as unknown as Env;

type Middleware = (
  args: { request: Request; context: RouterContextProvider; params: object },
  next: () => Promise<Response>,
) => Promise<Response>;

async function through(
  url: string,
  cookie: string | null,
  env: Env = development,
  handler: (session: PortalSession) => void = () => {},
) {
  const context = new RouterContextProvider();
  context.set(cloudflareContext, {
    env,
    ctx: {} as ExecutionContext,
    nonce: "n",
    page: { document: true, html: new Map() },
  });
  const request = new Request(url, { headers: cookie ? { Cookie: cookie } : {} });
  const response = await (sessionMiddleware as unknown as Middleware)(
    { request, context, params: {} },
    async () => {
      handler(getSession(context));
      return new Response("ok");
    },
  );
  const setCookie = response.headers.get("Set-Cookie");
  return { response, context, setCookie, pair: setCookie?.split(";")[0] ?? null };
}

const signIn = (session: PortalSession) =>
  startSession(session, { access_token: "a1", refresh_token: "r1", user_id: 7 }, Date.now());

afterEach(() => {
  vi.useRealTimers();
});

describe("session cookie flags", () => {
  it("local dev over http: HttpOnly, SameSite=Lax, Path=/, not Secure (http cannot carry it)", async () => {
    const { setCookie } = await through("http://127.0.0.1:8787/login", null, development, signIn);
    expect(setCookie).toMatch(/^__session=/);
    expect(setCookie).toMatch(/; HttpOnly/);
    expect(setCookie).toMatch(/; SameSite=Lax/);
    expect(setCookie).toMatch(/; Path=\//);
    expect(setCookie).not.toMatch(/Secure/);
    expect(setCookie).not.toMatch(/Domain=/i);
  });

  it("outside local dev: __Host- prefix, Secure, HttpOnly, SameSite=Lax, Path=/, no Domain", async () => {
    for (const [url, env] of [
      ["https://my.nrg.gr/login", production],
      ["https://staging.nrg.example/login", development],
      // A proxy may hand the Worker an http URL; production still marks the cookie Secure.
      ["http://127.0.0.1:8787/login", production],
    ] as const) {
      const { setCookie } = await through(url, null, env, signIn);
      expect(setCookie, url).toMatch(/^__Host-session=/);
      expect(setCookie, url).toMatch(/; Secure/);
      expect(setCookie, url).toMatch(/; HttpOnly/);
      expect(setCookie, url).toMatch(/; SameSite=Lax/);
      expect(setCookie, url).toMatch(/; Path=\//);
      expect(setCookie, url).not.toMatch(/Domain=/i);
    }
    expect(cookieSecure(production, new URL("http://localhost:5173/"))).toBe(true);
    expect(cookieSecure(development, new URL("http://localhost:5173/"))).toBe(false);
  });

  it("a production request ignores a cookie without the __Host- prefix (no downgrade)", async () => {
    const local = await through("http://127.0.0.1:8787/login", null, development, signIn);
    const { context } = await through("https://my.nrg.gr/b2b", local.pair, production);
    expect(getSession(context).data).toEqual({});
  });
});

describe("session rotation and timeouts (fake clock)", () => {
  const start = new Date("2026-03-02T08:00:00Z");

  async function signedInCookie() {
    const { pair } = await through("http://127.0.0.1:8787/login", null, development, signIn);
    expect(pair).toBeTruthy();
    return pair as string;
  }

  it("a new sign-in replaces the whole session: new cookie value, old tokens gone", async () => {
    vi.useFakeTimers({ now: start });
    const storage = getSessionStorage(SECRET, false);
    const before = await storage.getSession();
    before.set("access_token", "old-a");
    before.set("refresh_token", "old-r");
    before.set("user_id", 9);
    before.set("selected_meter_id", 44);
    const oldCookie = (await storage.commitSession(before)).split(";")[0] as string;
    const { pair, context } = await through(
      "http://127.0.0.1:8787/login",
      oldCookie,
      development,
      signIn,
    );
    expect(pair).not.toBe(oldCookie);
    expect(getSession(context).data).toMatchObject({ access_token: "a1", user_id: 7 });
    expect(getSession(context).get("selected_meter_id")).toBeUndefined();
  });

  it("idle 30 minutes: kept at 29:59 of inactivity, ended after 30:01", async () => {
    vi.useFakeTimers({ now: start });
    const cookie = await signedInCookie();
    vi.setSystemTime(start.getTime() + IDLE_TIMEOUT_MS - 1000);
    const alive = await through("http://127.0.0.1:8787/b2b", cookie);
    expect(sessionExpired(alive.context)).toBe(false);
    expect(getSession(alive.context).get("access_token")).toBe("a1");
    // The same old cookie (no activity in between) one more second later.
    vi.setSystemTime(start.getTime() + IDLE_TIMEOUT_MS + 1000);
    const idle = await through("http://127.0.0.1:8787/b2b", cookie);
    expect(sessionExpired(idle.context)).toBe(true);
    expect(getSession(idle.context).get("access_token")).toBeUndefined();
    expect(idle.setCookie).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect(idle.response.headers.get("Cache-Control")).toBe("no-store");
  });

  it("activity keeps the session alive, but never past the absolute 12 hours", async () => {
    vi.useFakeTimers({ now: start });
    let cookie = await signedInCookie();
    // A request every 20 minutes for 12 hours: never idle, yet the 12 h limit ends it.
    let ended: number | null = null;
    for (let minute = 20; minute <= 13 * 60; minute += 20) {
      vi.setSystemTime(start.getTime() + minute * 60_000);
      const step = await through("http://127.0.0.1:8787/b2b", cookie);
      if (sessionExpired(step.context)) {
        ended = minute;
        break;
      }
      if (step.pair) cookie = step.pair;
    }
    expect(ended).not.toBeNull();
    expect((ended as number) * 60_000).toBeGreaterThan(ABSOLUTE_TIMEOUT_MS - 20 * 60_000);
    expect((ended as number) * 60_000).toBeLessThanOrEqual(ABSOLUTE_TIMEOUT_MS + 20 * 60_000);
    expect(ABSOLUTE_TIMEOUT_MS).toBe(12 * 60 * 60_000);
    expect(IDLE_TIMEOUT_MS).toBe(30 * 60_000);
  });
});

describe("response headers", () => {
  const html = () => new Response("<html></html>", { headers: { "Content-Type": "text/html" } });

  it("production: HSTS, nosniff, frame-ancestors 'none', nonce-based script-src", () => {
    const headers = withSecurityHeaders(html(), {
      nonce: "abc123",
      env: production,
      url: new URL("https://my.nrg.gr/"),
    }).headers;
    expect(headers.get("Strict-Transport-Security")).toMatch(/max-age=\d{8,}/);
    expect(headers.get("X-Content-Type-Options")).toBe("nosniff");
    const csp = headers.get("Content-Security-Policy") ?? "";
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(csp).toMatch(/script-src [^;]*'nonce-abc123'/);
    expect(csp).not.toMatch(/script-src [^;]*'unsafe-inline'/);
    expect(headers.get("Referrer-Policy")).toBeTruthy();
  });

  it("local dev over http: no HSTS (it would pin localhost to https), the rest unchanged", () => {
    const headers = withSecurityHeaders(html(), {
      nonce: "n1",
      env: development,
      url: new URL("http://127.0.0.1:8787/"),
    }).headers;
    expect(headers.get("Strict-Transport-Security")).toBeNull();
    expect(headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(headers.get("Content-Security-Policy")).toMatch(/frame-ancestors 'none'/);
  });
});

describe("API answers", () => {
  it("carry nosniff, whatever the handler set", async () => {
    const json = withApiHeaders(Response.json({ ok: true }, { status: 201 }), {
      env: development,
      url: new URL("http://127.0.0.1:8787/api/ping"),
    });
    expect(json.status).toBe(201);
    expect(json.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(json.headers.get("Content-Type")).toMatch(/json/);
    expect(await json.json()).toEqual({ ok: true });
  });
});

describe("#14.11 transport security on every answer (unit)", () => {
  const withCookies = () => {
    const headers = new Headers({ "Content-Type": "text/html" });
    headers.append("Set-Cookie", "lng=%22en%22; Path=/; HttpOnly; SameSite=Lax");
    headers.append("Set-Cookie", "cookie_consent=1; Path=/; SameSite=Lax; Secure");
    headers.append("Set-Cookie", "transfer_draft=x; Path=/; HttpOnly; secure; SameSite=Lax");
    return new Response("<html></html>", { headers });
  };

  it("production: HSTS and Secure on every cookie, even on a loopback http URL", () => {
    for (const url of ["https://my.nrg.gr/", "http://127.0.0.1:8787/", "http://localhost/"]) {
      for (const response of [
        withSecurityHeaders(withCookies(), { nonce: "n", env: production, url: new URL(url) }),
        withApiHeaders(withCookies(), { env: production, url: new URL(url) }),
      ]) {
        expect(response.headers.get("Strict-Transport-Security"), url).toMatch(/max-age=\d{8,}/);
        const cookies = response.headers.getSetCookie();
        expect(cookies, url).toHaveLength(3);
        for (const line of cookies) expect(line, url).toMatch(/;\s*secure(;|$)/i);
        // Added once, never twice.
        for (const line of cookies) expect(line.match(/;\s*secure/gi), line).toHaveLength(1);
      }
    }
  });

  it("local development over http: cookies and headers as the route wrote them", () => {
    const response = withSecurityHeaders(withCookies(), {
      nonce: "n",
      env: development,
      url: new URL("http://127.0.0.1:8787/"),
    });
    expect(response.headers.get("Strict-Transport-Security")).toBeNull();
    expect(response.headers.getSetCookie()[0]).not.toMatch(/secure/i);
  });

  it("a route's own stricter CSP (user files: sandbox) is kept beside the page policy", () => {
    const file = new Response("%PDF", {
      headers: { "Content-Security-Policy": "default-src 'none'; sandbox" },
    });
    const csp =
      withSecurityHeaders(file, {
        nonce: "n",
        env: production,
        url: new URL("https://my.nrg.gr/"),
      }).headers.get("Content-Security-Policy") ?? "";
    expect(csp).toContain("default-src 'none'; sandbox");
    expect(csp).toContain("frame-ancestors 'none'");
  });
});

describe("cross-site guard for portal actions", () => {
  const url = new URL("https://my.nrg.gr/b2b/settings");
  const post = (headers: Record<string, string>, method = "POST") =>
    crossSiteRefusal(new Request(url, { method, headers }), url);

  it("refuses a foreign or null Origin, a cross-site fetch and a POST without Origin", () => {
    expect(post({ Origin: "https://evil.example" })?.status).toBe(403);
    expect(post({ Origin: "null" })?.status).toBe(403);
    expect(post({ Origin: "http://my.nrg.gr" })?.status).toBe(403);
    expect(post({ "Sec-Fetch-Site": "cross-site" })?.status).toBe(403);
    expect(post({ "Sec-Fetch-Site": "same-site" })?.status).toBe(403);
    expect(post({})?.status).toBe(403);
    expect(post({ Origin: "https://evil.example" }, "PUT")?.status).toBe(403);
    expect(post({ Origin: "https://evil.example" }, "DELETE")?.status).toBe(403);
  });

  it("lets same-origin posts and every GET through", () => {
    expect(post({ Origin: "https://my.nrg.gr" })).toBeNull();
    expect(post({ "Sec-Fetch-Site": "same-origin" })).toBeNull();
    expect(
      crossSiteRefusal(new Request(url, { headers: { Origin: "https://evil.example" } }), url),
    ).toBeNull();
  });
});

describe("password hashing cost", () => {
  it("PBKDF2 iterations ≤ 100,000 in the code and in every stored hash it writes", async () => {
    expect(PBKDF2_ITERATIONS).toBeLessThanOrEqual(100_000);
    expect(PBKDF2_ITERATIONS).toBeGreaterThanOrEqual(100_000);
    const stored = await hashPassword("Demo2026!");
    const [scheme, iterations, salt, hash] = stored.split("$");
    expect(scheme).toBe("pbkdf2-sha256");
    expect(Number(iterations)).toBeLessThanOrEqual(100_000);
    expect(atob(salt ?? "")).toHaveLength(16);
    expect(atob(hash ?? "")).toHaveLength(32);
  });

  it("an unknown user costs one PBKDF2 run of the same strength as a wrong password", async () => {
    const derive = vi.spyOn(crypto.subtle, "deriveBits");
    const stored = await hashPassword("Demo2026!");
    derive.mockClear();
    expect(await verifyPasswordOrDummy("guess", stored)).toBe(false);
    expect(await verifyPasswordOrDummy("guess", undefined)).toBe(false);
    expect(await verifyPasswordOrDummy("Demo2026!", stored)).toBe(true);
    expect(derive).toHaveBeenCalledTimes(3);
    const iterations = derive.mock.calls.map(
      ([params]) => (params as Pbkdf2Params).iterations as number,
    );
    expect(iterations).toEqual([PBKDF2_ITERATIONS, PBKDF2_ITERATIONS, PBKDF2_ITERATIONS]);
  });

  it("the login handler checks the password before it branches on an unknown VAT", () => {
    // The sign-in's work is api/auth/service.ts's signIn (the route only wires it).
    const login = authServiceSource.slice(
      authServiceSource.indexOf("export async function signIn("),
    );
    const check = login.indexOf("verifyPasswordOrDummy(");
    const branch = login.indexOf("if (!user)");
    expect(check).toBeGreaterThan(0);
    expect(check).toBeLessThan(branch);
  });
});

describe("hash links: signature, expiry and purpose", () => {
  const PURPOSES = ["pay", "instant-bill", "all-smart", "change-address", "mymarket"];
  const secret = "link-secret";
  const now = Math.floor(Date.UTC(2026, 2, 2) / 1000);

  it.each(PURPOSES)(
    "%s: valid works; one changed byte, expired, other purpose refused",
    async (p) => {
      const token = await signToken(secret, p, { meterId: 1, invoiceId: 5 }, now + 3600);
      expect(await verifyToken(secret, p, token, now)).toEqual({
        ok: true,
        data: { meterId: 1, invoiceId: 5 },
      });
      // Every single-character change anywhere in the token is refused.
      const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
      for (let i = 0; i < token.length; i++) {
        if (token[i] === ".") continue;
        const replacement = alphabet[(alphabet.indexOf(token[i] as string) + 1) % alphabet.length];
        const changed = token.slice(0, i) + replacement + token.slice(i + 1);
        expect((await verifyToken(secret, p, changed, now)).ok, `byte ${i}`).toBe(false);
      }
      expect(await verifyToken(secret, p, token, now + 3600)).toEqual({
        ok: false,
        reason: "expired",
      });
      for (const other of PURPOSES.filter((o) => o !== p)) {
        expect(await verifyToken(secret, other, token, now)).toEqual({
          ok: false,
          reason: "invalid",
        });
      }
      expect((await verifyToken("another-secret", p, token, now)).ok).toBe(false);
    },
  );
});
