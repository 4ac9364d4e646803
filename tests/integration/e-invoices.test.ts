import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiEInvoice, ApiInvoice } from "../../core/contract/index.ts";
import { DEMO, DEMO_E_INVOICE_MARK } from "../../seed/accounts.ts";
import { SUPPLIER } from "../../core/supplier.ts";
import { vatSplit } from "../../core/e-invoice.ts";
import { createClient } from "./client";
import { startServer, type TestServer } from "./server";

/**
 * #20 e-invoices: every document's myDATA MARK in the bill's answer (GET /invoices/{id}, the
 * supply's history), and the public verification answer GET /api/e-invoices/{mark}: the tax
 * authority's public view and nothing of the customer; unknown MARKs 404 and are throttled per
 * client address. The client checks every JSON answer against the OpenAPI document.
 */
let server: TestServer;
let api: ReturnType<typeof createClient>;
let history: ApiInvoice[];
const h = DEMO.household;

beforeAll(async () => {
  server = await startServer();
  api = createClient(server.baseUrl);
  const token = (await api.login(h.vat)).access_token;
  history = (
    await api.call<{ data: ApiInvoice[] }>(`/users/${h.userId}/meters/${h.mainMeterId}/invoices`, {
      token,
    })
  ).body.data;
});
afterAll(async () => {
  await server?.stop();
});

/** Each test its own client address, so that the throttle of one does not reach another. */
let client = 0;
const asClient = () => ({ "cf-connecting-ip": `203.0.113.${++client}` });

describe("the MARK of a bill", () => {
  it("every document has a 15-digit MARK, a payment none", () => {
    expect(history.length).toBeGreaterThan(0);
    for (const row of history) {
      if (row.type === "payment") expect(row.mark).toBeNull();
      else expect(row.mark).toMatch(/^\d{15}$/);
    }
    expect(history.some((row) => row.mark === DEMO_E_INVOICE_MARK)).toBe(true);
  });
});

describe("GET /e-invoices/:mark (public)", () => {
  it("answers the public view without signing in, and nothing of the customer", async () => {
    const bill = history.find((row) => row.mark === DEMO_E_INVOICE_MARK)!;
    const r = await api.call<{ data: ApiEInvoice }>(`/e-invoices/${DEMO_E_INVOICE_MARK}`, {
      headers: asClient(),
    });
    expect(r.status).toBe(200);
    expect(r.headers.get("cache-control")).toBe("no-store");
    const e = r.body.data;
    expect(e).toEqual({
      mark: DEMO_E_INVOICE_MARK,
      issuer_vat: SUPPLIER.vat,
      issuer_name: SUPPLIER.name,
      invoice_no: bill.invoice_no,
      issue_date: bill.issue_date,
      net: e.net,
      vat: e.vat,
      total: bill.total_value,
    });
    // Net and VAT are derived at 6 % (core/e-invoice.ts) and add up to the total.
    const split = vatSplit(Math.round(bill.total_value * 100));
    expect([e.net, e.vat]).toEqual([split.net_cents / 100, split.vat_cents / 100]);
    const text = JSON.stringify(r.body);
    for (const secret of [h.vat, h.name, h.email, bill.business_partner, bill.contract_account]) {
      expect(text).not.toContain(secret);
    }
  });

  it("answers 404 for an unknown or malformed MARK", async () => {
    const headers = asClient();
    for (const mark of ["999999999999999", "12345", "40000000059403x", "%2e%2e"]) {
      const r = await api.call(`/e-invoices/${mark}`, { headers });
      expect(r.status, mark).toBe(404);
      expect(r.code).toBe("not_found");
    }
  });

  it("throttles unknown MARKs per client address (429 with Retry-After); known ones do not count", async () => {
    const headers = asClient();
    for (let i = 0; i < 5; i++) {
      expect((await api.call(`/e-invoices/${DEMO_E_INVOICE_MARK}`, { headers })).status).toBe(200);
    }
    for (let i = 0; i < 30; i++) {
      const r = await api.call(`/e-invoices/${String(900000000000000 + i)}`, { headers });
      expect(r.status).toBe(404);
    }
    const refused = await api.call(`/e-invoices/${String(900000000000100)}`, { headers });
    expect(refused.status).toBe(429);
    expect(refused.code).toBe("too_many_attempts");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // Past the limit even a known MARK is refused: a refused client learns nothing.
    expect((await api.call(`/e-invoices/${DEMO_E_INVOICE_MARK}`, { headers })).status).toBe(429);
    // Another address is not affected.
    const other = await api.call(`/e-invoices/${DEMO_E_INVOICE_MARK}`, { headers: asClient() });
    expect(other.status).toBe(200);
  });
});
