import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, DEFAULT_PAST_DAYS } from "../../core/calendar.ts";
import type {
  ApiCalendar,
  ApiGatewayNext,
  ApiInvoice,
  ApiMeter,
  ApiPaymentOutcome,
  ApiPaymentStart,
  ApiReading,
  ApiReadingSaved,
  ApiReceipt,
} from "../../core/contract/index.ts";
import { athensDayOf } from "../../core/dates.ts";
import { TEST_CARDS } from "../../core/gateway.ts";
import { previousValue } from "../../core/readings.ts";
import { formatDate } from "../../app/domain/format.ts";
import { DEMO } from "../../seed/accounts.ts";
import { createClient, signInPage } from "./client";
import { backofficeBatch, createServiceClient, keySupply } from "./backoffice-client";
import { startServer, type TestServer } from "./server";

/**
 * One date (#35 §3): the Worker runs at 23:30 UTC (DEV_CLOCK, workers/dev-clock.ts), when the
 * Athens calendar day is already the next one. A payment, a reading and the reading period are
 * that Athens day, in the API and on the pages; a UTC day anywhere fails here.
 */
const UTC_DAY = new Date().toISOString().slice(0, 10);
const CLOCK = `${UTC_DAY}T23:30:00Z`;
const ATHENS_DAY = athensDayOf(CLOCK)!;
const h = DEMO.household;

let server: TestServer;
let api: ReturnType<typeof createClient>;
let token: string;

beforeAll(async () => {
  server = await startServer({ vars: { DEV_CLOCK: CLOCK } });
  api = createClient(server.baseUrl);
  token = (await api.login(h.vat)).access_token;
});
afterAll(async () => {
  await server?.stop();
});

async function mainMeter(): Promise<ApiMeter> {
  const r = await api.call<{ data: ApiMeter[] }>(`/users/${h.userId}/meters`, { token });
  expect(r.status).toBe(200);
  return r.body.data.find((m) => m.id === h.mainMeterId)!;
}

async function page(path: string, cookie: string): Promise<string> {
  const r = await fetch(`${server.baseUrl}${path}`, { headers: { cookie, connection: "close" } });
  expect([path, r.status]).toEqual([path, 200]);
  return r.text();
}

describe("#35 §3 at 23:30 UTC the portal's day is Athens's", () => {
  it("the clock is the one asked for, and its Athens day is the next calendar day", async () => {
    expect(ATHENS_DAY).toBe(addDays(UTC_DAY, 1));
    // The calendar's default range is around today: the Worker's today is the Athens day.
    const r = await api.call<{ data: ApiCalendar }>(`/users/${h.userId}/calendar`, { token });
    expect(r.status).toBe(200);
    expect(r.body.data.from).toBe(addDays(ATHENS_DAY, -DEFAULT_PAST_DAYS));
  });

  it("a card payment is paid on the Athens day: balance, history, receipt and pages agree", async () => {
    const start = await api.call<{ data: ApiPaymentStart }>("/payments/orders", {
      method: "POST",
      token,
      body: { items: [{ meter_id: h.mainMeterId, amount: 5 }] },
    });
    expect(start.status, JSON.stringify(start.body)).toBe(201);
    const session = start.body.data.redirect_url.replace("/gateway/pay/", "");
    const authorized = await api.call<{ data: ApiGatewayNext }>(
      `/gateway/sessions/${session}/authorize`,
      {
        method: "POST",
        body: {
          number: TEST_CARDS.success,
          cvv: "123",
          exp_month: "12",
          exp_year: String(new Date().getUTCFullYear() + 2),
          holder: "Test Holder",
        },
      },
    );
    expect(authorized.body.data.next).toBe("return");
    const fields = Object.fromEntries(new URL(authorized.body.data.url, "http://x").searchParams);
    const outcome = await api.call<{ data: ApiPaymentOutcome }>("/payments/return", {
      method: "POST",
      body: fields,
    });
    expect(outcome.body.data.outcome).toBe("success");

    // The API: the supply's last payment date and the billing history's payment row.
    expect((await mainMeter()).last_payment_date?.slice(0, 10)).toBe(ATHENS_DAY);
    const history = await api.call<{ data: ApiInvoice[] }>(
      `/users/${h.userId}/meters/${h.mainMeterId}/invoices`,
      { token },
    );
    const paid = history.body.data.filter((i) => i.type === "payment" && i.total_value === -5);
    expect(paid.map((i) => i.issue_date.slice(0, 10))).toContain(ATHENS_DAY);
    // The receipt's moment is 23:30 UTC, which is the Athens day's night.
    const reference = fields.reference ?? fields.ref ?? outcome.body.data.reference;
    const receipt = await api.call<{ data: ApiReceipt }>(`/payments/receipts/${reference}`, {
      token,
    });
    expect(receipt.status).toBe(200);
    expect(athensDayOf(receipt.body.data.completed_at)).toBe(ATHENS_DAY);

    // The pages: the overview's last payment and the billing history show that day.
    const { cookie } = await signInPage(server.baseUrl, h.vat);
    const overview = await page("/b2b/episkopisi", cookie);
    expect(overview).toMatch(
      new RegExp(`5,00\u00a0€<br/><span class="muted">${formatDate(ATHENS_DAY)}</span>`),
    );
    const bills = await page("/b2b/logariasmoi", cookie);
    const row = bills
      .split("<tr")
      .find((tr) => tr.includes("−5,00\u00a0€") || tr.includes("-5,00\u00a0€"));
    expect(row, "the payment's row in the billing history").toBeDefined();
    expect(row).toContain(formatDate(ATHENS_DAY));
  });

  it("the reading period ends on an Athens day: closed the day after, open on it; a reading is dated that day", async () => {
    // The window closed on the UTC day: at 23:30 UTC it is already over in Athens.
    server.query(
      `UPDATE meters SET indication_open_from = '${addDays(UTC_DAY, -5)}', indication_open_to = '${UTC_DAY}' WHERE id = ${h.mainMeterId}`,
    );
    const rows = async () =>
      (
        await api.call<{ data: ApiReading[] }>(
          `/users/${h.userId}/readings?meter_id=${h.mainMeterId}`,
          { token },
        )
      ).body.data;
    const before = await rows();
    const body = {
      meter_id: h.mainMeterId,
      day: (previousValue(before, "day") as number) + 1,
      night: (previousValue(before, "night") as number) + 1,
      confirm: true,
    };
    const closed = await api.call("/readings", { method: "POST", body, token });
    expect([closed.status, closed.code]).toEqual([400, "reading_period_closed"]);

    server.query(
      `UPDATE meters SET indication_open_to = '${ATHENS_DAY}' WHERE id = ${h.mainMeterId}`,
    );
    const saved = await api.call<{ data: ApiReadingSaved }>("/readings", {
      method: "POST",
      body,
      token,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect(saved.body.data.date_ins.slice(0, 10)).toBe(ATHENS_DAY);
    // The readings page lists it under that day.
    const { cookie } = await signInPage(server.baseUrl, h.vat);
    expect(await page("/b2b/kataxorisi", cookie)).toContain(formatDate(ATHENS_DAY));
  });
});

describe("#36 §2 the quiet hours: 23:30 UTC is 01:30 or 02:30 in Athens", () => {
  it("a new bill's notice waits in the outbox until 08:00 Athens; a password reset goes at once", async () => {
    const { credential } = createServiceClient(server, "night", ["invoices"]);
    keySupply(server, "NIGHT-MAIN", h.mainMeterId);
    server.query(
      `UPDATE meters SET ebill = 1, ebill_email = 'night@household.example' WHERE id = ${h.mainMeterId};`,
    );
    const r = await backofficeBatch(api, credential, "invoices", [
      {
        key: "NIGHT-1",
        supply_key: "NIGHT-MAIN",
        invoice_no: "202699009999",
        type: "Clearance",
        issue_date: ATHENS_DAY,
        date_due: addDays(ATHENS_DAY, 20),
        previous_balance: 0,
        current_amount: 12,
        total: 12,
        lines: [{ code: "energy", amount: 12 }],
        status: "unpaid",
      },
    ]);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const [held] = server.query<{ status: string; not_before: string | null }>(
      "SELECT status, not_before FROM outbox WHERE template = 'new_bill' ORDER BY id DESC LIMIT 1",
    );
    expect(held?.status).toBe("queued");
    // 08:00 Athens of the Athens day (UTC+2 in winter, +3 in summer), spread over half an hour.
    const morning = new Date(`${ATHENS_DAY}T08:00:00Z`).getTime();
    const at = Date.parse(held!.not_before!);
    expect(at).toBeGreaterThanOrEqual(morning - 3 * 3600_000);
    expect(at).toBeLessThan(morning - 2 * 3600_000 + 30 * 60_000);
    // The inbox has it at once: only the email and SMS wait.
    const [message] = server.query<{ n: number }>(
      `SELECT count(*) AS n FROM messages WHERE user_id = ${h.userId} AND title = 'Νέος λογαριασμός'`,
    );
    expect(message?.n).toBe(1);

    const reset = await api.call("/v2/auth/password-reset", { body: { afm: h.vat } });
    expect(reset.status).toBe(204);
    const [mail] = server.query<{ status: string; not_before: string | null }>(
      "SELECT status, not_before FROM outbox WHERE template = 'reset' ORDER BY id DESC LIMIT 1",
    );
    expect(mail).toEqual({ status: "sent", not_before: null });
  });
});
