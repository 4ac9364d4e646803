import { describe, expect, it } from "vitest";
import type { ApiInvoice, ApiMeter, ApiUser } from "../../../core/contract";
import { parseSupplyFilters } from "../../domain/overview";
import { buildSuppliesView, suppliesHref } from "./supplies-view";
import { buildOverviewView, periodMonth } from "./view";

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
    phys_street: "Κηφισίας",
    phys_street_no: "83",
    phys_postal_code: "15124",
    phys_region: "Μαρούσι",
    bill_street: "Κηφισίας",
    bill_street_no: "83",
    bill_postal_code: "15124",
    bill_region: "Μαρούσι",
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

let id = 1;
function invoice(
  type: ApiInvoice["type"],
  periodTo: string,
  extra: Partial<ApiInvoice> = {},
): ApiInvoice {
  return {
    id: id++,
    meter_id: 1,
    type,
    invoice_no: "X",
    issue_date: periodTo,
    date_due: null,
    period_from: null,
    period_to: periodTo,
    consumption_from: null,
    consumption_to: null,
    payment_date: null,
    ypoloipo: 0,
    total_value: 50,
    total: 50,
    remaining: 0,
    energy: 0,
    regulated: 0,
    municipality: 0,
    taxes: 0,
    collateral: 0,
    advance: 0,
    day_kwh: 200,
    night_kwh: 50,
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

const user: ApiUser = {
  id: 1,
  username: "100000003",
  name: "Γ",
  welcome_name: "Γ",
  lang: "el",
  nrg_skin: 1,
  registration_email: "a@b.gr",
  registration_phone: null,
  indication_email: 0,
  indication_sms: 0,
  needs_activation: 0,
  first_login_settings_open: 0,
  avatar: null,
  status: "active",
  popup: null,
  sap_id: "1",
  test_role: "master",
  all_supplies: 1,
  is_legal_person: 0,
  employee_name: null,
  trusted_copies_for: null,
  managers: [],
  afm: "100000003",
};

const base = {
  user,
  banners: [],
  paySeveralDismissed: false,
  paySeveralRequested: false,
  today: "2026-11-24",
};

describe("buildOverviewView", () => {
  const selected = meter({
    id: 1,
    running_total: 95.26,
    trn_value: 74.1,
    last_payment_date: "2026-10-28",
    last_invoice_due_date: "2026-12-02",
    has_night: 1,
  });
  const latest = invoice("Clearance", "2026-11-11", {
    ypoloipo: 21.16,
    total_value: 74.1,
    date_due: "2026-12-02",
    total: 95.26,
    remaining: 95.26,
    tariff_colour: "yellow",
  });
  const history = [
    latest,
    invoice("payment", "2026-10-28", { period_to: null }),
    invoice("Advance", "2026-10-11"),
    invoice("Clearance", "2026-08-11"),
    invoice("Clearance", "2025-11-11", { day_kwh: 100 }),
  ];

  it("builds the top banner from the last bill and the supply", () => {
    const view = buildOverviewView({ ...base, meters: [selected], selected, history });
    expect(view.topBanner).toEqual({
      heading: "Clearance",
      owed: 95.26,
      showPay: true,
      status: "unpaid",
      date: { kind: "deadline", date: "2026-12-02" },
      invoiceId: latest.id,
      // NRG-<supply number>-<YYYY-MM of the issue>.pdf, as the bill page and the API name it.
      pdfFilename: expect.stringMatching(/^NRG-[A-Za-z0-9]+-2026-11\.pdf$/),
      // The colour the latest bill was issued under (#37 §3), beside the amount in the hero.
      tariffColour: "yellow",
      details: {
        dateDue: "2026-12-02",
        previous: 21.16,
        current: 74.1,
        total: 95.26,
        rfCode: null,
      },
      lastPayment: { amount: 74.1, date: "2026-10-28" },
      // Not overdue, no payment plan (#38 §1): neither the plan's instalment nor the offer.
      plan: null,
      offerPlan: false,
    });
    expect(view.dashboard.totalDue).toBe(95.26);
    expect(view.history?.points.map((p) => p.periodTo)).toEqual([
      "2025-11-11",
      "2026-08-11",
      "2026-11-11",
    ]);
    expect(view.year?.previous?.periodTo).toBe("2025-11-11");
  });

  it("#38 §1 a kept plan: the hero pays its next instalment; an overdue supply is offered one", () => {
    const plan = {
      since: "2026-11-01T10:00:00Z",
      next_n: 2,
      next_due_date: "2026-12-20",
      next_amount: 47.63,
    };
    const inPlan = { ...selected, last_invoice_due_date: "2026-11-20", payment_plan: plan };
    const kept = buildOverviewView({ ...base, meters: [inPlan], selected: inPlan, history });
    expect(kept.topBanner?.plan).toEqual({ amount: 47.63, date: "2026-12-20" });
    expect(kept.topBanner?.offerPlan).toBe(false);
    expect(kept.account.rows.map((r) => r.overdue)).toEqual([false]);
    const late = { ...selected, last_invoice_due_date: "2026-11-20" };
    const offered = buildOverviewView({ ...base, meters: [late], selected: late, history });
    expect(offered.topBanner?.plan).toBeNull();
    expect(offered.topBanner?.offerPlan).toBe(true);
  });

  it("#15 after paying, the hero has nothing to pay and the latest bill is paid", () => {
    const paid = {
      ...selected,
      running_total: 0,
      trn_value: 95.26,
      last_payment_date: "2026-11-24",
    };
    const settled = { ...latest, remaining: 0, payment_date: "2026-11-24" };
    const view = buildOverviewView({
      ...base,
      meters: [paid],
      selected: paid,
      history: [settled, ...history.slice(1)],
    });
    expect(view.topBanner).toMatchObject({
      owed: 0,
      showPay: false,
      status: "paid",
      date: { kind: "lastPayment", date: "2026-11-24" },
    });
  });

  it("#15 the hero says overdue once the due date has passed", () => {
    const view = buildOverviewView({
      ...base,
      today: "2026-12-03",
      meters: [selected],
      selected,
      history,
    });
    expect(view.topBanner?.status).toBe("overdue");
  });

  it("hides the top banner for an onboarding supply", () => {
    const onboarding = meter({ status: "OpenChecked" });
    const view = buildOverviewView({
      ...base,
      meters: [onboarding],
      selected: onboarding,
      history: [],
    });
    expect(view.topBanner).toBeNull();
    expect(view.history).toBeNull();
    expect(view.year).toBeNull();
  });

  const owing = [
    meter({ id: 1, running_total: 10 }),
    meter({ id: 2, running_total: 20.5, division: 2, pod: "20819450276993" }),
  ];

  it("opens the pay-several dialog when the rule holds, with the supplies and their sum", () => {
    const view = buildOverviewView({ ...base, meters: owing, selected: owing[0]!, history: [] });
    expect(view.paySeveral?.open).toBe(true);
    expect(view.paySeveral?.total).toBe(30.5);
    expect(view.paySeveral?.rows.map((r) => [r.kind, r.supplyNumber])).toEqual([
      ["electricity", "112345678017"],
      ["gas", "20819450276993"],
    ]);
  });

  it("says what the account owes in all: a stopped overdue supply too, overdue first (#35)", () => {
    const main = meter({
      id: 1,
      is_main: 1,
      running_total: 95.26,
      last_invoice_due_date: "2026-12-21",
    });
    const stopped = meter({
      id: 2,
      status: "Stopped",
      running_total: 61.04,
      last_invoice_due_date: "2026-06-10",
    });
    const view = buildOverviewView({
      ...base,
      meters: [main, stopped],
      selected: main,
      history: [],
    });
    expect(view.account.total).toBe(156.3);
    expect(view.account.overdueTotal).toBe(61.04);
    expect(view.account.rows.map((r) => [r.id, r.overdue, r.selected])).toEqual([
      [2, true, false],
      [1, false, true],
    ]);
    expect(view.paySeveral?.rows.map((r) => [r.id, r.overdue])).toEqual([
      [2, true],
      [1, false],
    ]);
    expect(view.paySeveral?.total).toBe(156.3);
    // After paying the main supply, the stopped one still owes.
    const paid = buildOverviewView({
      ...base,
      meters: [{ ...main, running_total: 0 }, stopped],
      selected: { ...main, running_total: 0 },
      history: [],
    });
    expect(paid.account.rows.map((r) => r.id)).toEqual([2]);
    expect(paid.account.total).toBe(61.04);
    expect(paid.paySeveral).toBeNull();
  });

  it("offers no payment to a person whose role may not pay (#18: user)", () => {
    for (const role of ["user", null] as const) {
      const view = buildOverviewView({
        ...base,
        user: { ...user, test_role: role },
        meters: owing,
        selected: owing[0]!,
        history: [],
        paySeveralRequested: true,
      });
      expect(view.topBanner?.showPay).toBe(false);
      expect(view.paySeveral).toBeNull();
    }
    const admin = buildOverviewView({
      ...base,
      user: { ...user, test_role: "admin" },
      meters: owing,
      selected: owing[0]!,
      history: [],
    });
    expect(admin.topBanner?.showPay).toBe(true);
    expect(admin.paySeveral?.open).toBe(true);
  });

  it("keeps it closed once dismissed, but ?modal=pay-several opens it again", () => {
    const dismissed = {
      ...base,
      paySeveralDismissed: true,
      meters: owing,
      selected: owing[0]!,
      history: [],
    };
    expect(buildOverviewView(dismissed).paySeveral?.open).toBe(false);
    expect(buildOverviewView({ ...dismissed, paySeveralRequested: true }).paySeveral?.open).toBe(
      true,
    );
  });

  it("gives way to the user pop-up, and does not exist with fewer than two owing supplies", () => {
    const popup = {
      title: "Καλώς ήρθατε",
      body: "…",
      button_title: "Βοήθεια",
      url: "javascript:x",
    };
    const view = buildOverviewView({
      ...base,
      user: { ...user, popup },
      meters: owing,
      selected: owing[0]!,
      history: [],
      paySeveralRequested: true,
    });
    expect(view.popup).toEqual({
      title: "Καλώς ήρθατε",
      body: "…",
      buttonTitle: "Βοήθεια",
      url: null,
    });
    expect(view.paySeveral?.open).toBe(false);
    const single = buildOverviewView({
      ...base,
      meters: [owing[0]!],
      selected: owing[0]!,
      history: [],
    });
    expect(single.paySeveral).toBeNull();
  });
});

describe("supplies view", () => {
  const meters = [
    meter({ id: 3, division: 2, pod: "20819450276993", status: "Stopped", phys_region: "Πάτρα" }),
    meter({ id: 1, is_main: 1 }),
    meter({ id: 2, status: "OpenChecked", per_code: "198765432" }),
    meter({ id: 4, status: "Inactive", running_total: 12 }),
  ];

  it("lists electricity first (main first), with status and selection rules", () => {
    const view = buildSuppliesView(meters, 1, parseSupplyFilters(new URLSearchParams()));
    expect(view.page.rows.map((r) => r.id)).toEqual([1, 2, 4, 3]);
    expect(view.page.rows.map((r) => r.status)).toEqual([
      "active",
      "waiting",
      "inactive",
      "inactive",
    ]);
    expect(view.page.rows.map((r) => r.selectable)).toEqual([true, true, false, true]);
    expect(view.page.rows[0]?.selected).toBe(true);
    expect(view.counts).toEqual({
      electricity: 3,
      gas: 1,
      active: 1,
      waiting: 1,
      inactive: 2,
      owing: 0,
    });
  });

  it("filters through the URL's q, kind and status", () => {
    const ids = (query: string) =>
      buildSuppliesView(meters, 1, parseSupplyFilters(new URLSearchParams(query))).page.rows.map(
        (r) => r.id,
      );
    expect(ids("kind=gas")).toEqual([3]);
    expect(ids("status=inactive")).toEqual([4, 3]);
    expect(ids("q=πατρα")).toEqual([3]);
    expect(ids("q=198765432")).toEqual([2]);
  });

  it("filters to the supplies that owe (#35 §7): a stopped one too, never an inactive one", () => {
    const owing = [
      meter({ id: 1, is_main: 1, running_total: 0 }),
      meter({ id: 2, status: "Stopped", running_total: 61.04 }),
      meter({ id: 3, running_total: 5 }),
      meter({ id: 4, status: "Inactive", running_total: 12 }),
      meter({ id: 5, running_total: -3 }),
    ];
    const view = buildSuppliesView(
      owing,
      1,
      parseSupplyFilters(new URLSearchParams("balance=owing")),
    );
    expect(view.page.rows.map((r) => r.id)).toEqual([2, 3]);
    expect(view.counts.owing).toBe(2);
    expect(suppliesHref(view.filters, { page: 2 })).toBe("/b2b/paroxes?balance=owing&page=2");
  });

  it("builds page links that keep the filters", () => {
    const filters = parseSupplyFilters(new URLSearchParams("q=Μαρούσι&kind=electricity&page=2"));
    expect(suppliesHref(filters, { page: 3 })).toBe(
      "/b2b/paroxes?q=%CE%9C%CE%B1%CF%81%CE%BF%CF%8D%CF%83%CE%B9&kind=electricity&page=3",
    );
    expect(suppliesHref(filters, { page: 1, q: "", kind: "" })).toBe("/b2b/paroxes");
  });
});

describe("periodMonth", () => {
  it("shows the month a period ends in", () => {
    expect(periodMonth("2026-11-11")).toBe("11/2026");
  });
});
