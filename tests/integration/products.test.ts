import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiProduct } from "../../core/contract/index.ts";
import {
  formatPrice,
  NRG_HOME_FIXED,
  NRG_HOME_NIGHT,
  TARIFF_PRODUCTS,
} from "../../core/products.ts";
import { TRANSFER_DEMO } from "../../seed/applications.ts";
import { fetchWorker } from "../support/fetch-worker";
import { backofficeBatch, createServiceClient, outcomes } from "./backoffice-client";
import { createClient } from "./client";
import { startServer, type TestServer } from "./server";

/*
 * #36 the billing system's products reach the transfer page: a product sent through
 * POST /api/backoffice/tariffs is listed by GET /api/products (source billing) beside the
 * portal's other stand-ins (source portal), and /metavasi's tariff step shows its prices, with
 * "from …" while they apply only from a later day. The product is one of TARIFF_PRODUCTS' names
 * (the residential tariff's), and is put back at the end.
 */
let server: TestServer;
let api: ReturnType<typeof createClient>;
let bearer: string;

const KEY = "PRD-TEST-HOME-FIXED";
const repriced = {
  key: KEY,
  type: "product",
  name: NRG_HOME_FIXED.name,
  descr: "nrg home Σταθερό 2026",
  division: "electricity",
  tariff_colour: "green",
  segment: "home",
  prices: { standingPerMonth: 6.5, day: 0.1234 },
  valid_from: "2026-01-01",
};

async function sendProduct(item: Record<string, unknown>) {
  const r = await backofficeBatch(api, bearer, "tariffs", [item]);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(outcomes(r.body)[0]?.[1]).toMatch(/^(created|updated|unchanged)$/);
}

async function listProducts() {
  const r = await api.call<{ data: ApiProduct[] }>("/products");
  expect(r.status).toBe(200);
  return { list: r.body.data, headers: r.headers };
}

/** The tariff step of /metavasi as a browser without JavaScript reaches it: the contact form posted first. */
async function tariffPage(lng: "el" | "en"): Promise<string> {
  const post = await fetchWorker(`${server.baseUrl}/metavasi?lng=${lng}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      origin: server.baseUrl,
      connection: "close",
      "content-type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({
      intent: "contact",
      phone: "6970000036",
      email: "neos.pelatis@example.gr",
      afm: TRANSFER_DEMO.unknownVat,
    }).toString(),
  });
  expect(post.status).toBe(303);
  expect(post.headers.get("location")).toContain("step=tariff");
  const cookie = post.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  expect(cookie).toContain("transfer_draft=");
  const page = await fetchWorker(`${server.baseUrl}/metavasi?step=tariff&lng=${lng}`, {
    headers: { cookie, connection: "close" },
  });
  expect(page.status).toBe(200);
  return page.text();
}

beforeAll(async () => {
  server = await startServer();
  api = createClient(server.baseUrl);
  bearer = createServiceClient(server, "billing-products", ["tariffs"]).credential;
});
afterAll(async () => {
  await server?.stop();
});

describe("GET /api/products", () => {
  it("is public and lists the portal's priced stand-ins before the billing system sends any", async () => {
    const { list, headers } = await listProducts();
    expect(list.every((p) => p.source === "portal" && p.valid_from === null)).toBe(true);
    const names = list.map((p) => p.name);
    for (const product of Object.values(TARIFF_PRODUCTS)) expect(names).toContain(product.name);
    expect(list.find((p) => p.name === NRG_HOME_FIXED.name)?.prices).toEqual(NRG_HOME_FIXED.prices);
    // Never in a shared cache: the prices change with every tariffs batch.
    expect(headers.get("cache-control")).toMatch(/^private, max-age=\d+$/);
  });

  it("lists a product the billing system sent with source billing and its prices; the other stand-ins stay", async () => {
    await sendProduct(repriced);
    const { list } = await listProducts();
    expect(list.filter((p) => p.name === NRG_HOME_FIXED.name)).toEqual([
      {
        name: NRG_HOME_FIXED.name,
        descr: repriced.descr,
        division: "electricity",
        colour: "green",
        segment: "home",
        prices: repriced.prices,
        valid_from: repriced.valid_from,
        source: "billing",
      },
    ]);
    const others = Object.values(TARIFF_PRODUCTS).filter((p) => p.name !== NRG_HOME_FIXED.name);
    for (const product of others) {
      expect(list.find((p) => p.name === product.name)).toMatchObject({
        source: "portal",
        prices: product.prices,
      });
    }
  });

  it("skips a row whose prices do not parse, and still answers", async () => {
    server.query(
      `INSERT INTO products (name, descr, division, tariff_colour, prices, valid_from, updated_at)
       VALUES ('NRG_BROKEN', 'broken', 1, 'blue', '{"day":"cheap"}', '2026-01-01', '${new Date().toISOString()}')`,
    );
    try {
      const { list } = await listProducts();
      expect(list.map((p) => p.name)).not.toContain("NRG_BROKEN");
      expect(list.map((p) => p.name)).toContain(NRG_HOME_FIXED.name);
    } finally {
      server.query(`DELETE FROM products WHERE name = 'NRG_BROKEN'`);
    }
  });
});

describe("/metavasi, the tariff step", () => {
  it("shows the billing system's prices, formatted as the page formats prices", async () => {
    await sendProduct(repriced);
    for (const lng of ["el", "en"] as const) {
      const html = await tariffPage(lng);
      expect(html).toContain(repriced.descr);
      expect(html).toContain(formatPrice(6.5));
      expect(html).toContain(formatPrice(0.1234, 4));
      // The other tariffs keep their stand-in prices.
      expect(html).toContain(formatPrice(NRG_HOME_NIGHT.prices.night, 4));
      expect(html).not.toContain(formatPrice(NRG_HOME_FIXED.prices.day, 4));
    }
  });

  it('says "from DD/MM/YYYY" for prices that apply from a later day', async () => {
    await sendProduct({ ...repriced, valid_from: "2099-03-01" });
    expect(await tariffPage("el")).toContain(`${repriced.descr}, από 01/03/2099:`);
    expect(await tariffPage("en")).toContain(`${repriced.descr}, from 01/03/2099:`);
  });

  it("shows the stand-in again once the product is put back", async () => {
    // Put back as before this file: no billing row, no key, the stand-in's price on the page.
    server.query(`DELETE FROM products WHERE name = '${NRG_HOME_FIXED.name}'`);
    server.query(`DELETE FROM backoffice_keys WHERE kind = 'product' AND external_key = '${KEY}'`);
    const { list } = await listProducts();
    expect(list.find((p) => p.name === NRG_HOME_FIXED.name)?.source).toBe("portal");
    const html = await tariffPage("el");
    expect(html).toContain(NRG_HOME_FIXED.descr);
    expect(html).toContain(formatPrice(NRG_HOME_FIXED.prices.day, 4));
  });
});
