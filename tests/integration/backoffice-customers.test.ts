import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "../../core/calendar.ts";
import { athensToday } from "../../core/dates.ts";
import { DEMO } from "../../seed/accounts.ts";
import { createClient, signInPage, tokenOf } from "./client";
import {
  backofficeBatch,
  createServiceClient,
  keySupply,
  outcomes,
  unpaidBill,
} from "./backoffice-client";
import { startServer, type TestServer } from "./server";

/*
 * #36 §1 the back office's customers and supplies: POST /api/backoffice/customers and POST
 * /api/backoffice/supplies against the real Worker: created/updated/unchanged/refused per item,
 * a batch sent twice, the running total against the last payment, a new customer signing up
 * through the portal's own sign-up, a Removed supply leaving the pages, a person left with
 * no supply signed out (spec §1), and the customer's `language` for notices before sign-up.
 */
let server: TestServer;
let api: ReturnType<typeof createClient>;
let bearer: string;
const h = DEMO.household;

const batch = (path: string, items: unknown[], credential = bearer) =>
  backofficeBatch(api, credential, path, items);

/** A VAT with a valid check digit (core/validation.ts isValidVat) after these 8 digits. */
function vat(first8: string): string {
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(first8[i]) * 2 ** (8 - i);
  return `${first8}${(sum % 11) % 10}`;
}

const one = <T>(sql: string) => server.query<T>(sql)[0];

const person = {
  key: "C-NEW-1",
  vat: vat("09123456"),
  kind: "person",
  name: "Άννα Δημητρίου",
  email: "anna.dimitriou@example.gr",
  mobile: "6911000001",
  language: "en",
};
const legal = {
  key: "C-LEGAL-1",
  vat: vat("09876543"),
  kind: "legal",
  name: "ΔΟΚΙΜΗ ΕΝΕΡΓΕΙΑΚΗ Α.Ε.",
  employee_name: "Πέτρος Αντωνίου",
  tax_office: "ΦΑΕ ΑΘΗΝΩΝ",
  mobile: "6911000002",
};
/** The demo household, claimed by its VAT. */
const household = {
  key: "C-HOUSEHOLD",
  vat: h.vat,
  kind: "person",
  name: h.name,
  email: h.email,
  mobile: h.phone,
};

const address = { street: "Πανεπιστημίου", street_no: "10", postal_code: "10671", region: "Αθήνα" };
const supply = {
  key: "S-NEW-1",
  customer_key: person.key,
  division: "electricity",
  per_code: "199000001",
  id_code: "01",
  next_code: "4",
  type: "home",
  status: "Active",
  address,
  package_name: "Home Classic",
  package_description: "Οικιακό τιμολόγιο",
  smart_meter: true,
  running_total: 42.5,
  running_total_at: "2026-03-01T10:00:00Z",
};
const gasSupply = {
  key: "S-LEGAL-GAS",
  customer_key: legal.key,
  division: "gas",
  pod: "20999000000001",
  type: "professional",
  status: "OpenUnchecked",
  address,
  billing_address: { ...address, street_no: "12" },
  package_name: "Gas Business",
  package_description: "Επαγγελματικό φυσικό αέριο",
};
let householdMain: Record<string, unknown>;

const meter = (id: number) =>
  one<{ customer_id: number; status: string; running_total_cents: number; division: number }>(
    `SELECT customer_id, status, running_total_cents, division FROM meters WHERE id = ${id}`,
  );

async function page(path: string, cookie: string) {
  return fetch(`${server.baseUrl}${path}`, {
    headers: { cookie, connection: "close" },
    redirect: "manual",
  });
}

beforeAll(async () => {
  server = await startServer();
  api = createClient(server.baseUrl);
  bearer = createServiceClient(server, "billing-customers", [
    "customers",
    "supplies",
    "payments",
    "invoices",
  ]).credential;
  const main = one<{ per_code: string; id_code: string; next_code: string }>(
    `SELECT per_code, id_code, next_code FROM meters WHERE id = ${h.mainMeterId}`,
  );
  householdMain = {
    ...supply,
    key: "S-H-MAIN",
    customer_key: household.key,
    per_code: main!.per_code,
    id_code: main!.id_code,
    next_code: main!.next_code,
    running_total: undefined,
    running_total_at: undefined,
  };
});
afterAll(async () => {
  await server?.stop();
});

let personId = 0;

describe("POST /backoffice/customers", () => {
  it("answers every item: created, claimed by VAT, refused with its reason", async () => {
    const r = await batch("customers", [
      person,
      legal,
      { ...person, key: "C-BAD-VAT", vat: "123456789" },
      { ...person, key: "C-SAME-VAT" },
      household,
      { ...person, key: "C-BAD-MOBILE", vat: vat("09111111"), mobile: "2101234567" },
      { ...person, key: "C-BAD-KIND", vat: vat("09222222"), kind: "company" },
      { ...person, key: "C-EXTRA", vat: vat("09333333"), password: "x" },
    ]);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(outcomes(r.body)).toEqual([
      ["C-NEW-1", "created", null, null],
      ["C-LEGAL-1", "created", null, null],
      ["C-BAD-VAT", "refused", "validation", "vat"],
      ["C-SAME-VAT", "refused", "vat_taken", "vat"],
      ["C-HOUSEHOLD", "created", null, null],
      ["C-BAD-MOBILE", "refused", "validation", "mobile"],
      ["C-BAD-KIND", "refused", "validation", "kind"],
      ["C-EXTRA", "refused", "validation", null],
    ]);
    expect(r.body.summary).toEqual({ created: 3, updated: 0, unchanged: 0, refused: 5 });
    expect(r.body.results[4]?.id).toBe(h.customerId);
    personId = r.body.results[0]!.id!;
    expect(
      one(
        `SELECT afm, name, is_legal_person, phone, email, sap_id FROM customers WHERE id = ${personId}`,
      ),
    ).toEqual({
      afm: person.vat,
      name: person.name,
      is_legal_person: 0,
      phone: person.mobile,
      email: person.email,
      sap_id: person.key,
    });
    expect(
      one(
        `SELECT is_legal_person, employee_name, tax_office FROM customers WHERE id = ${r.body.results[1]!.id}`,
      ),
    ).toEqual({
      is_legal_person: 1,
      employee_name: legal.employee_name,
      tax_office: legal.tax_office,
    });
    // No account yet: the person makes it by signing up (below).
    expect(server.query(`SELECT id FROM users WHERE customer_id = ${personId}`)).toEqual([]);
  });

  it("the same batch again is all unchanged; a changed item updates, the master follows", async () => {
    const again = await batch("customers", [person, legal, household]);
    expect(again.body.summary).toEqual({ created: 0, updated: 0, unchanged: 3, refused: 0 });

    const r = await batch("customers", [
      { ...person, email: "anna@example.gr", mobile: undefined },
      { ...household, language: "en" },
      { ...legal, vat: person.vat },
    ]);
    expect(outcomes(r.body)).toEqual([
      ["C-NEW-1", "updated", null, null],
      ["C-HOUSEHOLD", "updated", null, null],
      ["C-LEGAL-1", "refused", "vat_taken", "vat"],
    ]);
    expect(one(`SELECT phone, email FROM customers WHERE id = ${personId}`)).toEqual({
      phone: null,
      email: "anna@example.gr",
    });
    // The billing system's language is the customer's (for notices before sign-up): the person's
    // own choice on the portal stays as it is.
    expect(one(`SELECT lang FROM customers WHERE id = ${h.customerId}`)).toEqual({ lang: "en" });
    expect(one(`SELECT lang, name FROM users WHERE id = ${h.userId}`)).toEqual({
      lang: "el",
      name: h.name,
    });
    // Back as sign-up needs it (the mobile is what it checks).
    expect((await batch("customers", [person])).body.summary.updated).toBe(1);
  });

  it("needs the customers scope (403 without it)", async () => {
    const suppliesOnly = createServiceClient(server, "billing-supplies-only", [
      "supplies",
    ]).credential;
    expect((await batch("customers", [person], suppliesOnly)).status).toBe(403);
    const customersOnly = createServiceClient(server, "billing-customers-only", [
      "customers",
    ]).credential;
    expect((await batch("supplies", [supply], customersOnly)).status).toBe(403);
  });
});

describe("POST /backoffice/supplies", () => {
  it("answers every item: created, claimed by number, refused with its reason; again all unchanged", async () => {
    const items = [
      supply,
      gasSupply,
      householdMain,
      { ...supply, key: "S-NOBODY", customer_key: "C-NOBODY", per_code: "199000002" },
      { ...supply, key: "S-TAKEN", customer_key: legal.key },
      { ...supply, key: "S-BAD-STATUS", per_code: "199000003", status: "Exploded" },
      { ...supply, key: "S-NO-NUMBER", per_code: undefined },
      { ...supply, key: "S-NO-AT", per_code: "199000004", running_total_at: undefined },
    ];
    const r = await batch("supplies", items);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(outcomes(r.body)).toEqual([
      ["S-NEW-1", "created", null, null],
      ["S-LEGAL-GAS", "created", null, null],
      ["S-H-MAIN", "created", null, null],
      ["S-NOBODY", "refused", "unknown_customer", "customer_key"],
      ["S-TAKEN", "refused", "supply_taken", "per_code"],
      ["S-BAD-STATUS", "refused", "validation", "status"],
      ["S-NO-NUMBER", "refused", "validation", "per_code"],
      ["S-NO-AT", "refused", "validation", "running_total_at"],
    ]);
    const [created, gas, main] = r.body.results;
    expect(main?.id).toBe(h.mainMeterId);
    expect(meter(created!.id!)).toEqual({
      customer_id: personId,
      status: "Active",
      running_total_cents: 4250,
      division: 1,
    });
    expect(meter(gas!.id!)).toMatchObject({ status: "OpenUnchecked", division: 2 });
    // A smart meter is the billing system's word (#37 §3: a dynamic product needs one).
    const smart = (id: number) =>
      one<{ s: number }>(`SELECT smart_meter AS s FROM meters WHERE id = ${id}`);
    expect([smart(created!.id!), smart(gas!.id!)]).toEqual([{ s: 1 }, { s: 0 }]);

    const again = await batch("supplies", [supply, gasSupply, householdMain]);
    expect(again.body.summary).toEqual({ created: 0, updated: 0, unchanged: 3, refused: 0 });
  });

  it("running_total replaces the balance only when newer than the portal's last payment", async () => {
    const [row] = (await batch("supplies", [supply])).body.results;
    const id = row!.id!;
    // A payment of 10,00 € on 10 March: 32,50 € left, last payment that day.
    const paid = await batch("payments", [
      { key: "PAY-1", supply_key: supply.key, amount: 10, paid_at: "2026-03-10", channel: "rf" },
    ]);
    expect(outcomes(paid.body)).toEqual([["PAY-1", "created", null, null]]);
    expect(meter(id)?.running_total_cents).toBe(3250);

    // The day before the payment, and the payment's own day (22:00 in Athens): older.
    for (const at of ["2026-03-09T12:00:00Z", "2026-03-10T20:00:00Z"]) {
      const r = await batch("supplies", [{ ...supply, running_total: 99, running_total_at: at }]);
      expect(outcomes(r.body)).toEqual([["S-NEW-1", "updated", null, null]]);
      expect([at, meter(id)?.running_total_cents]).toEqual([at, 3250]);
    }
    // The next day (in Athens): newer than the payment, it replaces the balance.
    const newer = await batch("supplies", [
      { ...supply, running_total: 99, running_total_at: "2026-03-10T22:30:00Z" },
    ]);
    expect(outcomes(newer.body)).toEqual([["S-NEW-1", "updated", null, null]]);
    expect(meter(id)?.running_total_cents).toBe(9900);
  });

  it("a Removed supply leaves the pages; the account stays signed in while it has others", async () => {
    const { cookie } = await signInPage(server.baseUrl, h.vat);
    expect((await page("/b2b/episkopisi", cookie)).status).toBe(200);
    const r = await batch("supplies", [{ ...householdMain, status: "Removed" }]);
    expect(outcomes(r.body)).toEqual([["S-H-MAIN", "updated", null, null]]);
    expect(meter(h.mainMeterId)?.status).toBe("Removed");
    const token = (await api.login(h.vat)).access_token;
    const listed = await api.call<{ data: { id: number }[] }>(`/users/${h.userId}/meters`, {
      token,
    });
    expect(listed.body.data.map((m) => m.id)).not.toContain(h.mainMeterId);
    expect(listed.body.data.length).toBeGreaterThan(0);
    expect((await page("/b2b/episkopisi", cookie)).status).toBe(200);
  });

  it("the new customer signs up with its VAT; removing its last supply signs it out", async () => {
    const password = "Signup2026!";
    const signup = await api.call("/signup", {
      body: {
        afm: person.vat,
        supply_number: supply.per_code,
        phone: person.mobile,
        email: "anna.portal@example.gr",
        password,
        password_confirmation: password,
        terms: true,
        website: "",
      },
      headers: { "cf-connecting-ip": "198.51.100.77" },
    });
    expect(signup.status, JSON.stringify(signup.body)).toBe(201);
    const mail = (await api.outbox()).find((m) => m.recipient === "anna.portal@example.gr");
    const activated = await api.call("/v2/auth/activate", { body: { id: tokenOf(mail?.link) } });
    expect(activated.status).toBe(204);

    const { cookie } = await signInPage(server.baseUrl, person.vat, password);
    expect((await page("/b2b/episkopisi", cookie)).status).toBe(200);

    const r = await batch("supplies", [{ ...supply, status: "Removed" }]);
    expect(outcomes(r.body)).toEqual([["S-NEW-1", "updated", null, null]]);
    expect(
      server.query(
        `SELECT s.revoked_reason FROM sessions s JOIN users u ON u.id = s.user_id
         WHERE u.customer_id = ${personId}`,
      ),
    ).toEqual([{ revoked_reason: "no_supplies" }]);
    const next = await page("/b2b/episkopisi", cookie);
    expect(next.status).toBe(302);
    expect(next.headers.get("location")).toMatch(/^\/login/);
  });
});

describe("the customer's language for notices before sign-up", () => {
  const today = athensToday(new Date());
  const bill = (key: string, supply_key: string, total: number) =>
    unpaidBill(today, "8", key, supply_key, total);
  /** The e-bill email of the newest bill sent to `to` (written, or waiting for the morning). */
  const billEmailTo = (to: string) =>
    server
      .query<{ lang: string; subject: string }>(
        `SELECT lang, subject FROM outbox WHERE template = 'new_bill' AND recipient = '${to}'
         ORDER BY id DESC LIMIT 1`,
      )
      .at(0);
  const english = {
    key: "C-LANG-EN",
    vat: vat("09444444"),
    kind: "person",
    name: "Helen Smith",
    mobile: "6911000003",
    language: "en",
  };

  it("no portal account: the e-bill email is in the customer's language; unchanged again; cleared, Greek", async () => {
    const created = await batch("customers", [english]);
    expect(outcomes(created.body)).toEqual([["C-LANG-EN", "created", null, null]]);
    const customerId = created.body.results[0]!.id!;
    expect(one(`SELECT lang FROM customers WHERE id = ${customerId}`)).toEqual({ lang: "en" });
    const supplied = await batch("supplies", [
      { ...supply, key: "S-LANG-EN", customer_key: english.key, per_code: "199000005" },
    ]);
    expect(outcomes(supplied.body)).toEqual([["S-LANG-EN", "created", null, null]]);
    server.query(
      `UPDATE meters SET ebill = 1, ebill_email = 'helen@example.com' WHERE id = ${supplied.body.results[0]!.id!}`,
    );
    expect(server.query(`SELECT id FROM users WHERE customer_id = ${customerId}`)).toEqual([]);

    expect((await batch("invoices", [bill("L-0001", "S-LANG-EN", 30)])).body.summary.created).toBe(
      1,
    );
    const due = addDays(today, 20).split("-").reverse().join("/");
    expect(billEmailTo("helen@example.com")).toEqual({
      lang: "en",
      subject: `Your new NRG bill: 30,00\u00a0€ due ${due}`,
    });

    expect((await batch("customers", [english])).body.summary.unchanged).toBe(1);
    const cleared = await batch("customers", [{ ...english, language: undefined }]);
    expect(outcomes(cleared.body)).toEqual([["C-LANG-EN", "updated", null, null]]);
    expect(one(`SELECT lang FROM customers WHERE id = ${customerId}`)).toEqual({ lang: null });
    await batch("invoices", [bill("L-0002", "S-LANG-EN", 40)]);
    expect(billEmailTo("helen@example.com")).toEqual({
      lang: "el",
      subject: `Νέος λογαριασμός NRG: 40,00\u00a0€ έως ${due}`,
    });
  });

  it("a signed-up person's own language wins over the customer's", async () => {
    const r = await batch("customers", [{ ...household, language: "en" }]);
    expect(r.body.summary.refused).toBe(0);
    expect(one(`SELECT lang FROM customers WHERE id = ${h.customerId}`)).toEqual({ lang: "en" });
    expect(one(`SELECT lang FROM users WHERE id = ${h.userId}`)).toEqual({ lang: "el" });
    keySupply(server, "S-H-GAS", h.gasMeterId);
    server.query(
      `UPDATE meters SET ebill = 1, ebill_email = 'gas@household.example' WHERE id = ${h.gasMeterId}`,
    );
    expect((await batch("invoices", [bill("L-0003", "S-H-GAS", 50)])).body.summary.created).toBe(1);
    expect(billEmailTo("gas@household.example")).toMatchObject({ lang: "el" });
  });
});
