import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  ApiInvoice,
  ApiMessage,
  ApiMeterSummary,
  ApiUser,
} from "../../core/contract/index.ts";
import { DD_TEST_CARDS } from "../../core/direct-debit/rules.ts";
import { DEMO } from "../../seed/accounts.ts";
import { createClient } from "./client";
import { startServer, type TestServer } from "./server";

/**
 * #18: the people of one account, against the real Worker and local D1. ΒΗΤΑ ΑΛΥΣΙΔΑ (210000002)
 * has its master (all 200 supplies), an admin with twenty and a user with five. Every read is
 * scoped to the person's supplies (another supply of the same account answers 404, exactly as a
 * foreign customer's), and a user's writes on a supply (pay, direct debit, requests) answer
 * 403 not_permitted without ending the session.
 */
const d = DEMO.largeCompany;
const { admin, user } = d.people;
const outside = d.firstMeterId + 50; // a supply of the account that neither admin nor user has

let server: TestServer;
let api: ReturnType<typeof createClient>;
const tokens: Record<"master" | "admin" | "user", string> = { master: "", admin: "", user: "" };

beforeAll(async () => {
  server = await startServer();
  api = createClient(server.baseUrl);
  tokens.master = (await api.login(d.vat)).access_token;
  tokens.admin = (await api.login(admin.email)).access_token;
  tokens.user = (await api.login(user.email)).access_token;
});
afterAll(async () => {
  await server?.stop();
});

const people = [
  { role: "master", userId: d.userId, supplies: d.meterCount },
  { role: "admin", userId: admin.userId, supplies: admin.meterIds.length },
  { role: "user", userId: user.userId, supplies: user.meterIds.length },
] as const;

const firstInvoiceOf = (meterId: number) =>
  server.query<{ id: number }>(`SELECT id FROM invoices WHERE meter_id = ${meterId} LIMIT 1`)[0]
    ?.id;

describe("each person sees only their supplies", () => {
  for (const p of people)
    it(`${p.role}: the account, the supply list and the bills`, async () => {
      const token = tokens[p.role];
      const me = await api.call<{ data: ApiUser }>("/v2/me", { token });
      expect(me.status).toBe(200);
      expect(me.body.data).toMatchObject({ id: p.userId, test_role: p.role });
      expect(me.body.data.all_supplies).toBe(p.role === "master" ? 1 : 0);

      const list = await api.call<{ data: ApiMeterSummary[] }>(
        `/users/${p.userId}/meters?view=summary`,
        { token },
      );
      expect(list.status).toBe(200);
      expect(list.body.data).toHaveLength(p.supplies);
      if (p.role === "user")
        expect(list.body.data.map((m) => m.id).sort()).toEqual([...user.meterIds].sort());

      const bills = await api.call<{ data: ApiInvoice[] }>(`/users/${p.userId}/invoices`, {
        token,
      });
      const seen = new Set(bills.body.data.map((i) => i.meter_id));
      expect([...seen].every((id) => list.body.data.some((m) => m.id === id))).toBe(true);
    });

  it("answers another supply of the same account exactly as a foreign one: 404", async () => {
    const token = tokens.user;
    const foreignInvoice = firstInvoiceOf(outside);
    const ownInvoice = firstInvoiceOf(user.meterIds[0]!);
    expect((await api.call(`/invoices/${ownInvoice}`, { token })).status).toBe(200);
    expect((await api.call(`/invoices/${foreignInvoice}`, { token })).status).toBe(404);
    expect((await api.call(`/getInvoicePdf/${foreignInvoice}`, { token })).status).toBe(404);
    expect(
      (await api.call(`/users/${user.userId}/meters/${outside}/invoices`, { token })).status,
    ).toBe(404);
    expect(
      (await api.call(`/users/${user.userId}/meters/${outside}/shell`, { token })).status,
    ).toBe(404);
    expect(
      (await api.call(`/users/${user.userId}/readings?meter_id=${outside}`, { token })).status,
    ).toBe(404);
    const some = await api.call<{ data: unknown[] }>(
      `/users/${user.userId}/meters?ids=${outside},${user.meterIds[0]}`,
      { token },
    );
    expect(some.body.data).toHaveLength(1);
    // Another person's path is not theirs either.
    expect((await api.call(`/users/${d.userId}/meters`, { token })).status).toBe(404);
    // The master reaches it.
    expect((await api.call(`/invoices/${foreignInvoice}`, { token: tokens.master })).status).toBe(
      200,
    );
  });

  it("exports only the person's supplies", async () => {
    const r = await api.call<{ data: { supplies: { id: number }[] } }>(
      `/users/${user.userId}/export?format=json`,
      { token: tokens.user },
    );
    expect(r.status).toBe(200);
    expect(r.body.data.supplies.map((s) => s.id).sort()).toEqual([...user.meterIds].sort());
  });

  it("shows general messages to everyone of the account", async () => {
    const r = await api.call<{ data: ApiMessage[] }>(`/users/${user.userId}/messages`, {
      token: tokens.user,
    });
    expect(r.status).toBe(200);
    expect(r.body.data.length).toBeGreaterThan(0);
  });
});

describe("what a user may not do", () => {
  it("pay: 403 not_permitted, and the session goes on", async () => {
    const token = tokens.user;
    const r = await api.call("/payments/orders", {
      method: "POST",
      token,
      body: { items: [{ meter_id: user.meterIds[0], amount: 10 }] },
    });
    expect([r.status, r.code]).toEqual([403, "not_permitted"]);
    expect((await api.call("/v2/me", { token })).status).toBe(200);
  });

  it("direct debit and requests: 403 not_permitted", async () => {
    const token = tokens.user;
    const card = {
      number: DD_TEST_CARDS.success,
      exp_month: 5,
      exp_year: new Date().getUTCFullYear() + 2,
      cvv: "123",
      holder: "K. D.",
    };
    const dd = await api.call(`/users/${user.userId}/direct-debits/${user.meterIds[0]}`, {
      method: "PUT",
      token,
      body: card,
    });
    expect([dd.status, dd.code]).toEqual([403, "not_permitted"]);
    const request = await api.call("/requests/cancellation", {
      method: "POST",
      token,
      body: { meter_id: user.meterIds[0], file_id: "x", reason: "moving" },
    });
    expect([request.status, request.code]).toEqual([403, "not_permitted"]);
    expect((await api.call("/v2/me", { token })).status).toBe(200);
  });

  it("may send a reading of their own supply, not of another", async () => {
    const token = tokens.user;
    const other = await api.call("/readings", {
      method: "POST",
      token,
      body: { meter_id: outside, day: 1 },
    });
    expect(other.status).toBe(404);
    const own = await api.call("/readings", {
      method: "POST",
      token,
      body: { meter_id: d.people.openReadingMeterId, day: 1 },
    });
    // Refused for its value (lower than the last reading), not for the person.
    expect([403, 404]).not.toContain(own.status);
  });
});

describe("an admin's supply writes stay within their supplies", () => {
  it("gets 404 paying a supply outside their own", async () => {
    const token = tokens.admin;
    const outsideOrder = await api.call("/payments/orders", {
      method: "POST",
      token,
      body: { items: [{ meter_id: outside, amount: 10 }] },
    });
    expect(outsideOrder.status).toBe(404);
  });
});

describe("a person's own settings", () => {
  const mainOf = () =>
    server.query<{ id: number }>(
      `SELECT id FROM meters WHERE customer_id = ${d.customerId} AND is_main = 1`,
    )[0]?.id;

  it("a user saves their profile, leaves the account's main supply, may not change a supply's channels", async () => {
    const token = tokens.user;
    const before = mainOf();
    const body = {
      userId: user.userId,
      afm: user.email,
      nrg_skin: 2,
      lang: "el",
      email: user.email,
      phone: user.phone,
      ebill_settings: [],
      meter_id: user.meterIds[2],
      avatar: null,
      indication_email: 1,
      indication_sms: 0,
    };
    const saved = await api.call("/user/settings", { method: "PUT", body, token });
    expect(saved.status).toBe(204);
    const row = server.query<{ nrg_skin: number; indication_email: number }>(
      `SELECT nrg_skin, indication_email FROM users WHERE id = ${user.userId}`,
    )[0];
    expect(row).toEqual({ nrg_skin: 2, indication_email: 1 });
    // The master's skin is theirs: untouched.
    expect(
      server.query<{ nrg_skin: number }>(`SELECT nrg_skin FROM users WHERE id = ${d.userId}`)[0]
        ?.nrg_skin,
    ).toBe(3);
    expect(mainOf()).toBe(before);

    const channels = await api.call("/user/settings", {
      method: "PUT",
      token,
      body: {
        ...body,
        ebill_settings: [{ meter_id: user.meterIds[0], email: "x@beta.example", phone: null }],
      },
    });
    expect([channels.status, channels.code]).toEqual([403, "not_permitted"]);
    expect((await api.call("/v2/me", { token })).status).toBe(200);
  });
});
