/**
 * Security properties seen from outside, on the real Worker: response headers, session
 * rotation and replay, login throttling and answers that do not tell which VATs exist, and hash
 * links. Production-only settings (HSTS, Secure cookies) and the session clock are
 * in unit.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signToken } from "../../api/lib/signing.ts";
import { DEMO } from "../../seed/accounts.ts";
import { createClient } from "../integration/client.ts";
import { devVar } from "../integration/secrets.ts";
import { startServer, type TestServer } from "../integration/server.ts";
import { createPortal, fetchWorker, pageRoutes, paramsOf, visibleText } from "./support.ts";

let server: TestServer;
let api: ReturnType<typeof createClient>;

beforeAll(async () => {
  server = await startServer();
  api = createClient(server.baseUrl);
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetchWorker(`${server.baseUrl}${path}`, {
    headers: { connection: "close", ...headers },
    redirect: "manual",
  });

/** The part of the session cookie a browser sends back ("name=value"). */
const sessionPair = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((c) => c.split(";")[0] as string)
    .find((c) => /^(__Host-)?_?_?session=/.test(c));

describe("response headers", () => {
  it("a fresh CSP nonce per response, carried by every script tag", async () => {
    const nonces: string[] = [];
    for (const path of ["/login", "/login", "/contact"]) {
      const response = await get(path);
      expect(response.status).toBe(200);
      const csp = response.headers.get("content-security-policy") ?? "";
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce, path).toBeTruthy();
      const html = await response.text();
      const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) {
        // Data blocks (type="application/json") are not executed; everything else needs the nonce.
        if (/type="application\/(ld\+)?json"/.test(tag)) continue;
        expect(tag, path).toContain(`nonce="${nonce}"`);
      }
      nonces.push(nonce as string);
    }
    expect(new Set(nonces).size).toBe(nonces.length);
  });

  it("lets the portal's own service worker (#39) register, and only it: worker-src 'self'", async () => {
    const csp = (await get("/login")).headers.get("content-security-policy") ?? "";
    // Without it, worker-src falls back to script-src, whose 'strict-dynamic' ignores 'self'.
    expect(csp.split("; ")).toContain("worker-src 'self'");
    const worker = await get("/sw.js");
    expect(worker.status).toBe(200);
    expect(worker.headers.get("content-type")).toMatch(/javascript/);
  });

  it("nosniff and frame-ancestors 'none' on pages, errors, API answers and refusals", async () => {
    for (const path of ["/", "/login", "/no-such-page", "/b2b", "/api/ping", "/api/v2/me"]) {
      const response = await get(path);
      expect(response.headers.get("x-content-type-options"), path).toBe("nosniff");
      if (!path.startsWith("/api")) {
        expect(response.headers.get("content-security-policy"), path).toMatch(
          /frame-ancestors 'none'/,
        );
      }
    }
  });

  it("no-store on every signed-in page (discovered from app/routes.ts)", async () => {
    const portal = createPortal(server.baseUrl);
    await portal.login(DEMO.household.vat);
    const pages = (await pageRoutes()).filter(
      (r) => /^\/(b2b|instructions)/.test(r.path) && paramsOf(r.path).length === 0,
    );
    expect(pages.length).toBeGreaterThan(5);
    for (const page of pages) {
      const path = page.path.replace(/\/\*$/, "/no-such-page");
      const response = await portal.request(path);
      expect(response.headers.get("cache-control") ?? "", path).toMatch(/no-store/);
    }
  });
});

describe("sessions", () => {
  it("sign-in issues a new session cookie; a cookie planted before sign-in stays signed out", async () => {
    const portal = createPortal(server.baseUrl);
    // An anonymous session cookie, as an attacker could plant one: a failed link flashes a notice.
    await portal.request("/redirect-login/not-a-token");
    const planted = portal.cookie;
    expect(planted).toMatch(/session=/);
    const login = await portal.login(DEMO.household.vat);
    const issued = sessionPair(login.headers);
    expect(issued).toBeTruthy();
    expect(planted).not.toContain(issued as string);
    const replay = await get("/b2b", { cookie: planted });
    expect(replay.status).toBe(302);
    expect(replay.headers.get("location")).toMatch(/^\/login/);
    // Two sign-ins of the same user are two server sessions.
    const a = await api.login(DEMO.household.vat);
    const b = await api.login(DEMO.household.vat);
    const sid = (jwt: string) =>
      (
        JSON.parse(Buffer.from(jwt.split(".")[1] as string, "base64url").toString()) as {
          sid: string;
        }
      ).sid;
    expect(sid(a.access_token)).not.toBe(sid(b.access_token));
  });

  it("a cookie replayed after logout is refused", async () => {
    const portal = createPortal(server.baseUrl);
    await portal.login(DEMO.household.vat);
    const signedIn = portal.cookie;
    expect((await portal.request("/b2b/settings")).status).toBe(200);
    const logout = await portal.request("/logout", { form: new URLSearchParams() });
    expect(logout.status).toBeGreaterThanOrEqual(300);
    expect(logout.status).toBeLessThan(400);
    const replay = await get("/b2b/settings", { cookie: signedIn });
    expect(replay.status).toBe(302);
    expect(replay.headers.get("location")).toMatch(/^\/login/);
    expect(await replay.text()).not.toContain(DEMO.household.email);
  });

  it("a cookie replayed after a password change is refused", async () => {
    const user = DEMO.largeCompany;
    const other = createPortal(server.baseUrl);
    await other.login(user.vat);
    const stolen = other.cookie;
    expect((await get("/b2b/settings", { cookie: stolen })).status).toBe(200);

    const portal = createPortal(server.baseUrl);
    await portal.login(user.vat);
    const change = await portal.request("/b2b/settings", {
      form: new URLSearchParams({
        intent: "password",
        old_password: "Demo2026!",
        password: "Changed2026!x",
        password_confirmation: "Changed2026!x",
      }),
    });
    expect(change.status, change.text.slice(0, 300)).toBeLessThan(400);
    // The API refuses the old session, so the portal signs the stolen cookie out.
    const replay = await get("/b2b/settings", { cookie: stolen });
    expect(replay.status).toBe(302);
    expect(replay.headers.get("location")).toMatch(/^\/login/);
    // The new password works, the old one no longer does.
    await expect(api.login(user.vat, "Demo2026!")).rejects.toThrow(/400/);
    expect((await api.login(user.vat, "Changed2026!x")).access_token).toBeTruthy();
  });
});

describe("hash links (HMAC-signed, purpose-bound, expiring)", () => {
  const secret = () => devVar("LINK_SECRET");
  const inHour = () => Math.floor(Date.now() / 1000) + 3600;
  const past = () => Math.floor(Date.now() / 1000) - 60;
  const changeByte = (token: string) => {
    const i = token.indexOf(".") + 3;
    return token.slice(0, i) + (token[i] === "A" ? "B" : "A") + token.slice(i + 1);
  };

  /** Each purpose, the data it names and the API endpoint that checks it. */
  const LINKS = [
    { purpose: "pay", data: { m: DEMO.household.stoppedMeterId }, api: "/payments/links/pay/" },
    {
      purpose: "instant-bill",
      data: { m: DEMO.household.stoppedMeterId },
      api: "/payments/links/instant-bill/",
    },
    { purpose: "all-smart", data: { c: DEMO.household.customerId }, api: "/all-smart/links/" },
  ] as const;

  it.each(LINKS)(
    "$purpose (API): valid works; one changed byte, expired, other purpose refused",
    async ({ purpose, data, api: endpoint }) => {
      const valid = await signToken(secret(), purpose, data, inHour());
      const ok = await api.call(`${endpoint}${valid}`);
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      const other = await signToken(
        secret(),
        purpose === "pay" ? "instant-bill" : "pay",
        data,
        inHour(),
      );
      for (const bad of [
        changeByte(valid),
        await signToken(secret(), purpose, data, past()),
        other,
        await signToken("not-the-secret", purpose, data, inHour()),
      ]) {
        const refused = await api.call(`${endpoint}${bad}`);
        expect(refused.status, bad).toBe(400);
        expect(["bad_token", "link_expired"]).toContain(refused.code);
      }
    },
  );

  it.each(["pay", "instant-bill", "all-smart", "change-address", "mymarket"])(
    "/%s (page): no hash → /, a bad hash never opens the page",
    async (purpose) => {
      const missing = await get(`/${purpose}`);
      expect(missing.status).toBe(302);
      expect(missing.headers.get("location")).toBe("/");
      const data = { m: DEMO.household.stoppedMeterId, c: DEMO.household.customerId };
      const valid = await signToken(secret(), purpose, data, inHour());
      const good = await get(`/${purpose}/${valid}`);
      expect(good.status).toBeLessThan(500);
      const goodBody = await good.text();
      for (const bad of [
        changeByte(valid),
        await signToken(secret(), purpose, data, past()),
        await signToken(secret(), purpose === "mymarket" ? "pay" : "mymarket", data, inHour()),
      ]) {
        const refused = await get(`/${purpose}/${bad}`);
        const body = await refused.text();
        const sentHome = refused.status === 302 && refused.headers.get("location") === "/";
        expect(sentHome || (refused.status >= 400 && refused.status < 500), bad).toBe(true);
        expect(refused.status === good.status && body === goodBody).toBe(false);
        expect(visibleText(body)).not.toContain(DEMO.household.name);
      }
    },
  );

  it("redirect-login: valid works once; changed byte, expired, reused, other purpose refused", async () => {
    const issue = async () => {
      const tokens = await api.login(DEMO.household.vat);
      const r = await api.call<{ data: { token: string } }>("/v2/auth/redirect-token", {
        method: "POST",
        token: tokens.access_token,
      });
      expect(r.status).toBe(200);
      return r.body.data.token;
    };
    // The GET only asks (a link must not switch a live session); the same-origin POST spends the
    // token and signs in.
    const signsIn = async (token: string) => {
      const response = await fetchWorker(`${server.baseUrl}/redirect-login/${token}`, {
        method: "POST",
        // As the "Continue" button posts it: an empty urlencoded form (page actions refuse others).
        headers: {
          connection: "close",
          origin: server.baseUrl,
          "content-type": "application/x-www-form-urlencoded",
        },
        body: "",
        redirect: "manual",
      });
      expect(response.status).toBe(302);
      return !/^\/(login)?$/.test(response.headers.get("location") ?? "/");
    };
    const token = await issue();
    expect(await signsIn(changeByte(token))).toBe(false);
    expect(await signsIn(token)).toBe(true);
    expect(await signsIn(token)).toBe(false);

    const expiring = await issue();
    server.query(
      "UPDATE action_tokens SET expires_at = '2000-01-01T00:00:00.000Z' WHERE purpose = 'redirect-login' AND used_at IS NULL",
    );
    expect(await signsIn(expiring)).toBe(false);

    // A password-reset token (another purpose of the same table) does not sign in.
    await api.call("/v2/auth/password-reset", {
      method: "POST",
      body: { afm: DEMO.household.vat },
    });
    const reset = (await api.outbox()).find(
      (m) => m.user_id === DEMO.household.userId && m.link?.startsWith("/reset-password/"),
    );
    expect(reset?.link).toBeTruthy();
    expect(await signsIn(reset?.link?.split("/").pop() as string)).toBe(false);
    expect(await signsIn("")).toBe(false);
  });
});

describe("login", () => {
  it("unknown VAT and wrong password: same status, same shape (API and form)", async () => {
    const unknown = await api.call("/v2/auth/login", {
      method: "POST",
      basic: ["123456783", "Wrong2026!x"],
    });
    const wrong = await api.call("/v2/auth/login", {
      method: "POST",
      basic: [DEMO.company.vat, "Wrong2026!x"],
    });
    expect(unknown.status).toBe(wrong.status);
    const shape = (value: unknown): unknown =>
      value && typeof value === "object"
        ? Object.fromEntries(
            Object.keys(value)
              .sort()
              .map((k) => [k, shape((value as never)[k])]),
          )
        : typeof value;
    expect(shape(unknown.body)).toEqual(shape(wrong.body));
    expect(unknown.headers.get("content-type")).toBe(wrong.headers.get("content-type"));

    const portal = createPortal(server.baseUrl);
    const form = (username: string) =>
      portal.request("/login", {
        form: new URLSearchParams({ intent: "login", username, password: "Wrong2026!x" }),
      });
    const [a, b] = [await form("123456783"), await form(DEMO.company.vat)];
    expect(a.status).toBe(b.status);
    expect(a.status).toBe(400);
    // Both show a translated message next to the form; neither shows a raw key.
    for (const page of [a, b]) {
      expect(visibleText(page.text)).not.toMatch(/auth:login\.errors/);
      expect(page.text).toMatch(/role="alert"/);
    }
  });

  it("10 failures a day lock the VAT, even for the right password", async () => {
    const vat = DEMO.company.vat;
    // The test above already spent two failures on this VAT; spend the rest.
    let status = 0;
    for (let i = 0; i < 12 && status !== 429; i++) {
      status = (await api.call("/v2/auth/login", { method: "POST", basic: [vat, `Bad${i}2026!x`] }))
        .status;
    }
    expect(status).toBe(429);
    const right = await api.call("/v2/auth/login", { method: "POST", basic: [vat, "Demo2026!"] });
    expect(right.status).toBe(429);
    expect(right.code).toBe("daily_attempts_exceeded");
    // Another VAT is not affected.
    expect((await api.login(DEMO.household.vat)).access_token).toBeTruthy();
  });

  it("many failures from one IP lock that IP (different VATs), not the others", async () => {
    const ip = "203.0.113.77";
    let status = 0;
    for (let i = 0; i < 120 && status !== 429; i++) {
      status = (
        await api.call("/v2/auth/login", {
          method: "POST",
          basic: [String(900000000 + i), "Wrong2026!x"],
          headers: { "cf-connecting-ip": ip },
        })
      ).status;
    }
    expect(status).toBe(429);
    const fromIp = await api.call("/v2/auth/login", {
      method: "POST",
      basic: [DEMO.household.vat, "Demo2026!"],
      headers: { "cf-connecting-ip": ip },
    });
    expect(fromIp.status).toBe(429);
    const elsewhere = await api.call("/v2/auth/login", {
      method: "POST",
      basic: [DEMO.household.vat, "Demo2026!"],
      headers: { "cf-connecting-ip": "198.51.100.5" },
    });
    expect(elsewhere.status).toBe(200);
  });
});
