import { request } from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEMO } from "../../seed/accounts.ts";
import { type Fault, type FaultStub, startFaultStub } from "./fault-stub";
import { startServer, type TestServer } from "./server";

/**
 * The portal in front of an external billing backend that misbehaves (ADR 0006): a real API
 * Worker behind a loopback stub that injects delays of 2, 5 and 10 s, 500/502/503, connection
 * resets and malformed JSON, and the portal Worker with API_BASE_URL pointing at the stub. Every
 * page answers within 4 s with a translated message (or its data), the session is kept, forms keep
 * what was typed, and nothing is recorded after an error.
 */
let backend: TestServer;
let stub: FaultStub;
let portal: TestServer;
let cookie = "";
const h = DEMO.household;
const LIMIT_MS = 4_000;

const FAULTS: Array<[string, Fault]> = [
  ["a 5 s delay", { kind: "delay", ms: 5_000 }],
  ["a 10 s delay", { kind: "delay", ms: 10_000 }],
  ["HTTP 500", { kind: "status", status: 500 }],
  ["HTTP 502", { kind: "status", status: 502 }],
  ["HTTP 503", { kind: "status", status: 503 }],
  ["a connection reset", { kind: "reset" }],
  ["malformed JSON", { kind: "malformed" }],
];

const UNAVAILABLE = {
  el: "Η υπηρεσία δεν είναι προσωρινά διαθέσιμη",
  en: "Service temporarily unavailable",
};

beforeAll(async () => {
  backend = await startServer();
  stub = await startFaultStub(backend.baseUrl);
  portal = await startServer({ vars: { API_BASE_URL: `${stub.url}/api` } });
  cookie = await login();
}, 240_000);
afterAll(async () => {
  if (process.env.FAULTS_DEBUG) console.log(portal?.log());
  await portal?.stop();
  await stub?.stop();
  await backend?.stop();
});
beforeEach(() => stub.setRules([]));

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  html: string;
  ms: number;
}

/**
 * One request on a fresh connection (node:http, no keep-alive): the slow D1 queries between
 * requests outlast workerd's idle timeout, and a reused pooled socket would then fail as
 * "other side closed" before the request is even read.
 */
function send(
  path: string,
  {
    method = "GET",
    body,
    headers = {},
  }: { method?: string; body?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      portal.baseUrl + path,
      { method, agent: false, headers: { cookie, ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            html: Buffer.concat(chunks).toString("utf8"),
            ms: performance.now() - started,
          }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

function post(path: string, fields: Record<string, string>, withCookie = true) {
  return send(path, {
    method: "POST",
    body: new URLSearchParams(fields).toString(),
    headers: {
      origin: portal.baseUrl,
      "content-type": "application/x-www-form-urlencoded",
      ...(withCookie ? {} : { cookie: "" }),
    },
  });
}

async function login(): Promise<string> {
  // Signing in hashes the password (PBKDF2) on the backend: on a busy machine the first one
  // may exceed the portal's 2 s write timeout and answer 503, as it would to a person.
  for (let attempt = 1; ; attempt++) {
    const answer = await post(
      "/login",
      { intent: "login", username: h.vat, password: "Demo2026!" },
      false,
    );
    if (answer.status === 503 && attempt < 5) continue;
    expect(answer.status).toBe(302);
    const setCookie = answer.headers["set-cookie"] ?? [];
    return (Array.isArray(setCookie) ? setCookie : [setCookie])
      .map((c) => c.split(";")[0])
      .join("; ");
  }
}

describe("the portal over API_BASE_URL", () => {
  it("serves the overview from the external backend when it behaves", async () => {
    const { status, html, ms } = await send("/b2b/episkopisi");
    expect(status).toBe(200);
    expect(html).toContain(String(h.mainPerCode));
    expect(ms).toBeLessThan(LIMIT_MS);
  });
});

describe("pages when every backend read misbehaves", () => {
  it.each(FAULTS)("answer within 4 s with the translated message on %s", async (_name, fault) => {
    stub.setRules([{ method: "GET", path: /^\//, fault }]);
    const el = await send("/b2b/episkopisi");
    expect(el.ms).toBeLessThan(LIMIT_MS);
    expect(el.status).toBe(503);
    expect(el.html).toContain(UNAVAILABLE.el);
    expect(el.html).not.toMatch(/at \w+ \(|stack|Unexpected Server Error/);

    const en = await send("/b2b/logariasmoi?lng=en");
    expect(en.ms).toBeLessThan(LIMIT_MS);
    expect(en.status).toBe(503);
    expect(en.html).toContain(UNAVAILABLE.en);

    // The session survives the outage: once the backend recovers the page is back.
    stub.setRules([]);
    const after = await send("/b2b/episkopisi");
    expect(after.status).toBe(200);
  });

  it("answer within 4 s on a 2 s delay, with data or the message", async () => {
    stub.setRules([{ method: "GET", path: /^\//, fault: { kind: "delay", ms: 2_000 } }]);
    const { status, html, ms } = await send("/b2b/episkopisi");
    expect(ms).toBeLessThan(LIMIT_MS);
    expect([200, 503]).toContain(status);
    if (status === 200) expect(html).toContain(String(h.mainPerCode));
    else expect(html).toContain(UNAVAILABLE.el);
  });
});

describe("sign-in when the backend misbehaves", () => {
  it.each(FAULTS)("keeps the VAT and says so within 4 s on %s", async (_name, fault) => {
    stub.setRules([{ method: "POST", path: /^\/v2\/auth\/login$/, fault }]);
    const { status, headers, html, ms } = await post(
      "/login?lng=en",
      { intent: "login", username: h.vat, password: "Demo2026!" },
      false,
    );
    expect(ms).toBeLessThan(LIMIT_MS);
    expect(headers.location).toBeUndefined();
    expect([502, 503]).toContain(status);
    expect(html).toMatch(/We cannot reach our billing system|An error occurred/);
    expect(html).toContain(`value="${h.vat}"`);
    expect(html).not.toContain('value="Demo2026!"');
  });
});

describe("a meter reading when the backend fails the write", () => {
  // Each query runs wrangler (seconds on a busy machine): read the start state once.
  let before = 0;
  let day = "";
  const count = () =>
    Number(
      backend.query<{ n: number }>(
        `SELECT count(*) AS n FROM readings WHERE meter_id = ${h.mainMeterId}`,
      )[0]?.n,
    );
  beforeAll(() => {
    before = count();
    const rows = backend.query<{ v: number }>(
      `SELECT max(value) AS v FROM readings WHERE meter_id = ${h.mainMeterId}
       AND cp_code IN ('10','11','21','22','23','40','41','42','43')`,
    );
    day = String(Number(rows[0]?.v ?? 0) + 37);
  }, 60_000);

  it.each(FAULTS.filter(([, f]) => f.kind !== "delay" || f.ms <= 5_000))(
    "records nothing, keeps the values and says so on %s",
    async (_name, fault) => {
      stub.setRules([{ method: "POST", path: /^\/readings$/, fault }]);
      const forwardedBefore = stub.forwarded.length;
      const { status, html, ms } = await post("/b2b/kataxorisi?lng=en", {
        meter_id: String(h.mainMeterId),
        day,
        night: day,
      });
      expect(ms).toBeLessThan(LIMIT_MS);
      expect(status).toBeGreaterThanOrEqual(400);
      expect(html).toMatch(/A problem occurred|Service temporarily unavailable/);
      expect(html).toContain(`value="${day}"`);
      expect(stub.forwarded.slice(forwardedBefore)).not.toContain("POST /readings");
      // The slow request is never forwarded late: wait past the delay before counting.
      if (fault.kind === "delay") await new Promise((r) => setTimeout(r, fault.ms - ms + 500));
      expect(count()).toBe(before);
    },
    90_000,
  );
});

describe("a card payment when the backend fails to start it", () => {
  let before = 0;
  const orders = () =>
    Number(backend.query<{ n: number }>("SELECT count(*) AS n FROM payment_orders")[0]?.n);
  beforeAll(() => {
    before = orders();
  }, 60_000);

  function firstRow(html: string) {
    const input = (name: string) =>
      html.match(new RegExp(`<input[^>]*name="items\\[0\\]\\.${name}"[^>]*>`))?.[0] ?? "";
    const value = (tag: string) => tag.match(/value="([^"]*)"/)?.[1] ?? "";
    return { meterId: value(input("meter_id")), amount: value(input("amount")) };
  }

  it.each(FAULTS.filter(([, f]) => f.kind !== "delay" || f.ms <= 5_000))(
    "creates no order, keeps the form and says so on %s",
    async (_name, fault) => {
      const page = await send("/b2b/pay?lng=en");
      expect(page.status).toBe(200);
      const row = firstRow(page.html);
      expect(row.meterId).not.toBe("");
      stub.setRules([{ method: "POST", path: /^\/payments\/orders$/, fault }]);
      const forwardedBefore = stub.forwarded.length;
      const { status, html, ms, headers } = await post("/b2b/pay?lng=en", {
        "items[0].meter_id": row.meterId,
        "items[0].pay": "on",
        "items[0].amount": row.amount || "1,00",
      });
      expect(ms).toBeLessThan(LIMIT_MS);
      expect(headers.location).toBeUndefined();
      expect(status).toBeGreaterThanOrEqual(400);
      expect(html).toMatch(/The payment could not be started|Service temporarily unavailable/);
      expect(stub.forwarded.slice(forwardedBefore)).not.toContain("POST /payments/orders");
      if (fault.kind === "delay") await new Promise((r) => setTimeout(r, fault.ms - ms + 500));
      expect(orders()).toBe(before);
    },
    90_000,
  );
});
