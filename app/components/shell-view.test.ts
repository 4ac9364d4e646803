import { describe, expect, it } from "vitest";
import type { ApiMessage, ApiMeter, ApiUser } from "../../core/contract";
import { METER_IDS_LIMIT } from "../../core/limits";
import type { ShellData } from "../.server/shell-types";
import {
  buildShellView,
  initials,
  METER_MENU_LIMIT,
  normaliseSearch,
  shownMeterIds,
} from "./shell-view";

function meter(id: number, overrides: Partial<ApiMeter> = {}): ApiMeter {
  return {
    id,
    status: "Active",
    is_main: 0,
    meter_type: "home",
    sap_id: `4000${id}`,
    division: 1,
    category: "G1",
    voltage_type: "01",
    phys_street: "Λεωφόρος Κηφισίας",
    phys_street_no: String(id),
    phys_postal_code: "15124",
    phys_region: "Μαρούσι",
    bill_street: "Ερμού",
    bill_street_no: "1",
    bill_postal_code: "10563",
    bill_region: "Αθήνα",
    per_code: `1${String(id).padStart(8, "0")}`,
    id_code: "01",
    next_code: "5",
    pod: null,
    package_print_descr: "nrg home",
    package_name: "home",
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
    ...overrides,
  };
}

const user = {
  id: 7,
  username: "100000003",
  name: "Γεώργιος Παπαδόπουλος",
  welcome_name: "Γιώργος",
  sap_id: "1000107919",
  test_role: null,
  all_supplies: 1,
} as ApiUser;

function message(id: number, read: 0 | 1): ApiMessage {
  return {
    id,
    title: `Μήνυμα ${id}`,
    content: "…",
    type: "info",
    category: "billing",
    read_status: read,
    c_stamp: "2026-11-01T10:00:00Z",
    meter_id: null,
  };
}

function shell(meters: ApiMeter[], selected = meters[0]!): ShellData {
  return {
    user,
    meters,
    meterCount: meters.length,
    selectedMeter: selected,
    messages: [message(1, 0), message(2, 1), message(3, 0)],
    unreadCount: 2,
    banners: [],
    counters: { bills: 1, meter: 0 },
    overviewInvoices: null,
  };
}

describe("buildShellView", () => {
  it("groups the drop-down into electricity and gas and marks the selected supply", () => {
    const gas = meter(2, {
      division: 2,
      pod: "12345678901234",
      per_code: null,
      id_code: null,
      next_code: null,
    });
    const view = buildShellView(shell([meter(1), gas], gas));
    expect(view.meterMenu.electricity.map((m) => m.id)).toEqual([1]);
    expect(view.meterMenu.gas.map((m) => m.id)).toEqual([2]);
    expect(view.meterMenu.gas[0]?.selected).toBe(true);
    expect(view.selected.kind).toBe("gas");
    expect(view.selected.supplyNumber).toBe("12345678901234");
    expect(view.meterMenu.searchable).toBe(false);
  });

  it("lists only the unread message titles and the counters from ShellData", () => {
    const view = buildShellView(shell([meter(1)]));
    expect(view.unread).toEqual({
      count: 2,
      items: [
        { id: 1, title: "Μήνυμα 1" },
        { id: 3, title: "Μήνυμα 3" },
      ],
    });
    expect(view.sidebar.find((i) => i.id === "bills")?.count).toBe(1);
    expect(view.user.initials).toBe("Γ");
    expect(view.user.welcomeName).toBe("Γιώργος");
  });

  it("never serialises whole meters (no billing history in the layout data)", () => {
    const view = buildShellView(shell([meter(1, { billing_history: { data: [] } })]));
    expect(JSON.stringify(view)).not.toContain("billing_history");
  });

  it("caps a large account's list, keeps the selected supply first, and filters by ?meterq=", () => {
    const meters = Array.from({ length: 60 }, (_, i) =>
      meter(i + 1, i === 44 ? { phys_region: "Λάρισα", phys_street: "Παπαναστασίου" } : {}),
    );
    const selected = meters[50]!;
    const view = buildShellView(shell(meters, selected));
    expect(view.meterMenu.searchable).toBe(true);
    expect(view.meterMenu.total).toBe(60);
    expect(view.meterMenu.shown).toBe(METER_MENU_LIMIT);
    expect(view.meterMenu.electricity[0]?.id).toBe(selected.id);

    const filtered = buildShellView(shell(meters, selected), "  λαρισα ");
    expect(filtered.meterMenu.electricity.map((m) => m.id)).toEqual([45]);
    expect(filtered.meterMenu.query).toBe("λαρισα");

    const byNumber = buildShellView(shell(meters, selected), "100000045");
    expect(byNumber.meterMenu.electricity.map((m) => m.id)).toEqual([45]);
  });
});

describe("#16 shownMeterIds: full rows only for the supplies a page shows", () => {
  /** 200 supplies like the large demo account's: some owe, some are Stopped, one is main. */
  const meters = Array.from({ length: 200 }, (_, i) =>
    meter(i + 1, {
      is_main: i === 0 ? 1 : 0,
      status: i % 17 === 5 ? "Stopped" : "Active",
      running_total: i % 7 === 3 ? 12.5 : 0,
      phys_region: i === 150 ? "Λάρισα" : "Μαρούσι",
    }),
  );

  it.each([
    ["the main supply", 1, ""],
    ["a supply past the drop-down's first page", 171, ""],
    ["a supply that owes", 4, ""],
    ["a search", 171, "λαρισα"],
    ["a search that finds nothing", 171, "ζζζ"],
  ])(
    "#16 with %s selected, the layout's view and the owing supplies are those of the whole list",
    (_, selectedId, query) => {
      const selected = meters.find((m) => m.id === selectedId)!;
      const picked = shownMeterIds(meters, selected.id, query);
      // A search reads every supply in full; otherwise only some.
      expect(picked === "all").toBe(query !== "");
      const ids = new Set(picked === "all" ? meters.map((m) => m.id) : picked);
      const shown = meters.filter((m) => ids.has(m.id));
      if (!query) expect(ids.size).toBeLessThan(meters.length);
      expect(ids.has(selected.id)).toBe(true);
      const whole = buildShellView(shell(meters, selected), query);
      const partial = buildShellView(
        { ...shell(shown, selected), meterCount: meters.length },
        query,
      );
      expect(partial).toEqual(whole);
      const owes = (m: ApiMeter) =>
        (m.status === "Active" || m.status === "Stopped") && m.running_total > 0;
      expect(shown.filter(owes)).toEqual(meters.filter(owes));
    },
  );

  it("#16 a small account's supplies are all shown, by id (it has no search)", () => {
    const few = meters.slice(0, 8);
    expect(shownMeterIds(few, 3, "")).toHaveLength(8);
    expect(shownMeterIds(few, 3, "λαρισα")).toHaveLength(8);
  });

  it("#16 more owing supplies than one request may name: all of them", () => {
    const many = Array.from({ length: METER_IDS_LIMIT + 5 }, (_, i) =>
      meter(i + 1, { running_total: 1 }),
    );
    expect(shownMeterIds(many, 1, "")).toBe("all");
    expect(shownMeterIds(many.slice(0, METER_IDS_LIMIT), 1, "")).toHaveLength(METER_IDS_LIMIT);
  });
});

describe("helpers", () => {
  it("normalises Greek accents and case for search", () => {
    expect(normaliseSearch("Μαρούσι")).toBe("μαρουσι");
  });
  it("takes up to two initials", () => {
    expect(initials({ welcome_name: "", name: "Μαρία Κωνσταντίνου" })).toBe("ΜΚ");
    expect(initials({ welcome_name: "", name: "" })).toBe("?");
  });
});
