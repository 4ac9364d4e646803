/**
 * Production by default (ADR 0009), HSTS, Secure cookies, user files' sandbox and the request log,
 * on the BUILT Worker served with exactly the configuration a deploy resolves to: the build's
 * wrangler.json and its [vars], no .dev.vars (the harness removes the copy the build made), only
 * the three secrets (as `wrangler secret put` gives them), plus D1_FAULT_RATE=1 passed as a
 * variable, which production must ignore (every test below would fail if it did not: every D1
 * statement would fail).
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signToken } from "../../api/lib/signing.ts";
import { DEMO } from "../../seed/accounts.ts";
import { deployProblems } from "../../scripts/deploy.ts";
import { createClient } from "../integration/client.ts";
import { logLine, startServer, type TestServer } from "../integration/server.ts";
import {
  apiRoutes,
  createPortal,
  fetchWorker,
  pageRoutes,
  paramsOf,
  root,
  type PortalResponse,
} from "./support.ts";

let server: TestServer;
/** D1_DELAY_MS given to the production server: were it honoured, a page would take this long. */
const PRODUCTION_DELAY_MS = 6_000;
/** DEV_CLOCK given to the production server (workers/dev-clock.ts): honoured, it would be 2001. */
const PRODUCTION_CLOCK = "2001-01-01T00:00:00Z";

beforeAll(async () => {
  server = await startServer({
    deployConfig: true,
    vars: {
      D1_FAULT_RATE: "1",
      D1_DELAY_MS: String(PRODUCTION_DELAY_MS),
      DEV_CLOCK: PRODUCTION_CLOCK,
    },
    logLevel: "log",
  });
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

// ---------------------------------------------------------------------------------------------
// Development routes, discovered from the route tables

interface DevRoute {
  method: string;
  path: string;
}

/** Every development route: app/routes.ts paths under dev/, API routes with a /dev segment. */
async function developmentRoutes(): Promise<DevRoute[]> {
  const pages = (await pageRoutes())
    .filter((r) => r.path.startsWith("/dev/"))
    .map((r) => ({ method: "GET", path: r.path }));
  const api = (await apiRoutes()).filter((r) => /\/dev(\/|$)/.test(r.path));
  return [...pages, ...api];
}

/** A body every development endpoint accepts (zod objects ignore the fields they do not know). */
const devBody = (route: DevRoute) => ({
  purpose: route.path.includes("/payments/") ? "pay" : "all-smart",
  meter_id: DEMO.household.mainMeterId,
  id: DEMO.household.customerId,
  username: DEMO.household.vat,
  vat: DEMO.household.vat,
});

function callDevRoute(baseUrl: string, route: DevRoute): Promise<Response> {
  const hasBody = route.method !== "GET" && route.method !== "HEAD";
  return fetchWorker(`${baseUrl}${route.path}`, {
    method: route.method,
    headers: {
      connection: "close",
      origin: baseUrl,
      ...(hasBody ? { "content-type": "application/json" } : {}),
    },
    body: hasBody ? JSON.stringify(devBody(route)) : undefined,
    redirect: "manual",
  });
}

describe("#14.1 production by default: the configuration a deploy resolves to", () => {
  it("is production, with no local settings file and no secret in [vars]", () => {
    const config = JSON.parse(
      readFileSync(path.join(server.persistDir, "build", "server", "wrangler.json"), "utf8"),
    ) as { vars?: Record<string, unknown> };
    expect(config.vars?.ENVIRONMENT).toBe("production");
    expect(deployProblems(config)).toEqual([]);
    expect(existsSync(path.join(server.persistDir, "build", "server", ".dev.vars"))).toBe(false);
  });

  it("discovers the development routes from the route tables (at least these)", async () => {
    const found = (await developmentRoutes()).map((r) => `${r.method} ${r.path}`);
    expect(found).toEqual(
      expect.arrayContaining([
        "GET /dev/outbox",
        "GET /dev/links",
        "GET /api/dev/outbox",
        "POST /api/dev/meters/remove",
        "POST /api/payments/dev/links",
        "POST /api/all-smart/dev/links",
      ]),
    );
  });

  it("none of the development routes answers: 404 as for any unknown path", async () => {
    for (const route of await developmentRoutes()) {
      const response = await callDevRoute(server.baseUrl, route);
      const what = `${route.method} ${route.path}`;
      expect(response.status, what).toBe(404);
      const text = await response.text();
      if (route.path.startsWith("/api/")) {
        expect(JSON.parse(text), what).toEqual({ error: { code: "not_found" } });
      }
    }
  });

  it("control: the same requests reach those routes under local development", async () => {
    // A second Worker, with the build's .dev.vars (ENVIRONMENT=development): proves the requests
    // above are well-formed, so their 404 comes from the production check and nothing else.
    const development = await startServer();
    try {
      for (const route of await developmentRoutes()) {
        const response = await callDevRoute(development.baseUrl, route);
        expect(response.status, `${route.method} ${route.path}`).toBeGreaterThanOrEqual(200);
        expect(response.status, `${route.method} ${route.path}`).toBeLessThan(300);
      }
    } finally {
      await development.stop();
    }
  }, 240_000);

  it("/bench/hello (the benchmark's baseline) is 404 in production too", async () => {
    const response = await fetchWorker(`${server.baseUrl}/bench/hello`, {
      headers: { connection: "close" },
    });
    expect(response.status).toBe(404);
  });

  it("D1_FAULT_RATE passed as a variable is ignored: signed-in pages and API calls all answer", async () => {
    const portal = createPortal(server.baseUrl);
    await portal.login(DEMO.company.vat);
    for (const page of ["/b2b/episkopisi", "/b2b/paroxes", "/b2b/logariasmoi", "/b2b/settings"]) {
      expect((await portal.request(page)).status, page).toBe(200);
    }
    const api = createClient(server.baseUrl);
    const tokens = await api.login(DEMO.company.vat);
    for (let i = 0; i < 10; i++) {
      const result = await api.call(`/users/${DEMO.company.userId}/invoices`, {
        token: tokens.access_token,
      });
      expect(result.status).toBe(200);
    }
    // A failed statement would be logged as an API error or a 5xx request line.
    expect(server.log()).not.toMatch(/api error|"status":5\d\d/);
  });

  it("#16 D1_DELAY_MS passed as a variable is ignored, and no answer counts D1 round trips", async () => {
    const portal = createPortal(server.baseUrl);
    await portal.login(DEMO.household.vat);
    for (const page of ["/b2b/episkopisi", "/b2b/pay", "/b2b/logariasmoi"]) {
      const started = Date.now();
      const response = await portal.request(page, { headers: { "cache-control": "no-cache" } });
      // Every page makes at least two sequential D1 calls: honoured, the delay alone would take 12 s.
      expect(Date.now() - started, page).toBeLessThan(PRODUCTION_DELAY_MS);
      expect(response.status, page).toBe(200);
      expect(response.headers.get("x-d1-round-trips"), page).toBeNull();
      expect(response.headers.get("server-timing") ?? "", page).not.toMatch(/\bd1\b|trips=/);
    }
    const api = await fetchWorker(`${server.baseUrl}/api/ping`, {
      headers: { connection: "close" },
    });
    expect(api.headers.get("x-d1-round-trips")).toBeNull();
  });

  it("#35 DEV_CLOCK passed as a variable is ignored: the Worker's clock is the real one", async () => {
    const before = Math.floor(Date.now() / 1000);
    const { access_token } = await createClient(server.baseUrl).login(DEMO.household.vat);
    const payload = JSON.parse(
      Buffer.from(access_token.split(".")[1]!, "base64url").toString("utf8"),
    ) as { iat: number };
    // Honoured, the token would be issued on 01/01/2001.
    expect(payload.iat).toBeGreaterThanOrEqual(before - 5);
    expect(payload.iat).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 5);
  });

  it("npm run deploy (dry run) accepts this build and refuses it once its ENVIRONMENT is not production", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "deploy-dry-run-"));
    try {
      const build = path.join(dir, "build");
      cpSync(path.join(root, "build"), build, { recursive: true });
      writeFileSync(path.join(build, "server", ".dev.vars"), "ENVIRONMENT=development\n");
      const deploy = () =>
        spawnSync(
          process.execPath,
          [path.join(root, "scripts", "deploy.ts"), "--dry-run", "--skip-build", "--build", build],
          {
            cwd: root,
            encoding: "utf8",
            env: {
              ...process.env,
              CI: "true",
              CLOUDFLARE_CF_FETCH_ENABLED: "false",
              WRANGLER_SEND_METRICS: "false",
            },
          },
        );

      const accepted = deploy();
      expect(accepted.status, accepted.stdout + accepted.stderr).toBe(0);
      expect(accepted.stdout).toMatch(/ENVIRONMENT \("production"\)/);
      // #34 It cannot see the secrets without the remote: it names the ones that must exist.
      expect(accepted.stdout).toMatch(
        /these must exist: SESSION_SECRET, JWT_SECRET, LINK_SECRET, VIVA_CLIENT_ID, VIVA_CLIENT_SECRET, VIVA_MERCHANT_ID, VIVA_API_KEY, TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN/,
      );
      // The copied local settings are gone from the build.
      expect(existsSync(path.join(build, "server", ".dev.vars"))).toBe(false);

      const configFile = path.join(build, "server", "wrangler.json");
      const config = JSON.parse(readFileSync(configFile, "utf8")) as {
        vars: Record<string, string>;
      };
      for (const vars of [
        { ...config.vars, ENVIRONMENT: "development" },
        { ...config.vars, ENVIRONMENT: undefined },
        { ...config.vars, D1_FAULT_RATE: "0.5" },
        { ...config.vars, SESSION_SECRET: "in-a-file" },
        { ...config.vars, PAYMENT_PROVIDER: "test" },
        { ...config.vars, VIVA_API_URL: "http://127.0.0.1:9" },
      ]) {
        writeFileSync(configFile, JSON.stringify({ ...config, vars }));
        const refused = deploy();
        expect(refused.status, JSON.stringify(vars)).toBe(1);
        expect(refused.stderr).toMatch(/refusing to deploy/);
        expect(refused.stdout).not.toMatch(/wrangler deploy/);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

// ---------------------------------------------------------------------------------------------
// #34 The test acquirer is unreachable on a deploy

describe("#34 a deploy never reaches the built-in test acquirer", () => {
  it("/gateway/* and /api/gateway/* answer 404; starting a payment fails closed (viva without its secrets)", async () => {
    // The test acquirer's routes, from the route tables: its card and 3-D Secure pages and API.
    const pages = (await pageRoutes()).filter((r) => r.path.startsWith("/gateway/"));
    const api = (await apiRoutes()).filter((r) => r.path.startsWith("/api/gateway/"));
    expect(pages.map((r) => r.path)).toEqual(
      expect.arrayContaining(["/gateway/pay/:token", "/gateway/3ds/:token"]),
    );
    expect(api.length).toBeGreaterThan(0);
    // A token-shaped value: the routes must not answer at all, whatever the token.
    const token = "a".repeat(43);
    for (const route of [...pages.map((r) => ({ method: "GET", path: r.path })), ...api]) {
      const url = route.path.replace(/:[A-Za-z0-9_]+\??/g, token);
      const hasBody = route.method !== "GET";
      const response = await fetchWorker(`${server.baseUrl}${url}`, {
        method: route.method,
        headers: {
          connection: "close",
          origin: server.baseUrl,
          ...(hasBody ? { "content-type": "application/json" } : {}),
        },
        body: hasBody ? JSON.stringify({ pan: "4111111111111111", code: "1234" }) : undefined,
        redirect: "manual",
      });
      expect(response.status, `${route.method} ${route.path}`).toBe(404);
    }

    // Starting a payment: PAYMENT_PROVIDER is "viva" and this server has only the portal's three
    // secrets (tests/integration/server.ts DEPLOY_SECRETS), so payments are off, never the test
    // acquirer: the API answers 503 and stores no order; the pay form never leads to /gateway/.
    const orders = () =>
      server.query<{ n: number }>("SELECT count(*) AS n FROM payment_orders")[0]?.n ?? 0;
    const before = orders();
    const client = createClient(server.baseUrl);
    const tokens = await client.login(DEMO.household.vat);
    const started = await client.call("/payments/orders", {
      token: tokens.access_token,
      body: { items: [{ meter_id: DEMO.household.mainMeterId, amount: 10 }] },
    });
    expect(started.status).toBe(503);
    expect(started.code).toBe("payments_unavailable");
    const portal = createPortal(server.baseUrl);
    await portal.login(DEMO.household.vat);
    const posted = await portal.request("/b2b/pay", {
      form: new URLSearchParams({
        "items[0].meter_id": String(DEMO.household.mainMeterId),
        "items[0].pay": "on",
        "items[0].amount": "10,00",
      }),
    });
    expect(posted.status).toBeLessThan(500);
    expect(posted.location ?? "").not.toMatch(/gateway/);
    expect(posted.text).not.toMatch(/\/gateway\/pay\//);
    expect(orders()).toBe(before);
    // Where a pay button would be, the RF/18101 notice instead, in both languages, server-rendered.
    for (const [lng, notice] of [
      ["el", "Η ηλεκτρονική πληρωμή δεν είναι διαθέσιμη αυτή τη στιγμή"],
      ["en", "Online payment is not available at the moment"],
    ] as const) {
      for (const page of ["/b2b/pay", "/b2b/episkopisi"]) {
        const shown = await portal.request(`${page}?lng=${lng}`);
        expect(shown.text, `${page} (${lng})`).toContain(notice);
        expect(shown.text, `${page} (${lng})`).not.toContain('type="submit" class="btn"');
      }
    }
    // The test issuer of direct debit is unreachable too: a card is never registered.
    const mandates = () =>
      server.query<{ n: number }>("SELECT count(*) AS n FROM direct_debits")[0]?.n ?? 0;
    const held = mandates();
    const card = await client.call(
      `/users/${DEMO.household.userId}/direct-debits/${DEMO.household.mainMeterId}`,
      {
        method: "PUT",
        token: tokens.access_token,
        body: {
          number: "4111111111111111",
          exp_month: 12,
          exp_year: 2035,
          cvv: "123",
          holder: "X",
        },
      },
    );
    expect(card.status).toBe(503);
    expect(card.code).toBe("dd_unavailable");
    // Nor does the Viva way start without Viva's secrets (fail closed): no order anywhere.
    const viva = await client.call(`/direct-debit/flows/${"a".repeat(32)}/viva`, {
      body: { meter_id: DEMO.household.mainMeterId },
    });
    expect([viva.status, viva.code]).toEqual([503, "dd_unavailable"]);
    expect(mandates()).toBe(held);
  });
});

// ---------------------------------------------------------------------------------------------
// HSTS and Secure cookies, user files

/** A portal client that keeps every answer's headers for the checks below. */
function recordingPortal() {
  const portal = createPortal(server.baseUrl);
  const seen: Array<{ what: string; status: number; headers: Headers }> = [];
  const request: typeof portal.request = async (pathname, init) => {
    const response: PortalResponse = await portal.request(pathname, init);
    seen.push({
      what: `${init?.method ?? (init?.form ? "POST" : "GET")} ${pathname}`,
      status: response.status,
      headers: response.headers,
    });
    return response;
  };
  return { portal, request, seen };
}

describe("#14.11 HSTS and Secure on every cookie in production (any host, even plain http)", () => {
  it("a crawl of public and signed-in pages: every answer has HSTS, every Set-Cookie is Secure", async () => {
    const { request, seen } = recordingPortal();
    const routes = await pageRoutes();
    const withoutParams = routes.filter(
      (r) => paramsOf(r.path).length === 0 && !r.path.includes("*") && !r.isResource,
    );
    const signedIn = (p: string) => /^\/(b2b|instructions)(\/|$)/.test(p);
    const skip = (p: string) => /^\/(dev|bench|locales)\//.test(p) || p === "/logout";

    // Signed out: every public page, in English (the `lng` cookie).
    const publicPages = withoutParams.filter((r) => !signedIn(r.path) && !skip(r.path));
    expect(publicPages.length).toBeGreaterThan(8);
    for (const route of publicPages) await request(`${route.path}?lng=en`);
    // The cookie bar's consent, the language switch, a direct-debit flow (refused: SMS is off).
    await request("/language", {
      form: new URLSearchParams({ intent: "cookie-consent", redirectTo: "/" }),
    });
    await request("/language", { form: new URLSearchParams({ lng: "el", redirectTo: "/" }) });
    await request("/direct-debit", {
      form: new URLSearchParams({ intent: "start", afm: DEMO.household.vat }),
    });

    // Sign in through the login form, then every signed-in page, then sign out.
    const login = await request("/login", {
      form: new URLSearchParams({
        intent: "login",
        username: DEMO.household.vat,
        password: "Demo2026!",
      }),
    });
    expect(login.status).toBeGreaterThanOrEqual(300);
    expect(login.status).toBeLessThan(400);
    const signedInPages = withoutParams.filter((r) => signedIn(r.path));
    expect(signedInPages.length).toBeGreaterThan(5);
    for (const route of signedInPages) await request(route.path);
    await request("/no-such-page");
    await request("/logout", { form: new URLSearchParams() });
    expect((await request("/b2b")).status).toBe(302);

    // Answers outside the page router.
    for (const extra of ["/api/ping", "/api/no-such-endpoint", "/healthz"]) {
      const response = await fetchWorker(`${server.baseUrl}${extra}`, {
        headers: { connection: "close" },
      });
      seen.push({ what: `GET ${extra}`, status: response.status, headers: response.headers });
    }

    for (const { what, status, headers } of seen) {
      expect(status, what).toBeLessThan(500);
      expect(headers.get("strict-transport-security"), what).toMatch(
        /max-age=\d{8,}; includeSubDomains/,
      );
    }
    const cookies = seen.flatMap(({ what, headers }) =>
      headers.getSetCookie().map((line) => ({ what, line })),
    );
    const names = new Set(cookies.map((c) => c.line.slice(0, c.line.indexOf("="))));
    // The crawl met the cookies the portal writes (the discovery works). No direct-debit flow
    // cookie (__dd_flow) since #34: this server has no Twilio secrets, so SMS is off and the flow,
    // which sends a code by SMS, does not start; that cookie is written like the others.
    expect([...names]).toEqual(expect.arrayContaining(["lng", "cookie_consent", "__Host-session"]));
    for (const { what, line } of cookies) {
      expect(line, what).toMatch(/;\s*Secure(;|$)/i);
    }
    // The session cookie: __Host- prefix, Secure, HttpOnly, Path=/, host-only.
    const session = cookies.filter((c) => c.line.startsWith("__Host-session="));
    expect(session.length).toBeGreaterThan(0);
    expect(cookies.filter((c) => /^_*session=/.test(c.line))).toEqual([]);
    for (const { line } of session) {
      expect(line).toMatch(/;\s*HttpOnly/i);
      expect(line).toMatch(/;\s*Path=\/(;|$)/i);
      expect(line).not.toMatch(/domain=/i);
    }
  }, 240_000);
});

describe("#14.11 user files keep their sandbox CSP", () => {
  it("every file route that sets one keeps it, the page policy beside it (page and API)", async () => {
    // The file routes: resource routes whose module sets a sandbox policy of its own.
    const fileRoutes = (await pageRoutes()).filter(
      (r) =>
        r.isResource && readFileSync(path.join(root, "app", r.file), "utf8").includes("sandbox"),
    );
    expect(fileRoutes.map((r) => r.path)).toEqual(
      expect.arrayContaining(["/b2b/avatar", "/b2b/aitimata/:requestId/file"]),
    );

    const user = DEMO.household;
    const png = Uint8Array.from(
      Buffer.from(
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
        "base64",
      ),
    );
    server.r2Put(`avatars/${user.userId}/itest.png`, png, "image/png");
    server.r2Put(
      `requests/${user.userId}/itest.pdf`,
      new TextEncoder().encode("%PDF-1.4\n"),
      "application/pdf",
    );
    // #38 §3: a register application's doctor's certificate (its own table and prefix).
    server.r2Put(
      `health/vulnerable/${user.mainMeterId}/itest.pdf`,
      new TextEncoder().encode("%PDF-1.4\n"),
      "application/pdf",
    );
    server.query(
      [
        `UPDATE users SET avatar_key = 'avatars/${user.userId}/itest.png', avatar_type = 'image/png',
           avatar_name = 'avatar-itest.png' WHERE id = ${user.userId}`,
        `INSERT INTO requests (id, reference, user_id, meter_id, kind, status, payload, file_key)
           VALUES (990001, 'ITEST-990001', ${user.userId}, ${user.mainMeterId}, 'name_change',
                   'completed', '{}', 'requests/${user.userId}/itest.pdf')`,
        `INSERT INTO request_files (id, user_id, request_id, r2_key, name, content_type, size, created_at, expires_at)
           VALUES ('itest-file', ${user.userId}, 990001, 'requests/${user.userId}/itest.pdf',
                   'itest.pdf', 'application/pdf', 9, '2026-01-01T00:00:00.000Z', '2026-01-02T00:00:00.000Z')`,
        `INSERT INTO vulnerable_applications (id, meter_id, user_id, category, declarations, status, created_at, updated_at)
           VALUES (990001, ${user.mainMeterId}, ${user.userId}, 'life_support', '[]', 'submitted',
                   '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`,
        `INSERT INTO vulnerable_certificates (application_id, r2_key, name, content_type, size, created_at)
           VALUES (990001, 'health/vulnerable/${user.mainMeterId}/itest.pdf', 'itest.pdf',
                   'application/pdf', 9, '2026-01-01T00:00:00.000Z')`,
      ].join(";\n"),
    );

    const portal = createPortal(server.baseUrl);
    await portal.login(user.vat);
    const values: Record<string, string> = { requestId: "990001" };
    // File routes that name their row in the query rather than the path.
    const queries: Record<string, string> = {
      "/b2b/evalotes/vevaiosi": `?meter=${user.mainMeterId}`,
    };
    for (const route of fileRoutes) {
      const url =
        route.path.replace(/:([A-Za-z0-9_]+)\??/g, (_, name: string) => values[name] ?? "") +
        (queries[route.path] ?? "");
      const response = await portal.request(url);
      expect(response.status, url).toBe(200);
      const csp = response.headers.get("content-security-policy") ?? "";
      expect(csp, url).toMatch(/default-src 'none'; sandbox/);
      expect(csp, url).toMatch(/frame-ancestors 'none'/);
    }

    const api = createClient(server.baseUrl);
    const tokens = await api.login(user.vat);
    const file = await fetchWorker(
      `${server.baseUrl}/api/users/${user.userId}/requests/990001/file`,
      { headers: { connection: "close", authorization: `Bearer ${tokens.access_token}` } },
    );
    expect(file.status).toBe(200);
    expect(file.headers.get("content-security-policy")).toMatch(/default-src 'none'; sandbox/);
  }, 120_000);
});

// ---------------------------------------------------------------------------------------------
// The request log (what a live service needs to be run: one line a request, no secrets)

interface LoggedLine {
  type: string;
  id: string;
  method?: string;
  route?: string;
  status?: number;
  ms?: number;
  user?: number;
}

describe("#14 run like a live service: one structured line per request, no secrets", () => {
  it("names the route pattern, status, duration and user; never a password, token, cookie or query", async () => {
    const user = DEMO.household;
    // Only this test's lines (the other tests of the file share the server).
    const offset = server.log().length;
    const [invoice] = server.query<{ id: number }>(
      `SELECT id FROM invoices WHERE meter_id = ${user.mainMeterId} ORDER BY id DESC LIMIT 1`,
    );
    expect(invoice).toBeTruthy();
    const secretQuery = "q-secret-7f3a9c";
    const portal = createPortal(server.baseUrl);
    const login = await portal.login(user.vat);
    const sessionValue = login.headers
      .getSetCookie()
      .find((c) => c.startsWith("__Host-session="))
      ?.split(";")[0]
      ?.split("=")[1];
    expect(sessionValue).toBeTruthy();
    const page = await portal.request(`/b2b/logariasmoi/${invoice?.id}?token=${secretQuery}`);
    expect(page.status).toBe(200);

    const linkSecret = server.secrets?.LINK_SECRET as string;
    const hash = await signToken(
      linkSecret,
      "pay",
      { m: user.mainMeterId },
      Math.floor(Date.now() / 1000) + 3600,
    );
    const pay = await fetchWorker(`${server.baseUrl}/pay/${hash}`, {
      headers: { connection: "close" },
      redirect: "manual",
    });
    expect(pay.status).toBeLessThan(500);

    const api = createClient(server.baseUrl);
    const tokens = await api.login(user.vat);
    const invoices = await api.call(`/users/${user.userId}/invoices?secret=${secretQuery}`, {
      token: tokens.access_token,
    });
    expect(invoices.status).toBe(200);

    // The Worker's lines are JSON; wrangler dev's own lines are not and never reach production.
    await logLine(server, (l) => l.includes('"route":"/api/users/:userId/invoices"'));
    const lines = server
      .log()
      .slice(offset)
      .split("\n")
      .map((l) => l.trim())
      .filter((l) => l.startsWith('{"type":'));
    const parsed = lines.map((l) => JSON.parse(l) as LoggedLine);
    const find = (route: string, method = "GET") =>
      parsed.find((l) => l.type === "request" && l.route === route && l.method === method);

    expect(find("/login", "POST"), lines.join("\n").slice(-4000)).toMatchObject({
      status: login.status,
      user: user.userId,
    });
    expect(find("/b2b/logariasmoi/:invoiceId")).toMatchObject({ status: 200, user: user.userId });
    expect(find("/pay/:hash?")).toMatchObject({ status: pay.status });
    expect(find("/api/users/:userId/invoices")).toMatchObject({ status: 200, user: user.userId });
    for (const line of parsed.filter((l) => l.type === "request")) {
      expect(line.id).toMatch(/^[0-9a-f-]{36}$|^[0-9a-f]{16}(-[A-Z]{3})?$/i);
      expect(typeof line.ms).toBe("number");
    }

    const all = lines.join("\n");
    for (const secret of [
      "Demo2026!",
      sessionValue as string,
      tokens.access_token,
      tokens.refresh_token,
      hash,
      secretQuery,
      user.email,
    ]) {
      expect(all.includes(secret), `the log carries ${secret.slice(0, 12)}…`).toBe(false);
    }
  }, 120_000);
});
