import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { beforeAll, describe, expect, test } from "vitest";
import { verifyPassword } from "../api/lib/password.ts";
import {
  DEMO,
  DEMO_ACTIVATION_TOKEN,
  DEMO_E_INVOICE_MARK,
  DEMO_PASSWORD,
  isValidVat,
} from "./accounts.ts";
import { generateSeed, type InvoiceRow, type MeterRow, type Seed } from "./generate.ts";
import { consumptionSourceOf, readingSourceOf, readingStaleness } from "../core/figure-sources.ts";
import { BILLED_TYPES } from "../core/readings.ts";
import { standInColour } from "../core/products.ts";

const TODAY = "2026-11-22";
const INTERMEDIATE = [
  "OpenUnchecked",
  "OpenChecked",
  "Submitted",
  "Submited",
  "ThallisConfirmed",
  "ThalisConfirmed",
  "OpenPending",
  "OpenCanceled",
  "OpenRejected",
  "Canceled",
  "Cancelled",
  "ThallisRejected",
];
const BILL_TYPES = new Set(["Advance", "Clearance", "Manual"]);

let seed: Seed;
beforeAll(async () => {
  seed = await generateSeed({ today: TODAY });
});

const metersOf = (customerId: number) =>
  seed.tables.meters.filter((m) => m.customer_id === customerId);
const invoicesOf = (meterId: number) =>
  seed.tables.invoices
    .filter((i) => i.meter_id === meterId)
    .sort((a, b) =>
      a.issue_date < b.issue_date ? -1 : a.issue_date > b.issue_date ? 1 : a.id - b.id,
    );
const userOf = (vat: string) => seed.tables.users.find((u) => u.username === vat);
const isHiddenForReadings = (m: MeterRow) =>
  /B1|G22/.test(m.category) || m.voltage_type === "02" || m.voltage_type === "03";

describe("identifiers", () => {
  test("the VAT check digit works on known numbers", () => {
    expect(isValidVat("090000045")).toBe(true);
    expect(isValidVat("100000003")).toBe(true);
    expect(isValidVat("100000004")).toBe(false);
    expect(isValidVat("12345678")).toBe(false);
  });

  test("every VAT in the seed has a valid check digit; a master's username is the VAT, another person's their email", () => {
    for (const c of seed.tables.customers) expect(isValidVat(c.afm), c.afm).toBe(true);
    for (const u of seed.tables.users) {
      const customer = seed.tables.customers.find((c) => c.id === u.customer_id);
      expect(u.username).toBe(u.test_role === "master" ? customer?.afm : u.registration_email);
    }
    const masters = seed.tables.users.filter((u) => u.test_role === "master");
    expect(new Set(masters.map((u) => u.customer_id)).size).toBe(masters.length);
    expect(masters).toHaveLength(
      seed.tables.customers.filter((c) => seed.tables.users.some((u) => u.customer_id === c.id))
        .length,
    );
  });

  test("supply numbers, SAP ids and contract numbers have the right lengths and are unique", () => {
    const perCodes = new Set<string>();
    const pods = new Set<string>();
    const saps = new Set<string>();
    for (const m of seed.tables.meters) {
      expect(m.sap_id, `meter ${m.id}`).toMatch(/^\d{10}$/);
      saps.add(m.sap_id);
      if (m.division === 1) {
        expect(m.per_code, `meter ${m.id}`).toMatch(/^\d{9}$/);
        expect(m.id_code, `meter ${m.id}`).toMatch(/^\d{2}$/);
        expect(m.next_code, `meter ${m.id}`).toMatch(/^\d$/);
        expect(m.pod).toBeNull();
        perCodes.add(m.per_code ?? "");
      } else {
        expect(m.pod, `meter ${m.id}`).toMatch(/^\d{14}$/);
        expect(m.per_code).toBeNull();
        pods.add(m.pod ?? "");
      }
    }
    const electric = seed.tables.meters.filter((m) => m.division === 1).length;
    expect(perCodes.size).toBe(electric);
    expect(pods.size).toBe(seed.tables.meters.length - electric);
    expect(saps.size).toBe(seed.tables.meters.length);
    for (const c of seed.tables.customers) expect(c.sap_id).toMatch(/^\d{10}$/);
    for (const i of seed.tables.invoices) {
      expect(i.business_partner).toMatch(/^\d{10}$/);
      expect(i.contract_account).toMatch(/^\d{12}$/);
    }
  });

  test("every document has a unique 15-digit myDATA MARK; payments have none", () => {
    const marks = new Set<string>();
    for (const i of seed.tables.invoices) {
      if (i.type === "payment") {
        expect(i.mark).toBeNull();
        continue;
      }
      expect(i.mark).toMatch(/^\d{15}$/);
      marks.add(i.mark ?? "");
    }
    expect(marks.size).toBe(seed.tables.invoices.filter((i) => i.type !== "payment").length);
    const demo = seed.tables.invoices.find((i) => i.mark === DEMO_E_INVOICE_MARK);
    expect(demo?.meter_id).toBe(DEMO.household.mainMeterId);
    expect(demo?.type).toBe("Clearance");
  });

  test("registration emails and phones are unique; phones are 69xxxxxxxx", () => {
    const emails = seed.tables.users.map((u) => u.registration_email);
    const phones = seed.tables.users.map((u) => u.registration_phone);
    expect(new Set(emails).size).toBe(emails.length);
    expect(new Set(phones).size).toBe(phones.length);
    for (const c of seed.tables.customers) expect(c.phone).toMatch(/^69\d{8}$/);
    for (const p of phones) expect(p).toMatch(/^69\d{8}$/);
  });
});

describe("invoices", () => {
  test("every bill's charges add up to its total_value (payments carry no breakdown)", () => {
    for (const i of seed.tables.invoices) {
      if (i.type === "payment") {
        expect([
          i.energy_cents,
          i.regulated_cents,
          i.municipality_cents,
          i.taxes_cents,
          i.collateral_cents,
          i.advance_cents,
        ]).toEqual([0, 0, 0, 0, 0, 0]);
        continue;
      }
      const sum =
        i.energy_cents +
        i.regulated_cents +
        i.municipality_cents +
        i.taxes_cents +
        i.collateral_cents +
        i.advance_cents;
      expect(sum, `invoice ${i.id}`).toBe(i.total_value_cents);
      for (const v of Object.values(i))
        if (typeof v === "number") expect(Number.isInteger(v)).toBe(true);
    }
  });

  test("per meter the rows form a ledger whose balance is the meter's running_total", () => {
    for (const meter of seed.tables.meters) {
      const rows = invoicesOf(meter.id);
      let balance = 0;
      for (const row of rows) {
        expect(row.ypoloipo_cents, `invoice ${row.id}`).toBe(balance);
        balance += row.total_value_cents;
        expect(row.remaining_cents).toBeGreaterThanOrEqual(0);
        expect(row.remaining_cents).toBeLessThanOrEqual(
          Math.max(0, row.ypoloipo_cents + row.total_value_cents),
        );
        if (row.type === "payment") {
          expect(row.total_value_cents).toBeLessThan(0);
          expect(row.payment_date).toBe(row.issue_date);
          expect(row.remaining_cents).toBe(0);
        }
        if (BILL_TYPES.has(row.type)) {
          expect(row.date_due! > row.issue_date).toBe(true);
          expect(row.period_from! <= row.period_to!).toBe(true);
          expect(row.consumption_from! <= row.consumption_to!).toBe(true);
          if (row.remaining_cents > 0) expect(row.payment_date).toBeNull();
          if (row.payment_date !== null) expect(row.payment_date > row.issue_date).toBe(true);
        }
        expect(row.issue_date <= TODAY).toBe(true);
      }
      expect(meter.running_total_cents, `meter ${meter.id}`).toBe(balance);
      expect(meter.running_total_cents).toBeGreaterThanOrEqual(0);
      const bills = rows.filter((r) => BILL_TYPES.has(r.type));
      const payments = rows.filter((r) => r.type === "payment");
      const newest = bills.at(-1);
      if (newest) {
        expect(newest.remaining_cents).toBe(meter.running_total_cents);
        expect(meter.last_invoice_due_date).toBe(newest.date_due);
      }
      expect(meter.last_payment_date).toBe(payments.at(-1)?.payment_date ?? null);
      const lastPayment = payments.at(-1);
      expect(meter.trn_value_cents).toBe(lastPayment ? -lastPayment.total_value_cents : 0);
    }
  });

  test("stays below the row budget", () => {
    const total = Object.values(seed.counts).reduce((a, b) => a + b, 0);
    expect(total).toBeLessThan(25_000);
  });
});

describe("readings", () => {
  test("cumulative per meter and register, with day/night cp codes and origins", () => {
    const day = new Set(["10", "11", "21", "22", "23", "40", "41", "42", "43"]);
    const night = new Set(["12", "13", "24", "44"]);
    const byMeter = new Map<string, number>();
    const sorted = [...seed.tables.readings].sort((a, b) =>
      a.date_ins < b.date_ins ? -1 : a.date_ins > b.date_ins ? 1 : a.id - b.id,
    );
    for (const r of sorted) {
      expect(day.has(r.cp_code) || night.has(r.cp_code), r.cp_code).toBe(true);
      expect(r.registered_by).toBe(r.origin === 2 ? "client" : "operator");
      const key = `${r.meter_id}:${day.has(r.cp_code) ? "day" : "night"}`;
      expect(r.value).toBeGreaterThan(byMeter.get(key) ?? 0);
      byMeter.set(key, r.value);
      expect(r.date_ins <= TODAY).toBe(true);
    }
  });
});

describe("figure sources (issue #20)", () => {
  /** The two dates the API reads beside a supply (api/services/customers.ts), from the seed. */
  const sourceDates = (meterId: number) => {
    const actual = seed.tables.readings
      .filter((r) => r.meter_id === meterId && r.estimated === 0 && r.origin !== 5)
      .map((r) => r.date_ins.slice(0, 10))
      .sort();
    const billed = invoicesOf(meterId).filter((i) =>
      (BILLED_TYPES as readonly string[]).includes(i.type),
    );
    return {
      last_actual_reading_date: actual.at(-1) ?? null,
      billing_period_from: billed.at(-1)?.period_from ?? null,
    };
  };
  const staleness = (meterId: number) => {
    const meter = seed.tables.meters.find((m) => m.id === meterId)!;
    return readingStaleness({ ...meter, ...sourceDates(meterId) }, TODAY);
  };

  test("only billed rows carry a consumption source; payments and credits none", () => {
    for (const i of seed.tables.invoices) {
      if (BILL_TYPES.has(i.type)) expect([0, 1]).toContain(i.consumption_estimated);
      else expect(i.consumption_estimated).toBeNull();
    }
  });

  test("every electricity bill carries its supply's product's colour; gas bills and payments none", () => {
    const meterOf = new Map(seed.tables.meters.map((m) => [m.id, m]));
    let coloured = 0;
    for (const i of seed.tables.invoices) {
      const meter = meterOf.get(i.meter_id)!;
      if (i.type === "payment" || meter.division !== 1) expect(i.tariff_colour).toBeNull();
      else {
        expect(i.tariff_colour, meter.package_name).toBe(standInColour(meter.package_name));
        if (i.tariff_colour !== null) coloured += 1;
      }
    }
    expect(coloured).toBeGreaterThan(0);
  });

  test("household and business accounts have estimated readings and bills", () => {
    for (const account of [DEMO.household, DEMO.company, DEMO.largeCompany, DEMO.hugeCompany]) {
      const ids = new Set(metersOf(account.customerId).map((m) => m.id));
      const readings = seed.tables.readings.filter((r) => ids.has(r.meter_id));
      const bills = seed.tables.invoices.filter((i) => ids.has(i.meter_id));
      expect(
        readings.some((r) => readingSourceOf(r) === "estimated"),
        account.vat,
      ).toBe(true);
      expect(
        readings.some((r) => readingSourceOf(r) === "operator"),
        account.vat,
      ).toBe(true);
      expect(
        bills.some((i) => consumptionSourceOf(i) === "estimated"),
        account.vat,
      ).toBe(true);
      expect(
        bills.some((i) => consumptionSourceOf(i) === "actual"),
        account.vat,
      ).toBe(true);
    }
  });

  test("100000003's main supply is stale with its reading period open (the notice links)", () => {
    expect(staleness(DEMO.household.mainMeterId)).toMatchObject({ stale: true, canSubmit: true });
    expect(staleness(DEMO.household.gasMeterId)).toEqual({ stale: false });
  });
});

describe("demo accounts (design §5)", () => {
  test("100000003: household with main, gas and stopped meters, 36 months of every invoice type", () => {
    const d = DEMO.household;
    const u = userOf(d.vat)!;
    expect(u).toMatchObject({
      needs_activation: 0,
      nrg_skin: 1,
      lang: "el",
      test_role: "master",
      registration_email: d.email,
    });
    const meters = metersOf(d.customerId);
    const main = meters.find((m) => m.id === d.mainMeterId)!;
    expect(main).toMatchObject({
      status: "Active",
      is_main: 1,
      division: 1,
      category: "Γ1",
      voltage_type: "01",
      has_night: 1,
      meter_type: "home",
      per_code: d.mainPerCode,
      ebill: 1,
      ebill_email: d.email,
    });
    expect(main.indication_open_from! <= TODAY && TODAY <= main.indication_open_to!).toBe(true);
    expect(main.running_total_cents).toBeGreaterThan(0);
    expect(meters.find((m) => m.id === d.gasMeterId)).toMatchObject({
      status: "Active",
      division: 2,
      sms_bill: 1,
      sms_number: d.phone,
    });
    const stopped = meters.find((m) => m.id === d.stoppedMeterId)!;
    expect(stopped).toMatchObject({ status: "Stopped", division: 1, ebill_enable_edit: 0 });
    expect(stopped.running_total_cents).toBeGreaterThan(0);

    for (const id of [d.mainMeterId, d.gasMeterId]) {
      const rows = invoicesOf(id);
      const types = new Set(rows.map((r) => r.type));
      if (id === d.mainMeterId)
        for (const t of ["Clearance", "Advance", "Credit", "Cancelled", "payment", "Manual"])
          expect(types.has(t as InvoiceRow["type"]), t).toBe(true);
      expect(rows.filter((r) => r.type === "Clearance").length).toBeGreaterThanOrEqual(12);
      const months = new Set(
        rows.filter((r) => BILL_TYPES.has(r.type)).map((r) => r.issue_date.slice(0, 7)),
      );
      expect(months.size).toBe(36);
      expect(rows.some((r) => r.ypoloipo_cents > 0 && BILL_TYPES.has(r.type))).toBe(true); // a carried balance
    }
    expect(invoicesOf(d.mainMeterId).at(-1)?.type).toBe("Clearance");

    const readings = seed.tables.readings.filter((r) => r.meter_id === d.mainMeterId);
    expect(readings.some((r) => r.cp_code === "10" && r.origin === 1)).toBe(true);
    expect(readings.some((r) => r.cp_code === "12" && r.origin === 1)).toBe(true);
    expect(readings.some((r) => r.origin === 2 && r.registered_by === "client")).toBe(true);
    expect(readings.some((r) => r.origin === 5)).toBe(true);
    const newest = readings
      .map((r) => r.date_ins)
      .sort()
      .at(-1)!;
    expect(newest < main.indication_open_from!).toBe(true);
    expect(
      readings
        .filter((r) => r.date_ins === newest)
        .map((r) => r.cp_code)
        .sort(),
    ).toEqual(["10", "12"]);

    const messages = seed.tables.messages.filter((m) => m.user_id === u.id);
    expect(messages).toHaveLength(6);
    expect(messages.filter((m) => m.read_status === 0)).toHaveLength(2);
    expect(new Set(messages.map((m) => m.type))).toEqual(new Set(["info", "confirm", "alert"]));

    const banners = seed.tables.banners.filter(
      (b) => b.active_from! <= TODAY && TODAY <= b.active_to!,
    );
    expect(banners.some((b) => b.division === 1 && b.meter_id === null)).toBe(true);
    expect(banners.some((b) => b.meter_id === d.mainMeterId)).toBe(true);
  });

  test("200000006: company with 60 mixed supplies, hidden-reading categories, several owing", () => {
    const d = DEMO.company;
    const c = seed.tables.customers.find((x) => x.afm === d.vat)!;
    expect(c).toMatchObject({ is_legal_person: 1, employee_name: d.employeeName });
    expect(userOf(d.vat)).toMatchObject({ nrg_skin: 2, needs_activation: 0 });
    const meters = metersOf(d.customerId);
    expect(meters).toHaveLength(60);
    expect(meters.filter((m) => m.is_main)).toHaveLength(1);
    expect(meters.some((m) => m.division === 1) && meters.some((m) => m.division === 2)).toBe(true);
    expect(meters.some((m) => m.category.includes("B1"))).toBe(true);
    expect(meters.some((m) => m.category.includes("G22"))).toBe(true);
    expect(
      meters.some((m) => m.voltage_type === "02") && meters.some((m) => m.voltage_type === "03"),
    ).toBe(true);
    expect(
      meters.filter((m) => m.status === "Active" && m.running_total_cents > 0).length,
    ).toBeGreaterThanOrEqual(3);
    expect(meters.some((m) => m.status === "Stopped")).toBe(true);
    expect(meters.filter((m) => m.meter_type === "professional").length).toBeGreaterThan(30);
    expect(
      meters.some((m) => m.division === 1 && !isHiddenForReadings(m) && m.status === "Active"),
    ).toBe(true);
    for (const m of meters.filter((x) => x.status === "Active")) {
      expect(
        new Set(
          invoicesOf(m.id)
            .filter((r) => BILL_TYPES.has(r.type))
            .map((r) => r.issue_date.slice(0, 7)),
        ).size,
      ).toBe(12);
    }
  });

  test("210000002: company with 200 supplies and 6 months of bills", () => {
    const d = DEMO.largeCompany;
    const meters = metersOf(d.customerId);
    expect(meters).toHaveLength(200);
    expect(seed.tables.customers.find((c) => c.afm === d.vat)?.is_legal_person).toBe(1);
    expect(userOf(d.vat)?.needs_activation).toBe(0);
    // #18: the master, an admin with twenty supplies and a user with five of the admin's.
    const people = seed.tables.users.filter((u) => u.customer_id === d.customerId);
    expect(people.map((u) => [u.id, u.test_role, u.username])).toEqual([
      [d.userId, "master", d.vat],
      [d.people.admin.userId, "admin", "admin@beta.example"],
      [d.people.user.userId, "user", "user@beta.example"],
    ]);
    expect(d.people.user.meterIds.every((id) => d.people.admin.meterIds.includes(id))).toBe(true);
    expect(seed.sql).toContain("INSERT INTO user_meters");
    expect(
      meters.find((m) => m.id === d.people.openReadingMeterId)?.indication_open_from,
    ).toBeTruthy();
    for (const m of meters) {
      expect(
        new Set(
          invoicesOf(m.id)
            .filter((r) => BILL_TYPES.has(r.type))
            .map((r) => r.issue_date.slice(0, 7)),
        ).size,
      ).toBe(6);
    }
  });

  test("220000009: company with 1,000 supplies, a quarter owing, readings open on some", () => {
    const d = DEMO.hugeCompany;
    const meters = metersOf(d.customerId);
    expect(meters).toHaveLength(1000);
    expect(meters.map((m) => m.id)).toEqual(
      Array.from({ length: 1000 }, (_, i) => d.firstMeterId + i),
    );
    expect(seed.tables.customers.find((c) => c.afm === d.vat)).toMatchObject({
      id: d.customerId,
      name: d.name,
      is_legal_person: 1,
      employee_name: d.employeeName,
    });
    expect(userOf(d.vat)).toMatchObject({ id: d.userId, needs_activation: 0, nrg_skin: 2 });
    const owing = meters.filter((m) => m.running_total_cents > 0);
    expect(owing.length).toBeGreaterThanOrEqual(200);
    expect(owing.length).toBeLessThan(400);
    const open = meters.filter((m) => m.indication_open_from !== null);
    expect(open.length).toBeGreaterThan(50);
    for (const m of open) {
      expect(m).toMatchObject({ status: "Active", division: 1 });
      expect(isHiddenForReadings(m)).toBe(false);
      expect(m.indication_open_from! <= TODAY && TODAY <= m.indication_open_to!).toBe(true);
    }
    for (const m of meters) {
      const bills = invoicesOf(m.id).filter((r) => BILL_TYPES.has(r.type));
      expect(bills, `meter ${m.id}`).toHaveLength(3);
      expect(invoicesOf(m.id).at(-1)?.remaining_cents ?? 0).toBe(m.running_total_cents);
    }
  });

  test("300000009: only intermediate meters, one per tracking step, one ThallisRejected, no invoices", () => {
    const d = DEMO.applicant;
    const meters = metersOf(d.customerId);
    expect(meters.map((m) => m.status)).toEqual([...d.meterStatuses]);
    for (const m of meters) {
      expect(INTERMEDIATE).toContain(m.status);
      expect(invoicesOf(m.id)).toHaveLength(0);
    }
  });

  test("400000001: not activated; its activation link is in the outbox", async () => {
    const d = DEMO.unactivated;
    const u = userOf(d.vat)!;
    expect(u.needs_activation).toBe(1);
    expect(metersOf(d.customerId).map((m) => m.status)).toEqual(["Active"]);
    const digest = new Uint8Array(
      await crypto.subtle.digest("SHA-256", new TextEncoder().encode(DEMO_ACTIVATION_TOKEN)),
    );
    const hash = Buffer.from(digest).toString("base64url");
    const token = seed.tables.action_tokens.find((t) => t.id === hash);
    expect(token).toMatchObject({ user_id: u.id, purpose: "activate", used_at: null });
    expect(Date.parse(token!.expires_at) - Date.parse(token!.created_at)).toBe(30 * 86_400_000);
    expect(Buffer.from(DEMO_ACTIVATION_TOKEN, "base64url")).toHaveLength(32);
    const mail = seed.tables.outbox.find((o) => o.user_id === u.id);
    expect(mail).toMatchObject({
      channel: "email",
      recipient: d.email,
      link: `/activate/${DEMO_ACTIVATION_TOKEN}`,
    });
    expect(mail!.body).toContain(`/activate/${DEMO_ACTIVATION_TOKEN}`);
  });

  test("500000004: only inactive meters, with old invoices", () => {
    const meters = metersOf(DEMO.former.customerId);
    expect(meters.map((m) => m.status).sort()).toEqual(["Inactive", "Inactive", "Terminated"]);
    expect(meters.every((m) => !INTERMEDIATE.includes(m.status))).toBe(true);
    expect(meters.some((m) => invoicesOf(m.id).length > 0)).toBe(true);
  });

  test("600000007: first login with a popup", () => {
    const u = userOf(DEMO.firstLogin.vat)!;
    expect(u.first_login_settings_open).toBe(1);
    expect(u.popup_title && u.popup_body && u.popup_button_title && u.popup_url).toBeTruthy();
    expect(metersOf(DEMO.firstLogin.customerId).map((m) => m.status)).toEqual(["Active"]);
  });

  test("800000002 and 900000005: billing customers without a portal account, ready to sign up", () => {
    for (const d of [DEMO.signupPerson, DEMO.signupCompany]) {
      expect(userOf(d.vat)).toBeUndefined();
      const c = seed.tables.customers.find((x) => x.afm === d.vat)!;
      expect(c.phone).toBe(d.phone);
      const meters = metersOf(c.id);
      expect(meters).toHaveLength(1);
      expect(meters[0]).toMatchObject({ status: "Active", division: 1, per_code: d.perCode });
      expect(seed.tables.users.some((u) => u.registration_phone === d.phone)).toBe(false);
    }
    expect(seed.tables.customers.find((x) => x.afm === DEMO.signupCompany.vat)).toMatchObject({
      is_legal_person: 1,
      employee_name: DEMO.signupCompany.employeeName,
    });
  });

  test("every user's password is Demo2026!", async () => {
    const hashes = new Set(seed.tables.users.map((u) => u.password_hash));
    expect(hashes.size).toBe(1);
    expect(await verifyPassword(DEMO_PASSWORD, [...hashes][0]!)).toBe(true);
    expect(await verifyPassword("demo2026!", [...hashes][0]!)).toBe(false);
  });
});

describe("SQL", () => {
  test("is deterministic for a given day and moves with it", async () => {
    const again = await generateSeed({ today: TODAY });
    expect(again.sql).toBe(seed.sql);
    const later = await generateSeed({ today: "2027-02-03" });
    expect(later.sql).not.toBe(seed.sql);
    for (const table of ["customers", "users", "meters", "messages", "banners"] as const)
      expect(later.counts[table]).toBe(seed.counts[table]);
    expect(Math.abs(later.counts.invoices - seed.counts.invoices)).toBeLessThan(
      seed.counts.invoices * 0.02,
    );
  });

  test("loads into the schema with foreign keys on", () => {
    const db = new DatabaseSync(":memory:");
    db.exec("PRAGMA foreign_keys = ON;");
    // Every migration in order: the seed extras fill tables that later migrations create.
    const migrations = join(import.meta.dirname, "..", "migrations");
    for (const file of readdirSync(migrations)
      .filter((f) => f.endsWith(".sql"))
      .sort()) {
      db.exec(readFileSync(join(migrations, file), "utf8"));
    }
    db.exec(seed.sql);
    for (const [table, n] of Object.entries(seed.counts)) {
      const row = db.prepare(`select count(*) as n from ${table}`).get() as { n: number };
      // The self-service extras (seed/extras.ts) may add rows, e.g. a customer without a mobile.
      expect(row.n, table).toBeGreaterThanOrEqual(n);
    }
    expect(db.prepare("PRAGMA foreign_key_check").all()).toEqual([]);
    const statements = seed.sql.split(";\n");
    for (const s of statements) expect(s.length).toBeLessThan(100_000);
    db.close();
  });
});
