import { sign } from "hono/jwt";
import { createCookie } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO } from "../../seed/accounts.ts";
import { fetchWorker } from "../support/fetch-worker";
import { createClient } from "./client";
import { devVar } from "./secrets";
import { startServer, type TestServer } from "./server";

let server: TestServer;
let api: ReturnType<typeof createClient>;

beforeAll(async () => {
  server = await startServer();
  api = createClient(server.baseUrl);
});
afterAll(async () => {
  await server?.stop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("CSRF rule for non-GET /api requests", () => {
  const body = { afm: "100000003" };

  it("refuses a POST with no Authorization, no Origin and no Sec-Fetch-Site", async () => {
    const r = await api.call("/v2/auth/password-reset", { body, origin: false });
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ error: { code: "csrf" } });
  });

  it("refuses a foreign Origin and cross-site fetch metadata", async () => {
    const foreign = await api.call("/v2/auth/password-reset", {
      body,
      origin: false,
      headers: { origin: "https://evil.example" },
    });
    expect(foreign.code).toBe("csrf");
    const crossSite = await api.call("/v2/auth/password-reset", {
      body,
      origin: false,
      headers: { "sec-fetch-site": "cross-site" },
    });
    expect(crossSite.code).toBe("csrf");
  });

  it("accepts the same Origin, Sec-Fetch-Site: same-origin, or an Authorization header", async () => {
    expect((await api.call("/v2/auth/password-reset", { body })).status).toBe(204);
    const fetchMeta = await api.call("/v2/auth/password-reset", {
      body,
      origin: false,
      headers: { "sec-fetch-site": "same-origin" },
    });
    expect(fetchMeta.status).toBe(204);
    const basic = await api.call("/v2/auth/login", {
      method: "POST",
      origin: false,
      basic: [DEMO.household.vat, "Demo2026!"],
    });
    expect(basic.status).toBe(200);
  });

  it("lets GET through without any of them", async () => {
    expect((await api.call("/ping", { origin: false })).status).toBe(200);
  });
});

describe("errors are JSON bodies without stacks", () => {
  it("answers unknown paths with 404 not_found", async () => {
    const r = await api.call("/no/such/thing");
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ error: { code: "not_found" } });
  });

  it("answers malformed JSON with 400 and no details", async () => {
    const response = await fetch(`${server.baseUrl}/api/v2/auth/activate`, {
      method: "POST",
      headers: { origin: server.baseUrl, "content-type": "application/json" },
      body: "{not json",
    });
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ error: { code: "validation" } });
    expect(text).not.toMatch(/at .*\.(js|ts)/);
  });

  it("marks answers as not cacheable", async () => {
    const r = await api.call("/ping");
    expect(r.headers.get("cache-control")).toBe("no-store");
  });
});

describe("POST /v2/auth/login", () => {
  it("returns tokens for valid credentials", async () => {
    const r = await api.call("/v2/auth/login", {
      method: "POST",
      basic: [DEMO.household.vat, "Demo2026!"],
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ user_id: DEMO.household.userId });
    expect(r.body.data.access_token.split(".")).toHaveLength(3);
    expect(r.body.data.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it.each([
    ["no_user", "123456789", "Demo2026!"],
    ["wrong_credentials", DEMO.household.vat, "Wrong2026!"],
    ["not_active", DEMO.unactivated.vat, "Demo2026!"],
  ])("answers 400 %s", async (code, vat, password) => {
    const r = await api.call("/v2/auth/login", { method: "POST", basic: [vat, password] });
    expect(r.status).toBe(400);
    expect(r.code).toBe(code);
  });

  it("answers 400 validation for a missing or malformed Basic header", async () => {
    const r = await api.call("/v2/auth/login", {
      method: "POST",
      headers: { authorization: "Basic !!!" },
    });
    expect(r.status).toBe(400);
    expect(r.code).toBe("validation");
  });

  it("lets intermediate and inactive customers sign in (the portal routes them)", async () => {
    expect((await api.login(DEMO.applicant.vat)).user_id).toBe(DEMO.applicant.userId);
    expect((await api.login(DEMO.former.vat)).user_id).toBe(DEMO.former.userId);
  });

  it("answers 429 daily_attempts_exceeded from the 11th failure of a VAT, even with the right password", async () => {
    const vat = DEMO.firstLogin.vat;
    for (let i = 1; i <= 10; i++) {
      const r = await api.call("/v2/auth/login", { method: "POST", basic: [vat, `Wrong${i}xx`] });
      expect(r.code, `attempt ${i}`).toBe("wrong_credentials");
    }
    const eleventh = await api.call("/v2/auth/login", {
      method: "POST",
      basic: [vat, "Demo2026!"],
    });
    expect(eleventh.status).toBe(429);
    expect(eleventh.code).toBe("daily_attempts_exceeded");
    // Other VATs are not affected.
    expect(
      (await api.call("/v2/auth/login", { method: "POST", basic: [DEMO.company.vat, "Demo2026!"] }))
        .status,
    ).toBe(200);
  });

  it("counts unknown VATs as failures too", async () => {
    for (let i = 0; i < 10; i++)
      await api.call("/v2/auth/login", { method: "POST", basic: ["111111111", "x"] });
    expect(
      (await api.call("/v2/auth/login", { method: "POST", basic: ["111111111", "x"] })).status,
    ).toBe(429);
  });

  it("records successes and failures in the audit log", () => {
    const rows = server.query<{ action: string; n: number }>(
      "select action, count(*) as n from audit_log where action like 'login_%' group by action order by action",
    );
    expect(rows.find((r) => r.action === "login_success")?.n).toBeGreaterThan(0);
    expect(rows.find((r) => r.action === "login_failure")?.n).toBeGreaterThan(10);
  });
});

describe("bearer checks", () => {
  it("answers 401 unauthorized without a token, with a bad one, or with an expired one", async () => {
    expect((await api.call("/v2/me")).status).toBe(401);
    const garbage = await api.call("/v2/me", { token: "abc.def.ghi" });
    expect(garbage.status).toBe(401);
    expect(garbage.code).toBe("unauthorized");
    const { access_token } = await api.login(DEMO.household.vat);
    const claims = JSON.parse(
      Buffer.from(access_token.split(".")[1] ?? "", "base64url").toString(),
    );
    // Re-signed with the server's secret and still valid: accepted (so the secret below is the real one).
    const resigned = await sign({ ...claims, iat: claims.iat - 1 }, devVar("JWT_SECRET"), "HS256");
    expect((await api.call("/v2/me", { token: resigned })).status).toBe(200);
    const expired = await sign(
      { ...claims, iat: claims.iat - 3600, exp: claims.exp - 3600 },
      devVar("JWT_SECRET"),
      "HS256",
    );
    expect((await api.call("/v2/me", { token: expired })).status).toBe(401);
    const forged = await sign(claims, "not-the-secret", "HS256");
    expect((await api.call("/v2/me", { token: forged })).status).toBe(401);
    expect((await api.call("/v2/me", { token: access_token })).status).toBe(200);
  });

  it("answers 403 forbidden when the token's session does not exist", async () => {
    const claims = {
      sub: String(DEMO.household.userId),
      sid: "no-such-session",
      iat: Math.floor(Date.now() / 1000),
      exp: Math.floor(Date.now() / 1000) + 600,
    };
    const token = await sign(claims, devVar("JWT_SECRET"), "HS256");
    const r = await api.call("/v2/me", { token });
    expect(r.status).toBe(403);
    expect(r.code).toBe("forbidden");
  });
});

describe("POST /v2/auth/refresh-token", () => {
  it("rotates: a new pair for the same session, and the new access token works", async () => {
    const first = await api.login(DEMO.household.vat);
    const r = await api.call("/v2/auth/refresh-token", {
      method: "POST",
      token: first.refresh_token,
    });
    expect(r.status).toBe(200);
    expect(r.body.data.refresh_token).not.toBe(first.refresh_token);
    expect(r.body.data.user_id).toBe(DEMO.household.userId);
    expect((await api.call("/v2/me", { token: r.body.data.access_token })).status).toBe(200);
  });

  it("answers 401 for unknown tokens and for a missing header", async () => {
    expect(
      (await api.call("/v2/auth/refresh-token", { method: "POST", token: "nope" })).status,
    ).toBe(401);
    expect((await api.call("/v2/auth/refresh-token", { method: "POST" })).code).toBe(
      "unauthorized",
    );
  });

  it("revokes the session when a used refresh token comes back after the grace window", async () => {
    const first = await api.login(DEMO.household.vat);
    const second = (
      await api.call("/v2/auth/refresh-token", { method: "POST", token: first.refresh_token })
    ).body.data;
    // Within seconds a reuse is taken for parallel requests of the same client: still answered.
    const racing = await api.call("/v2/auth/refresh-token", {
      method: "POST",
      token: first.refresh_token,
    });
    expect(racing.status).toBe(200);
    await sleep(6000);
    const reuse = await api.call("/v2/auth/refresh-token", {
      method: "POST",
      token: first.refresh_token,
    });
    expect(reuse.status).toBe(401);
    expect(reuse.code).toBe("unauthorized");
    // The whole session ended: the newest tokens are dead too.
    expect((await api.call("/v2/me", { token: second.access_token })).status).toBe(403);
    expect(
      (await api.call("/v2/auth/refresh-token", { method: "POST", token: second.refresh_token }))
        .status,
    ).toBe(401);
  });
});

describe("POST /v2/auth/logout", () => {
  it("ends the session: the old access token then gets 403 and its refresh token 401", async () => {
    const tokens = await api.login(DEMO.household.vat);
    const other = await api.login(DEMO.household.vat);
    const r = await api.call("/v2/auth/logout", {
      method: "POST",
      token: tokens.access_token,
      body: { user_id: tokens.user_id },
    });
    expect(r.status).toBe(204);
    const after = await api.call("/v2/me", { token: tokens.access_token });
    expect(after.status).toBe(403);
    expect(after.code).toBe("forbidden");
    expect(
      (await api.call("/v2/auth/refresh-token", { method: "POST", token: tokens.refresh_token }))
        .status,
    ).toBe(401);
    // Only that session: another device stays signed in.
    expect((await api.call("/v2/me", { token: other.access_token })).status).toBe(200);
  });

  it("answers 404 for another user's id and 401 without a token", async () => {
    const tokens = await api.login(DEMO.household.vat);
    expect(
      (
        await api.call("/v2/auth/logout", {
          method: "POST",
          token: tokens.access_token,
          body: { user_id: DEMO.company.userId },
        })
      ).status,
    ).toBe(404);
    expect(
      (await api.call("/v2/auth/logout", { method: "POST", body: { user_id: 1 } })).status,
    ).toBe(401);
  });
});

describe("redirect-token and redirect-login", () => {
  it("signs the user in once with a single-use token", async () => {
    const tokens = await api.login(DEMO.company.vat);
    const issued = await api.call("/v2/auth/redirect-token", {
      method: "POST",
      token: tokens.access_token,
    });
    expect(issued.status).toBe(200);
    const token = issued.body.data.token as string;
    const first = await api.call("/v2/auth/redirect-login", { body: { token } });
    expect(first.status).toBe(200);
    expect(first.body.data.user_id).toBe(DEMO.company.userId);
    expect(
      (await api.call("/v2/me", { token: first.body.data.access_token })).body.data.username,
    ).toBe(DEMO.company.vat);
    const second = await api.call("/v2/auth/redirect-login", { body: { token } });
    expect(second.status).toBe(400);
    expect(second.code).toBe("bad_token");
  });

  it("refuses unknown tokens and needs a bearer to issue one", async () => {
    expect((await api.call("/v2/auth/redirect-login", { body: { token: "made-up" } })).code).toBe(
      "bad_token",
    );
    expect((await api.call("/v2/auth/redirect-token", { method: "POST" })).status).toBe(401);
  });
});

describe("PUT /user/password", () => {
  const vat = DEMO.company.vat;

  it("validates, checks the old password, refuses the same password", async () => {
    const { access_token: token } = await api.login(vat);
    const put = (body: unknown) => api.call("/user/password", { method: "PUT", token, body });
    const weak = await put({
      old_password: "Demo2026!",
      password: "short",
      password_confirmation: "short",
    });
    expect([weak.status, weak.code, weak.field]).toEqual([400, "validation", "password"]);
    const mismatch = await put({
      old_password: "Demo2026!",
      password: "Newpass2026!",
      password_confirmation: "Other2026!",
    });
    expect([mismatch.status, mismatch.code]).toEqual([400, "passwords_mismatch"]);
    const wrongOld = await put({
      old_password: "Wrong2026!",
      password: "Newpass2026!",
      password_confirmation: "Newpass2026!",
    });
    expect([wrongOld.status, wrongOld.code]).toEqual([400, "wrong_credentials"]);
    const same = await put({
      old_password: "Demo2026!",
      password: "Demo2026!",
      password_confirmation: "Demo2026!",
    });
    expect([same.status, same.code, same.field]).toEqual([400, "validation", "password"]);
  });

  it("changes it, keeps this session and ends the others", async () => {
    const other = await api.login(vat);
    const current = await api.login(vat);
    const r = await api.call("/user/password", {
      method: "PUT",
      token: current.access_token,
      body: {
        old_password: "Demo2026!",
        password: "Newpass2026!",
        password_confirmation: "Newpass2026!",
      },
    });
    expect(r.status).toBe(204);
    expect((await api.call("/v2/me", { token: current.access_token })).status).toBe(200);
    expect((await api.call("/v2/me", { token: other.access_token })).status).toBe(403);
    expect(
      (await api.call("/v2/auth/login", { method: "POST", basic: [vat, "Demo2026!"] })).code,
    ).toBe("wrong_credentials");
    expect((await api.login(vat, "Newpass2026!")).user_id).toBe(DEMO.company.userId);
  });
});

describe("POST /v2/auth/deactivate", () => {
  it("refuses another username, then deactivates the own account and ends all its sessions", async () => {
    const vat = DEMO.former.vat;
    const a = await api.login(vat);
    const b = await api.login(vat);
    expect(
      (
        await api.call("/v2/auth/deactivate", {
          token: a.access_token,
          body: { username: DEMO.household.vat },
        })
      ).status,
    ).toBe(404);
    const r = await api.call("/v2/auth/deactivate", {
      token: a.access_token,
      body: { username: vat },
    });
    expect(r.status).toBe(204);
    expect((await api.call("/v2/me", { token: a.access_token })).status).toBe(403);
    expect((await api.call("/v2/me", { token: b.access_token })).status).toBe(403);
    const login = await api.call("/v2/auth/login", { method: "POST", basic: [vat, "Demo2026!"] });
    expect([login.status, login.code]).toEqual([400, "deactivated"]);
    const audit = server.query<{ action: string }>(
      `select action from audit_log where user_id = ${DEMO.former.userId} and action in ('deactivate','logout')`,
    );
    expect(audit.map((r) => r.action)).toContain("deactivate");
  });
});

describe("per-client throttling (CF-Connecting-IP; api/services/throttle.ts)", () => {
  // wrangler dev keeps a CF-Connecting-IP the client sends: each test acts as its own client.
  const loginFrom = (ip: string, vat: string, password: string) =>
    api.call("/v2/auth/login", {
      method: "POST",
      basic: [vat, password],
      headers: { "cf-connecting-ip": ip },
    });
  const hourLeft = () => 3_600_000 - (Date.now() % 3_600_000);

  it("answers 429 too_many_attempts after 30 failures in an hour from one client address, whatever the VAT", async () => {
    // The 30 must share one UTC hour.
    if (hourLeft() < 60_000) await sleep(hourLeft() + 1000);
    const ip = "203.0.113.77";
    for (let i = 0; i < 30; i++) {
      const vat = String(100000000 + i * 7919).padStart(9, "0");
      expect((await loginFrom(ip, vat, "x")).status, `attempt ${i + 1}`).toBe(400);
    }
    const [row] = server.query<{ count: number }>(
      `select count from throttle_counters where scope = 'login-ip-hour' and key = '${ip}'`,
    );
    expect(row?.count).toBe(30);
    const blocked = await loginFrom(ip, DEMO.household.vat, "Demo2026!");
    expect([blocked.status, blocked.code]).toEqual([429, "too_many_attempts"]);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    // Refused before the VAT is counted, and other clients are not affected.
    expect((await loginFrom("203.0.113.78", DEMO.household.vat, "Demo2026!")).status).toBe(200);
  }, 120_000);

  it("answers 429 too_many_attempts after 100 failures in a UTC day from one client address", async () => {
    const ip = "203.0.113.79";
    const day = new Date().toISOString().slice(0, 10);
    const next = new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString();
    server.query(
      `insert into throttle_counters (scope, key, window_start, expires_at, count)
       values ('login-ip-day', '${ip}', '${day}T00:00:00.000Z', '${next}', 100)`,
    );
    const blocked = await loginFrom(ip, DEMO.household.vat, "Demo2026!");
    expect([blocked.status, blocked.code]).toEqual([429, "too_many_attempts"]);
  });
});

describe("#15 English kept after sign-in", () => {
  const lngCookie = createCookie("lng");

  /** POST /login as the login form does, with the browser's cookies; the cookies it sets. */
  async function signIn(cookie: string) {
    const response = await fetchWorker(`${server.baseUrl}/login`, {
      method: "POST",
      redirect: "manual",
      headers: {
        origin: server.baseUrl,
        connection: "close",
        cookie,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({
        intent: "login",
        username: DEMO.household.vat,
        password: "Demo2026!",
      }).toString(),
    });
    const cookies = response.headers.getSetCookie().map((c) => c.split(";")[0] as string);
    const lng = cookies.find((c) => c.startsWith("lng="));
    return {
      status: response.status,
      cookies: cookies.join("; "),
      language: lng ? ((await lngCookie.parse(lng)) as unknown) : undefined,
    };
  }

  async function page(path: string, cookie: string) {
    const response = await fetchWorker(`${server.baseUrl}${path}`, {
      headers: { connection: "close", cookie },
      redirect: "manual",
    });
    return { status: response.status, html: await response.text() };
  }

  it("keeps the language chosen on the login page (lng cookie) and offers to save it", async () => {
    const chosen = await signIn(await lngCookie.serialize("en"));
    expect(chosen.status).toBe(302);
    expect(chosen.language).toBe("en");
    const overview = await page("/b2b/episkopisi", chosen.cookies);
    expect(overview.status).toBe(200);
    expect(overview.html).toMatch(/<html lang="en"/);
    expect(overview.html).toContain('class="alert lang-prompt"');
    expect(overview.html).toContain('value="dismiss-language-prompt"');
  });

  it("applies the saved language when nothing was chosen, with no prompt", async () => {
    const plain = await signIn("");
    expect(plain.status).toBe(302);
    expect(plain.language).toBe("el");
    const overview = await page("/b2b/episkopisi", plain.cookies);
    expect(overview.html).toMatch(/<html lang="el"/);
    expect(overview.html).not.toContain("lang-prompt");
  });

  it("PUT /user/language saves the caller's language: bearer only, el or en", async () => {
    const vat = DEMO.largeCompany.vat;
    expect((await api.call("/user/language", { method: "PUT", body: { lang: "en" } })).status).toBe(
      401,
    );
    const { access_token: token } = await api.login(vat);
    const put = (body: unknown) => api.call("/user/language", { method: "PUT", token, body });
    expect((await put({ lang: "fr" })).status).toBe(400);
    expect((await put({})).status).toBe(400);
    expect((await put({ lang: "en" })).status).toBe(204);
    expect((await api.call("/v2/me", { token })).body.data.lang).toBe("en");
    expect((await put({ lang: "el" })).status).toBe(204);
    expect((await api.call("/v2/me", { token })).body.data.lang).toBe("el");
  });
});
