import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { athensToday } from "../../core/dates.ts";
import { DEMO } from "../../seed/accounts.ts";
import { addDays } from "../../seed/dates.ts";
import { createClient, signInPage } from "./client";
import { backofficeBatch, createServiceClient, keySupply, outcomes } from "./backoffice-client";
import { startServer, type TestServer } from "./server";

/*
 * #36 §1 the back office's messages and banners: POST /api/backoffice/messages and POST
 * /api/backoffice/banners against the real Worker: a message to one customer, to one supply and
 * to every customer (one row per customer with an account), unchanged when sent again, updated
 * in place, refused with a reason, the inbox page showing it at once in Greek and in English
 * (data versions), and the overview's banners created, changed and removed.
 */
let server: TestServer;
let api: ReturnType<typeof createClient>;
let bearer: string;
let cookie: string;
const h = DEMO.household;
const today = athensToday();

const batch = (path: string, items: unknown[], credential = bearer) =>
  backofficeBatch(api, credential, path, items);

const count = (where: string) =>
  server.query<{ n: number }>(`SELECT COUNT(*) AS n FROM messages WHERE ${where}`)[0]?.n ?? 0;

async function page(path: string) {
  const r = await fetch(`${server.baseUrl}${path}`, { headers: { cookie, connection: "close" } });
  expect([path, r.status]).toEqual([path, 200]);
  return r.text();
}
const inbox = (lng: "el" | "en") => page(`/b2b/mhnymata?lng=${lng}`);
const overview = (lng: "el" | "en") => page(`/b2b/episkopisi?lng=${lng}`);

let mastersCount = 0;

beforeAll(async () => {
  server = await startServer();
  api = createClient(server.baseUrl);
  bearer = createServiceClient(server, "billing-messages", ["messages"]).credential;
  // The customers and supplies batches would have keyed these; here the keys are recorded as
  // they do. CUS-NOACC is a customer without a portal account (no master person).
  const [noAccount] = server.query<{ id: number }>(
    `SELECT id FROM customers c WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.customer_id = c.id
       AND u.test_role = 'master' AND u.removed_at IS NULL) LIMIT 1`,
  );
  const stamp = new Date().toISOString();
  server.query(
    `INSERT INTO backoffice_keys (kind, external_key, portal_id, content_hash, updated_at) VALUES
       ('customer', 'CUS-H', ${h.customerId}, 'x', '${stamp}'),
       ('customer', 'CUS-NOACC', ${noAccount?.id ?? 999_999}, 'x', '${stamp}')`,
  );
  keySupply(server, "SUP-MAIN", h.mainMeterId);
  keySupply(server, "SUP-GAS", h.gasMeterId);
  [{ n: mastersCount } = { n: 0 }] = server.query<{ n: number }>(
    `SELECT COUNT(*) AS n FROM users WHERE test_role = 'master' AND removed_at IS NULL`,
  );
  cookie = (await signInPage(server.baseUrl, h.vat)).cookie;
});
afterAll(async () => {
  await server?.stop();
});

const toCustomer = {
  key: "MSG-CUST-1",
  to: { customer_key: "CUS-H" },
  kind: "info",
  title_el: "Νέο πρόγραμμα εξυπηρέτησης",
  body_el: "Τα καταστήματά μας είναι ανοιχτά και το Σάββατο.",
  title_en: "A new service schedule",
  body_en: "Our shops are open on Saturdays too.",
};
const toSupply = {
  key: "MSG-SUP-1",
  to: { supply_key: "SUP-GAS" },
  kind: "alert",
  title_el: "Προγραμματισμένη διακοπή αερίου",
  body_el: "Την Τρίτη 10:00–12:00 δεν θα υπάρχει παροχή αερίου.",
};
const toAll = {
  key: "MSG-ALL-1",
  to: { all: true },
  kind: "info",
  title_el: "Αλλαγή ωραρίου τηλεφωνικού κέντρου",
  body_el: "Το τηλεφωνικό κέντρο λειτουργεί 08:00–20:00.",
  title_en: "New call centre hours",
  body_en: "The call centre is open 08:00–20:00.",
};
const warning = {
  key: "MSG-DISC-1",
  to: { supply_key: "SUP-MAIN" },
  kind: "disconnection_warning",
  title_el: "Προειδοποίηση διακοπής ρεύματος",
  body_el: "Η παροχή σας θα διακοπεί λόγω οφειλής.",
  title_en: "Disconnection warning",
  body_en: "Your supply will be disconnected for an unpaid balance.",
  date: addDays(today, 20),
};

describe("POST /backoffice/messages", () => {
  it("writes one row per addressee; the inbox shows it at once, in Greek and in English", async () => {
    // Rendered (and cached) before the batch: the page must not serve that render afterwards.
    expect(await inbox("en")).not.toContain(toCustomer.title_en);

    const r = await batch("messages", [toCustomer, toSupply, warning]);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(outcomes(r.body)).toEqual([
      ["MSG-CUST-1", "created", null, null],
      ["MSG-SUP-1", "created", null, null],
      ["MSG-DISC-1", "created", null, null],
    ]);
    const rows = server.query<Record<string, unknown>>(
      `SELECT user_id, meter_id, title, title_en, content_en, type, category FROM messages
       WHERE id IN (${r.body.results.map((x) => x.id).join(",")}) ORDER BY id`,
    );
    expect(rows).toEqual([
      {
        user_id: h.userId,
        meter_id: null,
        title: toCustomer.title_el,
        title_en: toCustomer.title_en,
        content_en: toCustomer.body_en,
        type: "info",
        category: "account",
      },
      // No English sent: NULL, and the pages show the Greek text in its place (0021).
      {
        user_id: h.userId,
        meter_id: h.gasMeterId,
        title: toSupply.title_el,
        title_en: null,
        content_en: null,
        type: "alert",
        category: "account",
      },
      {
        user_id: h.userId,
        meter_id: h.mainMeterId,
        title: warning.title_el,
        title_en: warning.title_en,
        content_en: warning.body_en,
        type: "alert",
        category: "billing",
      },
    ]);

    // The warning also went out as a notice (api/notify/events.ts notifyDisconnection), once.
    const notices = () =>
      server.query<{ n: number }>(
        `SELECT COUNT(*) AS n FROM outbox WHERE template IN ('disconnection', 'disconnection_sms')`,
      )[0]?.n ?? 0;
    const sent = notices();
    expect(sent).toBeGreaterThan(0);
    await batch("messages", [{ ...warning, body_el: "Η παροχή σας θα διακοπεί." }]);
    expect(notices()).toBe(sent);
    await batch("messages", [warning]);

    const el = await inbox("el");
    expect(el).toContain(toCustomer.title_el);
    expect(el).toContain(toSupply.title_el);
    expect(el).toContain(warning.title_el);
    const en = await inbox("en");
    expect(en).toContain(toCustomer.title_en);
    expect(en).not.toContain(toCustomer.title_el);
    expect(en).toContain(toSupply.title_el);
    expect(en).toContain(warning.title_en);
  });

  it("to all customers: one INSERT … SELECT, a row for every customer with an account", async () => {
    expect(mastersCount).toBeGreaterThan(3);
    const r = await batch("messages", [toAll]);
    expect(outcomes(r.body)).toEqual([["MSG-ALL-1", "created", null, null]]);
    expect(count(`title = '${toAll.title_el}'`)).toBe(mastersCount);
    // One per customer, to its master person, about no supply.
    const [shape] = server.query<{ customers: number; masters: number; general: number }>(
      `SELECT COUNT(DISTINCT u.customer_id) AS customers,
              SUM(u.test_role = 'master') AS masters, SUM(m.meter_id IS NULL) AS general
       FROM messages m JOIN users u ON u.id = m.user_id WHERE m.title = '${toAll.title_el}'`,
    );
    expect(shape).toEqual({
      customers: mastersCount,
      masters: mastersCount,
      general: mastersCount,
    });
    expect(await inbox("en")).toContain(toAll.title_en);
  });

  it("the same items again change nothing; a changed item updates the rows it wrote", async () => {
    const before = count("1 = 1");
    const again = await batch("messages", [toCustomer, toSupply, toAll, warning]);
    expect(again.body.summary).toEqual({ created: 0, updated: 0, unchanged: 4, refused: 0 });
    expect(count("1 = 1")).toBe(before);

    const changed = await batch("messages", [
      { ...toCustomer, title_el: "Νέο ωράριο καταστημάτων", title_en: "New shop hours" },
      { ...toAll, title_el: "Νέο ωράριο τηλεφωνικού κέντρου", title_en: "Call centre hours" },
      { ...toSupply, to: { supply_key: "SUP-MAIN" } },
      { ...toAll, key: "MSG-CUST-1" },
    ]);
    expect(outcomes(changed.body)).toEqual([
      ["MSG-CUST-1", "updated", null, null],
      ["MSG-ALL-1", "updated", null, null],
      ["MSG-SUP-1", "refused", "target_changed", "to"],
      ["MSG-CUST-1", "refused", "duplicate_key", null],
    ]);
    expect(count("1 = 1")).toBe(before);
    expect(count(`title = '${toAll.title_el}'`)).toBe(0);
    expect(
      count(`title = 'Νέο ωράριο τηλεφωνικού κέντρου' AND title_en = 'Call centre hours'`),
    ).toBe(mastersCount);
    expect(count(`title = 'Νέο ωράριο καταστημάτων'`)).toBe(1);
    const en = await inbox("en");
    expect(en).toContain("New shop hours");
    expect(en).toContain("Call centre hours");
    expect(en).not.toContain(toCustomer.title_en);
  });

  it("refuses unknown addressees and invalid items, each on its own", async () => {
    const before = count("1 = 1");
    // Another call is writing MSG-BUSY right now (its key claimed, batch.ts claimKey).
    server.query(
      `INSERT INTO backoffice_keys (kind, external_key, portal_id, content_hash, updated_at)
       VALUES ('message', 'MSG-BUSY', 0, '', '${new Date().toISOString()}')`,
    );
    const r = await batch("messages", [
      { ...toCustomer, key: "MSG-R1", to: { customer_key: "CUS-NOBODY" } },
      { ...toCustomer, key: "MSG-R2", to: { supply_key: "SUP-NOBODY" } },
      { ...toCustomer, key: "MSG-R3", to: { customer_key: "CUS-NOACC" } },
      { ...toCustomer, key: "MSG-R4", kind: "promo" },
      { ...toCustomer, key: "MSG-R5", title_el: "  " },
      { ...warning, key: "MSG-R6", date: undefined },
      { ...warning, key: "MSG-R7", to: { customer_key: "CUS-H" } },
      { ...toCustomer, key: "MSG-R8", to: { everyone: true } },
      { ...toCustomer, key: "bad key" },
      { ...toCustomer, key: "MSG-R9", colour: "red" },
      { ...toAll, key: "MSG-BUSY" },
      { ...toCustomer, key: "MSG-OK" },
    ]);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(outcomes(r.body)).toEqual([
      ["MSG-R1", "refused", "unknown_customer", "to.customer_key"],
      ["MSG-R2", "refused", "unknown_supply", "to.supply_key"],
      ["MSG-R3", "refused", "no_account", "to.customer_key"],
      ["MSG-R4", "refused", "validation", "kind"],
      ["MSG-R5", "refused", "validation", "title_el"],
      ["MSG-R6", "refused", "validation", "date"],
      ["MSG-R7", "refused", "validation", "to"],
      ["MSG-R8", "refused", "validation", "to"],
      [null, "refused", "validation", "key"],
      ["MSG-R9", "refused", "validation", null],
      ["MSG-BUSY", "refused", "in_progress", null],
      ["MSG-OK", "created", null, null],
    ]);
    expect(count("1 = 1")).toBe(before + 1);
  });

  it("needs the messages scope", async () => {
    const invoicesOnly = createServiceClient(server, "billing-invoices-only", [
      "invoices",
    ]).credential;
    for (const path of ["messages", "banners"]) {
      const r = await batch(path, [toCustomer], invoicesOnly);
      expect([path, r.status]).toEqual([path, 403]);
    }
    const none = await api.call("/backoffice/messages", { method: "POST", body: { items: [] } });
    expect(none.status).toBe(401);
  });
});

const banner = {
  key: "BAN-1",
  to: { supply_key: "SUP-MAIN" },
  kind: "alert",
  title_el: "Πληρώστε με πάγια εντολή",
  body_el: "Ενεργοποιήστε την πάγια εντολή και ξεχάστε τις λήξεις.",
  title_en: "Pay by direct debit",
  body_en: "Turn on direct debit and forget due dates.",
  url: "/b2b/help",
  active_from: addDays(today, -1),
  active_to: addDays(today, 10),
};
const gasBanner = {
  key: "BAN-GAS",
  to: { division: "gas" },
  title_el: "Φυσικό αέριο: νέα τιμολόγια",
  body_el: "Δείτε τα νέα τιμολόγια φυσικού αερίου.",
};

describe("POST /backoffice/banners", () => {
  it("creates, keeps, changes and removes banners; the overview follows at once", async () => {
    const r = await batch("banners", [
      banner,
      gasBanner,
      { ...banner, key: "BAN-BAD-URL", url: "javascript:alert(1)" },
      { ...banner, key: "BAN-BAD-DAYS", active_to: addDays(today, -5) },
      { ...banner, key: "BAN-NO-SUPPLY", to: { supply_key: "SUP-NOBODY" } },
      { key: "BAN-NO-TITLE", to: { all: true }, body_el: "Κείμενο" },
      { key: "BAN-NOBODY", remove: true },
    ]);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(outcomes(r.body)).toEqual([
      ["BAN-1", "created", null, null],
      ["BAN-GAS", "created", null, null],
      ["BAN-BAD-URL", "refused", "validation", "url"],
      ["BAN-BAD-DAYS", "refused", "validation", "active_to"],
      ["BAN-NO-SUPPLY", "refused", "unknown_supply", "to.supply_key"],
      ["BAN-NO-TITLE", "refused", "validation", "title_el"],
      ["BAN-NOBODY", "refused", "unknown_banner", "key"],
    ]);
    const id = r.body.results[0]!.id!;
    const [row] = server.query(
      `SELECT meter_id, division, kind, url FROM banners WHERE id = ${id}`,
    );
    expect(row).toEqual({
      meter_id: h.mainMeterId,
      division: null,
      kind: "alert",
      url: "/b2b/help",
    });
    const [gas] = server.query(
      `SELECT meter_id, division, kind, title_en FROM banners WHERE id = ${r.body.results[1]!.id}`,
    );
    // The English columns are NOT NULL: the Greek text stands in.
    expect(gas).toEqual({
      meter_id: null,
      division: 2,
      kind: "info",
      title_en: gasBanner.title_el,
    });
    expect(await overview("el")).toContain(banner.title_el);

    const again = await batch("banners", [banner, gasBanner]);
    expect(again.body.summary).toEqual({ created: 0, updated: 0, unchanged: 2, refused: 0 });
    const changed = await batch("banners", [{ ...banner, title_en: "Direct debit: never late" }]);
    expect(outcomes(changed.body)).toEqual([["BAN-1", "updated", null, null]]);
    expect(changed.body.results[0]?.id).toBe(id);
    expect(await overview("en")).toContain("Direct debit: never late");

    const removed = await batch("banners", [{ key: "BAN-1", remove: true }]);
    expect(outcomes(removed.body)).toEqual([["BAN-1", "updated", null, null]]);
    expect(server.query(`SELECT id FROM banners WHERE id = ${id}`)).toEqual([]);
    expect(await overview("en")).not.toContain("Direct debit: never late");
    const twice = await batch("banners", [{ key: "BAN-1", remove: true }]);
    expect(outcomes(twice.body)).toEqual([["BAN-1", "unchanged", null, null]]);
    // Sent again later, the key's banner is a new row.
    const back = await batch("banners", [banner]);
    expect(outcomes(back.body)).toEqual([["BAN-1", "created", null, null]]);
    expect(back.body.results[0]?.id).not.toBe(id);
  });
});
