/**
 * What an attacker can repeat: reset links revoked and reset requests limited, the sign-in
 * throttle counted atomically (40 parallel attempts), per-client limits of the anonymous
 * endpoints that send messages, the current-password check throttled, and the client address
 * taken from CF-Connecting-IP alone. On the real Worker (wrangler dev) with a fresh local D1.
 *
 * About the client address in these tests: `wrangler dev` sets CF-Connecting-IP to the socket's
 * address (127.0.0.1) when a request has none, and keeps one the client sent. The tests use that
 * to act as many distinct clients. On Cloudflare the edge overwrites the header, so a real client
 * cannot choose its address; what these tests prove is that the limits key on that header and on
 * nothing else a client can send (X-Forwarded-For and friends change nothing).
 */
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sha256 } from "../../core/tokens.ts";
import { DEMO, DEMO_PASSWORD } from "../../seed/accounts.ts";
import { createClient } from "../integration/client.ts";
import { startServer, type TestServer } from "../integration/server.ts";
import { freePorts } from "../support/ports.ts";
import { createPortal, fetchWorker, root, visibleText } from "./support.ts";

// Room for a test to wait out a window edge (clearOfWindowEdge) and then run.
vi.setConfig({ testTimeout: 240_000 });

let server: TestServer;
let api: ReturnType<typeof createClient>;

beforeAll(async () => {
  server = await startServer();
  api = createClient(server.baseUrl);
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

// ---- helpers ------------------------------------------------------------------------------------

/** Greek text of a translation key ("ns:a.b"), as the portal shows it by default. */
function el(key: string): string {
  const [ns, rest] = key.split(":") as [string, string];
  const json = JSON.parse(readFileSync(path.join(root, "locales", "el", `${ns}.json`), "utf8"));
  const value = rest.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], json);
  if (typeof value !== "string") throw new Error(`no Greek text for ${key}`);
  return value;
}
const TOO_MANY = () => el("common:error.tooManyAttempts");

/** A distinct client address per call (TEST-NET / benchmark ranges: never a real client). */
let clients = 0;
const newClient = () => {
  clients++;
  return `198.18.${Math.floor(clients / 250)}.${(clients % 250) + 1}`;
};
const from = (ip: string) => ({ "cf-connecting-ip": ip });

/** A valid VAT (check digit) that no demo account has: 55xxxxxx + check digit. */
let vats = 0;
function unknownVat(): string {
  const base = String(55_000_000 + ++vats).padStart(8, "0");
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(base[i]) * 2 ** (8 - i);
  return base + String((sum % 11) % 10);
}

/**
 * The limits count in fixed UTC windows (an hour, a day, 15 minutes). A test that counts up to a
 * limit first waits out a window edge that is too close, so that its events share one window.
 */
async function clearOfWindowEdge(windowSeconds: number, marginSeconds = 90) {
  const size = windowSeconds * 1000;
  const left = size - (Date.now() % size);
  if (left < marginSeconds * 1000) await new Promise((r) => setTimeout(r, left + 1000));
}

const counter = (scope: string, key: string) =>
  server
    .query<{ count: number }>(
      `SELECT coalesce(sum(count), 0) AS count FROM throttle_counters WHERE scope = '${scope}' AND key = '${key}' AND expires_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
    )
    .map((r) => Number(r.count))[0] ?? 0;

const login = (vat: string, password: string, ip: string) =>
  api.call("/v2/auth/login", { method: "POST", basic: [vat, password], headers: from(ip) });

/** POST of a portal form without a session, as a browser with JavaScript off. */
async function postPage(pathname: string, form: Record<string, string>, headers = {}) {
  const response = await fetchWorker(`${server.baseUrl}${pathname}`, {
    method: "POST",
    headers: {
      connection: "close",
      origin: server.baseUrl,
      "content-type": "application/x-www-form-urlencoded",
      ...headers,
    },
    body: new URLSearchParams(form).toString(),
    redirect: "manual",
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** The page shows `message` in an alert above the form, and keeps `value` in the form. */
function expectFormRefusal(
  page: { status: number; headers: Headers; text: string },
  message: string,
  kept: string[],
) {
  expect(page.status).toBe(429);
  expect(Number(page.headers.get("retry-after"))).toBeGreaterThan(0);
  const alerts = [...page.text.matchAll(/role="alert"[^>]*>([\s\S]*?)<\/div>/g)].map((m) =>
    visibleText(m[1] ?? ""),
  );
  expect(
    alerts.some((text) => text.includes(message)),
    alerts.join(" | "),
  ).toBe(true);
  for (const value of kept) expect(page.text).toContain(`value="${value}"`);
}

async function outboxTo(recipient: string) {
  return (await api.outbox()).filter((m) => m.recipient === recipient);
}

// ---- Password reset: links revoked, emails and requests limited ------------------------------

describe("#14.5 reset links are revoked and reset requests are limited", () => {
  const me = DEMO.firstLogin;
  /** The reset links emailed to an address, newest first. */
  const resetLinks = async (email: string = me.email) =>
    (await outboxTo(email))
      .map((m) => m.link)
      .filter((link): link is string => !!link?.startsWith("/reset-password/"));
  const confirm = (link: string, password: string) =>
    api.call("/v2/auth/password-reset/confirm", {
      body: {
        token: link.slice("/reset-password/".length),
        password,
        password_confirmation: password,
      },
    });
  const requestReset = (vat: string, ip = newClient()) =>
    api.call("/v2/auth/password-reset", { body: { afm: vat }, headers: from(ip) });

  it("a new request revokes the older link; only the newest one works", async () => {
    await clearOfWindowEdge(3600);
    const before = (await resetLinks()).length;
    expect((await requestReset(me.vat)).status).toBe(204);
    expect((await requestReset(me.vat)).status).toBe(204);
    const links = await resetLinks();
    expect(links.length - before).toBe(2);
    const [newer, older] = links as [string, string];
    const refused = await confirm(older, "Palios2026!x");
    expect([refused.status, refused.code]).toEqual([400, "link_expired"]);
    expect((await confirm(newer, "Neos2026!x")).status).toBe(204);
  });

  it("a completed reset revokes every other link of the user, also of two used at once", async () => {
    // Two live links at once can only be left from before this fix; made here in the database.
    const tokens = ["reset-a", "reset-b", "reset-c"].map((t) => `${t}-${Date.now()}`);
    const expires = new Date(Date.now() + 3600_000).toISOString();
    const rows = await Promise.all(
      tokens.map(
        async (t) =>
          `('${await sha256(t)}', ${me.userId}, 'reset', '${new Date().toISOString()}', '${expires}', NULL)`,
      ),
    );
    server.query(`INSERT INTO action_tokens VALUES ${rows.join(", ")}`);
    const [a, b, c] = tokens.map((t) => `/reset-password/${t}`) as [string, string, string];
    const both = await Promise.all([confirm(a, "Parallilo2026!a"), confirm(b, "Parallilo2026!b")]);
    expect(both.map((r) => r.status).sort()).toEqual([204, 400]);
    const third = await confirm(c, "Tritos2026!c");
    expect([third.status, third.code]).toEqual([400, "link_expired"]);
  });

  it("a password change revokes the links sent before it", async () => {
    await clearOfWindowEdge(3600);
    const user = DEMO.household;
    expect((await requestReset(user.vat)).status).toBe(204);
    const [link] = await resetLinks(user.email);
    expect(link).toBeTruthy();
    const { access_token } = await api.login(user.vat);
    const changed = await api.call("/user/password", {
      method: "PUT",
      token: access_token,
      body: {
        old_password: DEMO_PASSWORD,
        password: "Allagi2026!x",
        password_confirmation: "Allagi2026!x",
      },
    });
    expect(changed.status).toBe(204);
    const late = await api.call("/v2/auth/password-reset/confirm", {
      body: {
        token: (link as string).slice("/reset-password/".length),
        password: "Kleftis2026!x",
        password_confirmation: "Kleftis2026!x",
      },
    });
    expect([late.status, late.code]).toEqual([400, "link_expired"]);
    // Put the demo password back for the other tests.
    const back = await api.call("/user/password", {
      method: "PUT",
      token: (await api.login(user.vat, "Allagi2026!x")).access_token,
      body: {
        old_password: "Allagi2026!x",
        password: DEMO_PASSWORD,
        password_confirmation: DEMO_PASSWORD,
      },
    });
    expect(back.status).toBe(204);
  });

  it("at most 10 requests an hour per client address: then 429 with Retry-After, never 5xx", async () => {
    await clearOfWindowEdge(3600);
    const ip = newClient();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await requestReset(unknownVat(), ip)).status);
    expect(statuses).toEqual(Array(10).fill(204));
    const over = await requestReset(DEMO.company.vat, ip);
    expect([over.status, over.code]).toEqual([429, "too_many_attempts"]);
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another client is not affected.
    expect((await requestReset(unknownVat())).status).toBe(204);

    // The forgot-password page: the message above the form, the typed VAT kept.
    const vat = unknownVat();
    const page = await postPage("/forgot-password", { afm: vat }, from(ip));
    expectFormRefusal(page, TOO_MANY(), [vat]);
  });

  it("at most 3 reset emails an hour per customer; the 4th request is answered as for an unknown VAT", async () => {
    await clearOfWindowEdge(3600);
    const user = DEMO.applicant;
    const sent = async () => (await resetLinks(user.email)).length;
    const before = await sent();
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await requestReset(user.vat));
    const unknown = await requestReset(unknownVat());
    // Same status and the same (empty) body for the 4th request and for a VAT with no account.
    for (const r of [...answers, unknown]) expect([r.status, r.body]).toEqual([204, null]);
    expect((await sent()) - before).toBe(3);
    // The page says the same as ever: "if an account exists, we have emailed a link".
    const page = await postPage("/forgot-password", { afm: user.vat }, from(newClient()));
    expect([302, 303]).toContain(page.status);
    // The 4th request revoked nothing: the last link sent still works.
    const last = (await resetLinks(user.email))[0] as string;
    const used = await api.call("/v2/auth/password-reset/confirm", {
      body: {
        token: last.slice("/reset-password/".length),
        password: DEMO_PASSWORD,
        password_confirmation: DEMO_PASSWORD,
      },
    });
    expect(used.status).toBe(204);
  });
});

// ---- Sign-in: parallel guesses counted atomically ---------------------------------------------

describe("#14.6 the sign-in throttle counts atomically", () => {
  it("40 parallel wrong passwords on one VAT: at most 10 are judged, the rest locked; then the right password is refused as locked", async () => {
    await clearOfWindowEdge(3600);
    const vat = DEMO.company.vat;
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login(vat, `Lathos${i}2026!`, newClient())),
    );
    const judged = answers.filter((r) => r.code === "wrong_credentials");
    const locked = answers.filter((r) => r.status === 429 && r.code === "daily_attempts_exceeded");
    expect(judged.length).toBeLessThanOrEqual(10);
    expect(judged.length + locked.length).toBe(40);
    for (const r of locked) expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
    const right = await login(vat, DEMO_PASSWORD, newClient());
    expect([right.status, right.code]).toEqual([429, "daily_attempts_exceeded"]);
  });

  it("the same through the portal's sign-in form", async () => {
    await clearOfWindowEdge(3600);
    const vat = DEMO.largeCompany.vat;
    const form = (password: string) => ({ intent: "login", username: vat, password });
    const pages = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        postPage("/login", form(`Lathos${i}2026!`), from(newClient())),
      ),
    );
    const wrong = el("auth:login.errors.wrong_credentials");
    const daily = el("auth:login.errors.daily_attempts_exceeded");
    const judged = pages.filter((p) => p.status === 400 && visibleText(p.text).includes(wrong));
    const locked = pages.filter((p) => p.status === 429 && visibleText(p.text).includes(daily));
    expect(judged.length).toBeLessThanOrEqual(10);
    expect(judged.length + locked.length).toBe(40);
    const right = await postPage("/login", form(DEMO_PASSWORD), from(newClient()));
    expect(right.status).toBe(429);
    expect(visibleText(right.text)).toContain(daily);
    expect(right.text).toContain(`value="${vat}"`);
  });

  it("one client address failing on many VATs is refused before it can lock any of them", async () => {
    await clearOfWindowEdge(3600);
    const ip = newClient();
    // 40 parallel attempts on 40 VATs: at most 30 an hour are judged from one address.
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => login(unknownVat(), "Lathos2026!", ip)),
    );
    const judged = answers.filter((r) => r.status === 400);
    const refused = answers.filter((r) => r.status === 429 && r.code === "too_many_attempts");
    expect(judged.length).toBeLessThanOrEqual(30);
    expect(judged.length + refused.length).toBe(40);
    // Unknown VAT and wrong password answer with the same status (the spec keeps the message).
    expect(new Set(judged.map((r) => r.status))).toEqual(new Set([400]));
    expect((await login(DEMO.household.vat, "Lathos2026!", newClient())).status).toBe(400);
    // Refused before the VAT is counted: twelve more tries cannot lock the household customer,
    // who still signs in from elsewhere; the refused client cannot, even with the right password.
    for (let i = 0; i < 12; i++) {
      const r = await login(DEMO.household.vat, `Lathos${i}2026!`, ip);
      expect([r.status, r.code]).toEqual([429, "too_many_attempts"]);
    }
    expect((await login(DEMO.household.vat, DEMO_PASSWORD, ip)).status).toBe(429);
    expect((await login(DEMO.household.vat, DEMO_PASSWORD, newClient())).status).toBe(200);
    // The portal says "too many attempts, try again later", with the VAT kept.
    const page = await postPage(
      "/login",
      { intent: "login", username: DEMO.household.vat, password: DEMO_PASSWORD },
      from(ip),
    );
    expectFormRefusal(page, TOO_MANY(), [DEMO.household.vat]);
  });

  it("successful sign-ins do not count against the client address", async () => {
    await clearOfWindowEdge(3600);
    const ip = newClient();
    for (let round = 0; round < 4; round++) {
      const ok = await Promise.all(
        Array.from({ length: 10 }, () => login(DEMO.former.vat, DEMO_PASSWORD, ip)),
      );
      // A former customer's password is right: not a failure, whatever the portal does next.
      expect(ok.map((r) => r.status)).toEqual(Array(10).fill(200));
    }
    expect(counter("login-ip-hour", ip)).toBe(0);
    expect(counter("login-vat", DEMO.former.vat)).toBe(0);
  });
});

// ---- Anonymous senders: direct debit, contact, sign-up limited per client ---------------------

interface Sender {
  name: string;
  path: string;
  max: number;
  body: () => Record<string, unknown>;
  page: { path: string; form: () => Record<string, string>; message: () => string };
}

const SENDERS: Sender[] = [
  {
    name: "POST /api/direct-debit/flows",
    path: "/direct-debit/flows",
    max: 10,
    body: () => ({ afm: unknownVat() }),
    page: {
      path: "/direct-debit",
      form: () => ({ intent: "start", afm: unknownVat() }),
      message: () => el("directDebit:errors.tooManyAttempts").replace(/\{\{minutes\}\}.*$/, ""),
    },
  },
  {
    name: "POST /api/contact",
    path: "/contact",
    max: 5,
    body: () => ({
      name: "Δοκιμή Ορίου",
      email: "orio@example.gr",
      subject: "Όριο",
      message: "Μήνυμα δοκιμής ορίου.",
    }),
    page: {
      path: "/contact",
      form: () => ({
        name: "Δοκιμή Ορίου",
        email: "orio@example.gr",
        subject: "Όριο",
        message: "Μήνυμα δοκιμής ορίου.",
        website: "",
      }),
      message: TOO_MANY,
    },
  },
  {
    name: "POST /api/signup",
    path: "/signup",
    max: 10,
    body: () => ({
      afm: unknownVat(),
      supply_number: "123456789",
      phone: "6900000000",
      email: "orio.eggrafis@example.gr",
      password: "Eggrafi2026!",
      password_confirmation: "Eggrafi2026!",
      terms: true,
    }),
    page: {
      path: "/signup",
      form: () => ({
        intent: "signup",
        afm: unknownVat(),
        supply_number: "123456789",
        phone: "6900000000",
        email: "orio.eggrafis@example.gr",
        password: "Eggrafi2026!",
        password_confirmation: "Eggrafi2026!",
        terms: "on",
        website: "",
      }),
      message: TOO_MANY,
    },
  },
  {
    name: "POST /api/v2/auth/password-reset",
    path: "/v2/auth/password-reset",
    max: 10,
    body: () => ({ afm: unknownVat() }),
    page: { path: "/forgot-password", form: () => ({ afm: unknownVat() }), message: TOO_MANY },
  },
];

describe("#14.7 anonymous endpoints that send messages have per-client limits", () => {
  for (const sender of SENDERS) {
    it(`${sender.name}: ${sender.max} an hour per client address, then 429 on the API and on ${sender.page.path}`, async () => {
      await clearOfWindowEdge(3600, 60);
      const ip = newClient();
      const within = [];
      for (let i = 0; i < sender.max; i++)
        within.push(await api.call(sender.path, { body: sender.body(), headers: from(ip) }));
      expect(within.filter((r) => r.status === 429 || r.status >= 500)).toEqual([]);
      const over = await api.call(sender.path, { body: sender.body(), headers: from(ip) });
      expect([over.status, over.code]).toEqual([429, "too_many_attempts"]);
      expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
      // Another client address is not affected.
      const other = await api.call(sender.path, {
        body: sender.body(),
        headers: from(newClient()),
      });
      expect(other.status).not.toBe(429);

      const form = sender.page.form();
      const page = await postPage(sender.page.path, form, from(ip));
      const kept = [form.afm ?? form.email].filter((v): v is string => !!v);
      expectFormRefusal(page, sender.page.message(), kept);
    });
  }

  it("Cloudflare's Rate Limiting binding stops a flood before it reaches D1 (wrangler dev runs it locally)", async () => {
    await clearOfWindowEdge(3600, 60);
    await clearOfWindowEdge(60, 20);
    const ip = newClient();
    const statuses: number[] = [];
    for (let i = 0; i < 26; i++) {
      const r = await api.call("/contact", { body: SENDERS[1]!.body(), headers: from(ip) });
      statuses.push(r.status);
    }
    expect(statuses.slice(0, 5)).toEqual(Array(5).fill(201));
    expect(statuses.slice(5)).toEqual(Array(21).fill(429));
    // The binding lets 20 a minute through per limit and address; the 6 after them never wrote.
    expect(counter("contact-ip", ip)).toBe(20);
  });

  it("the contact confirmation never carries typed text to an address that is not a verified customer's", async () => {
    await clearOfWindowEdge(3600, 60);
    const typed = {
      name: "Ο λογαριασμός σας κλείδωσε, δείτε https://evil.example",
      subject: "ΘΕΜΑ-ΠΟΥ-ΔΕΝ-ΕΠΙΣΤΡΕΦΕΤΑΙ",
      message: "ΚΕΙΜΕΝΟ-ΠΟΥ-ΔΕΝ-ΕΠΙΣΤΡΕΦΕΤΑΙ",
    };
    const stranger = `stranger-${Date.now()}@example.org`;
    const r = await api.call<{ data: { reference: string } }>("/contact", {
      body: { ...typed, email: stranger },
      headers: from(newClient()),
    });
    expect(r.status).toBe(201);
    const [mail] = await outboxTo(stranger);
    expect(mail?.body).toContain(r.body.data.reference);
    for (const text of Object.values(typed)) {
      expect(mail?.subject).not.toContain(text);
      expect(mail?.body).not.toContain(text);
    }
    expect(mail?.body).not.toContain("evil.example");

    // A verified customer's address is greeted with the name on the account, not the typed one.
    const customer = DEMO.company;
    const own = await api.call<{ data: { reference: string } }>("/contact", {
      body: { ...typed, email: customer.email.toUpperCase() },
      headers: from(newClient()),
    });
    expect(own.status).toBe(201);
    const [latest] = await outboxTo(customer.email);
    expect(latest?.body).toContain(own.body.data.reference);
    const [account] = server.query<{ welcome_name: string }>(
      `SELECT welcome_name FROM users WHERE id = ${customer.userId}`,
    );
    expect(latest?.body).toContain(account?.welcome_name);
    for (const text of Object.values(typed)) expect(latest?.body).not.toContain(text);
  });
});

// ---- Current-password check throttled; the client address is CF-Connecting-IP alone ----------

describe("#14.11 current password checks are throttled", () => {
  it("5 wrong current passwords in 15 minutes (password or contact change, one budget): then 429, even for the right one; the session stays", async () => {
    await clearOfWindowEdge(900);
    const me = DEMO.applicant;
    const { access_token: token } = await api.login(me.vat);
    const changePassword = (old: string) =>
      api.call("/user/password", {
        method: "PUT",
        token,
        body: {
          old_password: old,
          password: "Kainourgios2026!",
          password_confirmation: "Kainourgios2026!",
        },
      });
    const changeEmail = (password: string) =>
      api.call("/user/settings", {
        method: "PUT",
        token,
        body: {
          userId: me.userId,
          afm: me.vat,
          nrg_skin: 1,
          lang: "el",
          email: "kleftis@example.org",
          phone: me.phone,
          ebill_settings: [],
          meter_id: me.firstMeterId,
          avatar: null,
          indication_email: 0,
          indication_sms: 0,
          password,
        },
      });
    const results = [];
    for (let i = 0; i < 3; i++) results.push(await changePassword(`Lathos${i}2026!`));
    for (let i = 0; i < 2; i++) results.push(await changeEmail(`Lathos${i}2026!`));
    expect(results.map((r) => [r.status, r.code])).toEqual(
      Array(5).fill([400, "wrong_credentials"]),
    );
    for (const r of [await changePassword(DEMO_PASSWORD), await changeEmail(DEMO_PASSWORD)]) {
      expect([r.status, r.code]).toEqual([429, "too_many_attempts"]);
      expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    // Nothing changed, and the session was not ended.
    expect((await api.login(me.vat)).user_id).toBe(me.userId);
    expect((await api.call("/v2/me", { token })).status).toBe(200);
  });

  it("a right current password is not counted; the settings form shows the 429 next to the field", async () => {
    await clearOfWindowEdge(900);
    const me = DEMO.household;
    const portal = createPortal(server.baseUrl);
    await portal.login(me.vat);
    const post = (old: string, next: string) =>
      portal.request("/b2b/settings", {
        form: new URLSearchParams({
          intent: "password",
          old_password: old,
          password: next,
          password_confirmation: next,
        }),
      });
    const NEW = "Kainourgios2026!";
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await post(`Lathos${i}2026!`, NEW)).status);
    expect(statuses).toEqual([400, 400, 400, 400]);
    expect(counter("current-password", String(me.userId))).toBe(4);
    expect((await post(DEMO_PASSWORD, NEW)).status).toBe(303);
    expect(counter("current-password", String(me.userId))).toBe(4);
    const fifth = await post("Lathos5-2026!", DEMO_PASSWORD);
    expect(fifth.status).toBe(400);
    expect(visibleText(fifth.text)).toContain(el("settings:settingsModal.wrongPassword"));
    const refused = await post(NEW, DEMO_PASSWORD);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(visibleText(refused.text)).toContain(TOO_MANY());
    // The password stays the one set above.
    expect((await api.login(me.vat, NEW)).user_id).toBe(me.userId);
  });
});

describe("#14.11 client address: CF-Connecting-IP alone", () => {
  const FORGED = {
    "x-forwarded-for": "192.0.2.1",
    "x-real-ip": "192.0.2.2",
    "true-client-ip": "192.0.2.3",
    forwarded: "for=192.0.2.4",
  };
  const variant = (i: number) => ({
    "x-forwarded-for": `192.0.2.${10 + i}, 10.0.0.${i}`,
    "x-real-ip": `192.0.2.${100 + i}`,
    "true-client-ip": `192.0.2.${150 + i}`,
    forwarded: `for=192.0.2.${200 + i}`,
  });

  it("headers a client can write do not make it another client, on the API or through the portal", async () => {
    await clearOfWindowEdge(3600, 60);
    const ip = newClient();
    for (let i = 0; i < 10; i++) {
      const r = await api.call("/v2/auth/password-reset", {
        body: { afm: unknownVat() },
        headers: { ...from(ip), ...variant(i) },
      });
      expect(r.status).toBe(204);
    }
    const api429 = await api.call("/v2/auth/password-reset", {
      body: { afm: unknownVat() },
      headers: { ...from(ip), ...variant(99) },
    });
    expect(api429.status).toBe(429);
    // The portal passes the browser's CF-Connecting-IP to the API, and nothing else decides it.
    const page = await postPage(
      "/forgot-password",
      { afm: unknownVat() },
      { ...from(ip), ...FORGED },
    );
    expect(page.status).toBe(429);
    const otherClient = await postPage(
      "/forgot-password",
      { afm: unknownVat() },
      { ...from(newClient()), ...FORGED },
    );
    expect([302, 303]).toContain(otherClient.status);
    // The counters hold the CF-Connecting-IP and never a forged address.
    const keys = server
      .query<{ key: string }>("SELECT DISTINCT key FROM throttle_counters")
      .map((r) => r.key);
    expect(keys.filter((k) => k.startsWith("192.0.2.") || k.includes(","))).toEqual([]);
  });

  it("wrangler dev gives a request without the header the socket's address (one shared client)", async () => {
    await clearOfWindowEdge(3600, 60);
    const before = counter("reset-ip", "127.0.0.1");
    const r = await fetchWorker(`${server.baseUrl}/api/v2/auth/password-reset`, {
      method: "POST",
      headers: {
        connection: "close",
        origin: server.baseUrl,
        "content-type": "application/json",
        ...FORGED,
      },
      body: JSON.stringify({ afm: unknownVat() }),
    });
    expect(r.status).toBe(204);
    expect(counter("reset-ip", "127.0.0.1")).toBe(before + 1);
  });

  it("an external backend (API_BASE_URL) gets no X-Forwarded-For or other client-written address", async () => {
    const seen: Array<Record<string, string | string[] | undefined>> = [];
    const stub: Server = createServer((req, res) => {
      seen.push(req.headers);
      req.resume();
      req.on("end", () => {
        res.writeHead(req.method === "POST" ? 204 : 404, { "content-type": "application/json" });
        res.end(req.method === "POST" ? undefined : '{"error":{"code":"not_found"}}');
      });
    });
    const [port] = await freePorts(1);
    await new Promise<void>((resolve) => stub.listen(port, "127.0.0.1", () => resolve()));
    const portal = await startServer({ vars: { API_BASE_URL: `http://127.0.0.1:${port}/api` } });
    try {
      const response = await fetchWorker(`${portal.baseUrl}/forgot-password`, {
        method: "POST",
        headers: {
          connection: "close",
          origin: portal.baseUrl,
          "content-type": "application/x-www-form-urlencoded",
          ...from("203.0.113.50"),
          ...FORGED,
        },
        body: new URLSearchParams({ afm: unknownVat() }).toString(),
        redirect: "manual",
      });
      expect([302, 303]).toContain(response.status);
      const reset = seen.find((h) => h["content-type"]?.toString().includes("json"));
      expect(reset).toBeDefined();
      for (const header of ["x-forwarded-for", "x-real-ip", "true-client-ip", "forwarded"]) {
        expect(reset?.[header], header).toBeUndefined();
      }
    } finally {
      await portal.stop();
      await new Promise<void>((resolve) => stub.close(() => resolve()));
    }
  }, 180_000);
});
