import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiInvoice, ApiProduct } from "../../core/contract/index.ts";
import { NRG_HOME_DYNAMIC, NRG_HOME_NIGHT } from "../../core/products.ts";
import { DEMO } from "../../seed/accounts.ts";
import { createClient } from "./client";
import { backofficeBatch, createServiceClient, keySupply, outcomes } from "./backoffice-client";
import { startServer, type TestServer } from "./server";

/*
 * #36 §1 the back office's tariff data: POST /api/backoffice/tariffs against the real Worker, on
 * the household (100000003): products with colour and prices, a supply's product (the products
 * table's or core/products.ts's), the social tariff and the vulnerable register (life support) —
 * each created, updated, unchanged and refused with its reason, a batch sent twice, the scope.
 */
let server: TestServer;
let api: ReturnType<typeof createClient>;
let bearer: string;
const h = DEMO.household;

const batch = (items: unknown[], credential = bearer) =>
  backofficeBatch(api, credential, "tariffs", items);

async function send(items: unknown[]) {
  const r = await batch(items);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

const one = <T = Record<string, unknown>>(sql: string) => server.query<T>(sql)[0];

const customer = () =>
  one(
    `SELECT social_tariff, social_tariff_until, vulnerable, vulnerable_until, life_support
     FROM customers WHERE id = ${h.customerId}`,
  );
const supply = (id: number) =>
  one(`SELECT package_name, package_print_descr FROM meters WHERE id = ${id}`);
const sharedVersion = () =>
  one<{ version: number }>("SELECT version FROM data_versions WHERE customer_id = 0")!.version;

const product = {
  key: "PRD-HOME-GREEN",
  type: "product",
  name: "NRG_HOME_GREEN",
  descr: "nrg home Πράσινο",
  division: "electricity",
  tariff_colour: "green",
  segment: "home",
  prices: { standingPerMonth: 4.5, day: 0.129 },
  valid_from: "2026-01-01",
};
const gasProduct = {
  key: "PRD-GAS-HOME",
  type: "product",
  name: "NRG_GAS_HOME",
  descr: "nrg gas Οικιακό",
  division: "gas",
  segment: "home",
  prices: { standingPerMonth: 3, perKwh: 0.071, variable: true },
  valid_from: "2026-01-01",
};
const supplyProduct = {
  key: "SP-MAIN",
  type: "supply_product",
  supply_key: "SUP-MAIN",
  product: "NRG_HOME_GREEN",
};
const social = {
  key: "KOT-1",
  type: "social_tariff",
  customer_key: "CUS-H",
  status: "applied",
};
const vulnerable = {
  key: "VUL-1",
  type: "vulnerable",
  customer_key: "CUS-H",
  life_support: true,
  decision: "granted",
  until: "2027-12-31",
};

beforeAll(async () => {
  server = await startServer();
  api = createClient(server.baseUrl);
  bearer = createServiceClient(server, "billing-tariffs", ["tariffs"]).credential;
  // The customers and supplies batches would have keyed these; the keys are recorded as they do.
  keySupply(server, "SUP-MAIN", h.mainMeterId);
  keySupply(server, "SUP-GAS", h.gasMeterId);
  server.query(
    `INSERT INTO backoffice_keys (kind, external_key, portal_id, content_hash, updated_at)
     VALUES ('customer', 'CUS-H', ${h.customerId}, 'x', '${new Date().toISOString()}')`,
  );
});
afterAll(async () => {
  await server?.stop();
});

describe("POST /backoffice/tariffs", () => {
  it("needs the tariffs scope (403 without it)", async () => {
    const invoicesOnly = createServiceClient(server, "billing-invoices-only", [
      "invoices",
    ]).credential;
    expect((await batch([product], invoicesOnly)).status).toBe(403);
    expect(one("SELECT COUNT(*) AS n FROM products")).toEqual({ n: 0 });
  });

  it("products: created with colour, segment and prices, updated, unchanged, refused", async () => {
    const before = sharedVersion();
    const dynamic = {
      ...product,
      key: "PRD-DYNAMIC",
      name: "NRG_BIZ_DYNAMIC_TEST",
      tariff_colour: "orange",
      segment: "business",
      prices: {
        standingPerMonth: 12,
        day: 0.159,
        night: 0.117,
        monthly: [
          { month: "2026-10", day: 0.14, night: 0.102 },
          { month: "2026-11", day: 0.159, night: 0.117 },
        ],
        discounts: [{ condition: "direct_debit", percent: 2 }],
      },
    };
    const first = await send([
      product,
      gasProduct,
      {
        ...gasProduct,
        key: "PRD-BAD",
        name: "NRG_GAS_BAD",
        prices: { standingPerMonth: 3, day: 0.1 },
      },
      { ...product, key: "PRD-COLOUR", name: "NRG_X", tariff_colour: "#2e7d32" },
      { ...product, key: "PRD-TWIN" },
      // #37 §3: the colour's rules, each refused with its own reason.
      { ...gasProduct, key: "PRD-GAS-COLOUR", name: "NRG_GAS_C", tariff_colour: "blue" },
      { ...product, key: "PRD-NO-COLOUR", name: "NRG_Y", tariff_colour: undefined },
      { ...dynamic, key: "PRD-ORANGE-BARE", name: "NRG_Z", prices: product.prices },
      { ...product, key: "PRD-NO-SEGMENT", name: "NRG_W", segment: undefined },
      dynamic,
    ]);
    expect(outcomes(first)).toEqual([
      ["PRD-HOME-GREEN", "created", null, null],
      ["PRD-GAS-HOME", "created", null, null],
      ["PRD-BAD", "refused", "validation", "prices.perKwh"],
      ["PRD-COLOUR", "refused", "validation", "tariff_colour"],
      ["PRD-TWIN", "refused", "product_taken", "name"],
      ["PRD-GAS-COLOUR", "refused", "colour_not_for_gas", "tariff_colour"],
      ["PRD-NO-COLOUR", "refused", "colour_required", "tariff_colour"],
      ["PRD-ORANGE-BARE", "refused", "monthly_required", "prices.monthly"],
      ["PRD-NO-SEGMENT", "refused", "validation", "segment"],
      ["PRD-DYNAMIC", "created", null, null],
    ]);
    expect(one(`SELECT * FROM products WHERE name = 'NRG_HOME_GREEN'`)).toMatchObject({
      id: first.results[0]!.id,
      descr: "nrg home Πράσινο",
      division: 1,
      tariff_colour: "green",
      segment: "home",
      valid_from: "2026-01-01",
    });
    const gas = one<{ division: number; prices: string; tariff_colour: string | null }>(
      `SELECT division, prices, tariff_colour FROM products WHERE name = 'NRG_GAS_HOME'`,
    )!;
    expect([gas.division, JSON.parse(gas.prices), gas.tariff_colour]).toEqual([
      2,
      gasProduct.prices,
      null,
    ]);
    const orange = one<{ tariff_colour: string; segment: string; prices: string }>(
      `SELECT tariff_colour, segment, prices FROM products WHERE name = '${dynamic.name}'`,
    )!;
    expect({ ...orange, prices: JSON.parse(orange.prices) }).toEqual({
      tariff_colour: "orange",
      segment: "business",
      prices: dynamic.prices,
    });
    // GET /products lists it with its colour, segment, months and discounts.
    const listed = await api.call<{ data: ApiProduct[] }>("/products");
    expect(listed.body.data.find((p) => p.name === dynamic.name)).toMatchObject({
      division: "electricity",
      colour: "orange",
      segment: "business",
      prices: dynamic.prices,
      source: "billing",
    });
    expect(listed.body.data.find((p) => p.name === gasProduct.name)).toMatchObject({
      division: "gas",
      colour: null,
    });
    // Supplier-wide content: every cached page is rendered afresh.
    expect(sharedVersion()).toBeGreaterThan(before);

    const newPrices = { standingPerMonth: 4.5, day: 0.119, night: 0.089 };
    const second = await send([{ ...product, prices: newPrices }, gasProduct]);
    expect(outcomes(second)).toEqual([
      ["PRD-HOME-GREEN", "updated", null, null],
      ["PRD-GAS-HOME", "unchanged", null, null],
    ]);
    const green = one<{ prices: string }>(
      `SELECT prices FROM products WHERE name = 'NRG_HOME_GREEN'`,
    )!;
    expect(JSON.parse(green.prices)).toEqual(newPrices);
    product.prices = newPrices;
  });

  it("a supply's product: the products table's or the portal's own; refused with its reason", async () => {
    const first = await send([
      supplyProduct,
      { ...supplyProduct, key: "SP-NOSUPPLY", supply_key: "SUP-NOBODY" },
      { ...supplyProduct, key: "SP-NOPRODUCT", product: "NRG_UNHEARD_OF" },
      { ...supplyProduct, key: "SP-GAS-ON-ELEC", product: "NRG_GAS_HOME" },
      { key: "SP-GAS", type: "supply_product", supply_key: "SUP-GAS", product: "NRG_GAS_HOME" },
    ]);
    expect(outcomes(first)).toEqual([
      ["SP-MAIN", "created", null, null],
      ["SP-NOSUPPLY", "refused", "unknown_supply", "supply_key"],
      ["SP-NOPRODUCT", "refused", "unknown_product", "product"],
      ["SP-GAS-ON-ELEC", "refused", "division_mismatch", "product"],
      ["SP-GAS", "created", null, null],
    ]);
    expect(first.results[0]!.id).toBe(h.mainMeterId);
    expect(supply(h.mainMeterId)).toEqual({
      package_name: "NRG_HOME_GREEN",
      package_print_descr: "nrg home Πράσινο",
    });

    // A product the billing system has not sent: core/products.ts's.
    const second = await send([{ ...supplyProduct, product: NRG_HOME_NIGHT.name }]);
    expect(outcomes(second)).toEqual([["SP-MAIN", "updated", null, null]]);
    expect(supply(h.mainMeterId)).toEqual({
      package_name: NRG_HOME_NIGHT.name,
      package_print_descr: NRG_HOME_NIGHT.descr,
    });
    // The same key for another supply is refused; the key stays with its supply.
    const moved = await send([
      { ...supplyProduct, product: NRG_HOME_NIGHT.name },
      { key: "SP-GAS", type: "supply_product", supply_key: "SUP-MAIN", product: "NRG_HOME_GREEN" },
    ]);
    expect(outcomes(moved)).toEqual([
      ["SP-MAIN", "unchanged", null, null],
      ["SP-GAS", "refused", "supply_changed", "supply_key"],
    ]);
    supplyProduct.product = NRG_HOME_NIGHT.name;
  });

  it("the social tariff: created, updated, unchanged, refused", async () => {
    const first = await send([
      social,
      { ...social, key: "KOT-NOBODY", customer_key: "CUS-NOBODY" },
      { ...social, key: "KOT-BAD", status: "maybe" },
    ]);
    expect(outcomes(first)).toEqual([
      ["KOT-1", "created", null, null],
      ["KOT-NOBODY", "refused", "unknown_customer", "customer_key"],
      ["KOT-BAD", "refused", "validation", "status"],
    ]);
    expect(customer()).toMatchObject({ social_tariff: "applied", social_tariff_until: null });

    const granted = { ...social, status: "granted", until: "2027-06-30" };
    expect(outcomes(await send([granted]))).toEqual([["KOT-1", "updated", null, null]]);
    expect(outcomes(await send([granted]))).toEqual([["KOT-1", "unchanged", null, null]]);
    expect(customer()).toMatchObject({
      social_tariff: "granted",
      social_tariff_until: "2027-06-30",
    });
    Object.assign(social, granted);
  });

  it("the vulnerable register: a granted decision with life support sets it; withdrawn clears it", async () => {
    expect(customer()).toMatchObject({ vulnerable: "none", life_support: 0 });
    const first = await send([
      vulnerable,
      { ...vulnerable, key: "VUL-NOBODY", customer_key: "CUS-NOBODY" },
      { ...vulnerable, key: "VUL-BAD", life_support: "yes" },
      { ...vulnerable, key: "VUL-NOTYPE", type: "register" },
    ]);
    expect(outcomes(first)).toEqual([
      ["VUL-1", "created", null, null],
      ["VUL-NOBODY", "refused", "unknown_customer", "customer_key"],
      ["VUL-BAD", "refused", "validation", "life_support"],
      ["VUL-NOTYPE", "refused", "validation", "type"],
    ]);
    expect(customer()).toMatchObject({
      vulnerable: "granted",
      vulnerable_until: "2027-12-31",
      life_support: 1,
    });
    expect(outcomes(await send([vulnerable]))).toEqual([["VUL-1", "unchanged", null, null]]);

    // Granted without life support, then withdrawn: life_support is 1 only while both hold.
    expect(outcomes(await send([{ ...vulnerable, life_support: false }]))).toEqual([
      ["VUL-1", "updated", null, null],
    ]);
    expect(customer()).toMatchObject({ vulnerable: "granted", life_support: 0 });
    const withdrawn = { ...vulnerable, decision: "withdrawn", until: undefined };
    expect(outcomes(await send([vulnerable, { ...withdrawn, key: "VUL-2" }]))).toEqual([
      ["VUL-1", "updated", null, null],
      ["VUL-2", "created", null, null],
    ]);
    expect(customer()).toMatchObject({
      vulnerable: "withdrawn",
      vulnerable_until: null,
      life_support: 0,
    });
  });

  it("the same batch sent again is all unchanged and writes nothing", async () => {
    const items = [product, gasProduct, supplyProduct, social, vulnerable];
    const before = [customer(), supply(h.mainMeterId), sharedVersion()];
    const again = await send(items);
    expect(again.summary).toEqual({ created: 0, updated: 0, unchanged: 5, refused: 0 });
    expect([customer(), supply(h.mainMeterId), sharedVersion()]).toEqual(before);
  });
});

/*
 * #37 §3 a bill's colour: fixed when the bill is first written, from the supply's product at that
 * moment (the products table's, else the portal's stand-in), or the item's own; never repainted
 * when the product or the supply's product changes later; none for gas.
 */
describe("a bill's colour", () => {
  let billing: string;
  const colourOf = (id: number) =>
    one<{ tariff_colour: string | null }>(`SELECT tariff_colour FROM invoices WHERE id = ${id}`)!
      .tariff_colour;
  const bill = (key: string, over: Record<string, unknown> = {}) => ({
    key,
    supply_key: "SUP-MAIN",
    invoice_no: `2026${key.replace(/\D/g, "").padStart(8, "0")}`,
    type: "Clearance",
    issue_date: "2026-12-01",
    date_due: "2099-01-31",
    previous_balance: 0,
    current_amount: 20,
    total: 20,
    lines: [{ code: "energy", amount: 20 }],
    status: "paid",
    ...over,
  });
  async function bills(items: unknown[]) {
    const r = await backofficeBatch(api, billing, "invoices", items);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body;
  }
  const coloured = { ...product, key: "PRD-COLOURED", name: "NRG_HOME_COLOURED" };

  beforeAll(() => {
    billing = createServiceClient(server, "billing-colours", ["invoices"]).credential;
  });

  it("a new electricity bill takes its product's colour, and keeps it when the product changes", async () => {
    expect(outcomes(await send([coloured, { ...supplyProduct, product: coloured.name }]))).toEqual([
      ["PRD-COLOURED", "created", null, null],
      ["SP-MAIN", "updated", null, null],
    ]);
    const first = await bills([bill("BILL-7001")]);
    expect(outcomes(first)).toEqual([["BILL-7001", "created", null, null]]);
    const firstId = first.results[0]!.id!;
    expect(colourOf(firstId)).toBe("green");

    // The product recoloured (now variable, yellow): the old bill keeps its green, also when the
    // billing system sends it again changed; the next bill is yellow.
    const recoloured = {
      ...coloured,
      tariff_colour: "yellow",
      prices: { ...coloured.prices, variable: true },
    };
    expect(outcomes(await send([recoloured]))).toEqual([["PRD-COLOURED", "updated", null, null]]);
    const again = await bills([
      bill("BILL-7001", { date_due: "2099-02-28" }),
      bill("BILL-7002", { issue_date: "2026-12-02" }),
    ]);
    expect(outcomes(again)).toEqual([
      ["BILL-7001", "updated", null, null],
      ["BILL-7002", "created", null, null],
    ]);
    expect(colourOf(firstId)).toBe("green");
    expect(colourOf(again.results[1]!.id!)).toBe("yellow");

    // The supply moved to a product the billing system never sent: the stand-in's colour.
    await send([{ ...supplyProduct, product: NRG_HOME_DYNAMIC.name }]);
    const standIn = await bills([bill("BILL-7003", { issue_date: "2026-12-03" })]);
    expect(colourOf(standIn.results[0]!.id!)).toBe(NRG_HOME_DYNAMIC.colour);
    expect(colourOf(firstId)).toBe("green");

    // The API gives each bill the colour it was issued under.
    const token = (await api.login(h.vat)).access_token;
    const shown = await api.call<{ data: ApiInvoice }>(`/invoices/${firstId}`, { token });
    expect(shown.status).toBe(200);
    expect(shown.body.data.tariff_colour).toBe("green");
    await send([supplyProduct]);
  });

  it("the item's own colour wins, at first write and later; a gas bill has none and refuses one", async () => {
    const own = await bills([
      bill("BILL-7004", { issue_date: "2026-12-04", tariff_colour: "orange" }),
      bill("BILL-7005", { supply_key: "SUP-GAS", issue_date: "2026-12-04" }),
      bill("BILL-7006", { supply_key: "SUP-GAS", issue_date: "2026-12-04", tariff_colour: "blue" }),
      bill("BILL-7007", { issue_date: "2026-12-04", tariff_colour: "#1565c0" }),
    ]);
    expect(outcomes(own)).toEqual([
      ["BILL-7004", "created", null, null],
      ["BILL-7005", "created", null, null],
      ["BILL-7006", "refused", "colour_not_for_gas", "tariff_colour"],
      ["BILL-7007", "refused", "validation", "tariff_colour"],
    ]);
    expect(colourOf(own.results[0]!.id!)).toBe("orange");
    expect(colourOf(own.results[1]!.id!)).toBeNull();
    // The billing system correcting the colour it printed: the item names it, so it is written.
    const corrected = await bills([
      bill("BILL-7004", { issue_date: "2026-12-04", tariff_colour: "blue" }),
    ]);
    expect(outcomes(corrected)).toEqual([["BILL-7004", "updated", null, null]]);
    expect(colourOf(own.results[0]!.id!)).toBe("blue");
    const token = (await api.login(h.vat)).access_token;
    const gas = await api.call<{ data: ApiInvoice }>(`/invoices/${own.results[1]!.id}`, { token });
    expect(gas.body.data.tariff_colour).toBeNull();
  });
});
