import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "../../core/calendar.ts";
import { athensToday } from "../../core/dates.ts";
import { smsSegments } from "../../api/messages/sms.ts";
import { DEMO } from "../../seed/accounts.ts";
import { fetchWorker } from "../support/fetch-worker";
import { createClient } from "./client";
import { backofficeBatch, createServiceClient, keySupply, unpaidBill } from "./backoffice-client";
import { startServer, type TestServer } from "./server";

/*
 * #36 §2 notices that follow the customer's settings, against the real Worker at 11:00 Athens
 * (DEV_CLOCK: outside the quiet hours whatever the hour the suite runs at; athens-day.test.ts
 * holds one at 23:30 UTC): a new bill by e-bill email and one-segment SMS whose short link pays
 * it, nothing by email with e-bill off, a payment's receipt, reading-period notices and the
 * overdue reminder of the hourly job, every one in the inbox too, in the person's language, and
 * once per event however often the batch or the job comes again.
 */
const CLOCK = `${new Date().toISOString().slice(0, 10)}T09:00:00Z`;
const today = athensToday(new Date(CLOCK));
const h = DEMO.household;

let server: TestServer;
let api: ReturnType<typeof createClient>;
let bearer: string;
let otherMeter: number;

interface OutboxRow {
  id: number;
  channel: "email" | "sms";
  recipient: string;
  subject: string;
  body: string;
  link: string | null;
  template: string;
  lang: string;
  status: string;
  not_before: string | null;
}

const outboxOf = (template: string) =>
  server.query<OutboxRow>(`SELECT * FROM outbox WHERE template = '${template}' ORDER BY id`);
const inboxCount = () =>
  server.query<{ n: number }>(`SELECT count(*) AS n FROM messages WHERE user_id = ${h.userId}`)[0]!
    .n;

async function batch(path: string, items: unknown[]) {
  const r = await backofficeBatch(api, bearer, path, items);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

async function runScheduled() {
  const r = await fetch(
    `${server.baseUrl}/cdn-cgi/local/scheduled?cron=${encodeURIComponent("17 * * * *")}&format=json`,
  );
  expect(r.status).toBe(200);
}

const bill = (key: string, supply_key: string, total: number) =>
  unpaidBill(today, "9", key, supply_key, total);

beforeAll(async () => {
  server = await startServer({ vars: { DEV_CLOCK: CLOCK } });
  api = createClient(server.baseUrl);
  bearer = createServiceClient(server, "notices", ["invoices", "payments"]).credential;
  [{ id: otherMeter }] = server.query<{ id: number }>(
    `SELECT id FROM meters WHERE customer_id = ${h.customerId} AND id <> ${h.mainMeterId} AND status = 'Active' ORDER BY id LIMIT 1`,
  ) as [{ id: number }];
  keySupply(server, "N-MAIN", h.mainMeterId);
  keySupply(server, "N-OTHER", otherMeter);
  server.query(
    `UPDATE meters SET ebill = 1, ebill_email = 'ebill@household.example', sms_bill = 1, sms_number = '6900000036' WHERE id = ${h.mainMeterId};
     UPDATE meters SET ebill = 0, sms_bill = 0 WHERE id = ${otherMeter};`,
  );
});
afterAll(async () => {
  await server?.stop();
});

describe("#36 §2 a new bill", () => {
  it("e-bill on: one email with amount, due date, RF and a signed pay link; SMS bill on: one SMS of one segment", async () => {
    const inboxBefore = inboxCount();
    expect((await batch("invoices", [bill("N-0001", "N-MAIN", 1234.56)])).summary.created).toBe(1);
    const [mail, ...moreMail] = outboxOf("new_bill");
    expect(moreMail).toEqual([]);
    expect(mail).toMatchObject({
      recipient: "ebill@household.example",
      lang: "el",
      status: "sent",
    });
    expect(mail!.subject).toContain("1.234,56\u00a0€");
    expect(mail!.body).toMatch(/RF\d{2}( \w{4})+/);
    expect(mail!.body).toContain(`${server.baseUrl}/pay/`);
    expect(mail!.link).toMatch(/^\/pay\/[\w.-]+$/);
    const [sms, ...moreSms] = outboxOf("new_bill_sms");
    expect(moreSms).toEqual([]);
    expect(sms!.recipient).toBe("+306900000036");
    expect(smsSegments(sms!.body).segments).toBe(1);
    expect(sms!.body).toContain("1.234,56€");
    // The short link goes to the signed link, whose page shows what is due.
    const short = await fetchWorker(`${server.baseUrl}${sms!.link}`, { redirect: "manual" });
    expect(short.status).toBe(302);
    expect(short.headers.get("location")).toBe(mail!.link);
    const pay = await fetchWorker(`${server.baseUrl}${mail!.link}`, {});
    expect(pay.status).toBe(200);
    expect(inboxCount()).toBe(inboxBefore + 1);
  });

  it("the same batch again, even twice at once, sends nothing more", async () => {
    const item = bill("N-0001", "N-MAIN", 1234.56);
    await Promise.all([
      batch("invoices", [item]),
      batch("invoices", [{ ...item, total: 1234.56 }]),
    ]);
    expect(outboxOf("new_bill")).toHaveLength(1);
    expect(outboxOf("new_bill_sms")).toHaveLength(1);
  });

  it("e-bill and SMS bill off: no email, no SMS, the inbox message only; an unknown short code goes to the refused link", async () => {
    const inboxBefore = inboxCount();
    await batch("invoices", [bill("N-0002", "N-OTHER", 20)]);
    expect(outboxOf("new_bill")).toHaveLength(1);
    expect(outboxOf("new_bill_sms")).toHaveLength(1);
    expect(inboxCount()).toBe(inboxBefore + 1);
    const unknown = await fetchWorker(`${server.baseUrl}/p/AAAAAAAAAA`, { redirect: "manual" });
    expect(unknown.headers.get("location")).toBe("/pay/expired");
  });

  it("in the person's language: English for a person who chose it", async () => {
    server.query(`UPDATE users SET lang = 'en' WHERE id = ${h.userId}`);
    server.query(
      `UPDATE meters SET ebill = 1, ebill_email = 'other@household.example' WHERE id = ${otherMeter}`,
    );
    await batch("invoices", [bill("N-0003", "N-OTHER", 30)]);
    const mail = outboxOf("new_bill").at(-1)!;
    expect(mail).toMatchObject({ recipient: "other@household.example", lang: "en" });
    expect(mail.subject).toBe(
      `Your new NRG bill: 30,00\u00a0€ due ${addDays(today, 20).split("-").reverse().join("/")}`,
    );
    server.query(`UPDATE users SET lang = 'el' WHERE id = ${h.userId}`);
  });
});

describe("#36 §2 a payment received", () => {
  it("a payments batch sends one receipt by email, once, even when it comes twice at once", async () => {
    const item = {
      key: "N-PAY-1",
      supply_key: "N-MAIN",
      amount: 10,
      paid_at: today,
      channel: "rf",
    };
    const balance = () =>
      server.query<{ c: number }>(
        `SELECT running_total_cents AS c FROM meters WHERE id = ${h.mainMeterId}`,
      )[0]!.c;
    const before = balance();
    const answers = await Promise.all([batch("payments", [item]), batch("payments", [item])]);
    expect(answers.map((a) => a.summary.created).sort()).toEqual([0, 1]);
    expect((await batch("payments", [item])).summary.unchanged).toBe(1);
    expect(balance()).toBe(before - 1000);
    const receipts = outboxOf("payment_received");
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.body).toContain("10,00\u00a0€");
    expect(receipts[0]!.body).toContain("τράπεζας");
  });
});

describe("#36 §2 the hourly job's notices", () => {
  it("a reading period that opens, and its reminder, to a person who asked; once", async () => {
    server.query(
      `UPDATE users SET indication_email = 1, indication_sms = 1, registration_phone = '6900000037' WHERE id = ${h.userId};
       UPDATE meters SET indication_open_from = '${today}', indication_open_to = '${addDays(today, 9)}' WHERE id = ${h.mainMeterId};
       UPDATE meters SET indication_open_from = '${addDays(today, -5)}', indication_open_to = '${addDays(today, 2)}' WHERE id = ${otherMeter};
       DELETE FROM readings WHERE meter_id = ${otherMeter} AND date_ins >= '${addDays(today, -5)}';`,
    );
    await runScheduled();
    await runScheduled();
    const open = outboxOf("reading_open").filter((r) => r.body.includes("kataxorisi"));
    expect(open.map((r) => r.recipient)).toContain(
      server.query<{ e: string }>(
        `SELECT registration_email AS e FROM users WHERE id = ${h.userId}`,
      )[0]!.e,
    );
    expect(outboxOf("reading_open_sms").length).toBeGreaterThanOrEqual(1);
    for (const sms of outboxOf("reading_open_sms")) expect(smsSegments(sms.body).segments).toBe(1);
    const reminders = outboxOf("reading_reminder");
    expect(
      reminders.filter((r) => r.body.includes(addDays(today, 2).split("-").reverse().join("/"))),
    ).toHaveLength(1);
    // Each once, however often the job runs.
    const events = server.query<{ event: string }>(
      `SELECT event FROM notice_events WHERE event LIKE 'reading-%:${h.mainMeterId}:%' OR event LIKE 'reading-%:${otherMeter}:%'`,
    );
    expect(events.map((e) => e.event).sort()).toEqual(
      [
        `reading-open:${h.mainMeterId}:${addDays(today, 9)}`,
        `reading-open:${otherMeter}:${addDays(today, 2)}`,
        `reading-reminder:${otherMeter}:${addDays(today, 2)}`,
      ].sort(),
    );
  });

  it("a bill unpaid the day after its due date: one overdue reminder", async () => {
    await batch("invoices", [{ ...bill("N-0004", "N-MAIN", 40), date_due: addDays(today, -1) }]);
    await runScheduled();
    await runScheduled();
    const [{ id }] = server.query<{ id: number }>(
      "SELECT portal_id AS id FROM backoffice_keys WHERE kind = 'invoice' AND external_key = 'N-0004'",
    ) as [{ id: number }];
    expect(
      server.query(`SELECT event FROM notice_events WHERE event = 'overdue:${id}'`),
    ).toHaveLength(1);
    const overdue = outboxOf("overdue").filter((r) => r.recipient === "ebill@household.example");
    expect(overdue).toHaveLength(1);
    expect(overdue[0]!.body).toContain("18101");
    for (const sms of outboxOf("overdue_sms")) expect(smsSegments(sms.body).segments).toBe(1);
  });
});
