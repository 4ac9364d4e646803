import { DEMO } from "./accounts.ts";
import type { Builder } from "./builder.ts";
import { demoCustomer, demoUser } from "./customers.ts";
import { addDays, addMonths, stamp } from "./dates.ts";
import { prng, type Rng, seedFor } from "./random.ts";
import { addressAt } from "./reference.ts";
import type { MeterRow } from "./rows.ts";

/** The business demo accounts: 60, 200 and 1,000 supplies, each supply with its own PRNG. */

/** Runs `each` for every supply of a business account, in id order, with that supply's PRNG. */
function eachSupply(
  d: { firstMeterId: number; meterCount: number },
  each: (i: number, id: number, rng: Rng) => void,
): void {
  for (let i = 0; i < d.meterCount; i++) {
    const id = d.firstMeterId + i;
    each(i, id, prng(seedFor(id)));
  }
}

/** The columns that open a business supply's row: the first supply is the main one. */
function businessSupply(
  id: number,
  i: number,
  status: string,
  electric: boolean,
  meterType: MeterRow["meter_type"] = "professional",
): Pick<MeterRow, "id" | "status" | "is_main" | "division" | "meter_type"> {
  return {
    id,
    status,
    is_main: i === 0 ? 1 : 0,
    division: electric ? 1 : 2,
    meter_type: meterType,
  };
}

export function company(b: Builder) {
  const d = DEMO.company;
  const hq = ["Λεωφόρος Κηφισίας", "Μαρούσι", "15125"] as const;
  const c = demoCustomer(b, d, "Δ.Ο.Υ. ΦΑΕ Αθηνών");
  const u = demoUser(b, c, d, "Μαρία", {
    nrg_skin: 2,
    indication_email: 1,
    indication_sms: 1,
  });
  const owing = new Set([0, 3, 7, 12, 20, 41]);
  eachSupply(d, (i, id, mrng) => {
    const electric = i % 3 !== 2; // 40 electricity, 20 gas
    const status = i >= 52 && i <= 55 ? "Stopped" : "Active";
    let category = electric ? mrng.pick(["Γ21", "Γ23"]) : mrng.pick(["Ε1", "Ε2"]);
    let voltage = "01";
    if (electric && i % 8 === 1) category = "G22";
    if (electric && i % 8 === 4) [category, voltage] = ["B1", "02"];
    if (electric && i % 10 === 7) [category, voltage] = ["A", "03"];
    const big = voltage !== "01";
    const monthly = electric
      ? big
        ? mrng.int(20_000, 60_000)
        : mrng.int(900, 6_000)
      : mrng.int(2_000, 12_000);
    const meter = b.meter(
      c,
      mrng,
      {
        ...businessSupply(id, i, status, electric, i % 12 === 5 ? "shared" : "professional"),
        category,
        voltage_type: voltage,
        has_night: electric && i % 5 === 0 ? 1 : 0,
        has_pv: electric && i === 6 ? 1 : 0,
        // Medium-voltage supplies are read remotely by the network operator, hourly: a smart
        // meter, so a dynamic (orange) product can be offered to them (#37 §3).
        smart_meter: big ? 1 : 0,
        ebill: i % 2 === 0 ? 1 : 0,
        ebill_email: i % 2 === 0 ? d.email : null,
        ebill_enable_edit: status === "Stopped" ? 0 : 1,
        indication_open_from: i === 0 ? addDays(b.today, -3) : null,
        indication_open_to: i === 0 ? addDays(b.today, 7) : null,
      },
      addressAt(i * 7),
      hq,
    );
    const stoppedAgo = status === "Stopped" ? i - 51 : 0;
    b.billingHistory(meter, c, mrng, {
      months: 12,
      endMonthsAgo: stoppedAgo,
      unpaid: owing.has(i) || i === 53,
      monthlyKwh: monthly,
      dueDays: 30,
      collateralCents: i % 9 === 0 ? 50_000 : 0,
      cancelAt: i === 10 ? 4 : undefined,
      credits: i === 15 ? { 6: 8_000 } : undefined,
      // Every sixth supply from the second: the last quarter estimated (issue #20).
      estimated: i % 6 === 1 ? [9, 10, 11] : undefined,
    });
    if (electric)
      b.readings(meter, mrng, {
        months: 12,
        endMonthsAgo: stoppedAgo,
        monthlyKwh: monthly,
        client: i === 0,
        estimatedMonths: i % 6 === 1 ? 4 : 0,
      });
  });
  b.message({
    user_id: u.id,
    meter_id: d.firstMeterId,
    title: "Νέοι λογαριασμοί διαθέσιμοι",
    content: "Εκδόθηκαν οι λογαριασμοί του μήνα για τις παροχές της εταιρείας σας.",
    title_en: "New bills available",
    content_en: "This month's bills for your company's supplies have been issued.",
    type: "info",
    category: "billing",
    read_status: 0,
    c_stamp: stamp(b.lastIssue, "08:00:00.000"),
  });
  b.message({
    user_id: u.id,
    meter_id: null,
    title: "Συνοπτική πληρωμή πολλών παροχών",
    content: "Μπορείτε να εξοφλήσετε με μία συναλλαγή όλες τις παροχές με ανοιχτό υπόλοιπο.",
    title_en: "Pay several supplies at once",
    content_en: "You can pay every supply with an open balance in one transaction.",
    type: "info",
    category: "account",
    read_status: 1,
    c_stamp: stamp(addMonths(b.today, -2), "09:30:00.000"),
  });
  b.message({
    user_id: u.id,
    meter_id: d.firstMeterId + 53,
    title: "Ληξιπρόθεσμο υπόλοιπο",
    content: "Μία από τις ανενεργές παροχές σας έχει ανεξόφλητο υπόλοιπο.",
    title_en: "Overdue balance",
    content_en: "One of your inactive supplies has an unpaid balance.",
    type: "alert",
    category: "billing",
    read_status: 1,
    c_stamp: stamp(addMonths(b.today, -1), "11:00:00.000"),
  });
}

export function largeCompany(b: Builder) {
  const d = DEMO.largeCompany;
  const hq = ["Λεωφόρος Μεσογείων", "Αθήνα", "11527"] as const;
  const c = demoCustomer(b, d, "Δ.Ο.Υ. ΦΑΕ Αθηνών");
  const u = demoUser(b, c, d, "Νικόλαος", {
    nrg_skin: 3,
  });
  eachSupply(d, (i, id, mrng) => {
    const electric = i % 4 !== 3; // 150 electricity, 50 gas
    const status = i % 40 === 39 ? "Stopped" : "Active";
    const monthly = electric ? mrng.int(1_200, 9_000) : mrng.int(1_500, 8_000);
    const meter = b.meter(
      c,
      mrng,
      {
        ...businessSupply(id, i, status, electric),
        category: electric ? (i % 25 === 10 ? "B1" : mrng.pick(["Γ21", "Γ23"])) : "Ε1",
        voltage_type: electric && i % 25 === 10 ? "02" : "01",
        ebill: 1,
        ebill_email: d.email,
        ebill_enable_edit: status === "Stopped" ? 0 : 1,
        // The demo user's supply with an open reading window (seed/people.ts).
        ...(id === d.people.openReadingMeterId
          ? {
              indication_open_from: addDays(b.today, -3),
              indication_open_to: addDays(b.today, 7),
            }
          : {}),
      },
      addressAt(i * 11 + 3),
      hq,
    );
    b.billingHistory(meter, c, mrng, {
      months: 6,
      endMonthsAgo: status === "Stopped" ? 3 : 0,
      unpaid: i % 7 === 0,
      monthlyKwh: monthly,
      dueDays: 30,
      estimated: i % 4 === 1 ? [4, 5] : undefined,
    });
    if (electric)
      b.readings(meter, mrng, {
        months: 6,
        endMonthsAgo: status === "Stopped" ? 3 : 0,
        monthlyKwh: monthly,
        estimatedMonths: i % 4 === 1 ? 4 : 0,
      });
  });
  b.message({
    user_id: u.id,
    meter_id: null,
    title: "Καλώς ήρθατε στο myNRG για επιχειρήσεις",
    content: "Δείτε όλες τις παροχές της εταιρείας σας σε μία οθόνη.",
    title_en: "Welcome to myNRG for business",
    content_en: "See all your company's supplies on one screen.",
    type: "info",
    category: "account",
    read_status: 0,
    c_stamp: stamp(addDays(b.today, -6), "09:00:00.000"),
  });
}

/**
 * 1,000 supplies (every query over a customer's supplies must work at this size): 800 electricity,
 * 200 gas; every 50th Stopped; a quarter owing; the reading window open on every tenth electricity
 * supply that offers reading entry. Three months of bills each (one Clearance) keep the data set,
 * and loading it, small.
 */
export function hugeCompany(b: Builder) {
  const d = DEMO.hugeCompany;
  const hq = ["Λεωφόρος Βουλιαγμένης", "Γλυφάδα", "16674"] as const;
  const c = demoCustomer(b, d, "Δ.Ο.Υ. ΦΑΕ Πειραιά");
  const u = demoUser(b, c, d, "Αναστασία", {
    nrg_skin: 2,
  });
  eachSupply(d, (i, id, mrng) => {
    const electric = i % 5 !== 4; // 800 electricity, 200 gas
    const status = i % 50 === 49 ? "Stopped" : "Active";
    const hidden = electric && i % 25 === 12; // B1, voltage 02: no reading entry
    const open = electric && !hidden && status === "Active" && i % 10 === 0;
    const monthly = electric ? mrng.int(1_000, 8_000) : mrng.int(1_500, 7_000);
    const meter = b.meter(
      c,
      mrng,
      {
        ...businessSupply(id, i, status, electric),
        category: electric ? (hidden ? "B1" : mrng.pick(["Γ21", "Γ23"])) : "Ε1",
        voltage_type: hidden ? "02" : "01",
        has_night: electric && i % 20 === 3 ? 1 : 0,
        ebill: i % 3 === 0 ? 1 : 0,
        ebill_email: i % 3 === 0 ? d.email : null,
        ebill_enable_edit: status === "Stopped" ? 0 : 1,
        indication_open_from: open ? addDays(b.today, -3) : null,
        indication_open_to: open ? addDays(b.today, 7) : null,
      },
      addressAt(i * 13 + 5),
      hq,
    );
    const endMonthsAgo = status === "Stopped" ? 2 : 0;
    b.billingHistory(meter, c, mrng, {
      months: 3,
      endMonthsAgo,
      unpaid: i % 4 === 0 || status === "Stopped",
      monthlyKwh: monthly,
      dueDays: 30,
      estimated: i % 10 === 7 ? [2] : undefined,
    });
    if (electric) {
      const estimatedMonths = i % 10 === 7 ? 4 : 0;
      b.readings(meter, mrng, { months: 6, endMonthsAgo, monthlyKwh: monthly, estimatedMonths });
    }
  });
  b.message({
    user_id: u.id,
    meter_id: null,
    title: "Όλες οι παροχές σας σε μία οθόνη",
    content: "Δείτε, πληρώστε και καταχωρίστε ενδείξεις για τις 1.000 παροχές της εταιρείας σας.",
    title_en: "All your supplies on one screen",
    content_en: "See, pay and send meter readings for your company's 1,000 supplies.",
    type: "info",
    category: "account",
    read_status: 0,
    c_stamp: stamp(addDays(b.today, -2), "09:00:00.000"),
  });
}
