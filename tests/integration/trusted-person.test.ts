import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "../../core/calendar.ts";
import { athensToday } from "../../core/dates.ts";
import { smsSegments } from "../../api/messages/sms.ts";
import { DEMO } from "../../seed/accounts.ts";
import { backofficeBatch, createServiceClient, keySupply, unpaidBill } from "./backoffice-client";
import { createClient, tokenOf } from "./client";
import { startServer, type TestServer } from "./server";

/*
 * #38 §4 someone I trust, and §3's planned interruption, against the real Worker at 11:00 Athens
 * (DEV_CLOCK, outside the quiet hours). The household's master invites a carer as view-only and
 * chooses them for copies of the notices; the invitation says so; the carer signs in, reads bills
 * and is refused paying, sending a reading and the supply settings (403 not_permitted); an overdue
 * notice's copy reaches the carer, saying it is a copy and for whom, and the original names them;
 * a planned interruption at a life-support home goes by every channel, once, with its copy; the
 * carer declines, is chosen again, and removal clears the choice.
 */
const CLOCK = `${new Date().toISOString().slice(0, 10)}T09:00:00Z`;
const today = athensToday(new Date(CLOCK));
const h = DEMO.household;
const CARER = { name: "Ελένη Παππά", email: "eleni.carer@example.gr", phone: "6977000038" };

let server: TestServer;
let api: ReturnType<typeof createClient>;
let master: string;
let service: string;
let carerId: number;
let carer: string;

interface OutboxRow {
  channel: "email" | "sms";
  recipient: string;
  subject: string;
  body: string;
  template: string;
  lang: string;
  not_before: string | null;
}

const outboxOf = (template: string) =>
  server.query<OutboxRow>(`SELECT * FROM outbox WHERE template = '${template}' ORDER BY id`);
const trustedRows = () =>
  server.query<{ user_id: number }>(
    `SELECT user_id FROM trusted_copies WHERE customer_id = ${h.customerId}`,
  );

async function batch(path: string, items: unknown[]) {
  const r = await backofficeBatch(api, service, path, items);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

beforeAll(async () => {
  server = await startServer({ vars: { DEV_CLOCK: CLOCK } });
  api = createClient(server.baseUrl);
  master = (await api.login(h.vat)).access_token;
  service = createServiceClient(server, "trusted", ["invoices", "messages"]).credential;
  keySupply(server, "T-MAIN", h.mainMeterId);
  keySupply(server, "T-GAS", h.gasMeterId);
  // Every channel is off for the usual notices: the planned interruption must not care.
  server.query(
    `UPDATE meters SET ebill = 0, sms_bill = 0 WHERE customer_id = ${h.customerId};
     UPDATE users SET registration_phone = '6944123456', indication_email = 0, indication_sms = 0 WHERE id = ${h.userId};`,
  );
});
afterAll(async () => {
  await server?.stop();
});

describe("the master invites a carer as view-only and chooses them for copies", () => {
  it("invites with the viewer level; the household's people list names them", async () => {
    const r = await api.call<{ data: { id: number; role: string } }>(`/users/${h.userId}/people`, {
      token: master,
      body: { name: CARER.name, email: CARER.email, role: "viewer", all_supplies: 1 },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.data.role).toBe("viewer");
    carerId = r.body.data.id;
  });

  it("chooses them (only the master may); the invitation says so", async () => {
    const chosen = await api.call(`/users/${h.userId}/people/${carerId}/trusted`, {
      method: "PUT",
      token: master,
    });
    expect(chosen.status).toBe(204);
    expect(trustedRows()).toEqual([{ user_id: carerId }]);
    const list = await api.call<{ data: { trusted_person: { id: number } | null } }>(
      `/users/${h.userId}/people`,
      { token: master },
    );
    expect(list.body.data.trusted_person?.id).toBe(carerId);

    const mail = (await api.outbox()).find((m) => m.recipient === CARER.email);
    const token = tokenOf(mail?.link);
    const preview = await api.call<{ data: Record<string, unknown> }>(`/v2/invitations/${token}`);
    expect(preview.body.data).toMatchObject({ role: "viewer", household: 1, trusted_copies: true });
    const accepted = await api.call(`/v2/invitations/${token}/accept`, {
      body: { password: "Welcome2026!", password_confirmation: "Welcome2026!" },
    });
    expect(accepted.status).toBe(204);
    server.query(`UPDATE users SET registration_phone = '${CARER.phone}' WHERE id = ${carerId}`);
    carer = (await api.login(CARER.email, "Welcome2026!")).access_token;
  });
});

describe("a viewer only looks", () => {
  it("reads the bills, and sees in their profile that they receive copies", async () => {
    const bills = await api.call<{ data: unknown[] }>(`/users/${carerId}/invoices`, {
      token: carer,
    });
    expect(bills.status).toBe(200);
    expect(bills.body.data.length).toBeGreaterThan(0);
    const me = await api.call<{ data: { test_role: string; trusted_copies_for: string | null } }>(
      "/v2/me",
      { token: carer },
    );
    expect(me.body.data).toMatchObject({ test_role: "viewer", trusted_copies_for: h.name });
  });

  it("cannot pay, send a reading or change a supply's settings: 403 not_permitted", async () => {
    const attempts = [
      api.call("/payments/orders", { token: carer, body: { meter_ids: [h.mainMeterId] } }),
      api.call("/readings", {
        token: carer,
        body: { meter_id: h.mainMeterId, day: 1, date: today },
      }),
      api.call(`/users/${carerId}/direct-debits/${h.mainMeterId}`, {
        method: "PUT",
        token: carer,
        body: {},
      }),
    ];
    for (const r of await Promise.all(attempts)) {
      expect([r.status, r.code]).toEqual([403, "not_permitted"]);
    }
    // The session goes on: the refusal is the rule's.
    expect((await api.call("/v2/me", { token: carer })).status).toBe(200);
  });

  it("cannot choose anyone for copies, nor manage people", async () => {
    const r = await api.call(`/users/${carerId}/people/${carerId}/trusted`, {
      method: "PUT",
      token: carer,
    });
    expect([r.status, r.code]).toEqual([403, "not_permitted"]);
  });
});

describe("the copy of an overdue notice", () => {
  it("reaches the carer, in their language, saying it is a copy and for whom; the original names them", async () => {
    server.query(
      `UPDATE meters SET ebill = 1, ebill_email = 'ebill@trusted.example' WHERE id = ${h.mainMeterId}`,
    );
    await batch("invoices", [
      { ...unpaidBill(today, "8", "T-0001", "T-MAIN", 45), date_due: addDays(today, -1) },
    ]);
    const r = await fetch(
      `${server.baseUrl}/cdn-cgi/local/scheduled?cron=${encodeURIComponent("17 * * * *")}&format=json`,
    );
    expect(r.status).toBe(200);
    const copies = outboxOf("overdue_copy");
    expect(copies.map((c) => c.recipient)).toEqual([CARER.email]);
    expect(copies[0]!.subject).toMatch(/^Αντίγραφο: /);
    expect(copies[0]!.body).toContain(`«${h.name}»`);
    expect(copies[0]!.body).toContain("45,00\u00a0€");
    const original = outboxOf("overdue").filter((m) => m.recipient === "ebill@trusted.example");
    expect(original).toHaveLength(1);
    expect(original[0]!.body).toContain(`«${CARER.name}»`);
    // SMS bill is off: the master gets no SMS, but the carer's copy has its own mobile.
    const smsCopies = outboxOf("overdue_sms_copy");
    expect(smsCopies.map((s) => s.recipient)).toEqual([`+30${CARER.phone}`]);
    expect(smsSegments(smsCopies[0]!.body).segments).toBe(1);
  });
});

describe("#38 §3 a planned interruption", () => {
  const cut = (key: string, supply_key: string) => ({
    key,
    to: { supply_key },
    kind: "planned_interruption",
    title_el: "Προγραμματισμένη διακοπή ρεύματος",
    body_el: "Εργασίες του ΔΕΔΔΗΕ στην περιοχή σας.",
    date: addDays(today, 3),
    time_from: "08:30",
    time_to: "14:30",
  });

  it("a supply not on the register for life support: the inbox message only", async () => {
    const answer = await batch("messages", [cut("T-CUT-0", "T-MAIN")]);
    expect(answer.summary.created).toBe(1);
    expect(outboxOf("planned_interruption")).toEqual([]);
  });

  it("a life-support home: by every channel, whatever the settings, at once, once; with the copy", async () => {
    server.query(
      `INSERT INTO vulnerable_registrations (meter_id, category, registered_at, valid_to, updated_at)
       VALUES (${h.mainMeterId}, 'life_support', '${addDays(today, -30)}', NULL, '${CLOCK}')`,
    );
    await batch("messages", [cut("T-CUT-1", "T-MAIN")]);
    await batch("messages", [cut("T-CUT-1", "T-MAIN")]);
    const mails = outboxOf("planned_interruption");
    expect(mails.map((m) => m.recipient).sort()).toEqual([h.email, "ebill@trusted.example"].sort());
    for (const m of mails) {
      expect(m.not_before).toBeNull();
      expect(m.body).toContain("08:30");
      expect(m.body).toContain(`«${CARER.name}»`);
    }
    const sms = outboxOf("planned_interruption_sms");
    expect(sms.map((s) => s.recipient)).toEqual(["+306944123456"]);
    expect(smsSegments(sms[0]!.body).segments).toBe(1);
    expect(outboxOf("planned_interruption_copy").map((m) => m.recipient)).toEqual([CARER.email]);
    expect(outboxOf("planned_interruption_sms_copy").map((m) => m.recipient)).toEqual([
      `+30${CARER.phone}`,
    ]);
  });

  it("refuses an interruption without its hours (validation)", async () => {
    const r = await backofficeBatch(api, service, "messages", [
      { ...cut("T-CUT-2", "T-MAIN"), time_to: "07:00" },
    ]);
    expect(r.body.results[0]).toMatchObject({ outcome: "refused", reason: "validation" });
  });
});

describe("declining and removal", () => {
  beforeAll(async () => {
    // The hourly job above ran its cleanup, which judges the sessions of DEV_CLOCK's morning by a
    // clock ahead of it and ends them (forbidden): both sign in again.
    master = (await api.login(h.vat)).access_token;
    carer = (await api.login(CARER.email, "Welcome2026!")).access_token;
  });

  it("the carer declines in their settings; the master chooses them again", async () => {
    const declined = await api.call(`/users/${carerId}/trusted-copies`, {
      method: "DELETE",
      token: carer,
    });
    expect(declined.status, JSON.stringify(declined.body)).toBe(204);
    expect(trustedRows()).toEqual([]);
    const again = await api.call(`/users/${h.userId}/people/${carerId}/trusted`, {
      method: "PUT",
      token: master,
    });
    expect(again.status).toBe(204);
  });

  it("removing the person clears the choice: nobody gets copies", async () => {
    const removed = await api.call(`/users/${h.userId}/people/${carerId}`, {
      method: "DELETE",
      token: master,
    });
    expect(removed.status, JSON.stringify(removed.body)).toBe(204);
    expect(trustedRows()).toEqual([]);
    const list = await api.call<{ data: { trusted_person: unknown } }>(
      `/users/${h.userId}/people`,
      { token: master },
    );
    expect(list.body.data.trusted_person).toBeNull();
  });
});
