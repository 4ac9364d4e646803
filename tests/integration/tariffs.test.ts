import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type {
  ApiInvoice,
  ApiMeter,
  ApiProduct,
  ApiReading,
  ApiRequest,
  ApiTariffs,
} from "../../core/contract/index.ts";
import { athensToday } from "../../core/dates.ts";
import { registerOf } from "../../core/readings.ts";
import { standInColour } from "../../core/products.ts";
import { compareTariffs } from "../../core/tariff-compare.ts";
import { DEMO } from "../../seed/accounts.ts";
import { fetchWorker } from "../support/fetch-worker";
import { createClient, signInPage } from "./client";
import { startServer, type TestServer } from "./server";

/**
 * #37 §3: GET /users/:userId/meters/:meterId/tariffs (the supplier's products priced on the
 * supply's own last 12 months) and POST /requests/tariff-switch (the switch, a request of the
 * requests flow, with every rule checked again on the server).
 */
vi.setConfig({ testTimeout: 120_000 });

let server: TestServer;
let api: ReturnType<typeof createClient>;
const h = DEMO.household;
const c = DEMO.company;
const beta = DEMO.largeCompany;
const tokens: Record<"household" | "company" | "admin" | "user", string> = {
  household: "",
  company: "",
  admin: "",
  user: "",
};

beforeAll(async () => {
  server = await startServer();
  api = createClient(server.baseUrl);
  tokens.household = (await api.login(h.vat)).access_token;
  tokens.company = (await api.login(c.vat)).access_token;
  tokens.admin = (await api.login(beta.people.admin.email)).access_token;
  tokens.user = (await api.login(beta.people.user.email)).access_token;
});
afterAll(async () => {
  await server?.stop();
});

const tariffsPath = (userId: number, meterId: number) =>
  `/users/${userId}/meters/${meterId}/tariffs`;

/** The pure rule on the rows the API itself lists: the supply's bills, readings and products. */
async function expected(meterId: number, facts: ApiTariffs["account"]) {
  const token = tokens.household;
  const [bills, meters, products, readings] = await Promise.all([
    api.call<{ data: ApiInvoice[] }>(`/users/${h.userId}/meters/${meterId}/invoices`, { token }),
    api.call<{ data: ApiMeter[] }>(`/users/${h.userId}/meters`, { token }),
    api.call<{ data: ApiProduct[] }>("/products"),
    api.call<{ data: ApiReading[] }>(`/users/${h.userId}/readings?meter_id=${meterId}`, { token }),
  ]);
  const meter = meters.body.data.find((m) => m.id === meterId) as ApiMeter;
  const segment = meter.meter_type === "professional" ? "business" : "home";
  const actual = readings.body.data
    .filter((r) => r.source !== "estimated" && r.origin !== 5 && !r.corrected_at)
    .sort((a, b) =>
      a.date_ins !== b.date_ins
        ? a.date_ins.localeCompare(b.date_ins)
        : a.created_at !== b.created_at
          ? a.created_at.localeCompare(b.created_at)
          : a.id - b.id,
    )
    .flatMap((r) => {
      const register = registerOf(r);
      return register ? [{ date: r.date_ins, register, value: r.value }] : [];
    });
  const list = products.body.data.filter((p) => p.segment === segment);
  const own = products.body.data.find((p) => p.name === meter.package_name);
  const electricity = list.flatMap((p) => (p.division === "electricity" ? [p] : []));
  return {
    products: list.filter((p) => p.division === (meter.division === 1 ? "electricity" : "gas")),
    comparison:
      meter.division === 1
        ? compareTariffs({
            today: athensToday(),
            bills: bills.body.data,
            readings: actual,
            account: facts,
            division: "electricity",
            current: {
              name: meter.package_name,
              colour: own?.colour ?? standInColour(meter.package_name),
              prices: own?.division === "electricity" ? own.prices : null,
            },
            products: electricity,
          })
        : compareTariffs({
            today: athensToday(),
            bills: bills.body.data,
            account: facts,
            division: "gas",
            current: {
              name: meter.package_name,
              prices: own?.division === "gas" ? own.prices : null,
            },
            products: list.flatMap((p) => (p.division === "gas" ? [p] : [])),
          }),
    meter,
  };
}

describe("#37 §3 GET …/meters/:meterId/tariffs", () => {
  it("is compareTariffs on the supply's own bills, readings and products, cheapest first", async () => {
    const r = await api.call<{ data: ApiTariffs }>(tariffsPath(h.userId, h.mainMeterId), {
      token: tokens.household,
    });
    expect(r.status).toBe(200);
    expect(r.headers.get("cache-control")).toBe("no-store");
    const tariffs = r.body.data;
    const want = await expected(h.mainMeterId, tariffs.account);
    expect(tariffs.comparison).toEqual(want.comparison);
    expect(tariffs.products).toEqual(want.products);
    expect([tariffs.division, tariffs.segment, tariffs.current]).toEqual([
      "electricity",
      "home",
      want.meter.package_name,
    ]);
    // A household decides its own contract; the demo household has no smart meter.
    const row = server.query<{ ebill: number; dd: number }>(
      `SELECT ebill, (SELECT count(*) FROM direct_debits WHERE meter_id = ${h.mainMeterId}) AS dd FROM meters WHERE id = ${h.mainMeterId}`,
    )[0];
    expect(tariffs.account).toEqual({
      role: "household",
      smartMeter: false,
      eBill: row?.ebill === 1,
      directDebit: Number(row?.dd) > 0,
    });
    expect(tariffs.openSwitch).toBeNull();
    const comparison = tariffs.comparison;
    if (comparison.kind !== "comparison") throw new Error(`no comparison: ${comparison.reason}`);
    expect(comparison.months).toHaveLength(12);
    const totals = comparison.products.map((p) => p.cents);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    const current = comparison.products.find((p) => p.current);
    expect(current?.switchRefusal).toBe("current");
    expect(current?.differenceCents).toBe(0);
    const orange = comparison.products.find((p) => p.colour === "orange");
    expect(orange).toMatchObject({ dynamic: true, switchRefusal: "needs_smart_meter" });
    for (const product of comparison.products) {
      expect(product.lines.reduce((sum, line) => sum + line.cents, 0)).toBe(product.cents);
    }
  });

  it("prices gas with the gas products, and gives nothing for a supply that is not Active", async () => {
    const gas = await api.call<{ data: ApiTariffs }>(tariffsPath(h.userId, h.gasMeterId), {
      token: tokens.household,
    });
    expect(gas.status).toBe(200);
    const want = await expected(h.gasMeterId, gas.body.data.account);
    expect(gas.body.data.comparison).toEqual(want.comparison);
    expect(gas.body.data.products.every((p) => p.division === "gas")).toBe(true);
    const stopped = await api.call<{ data: ApiTariffs | null }>(
      tariffsPath(h.userId, h.stoppedMeterId),
      { token: tokens.household },
    );
    expect([stopped.status, stopped.body.data]).toEqual([200, null]);
  });

  it("lists a business supply's business products, and a business user may not switch", async () => {
    const meterId = beta.people.user.meterIds[0] as number;
    const r = await api.call<{ data: ApiTariffs }>(tariffsPath(beta.people.user.userId, meterId), {
      token: tokens.user,
    });
    expect(r.status).toBe(200);
    expect(r.body.data.account.role).toBe("user");
    expect(r.body.data.products.every((p) => p.segment === r.body.data.segment)).toBe(true);
    const comparison = r.body.data.comparison;
    if (comparison.kind === "comparison") {
      for (const product of comparison.products.filter((p) => !p.current)) {
        expect([product.name, product.switchRefusal]).toEqual([product.name, "business_user"]);
      }
    }
  });

  it("offers a dynamic (orange) product to a supply with a smart meter, and not without one", async () => {
    // The demo company's medium-voltage supplies are read hourly (seed/companies.ts).
    const rows = server.query<{ id: number; smart_meter: number }>(
      `SELECT id, smart_meter FROM meters WHERE customer_id = ${c.customerId} AND division = 1 AND status = 'Active' AND meter_type = 'professional' ORDER BY smart_meter DESC, id LIMIT 400`,
    );
    const smart = rows.find((m) => m.smart_meter === 1);
    const plain = rows.find((m) => m.smart_meter === 0);
    if (!smart || !plain) throw new Error("the seed has no smart and plain business supply");
    for (const [meter, refusal] of [
      [smart, null],
      [plain, "needs_smart_meter"],
    ] as const) {
      const r = await api.call<{ data: ApiTariffs }>(tariffsPath(c.userId, meter.id), {
        token: tokens.company,
      });
      expect(r.body.data.account.smartMeter).toBe(meter.smart_meter === 1);
      const comparison = r.body.data.comparison;
      if (comparison.kind !== "comparison") throw new Error(`no comparison: ${comparison.reason}`);
      const orange = comparison.products.find((p) => p.colour === "orange" && !p.current);
      expect([meter.id, orange?.switchRefusal ?? null]).toEqual([meter.id, refusal]);
    }
    // The feed sets it: the billing system's word, not the portal's guess.
    const before = server.query<{ v: number }>(
      `SELECT version AS v FROM data_versions WHERE customer_id = ${c.customerId}`,
    )[0]?.v;
    server.query(`UPDATE meters SET smart_meter = 1 WHERE id = ${plain.id}`);
    const after = server.query<{ v: number }>(
      `SELECT version AS v FROM data_versions WHERE customer_id = ${c.customerId}`,
    )[0]?.v;
    expect(Number(after)).toBeGreaterThan(Number(before));
    server.query(`UPDATE meters SET smart_meter = 0 WHERE id = ${plain.id}`);
  });

  it("answers 404 for another customer's supply or another user's id, 401 without a token", async () => {
    for (const path of [
      tariffsPath(h.userId, c.firstMeterId),
      tariffsPath(c.userId, c.firstMeterId),
      tariffsPath(h.userId, 99_999_999),
    ]) {
      const r = await api.call(path, { token: tokens.household });
      expect([path, r.status]).toEqual([path, 404]);
    }
    expect((await api.call(tariffsPath(h.userId, h.mainMeterId))).status).toBe(401);
  });
});

describe("#37 §3 POST /requests/tariff-switch", () => {
  const post = (token: string, body: Record<string, unknown>) =>
    api.call<{ data: ApiRequest }>("/requests/tariff-switch", { method: "POST", token, body });
  const refusal = (r: { status: number; code?: string; field?: string; body: unknown }) => [
    r.status,
    r.code,
    r.field,
    (r.body as { error?: { message?: string } }).error?.message,
  ];

  it("refuses the current product, an orange one without a smart meter, an unknown or another kind's key", async () => {
    const token = tokens.household;
    const meter = (
      await api.call<{ data: ApiMeter[] }>(`/users/${h.userId}/meters`, { token })
    ).body.data.find((m) => m.id === h.mainMeterId) as ApiMeter;
    const cases: [string, string][] = [
      [meter.package_name, "current"],
      ["NRG_HOME_DYNAMIC", "needs_smart_meter"],
      ["NRG_NO_SUCH", "unknown_product"],
      ["NRG_BUSINESS_FIXED", "unknown_product"],
      ["NRG_GAS_HOME", "unknown_product"],
    ];
    for (const [product, reason] of cases) {
      const r = await post(token, { meter_id: h.mainMeterId, product, accept_terms: true });
      expect([product, ...refusal(r)]).toEqual([
        product,
        400,
        "request_not_allowed",
        "product",
        reason,
      ]);
    }
    // The terms must be accepted; a stopped supply cannot switch.
    const unaccepted = await post(token, { meter_id: h.mainMeterId, product: "NRG_HOME_GREEN" });
    expect([unaccepted.status, unaccepted.code]).toEqual([400, "validation"]);
    const stopped = await post(token, {
      meter_id: h.stoppedMeterId,
      product: "NRG_HOME_GREEN",
      accept_terms: true,
    });
    expect(refusal(stopped)).toEqual([400, "request_not_allowed", "meter_id", "not_active"]);
    expect(
      Number(
        server.query<{ n: number }>(
          `SELECT count(*) AS n FROM requests WHERE kind = 'tariff_switch'`,
        )[0]?.n,
      ),
    ).toBe(0);
  });

  it("answers 404 for another customer's supply and 403 for a business user", async () => {
    const foreign = await post(tokens.household, {
      meter_id: c.firstMeterId,
      product: "NRG_HOME_GREEN",
      accept_terms: true,
    });
    expect(foreign.status).toBe(404);
    const user = await post(tokens.user, {
      meter_id: beta.people.user.meterIds[0],
      product: "NRG_BUSINESS_GREEN",
      accept_terms: true,
    });
    expect([user.status, user.code]).toEqual([403, "not_permitted"]);
  });

  it("files the household's switch once: listed in its requests, its confirmation sent, a second refused", async () => {
    const token = tokens.household;
    const r = await post(token, {
      meter_id: h.mainMeterId,
      product: "NRG_HOME_GREEN",
      accept_terms: true,
    });
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({
      kind: "tariff_switch",
      status: "submitted",
      meter_id: h.mainMeterId,
      file: null,
      fields: {
        product: "NRG_HOME_GREEN",
        product_descr: "nrg home Πράσινο",
        terms_accepted: "yes",
      },
    });
    expect(r.body.data.reference).toMatch(/^REQ-\d{4}-\d{6}$/);
    const list = await api.call<{ data: ApiRequest[] }>(`/users/${h.userId}/requests`, { token });
    expect(list.body.data.map((x) => x.id)).toContain(r.body.data.id);
    const message = server.query<{ content: string; content_en: string }>(
      `SELECT content, content_en FROM messages WHERE user_id = ${h.userId} AND category = 'requests' ORDER BY id DESC LIMIT 1`,
    )[0];
    expect(message?.content).toContain(r.body.data.reference);
    expect(message?.content).toContain("nrg home Πράσινο");
    // The back office sees it in its change feed (the journal row of the real reference).
    expect(
      server.query<{ n: number }>(
        `SELECT count(*) AS n FROM change_journal WHERE kind = 'request' AND row_id = ${r.body.data.id}`,
      )[0]?.n,
    ).toBe(1);

    const tariffs = await api.call<{ data: ApiTariffs }>(tariffsPath(h.userId, h.mainMeterId), {
      token,
    });
    expect(tariffs.body.data.openSwitch).toEqual({
      reference: r.body.data.reference,
      product: "NRG_HOME_GREEN",
    });
    const again = await post(token, {
      meter_id: h.mainMeterId,
      product: "NRG_HOME_FLEX",
      accept_terms: true,
    });
    expect(refusal(again)).toEqual([400, "request_already_open", "meter_id", "open_tariff_switch"]);
  });

  it("files a business master's switch, and a business admin's for a supply of theirs", async () => {
    const master = await post(tokens.company, {
      meter_id: c.firstMeterId,
      product: "NRG_BUSINESS_GREEN",
      accept_terms: true,
    });
    expect([master.status, master.body.data?.kind]).toEqual([201, "tariff_switch"]);
    const admin = await post(tokens.admin, {
      meter_id: beta.people.admin.meterIds[0],
      product: "NRG_BUSINESS_GREEN",
      accept_terms: true,
    });
    expect([admin.status, admin.body.data?.kind]).toEqual([201, "tariff_switch"]);
  });
});

describe("#37 §3 the page's switch form (POST /b2b/timologia): refusals are messages, never a 500", () => {
  async function postForm(cookie: string, fields: Record<string, string>, lng = "en") {
    const response = await fetchWorker(`${server.baseUrl}/b2b/timologia?switch=x&lng=${lng}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        cookie,
        origin: server.baseUrl,
        connection: "close",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams(fields).toString(),
    });
    return {
      status: response.status,
      html: await response.text(),
      location: response.headers.get("location"),
    };
  }

  it("answers a forged or incomplete post with the translated message, and a business user with 403", async () => {
    const { cookie } = await signInPage(server.baseUrl, h.vat);
    const cases: [Record<string, string>, string][] = [
      // Another customer's supply, a made-up product, the current one, orange, no acceptance.
      [
        { meter_id: String(c.firstMeterId), product: "NRG_HOME_FLEX", accept_terms: "on" },
        "The supply was not found in your account.",
      ],
      [
        { meter_id: String(h.mainMeterId), product: "NO_SUCH", accept_terms: "on" },
        "This tariff is not offered for your supply.",
      ],
      [
        { meter_id: String(h.mainMeterId), product: "NRG_HOME_DYNAMIC", accept_terms: "on" },
        "A dynamic tariff needs a smart meter, which your supply does not have.",
      ],
      [
        { meter_id: String(h.mainMeterId), product: "NRG_HOME_FLEX" },
        "To file the request, accept the tariff&#x27;s terms.",
      ],
      [{ meter_id: "x", product: "<script>", accept_terms: "yes" }, "error-summary"],
      [{}, "error-summary"],
    ];
    for (const [fields, text] of cases) {
      const r = await postForm(cookie, fields);
      expect([JSON.stringify(fields), r.status]).toEqual([JSON.stringify(fields), 400]);
      expect(r.html).toContain(text);
    }
    const user = await signInPage(server.baseUrl, beta.people.user.email);
    const refused = await postForm(user.cookie, {
      meter_id: String(beta.people.user.meterIds[0]),
      product: "NRG_BUSINESS_GREEN",
      accept_terms: "on",
    });
    expect(refused.status).toBe(403);
  });

  it("shows a business user the comparison without a switch, and why", async () => {
    const user = await signInPage(server.baseUrl, beta.people.user.email);
    const page = await fetchWorker(`${server.baseUrl}/b2b/timologia?lng=en`, {
      headers: { cookie: user.cookie, connection: "close" },
    });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(
      "a tariff switch is requested by the account&#x27;s main user or an admin",
    );
    expect(html).not.toContain(">Switch to this tariff<");
  });
});
