import { paginate } from "./paging";
import { describe, expect, it } from "vitest";
import type { ApiInvoice, ApiMeter, InvoiceType } from "../../core/contract";
import {
  SUPPLY_PAGE_SIZE,
  BILLING_PAGING_RESET,
  bannerDate,
  billTotal,
  billTypeHeading,
  chartPoints,
  dashboard,
  lastSixClearance,
  latestBill,
  matchesSupply,
  oneYearEarlier,
  parseSupplyFilters,
  paySeveralMeters,
  resolveSelectedMeter,
  safePopupUrl,
  selectMeterOnLogin,
  showPayButton,
  showPaySeveral,
  showTopBanner,
  showUserPopup,
  supplyStatus,
  yearOnYear,
} from "./overview";

let nextId = 1;
function invoice(
  type: InvoiceType,
  periodTo: string | null,
  extra: Partial<ApiInvoice> = {},
): ApiInvoice {
  const id = nextId++;
  return {
    id,
    meter_id: 1,
    type,
    invoice_no: `INV${id}`,
    issue_date: extra.issue_date ?? periodTo ?? "2026-01-01",
    date_due: null,
    period_from: null,
    period_to: periodTo,
    consumption_from: null,
    consumption_to: null,
    payment_date: null,
    ypoloipo: 0,
    total_value: 100,
    total: 100,
    remaining: 0,
    energy: 0,
    regulated: 0,
    municipality: 0,
    taxes: 0,
    collateral: 0,
    advance: 0,
    day_kwh: 300,
    night_kwh: 100,
    pv_kwh: 0,
    consumption_source: "actual",
    business_partner: "",
    contract_account: "",
    mark: null,
    rf_code: null,
    tariff_colour: null,
    ...extra,
  };
}

function meter(extra: Partial<ApiMeter> = {}): ApiMeter {
  return {
    id: 1,
    status: "Active",
    is_main: 0,
    meter_type: "home",
    sap_id: "4000000001",
    division: 1,
    category: "Γ1",
    voltage_type: "01",
    phys_street: "Οδός",
    phys_street_no: "1",
    phys_postal_code: "11111",
    phys_region: "Αθήνα",
    bill_street: "Οδός",
    bill_street_no: "1",
    bill_postal_code: "11111",
    bill_region: "Αθήνα",
    per_code: "112345678",
    id_code: "01",
    next_code: "7",
    pod: null,
    package_print_descr: "nrg home",
    package_name: "NRG_HOME",
    running_total: 0,
    trn_value: 0,
    last_payment_date: null,
    last_invoice_due_date: null,
    eBill: 0,
    sms_bill: 0,
    eBill_email: null,
    sms_number: null,
    ebill_enable_edit: 1,
    agreed_power: null,
    representation_date: null,
    next_reading_date: null,
    has_night: 0,
    has_pv: 0,
    indication_open_from: null,
    indication_open_to: null,
    last_actual_reading_date: null,
    billing_period_from: null,
    ...extra,
  };
}

describe("billTotal (spec §3: ypoloipo + total_value, 2 decimals)", () => {
  it("adds the previous balance and the current bill exactly", () => {
    expect(billTotal({ ypoloipo: 0.1, total_value: 0.2 })).toBe(0.3);
    expect(billTotal({ ypoloipo: 12.35, total_value: 83.91 })).toBe(96.26);
    expect(billTotal({ ypoloipo: 1234.56, total_value: 0 })).toBe(1234.56);
  });
  it("handles credits (negative current bill) and a credit balance", () => {
    expect(billTotal({ ypoloipo: 50, total_value: -70.01 })).toBe(-20.01);
    expect(billTotal({ ypoloipo: -10.1, total_value: 10.1 })).toBe(0);
  });
  it("rounds to two decimals", () => {
    expect(billTotal({ ypoloipo: 1.005, total_value: 0 })).toBe(1.01);
  });
});

describe("top banner", () => {
  it("is shown only for Active or Stopped meters", () => {
    expect(showTopBanner({ status: "Active" })).toBe(true);
    expect(showTopBanner({ status: "Stopped" })).toBe(true);
    for (const status of ["OpenUnchecked", "ThallisRejected", "Inactive", "Terminated", ""]) {
      expect(showTopBanner({ status })).toBe(false);
    }
    expect(showTopBanner(null)).toBe(false);
  });

  it("offers 'Pay online' only when running_total > 0", () => {
    expect(showPayButton({ running_total: 0.01 })).toBe(true);
    expect(showPayButton({ running_total: 0 })).toBe(false);
    expect(showPayButton({ running_total: -5 })).toBe(false);
    expect(showPayButton({ running_total: 0.001 })).toBe(false);
  });

  it("shows the deadline when something is owed, else the last payment date", () => {
    const base = { last_invoice_due_date: "2026-12-02", last_payment_date: "2026-10-28" };
    expect(bannerDate({ ...base, running_total: 95.26 })).toEqual({
      kind: "deadline",
      date: "2026-12-02",
    });
    expect(bannerDate({ ...base, running_total: 0 })).toEqual({
      kind: "lastPayment",
      date: "2026-10-28",
    });
    expect(bannerDate({ ...base, running_total: -3, last_payment_date: null })).toEqual({
      kind: "lastPayment",
      date: null,
    });
  });

  it("has a bill type heading only for Clearance or Advance", () => {
    expect(billTypeHeading({ type: "Clearance" })).toBe("Clearance");
    expect(billTypeHeading({ type: "Advance" })).toBe("Advance");
    for (const type of ["Credit", "Cancelled", "payment", "Manual"] as const) {
      expect(billTypeHeading({ type })).toBeNull();
    }
    expect(billTypeHeading(null)).toBeNull();
  });

  it("takes the newest bill as the last invoice, skipping payments and reversals", () => {
    const clearance = invoice("Clearance", "2026-11-11", { issue_date: "2026-11-12" });
    const history = [
      invoice("Advance", "2026-10-11", { issue_date: "2026-10-12" }),
      invoice("payment", null, { issue_date: "2026-11-20" }),
      invoice("Cancelled", null, { issue_date: "2026-11-15" }),
      clearance,
    ];
    expect(latestBill(history)).toBe(clearance);
    expect(latestBill([invoice("payment", null)])).toBeNull();
    expect(latestBill([])).toBeNull();
  });
});

describe("dashboard", () => {
  const bill = invoice("Clearance", "2026-11-11", {
    period_from: "2026-08-12",
    total_value: 74.1,
    energy: 88.5,
    regulated: 12.5,
    municipality: 3.2,
    taxes: 9.9,
    collateral: 0,
    advance: -40,
    day_kwh: 731,
    night_kwh: 344,
    pv_kwh: 120,
    consumption_source: "actual",
  });

  it("takes the balance from the supply and the charges and consumption from the last bill", () => {
    const m = meter({
      running_total: 95.26,
      trn_value: 74.1,
      last_payment_date: "2026-10-28",
      has_night: 1,
    });
    expect(dashboard(m, bill)).toMatchObject({
      currentBill: 74.1,
      totalDue: 95.26,
      lastPayment: { amount: 74.1, date: "2026-10-28" },
      // Energy first, zero lines left out: the lines of the bill page and the PDF (#35 §2).
      charges: {
        lines: [
          { key: "energy", amount: 88.5 },
          { key: "regulated", amount: 12.5 },
          { key: "municipality", amount: 3.2 },
          { key: "taxes", amount: 9.9 },
          { key: "advance", amount: -40 },
        ],
        totalCents: 7410,
        consistent: true,
      },
      dayKwh: 731,
      nightKwh: 344,
      pvKwh: null,
      periodFrom: "2026-08-12",
      periodTo: "2026-11-11",
    });
  });

  it("shows PV production only for supplies that have PV, and night only with a night tariff", () => {
    expect(dashboard(meter({ has_pv: 1 }), bill).pvKwh).toBe(120);
    expect(dashboard(meter({ has_night: 0 }), bill).nightKwh).toBeNull();
  });

  it("works for a supply without bills", () => {
    const d = dashboard(meter({ running_total: 0 }), null);
    expect(d.currentBill).toBeNull();
    expect(d.charges).toBeNull();
    expect(d.dayKwh).toBeNull();
    expect(d.totalDue).toBe(0);
  });
});

describe("lastSixClearance (spec §4: charts use the last six Clearance invoices)", () => {
  it("keeps only Clearance invoices, the six newest, oldest → newest", () => {
    const clearances = Array.from({ length: 8 }, (_, i) =>
      invoice("Clearance", `202${i < 4 ? 5 : 6}-${String(((i * 3) % 12) + 1).padStart(2, "0")}-11`),
    );
    // Shuffled, with other types mixed in, newest first as the API sends it.
    const history = [
      ...[...clearances].reverse(),
      invoice("Advance", "2026-12-11"),
      invoice("Credit", "2026-12-11"),
      invoice("payment", null),
    ];
    const six = lastSixClearance(history);
    expect(six).toHaveLength(6);
    expect(six.every((i) => i.type === "Clearance")).toBe(true);
    const ends = six.map((i) => i.period_to);
    expect(ends).toEqual([...ends].sort());
    expect(six.at(-1)).toBe(clearances.at(-1));
    expect(six).not.toContain(clearances[0]);
    expect(six).not.toContain(clearances[1]);
  });

  it("returns fewer when there are fewer, and none without Clearance invoices", () => {
    expect(lastSixClearance([invoice("Clearance", "2026-05-11")])).toHaveLength(1);
    expect(lastSixClearance([invoice("Advance", "2026-05-11")])).toEqual([]);
  });

  it("makes chart rows with the consumption summed", () => {
    const [point] = chartPoints([
      invoice("Clearance", "2026-05-11", { period_from: "2026-02-12", total_value: 50.5 }),
    ]);
    expect(point).toEqual({
      periodFrom: "2026-02-12",
      periodTo: "2026-05-11",
      amount: 50.5,
      dayKwh: 300,
      nightKwh: 100,
      kwh: 400,
      estimated: false,
    });
  });

  it("marks a bill with estimated consumption (issue #20)", () => {
    const points = chartPoints([
      invoice("Clearance", "2026-05-11", { consumption_source: "estimated" }),
      invoice("Clearance", "2026-08-11", { consumption_source: "actual" }),
      invoice("Clearance", "2026-11-11", { consumption_source: null }),
    ]);
    expect(points.map((p) => p.estimated)).toEqual([true, false, false]);
  });
});

describe("yearOnYear", () => {
  it("pairs the latest Clearance with the one whose period ended a year earlier", () => {
    const lastYear = invoice("Clearance", "2025-11-11", {
      day_kwh: 500,
      night_kwh: 300,
      total_value: 80,
    });
    const latest = invoice("Clearance", "2026-11-11", {
      day_kwh: 700,
      night_kwh: 300,
      total_value: 100,
    });
    const history = [
      latest,
      invoice("Clearance", "2026-08-11"),
      invoice("Clearance", "2026-05-11"),
      invoice("Clearance", "2026-02-11"),
      lastYear,
      invoice("Clearance", "2025-08-11"),
      invoice("Advance", "2025-11-11"),
    ];
    const result = yearOnYear(history);
    expect(result?.current).toBe(latest);
    expect(result?.previous).toBe(lastYear);
    expect(result?.kwhChange).toBe(25);
    expect(result?.amountChange).toBe(25);
  });

  it("accepts a period ending up to 31 days off, preferring the closest", () => {
    const latest = invoice("Clearance", "2026-11-11");
    const near = invoice("Clearance", "2025-11-20");
    const far = invoice("Clearance", "2025-12-11"); // 30 days off
    expect(yearOnYear([latest, far, near])?.previous).toBe(near);
    expect(yearOnYear([latest, invoice("Clearance", "2025-12-13")])?.previous).toBeNull(); // 32 days
    expect(yearOnYear([latest, invoice("Clearance", "2025-10-11")])?.previous).toMatchObject({
      period_to: "2025-10-11",
    }); // 31 days
  });

  it("handles a missing older period: previous is null, no change figures", () => {
    const latest = invoice("Clearance", "2026-11-11");
    const result = yearOnYear([latest, invoice("Clearance", "2026-08-11")]);
    expect(result).toEqual({
      current: latest,
      previous: null,
      kwhChange: null,
      amountChange: null,
    });
  });

  it("returns null without any Clearance, and no change from a zero period", () => {
    expect(yearOnYear([invoice("Advance", "2026-11-11")])).toBeNull();
    const zero = invoice("Clearance", "2025-11-11", { day_kwh: 0, night_kwh: 0, total_value: 0 });
    const result = yearOnYear([invoice("Clearance", "2026-11-11"), zero]);
    expect(result?.previous).toBe(zero);
    expect(result?.kwhChange).toBeNull();
    expect(result?.amountChange).toBeNull();
  });

  it("counts a year back from 29 February as 28 February", () => {
    expect(oneYearEarlier("2028-02-29")).toBe("2027-02-28");
    expect(oneYearEarlier("2026-11-11")).toBe("2025-11-11");
  });
});

describe("pay-several dialog (spec §2 Modals)", () => {
  const owing = [
    meter({ id: 1, status: "Active", running_total: 10 }),
    meter({ id: 2, status: "Active", running_total: 0.5 }),
  ];
  const user = { needs_activation: 0 as const, first_login_settings_open: 0 as const };
  const base = { user, meters: owing, userPopupOpen: false, dismissedThisSession: false };

  it("lists the supplies that owe: Active or Stopped with a balance above zero (#35)", () => {
    const listed = paySeveralMeters([
      ...owing,
      meter({ id: 3, status: "Stopped", running_total: 99 }),
      meter({ id: 4, status: "Active", running_total: 0 }),
      meter({ id: 5, status: "OpenChecked", running_total: 5 }),
      meter({ id: 6, status: "Active", running_total: -5 }),
    ]);
    expect(listed.map((m) => m.id)).toEqual([1, 2, 3]);
  });

  it("opens with more than one such supply and nothing in the way", () => {
    expect(showPaySeveral(base)).toBe(true);
  });

  it("counts a stopped supply that owes, and stays closed with only one supply that owes", () => {
    expect(
      showPaySeveral({
        ...base,
        meters: [owing[0]!, meter({ id: 3, status: "Stopped", running_total: 9 })],
      }),
    ).toBe(true);
    expect(
      showPaySeveral({
        ...base,
        meters: [owing[0]!, meter({ id: 3, status: "Stopped", running_total: 0 })],
      }),
    ).toBe(false);
  });

  it("stays closed when the user needs activation, on the first login, under a user pop-up, or once dismissed", () => {
    expect(showPaySeveral({ ...base, user: { ...user, needs_activation: 1 } })).toBe(false);
    expect(showPaySeveral({ ...base, user: { ...user, first_login_settings_open: 1 } })).toBe(
      false,
    );
    expect(showPaySeveral({ ...base, userPopupOpen: true })).toBe(false);
    expect(showPaySeveral({ ...base, dismissedThisSession: true })).toBe(false);
  });
});

describe("user pop-up", () => {
  it("is shown while the API returns one", () => {
    const popup = { title: "Καλώς ήρθατε", body: "…", button_title: "Βοήθεια", url: "/b2b/help" };
    expect(showUserPopup({ popup })).toBe(true);
    expect(showUserPopup({ popup: null })).toBe(false);
    expect(showUserPopup({ popup: { ...popup, title: " " } })).toBe(false);
  });

  it("links only to same-site paths or http(s) URLs", () => {
    expect(safePopupUrl("/b2b/help")).toBe("/b2b/help");
    expect(safePopupUrl("https://nrg.gr/offers")).toBe("https://nrg.gr/offers");
    expect(safePopupUrl("javascript:alert(1)")).toBeNull();
    expect(safePopupUrl("//evil.example")).toBeNull();
    expect(safePopupUrl("")).toBeNull();
  });
});

describe("meter selection (spec §4)", () => {
  it("selects the main meter on login, else the only active one", () => {
    const main = meter({ id: 7, is_main: 1, status: "Stopped" });
    expect(selectMeterOnLogin([meter({ id: 1 }), main])).toBe(main);
    const only = meter({ id: 2, status: "Active" });
    expect(selectMeterOnLogin([meter({ id: 1, status: "Stopped" }), only])).toBe(only);
  });

  it("keeps the session's choice while it is still a drop-down meter", () => {
    const meters = [
      meter({ id: 1, is_main: 1 }),
      meter({ id: 2 }),
      meter({ id: 3, status: "Inactive" }),
    ];
    expect(resolveSelectedMeter(meters, 2)?.id).toBe(2);
    expect(resolveSelectedMeter(meters, 3)?.id).toBe(1);
    expect(resolveSelectedMeter(meters, 99)?.id).toBe(1);
  });

  it("resets billing paging to page 1, size 10", () => {
    expect(BILLING_PAGING_RESET).toEqual({ page: 1, size: 10 });
  });
});

describe("supplies page", () => {
  it("maps meter statuses to active / waiting representation / inactive", () => {
    expect(supplyStatus("Active")).toBe("active");
    for (const s of [
      "OpenUnchecked",
      "OpenChecked",
      "Submitted",
      "Submited",
      "ThallisConfirmed",
      "ThalisConfirmed",
      "OpenPending",
    ]) {
      expect(supplyStatus(s)).toBe("waiting");
    }
    for (const s of [
      "Stopped",
      "Inactive",
      "Terminated",
      "ThallisRejected",
      "OpenRejected",
      "OpenCanceled",
      "Cancelled",
      "Canceled",
      "",
    ]) {
      expect(supplyStatus(s)).toBe("inactive");
    }
  });

  it("reads filters from the URL, ignoring unknown values", () => {
    expect(
      parseSupplyFilters(new URLSearchParams("q=%20Αθήνα%20&kind=gas&status=waiting&page=3")),
    ).toEqual({
      q: "Αθήνα",
      kind: "gas",
      status: "waiting",
      balance: "",
      page: 3,
    });
    expect(parseSupplyFilters(new URLSearchParams("balance=owing")).balance).toBe("owing");
    expect(parseSupplyFilters(new URLSearchParams("balance=all")).balance).toBe("");
    expect(parseSupplyFilters(new URLSearchParams("kind=water&status=x&page=-2"))).toEqual({
      q: "",
      kind: "",
      status: "",
      balance: "",
      page: 1,
    });
  });

  const supply = {
    kind: "electricity" as const,
    status: "active" as const,
    supplyNumber: "112345678017",
    searchText: "Λεωφόρος Κηφισίας 83, 15124 Μαρούσι nrg home",
  };
  const all = { q: "", kind: "" as const, status: "" as const, balance: "" as const, page: 1 };

  it("searches accent- and case-insensitively, and by supply number digits", () => {
    expect(matchesSupply(supply, { ...all, q: "μαρουσι" })).toBe(true);
    expect(matchesSupply(supply, { ...all, q: "ΚΗΦΙΣΊΑΣ" })).toBe(true);
    expect(matchesSupply(supply, { ...all, q: "1123 4567" })).toBe(true);
    expect(matchesSupply(supply, { ...all, q: "Πάτρα" })).toBe(false);
  });

  it("filters by kind and status", () => {
    expect(matchesSupply(supply, { ...all, kind: "gas" })).toBe(false);
    expect(matchesSupply(supply, { ...all, kind: "electricity", status: "active" })).toBe(true);
    expect(matchesSupply(supply, { ...all, status: "inactive" })).toBe(false);
  });

  it("pages 25 at a time and clamps the page", () => {
    const items = Array.from({ length: 60 }, (_, i) => i + 1);
    expect(SUPPLY_PAGE_SIZE).toBe(25);
    const page = (n: number, rows: number[] = items) => paginate(rows, n, SUPPLY_PAGE_SIZE);
    expect(page(1)).toMatchObject({ page: 1, pageCount: 3, total: 60, from: 1, to: 25 });
    expect(page(3).rows).toEqual(items.slice(50));
    expect(page(9)).toMatchObject({ page: 3, from: 51, to: 60 });
    expect(page(1, [])).toMatchObject({ page: 1, pageCount: 1, from: 0, to: 0, rows: [] });
  });
});
