import { DEMO } from "./accounts.ts";
import type { Builder } from "./builder.ts";
import { demoCustomer, demoUser } from "./customers.ts";
import { addDays, addMonths, stamp } from "./dates.ts";
import { prng, seedFor } from "./random.ts";
import { addressAt } from "./reference.ts";
import type { MessageRow } from "./rows.ts";

/**
 * The household demo account (100000003): a main electricity supply with 36 months of bills,
 * readings and an open reading window, a gas supply, a stopped supply with a balance, and six
 * messages (two unread).
 */
export function household(b: Builder) {
  const d = DEMO.household;
  const rng = prng(seedFor(d.customerId));
  const home = addressAt(0);
  const c = demoCustomer(b, d, "Δ.Ο.Υ. Αμαρουσίου");
  const u = demoUser(b, c, d, "Γιώργος", {
    indication_email: 1,
    indication_sms: 0,
    nrg_skin: 1,
  });

  const main = b.meter(
    c,
    rng,
    {
      id: d.mainMeterId,
      status: "Active",
      is_main: 1,
      division: 1,
      meter_type: "home",
      category: "Γ1",
      voltage_type: "01",
      has_night: 1,
      per_code: d.mainPerCode,
      id_code: "01",
      next_code: "7",
      package_name: "NRG_HOME_NIGHT",
      package_print_descr: "nrg home Νυχτερινό",
      agreed_power: "12 kVA",
      indication_open_from: addDays(b.today, -3),
      indication_open_to: addDays(b.today, 7),
      next_reading_date: addDays(b.today, 45),
      ebill: 1,
      ebill_email: d.email,
    },
    home,
    home,
  );
  b.billingHistory(main, c, rng, {
    months: 36,
    unpaid: true,
    monthlyKwh: 380,
    partial: [14],
    credits: { 9: 1500, 25: 2350 },
    cancelAt: 19,
    collateralCents: 2500,
    // The meter was not read for eight months: those bills estimate the consumption (and one
    // three years ago), and the newest actual reading predates the billing period (issue #20).
    estimated: [11, 30, 31, 32, 33, 34, 35],
  });
  b.readings(main, rng, {
    months: 36,
    monthlyKwh: 380,
    client: true,
    excluded: true,
    estimatedMonths: 8,
  });

  const gas = b.meter(
    c,
    rng,
    {
      id: d.gasMeterId,
      status: "Active",
      division: 2,
      meter_type: "home",
      sms_bill: 1,
      sms_number: d.phone,
    },
    home,
    home,
  );
  b.billingHistory(gas, c, rng, {
    months: 36,
    monthlyKwh: 650,
    credits: { 30: 1200 },
    partial: [22],
  });

  const oldHome = addressAt(3);
  const stopped = b.meter(
    c,
    rng,
    {
      id: d.stoppedMeterId,
      status: "Stopped",
      division: 1,
      meter_type: "home",
      has_night: 0,
      ebill_enable_edit: 0,
      next_reading_date: null,
    },
    oldHome,
    home,
  );
  b.billingHistory(stopped, c, rng, { months: 12, endMonthsAgo: 6, unpaid: true, monthlyKwh: 240 });
  b.readings(stopped, rng, { months: 12, endMonthsAgo: 6, monthlyKwh: 240 });

  const latest = b.tables.invoices
    .filter((i) => i.meter_id === main.id && i.type === "Clearance")
    .at(-1);
  const messages: Array<Omit<MessageRow, "id" | "user_id">> = [
    {
      meter_id: main.id,
      title: "Νέος εκκαθαριστικός λογαριασμός",
      content: `Ο λογαριασμός σας με αριθμό ${latest?.invoice_no ?? ""} είναι διαθέσιμος. Μπορείτε να τον δείτε και να τον πληρώσετε από την ενότητα «Οι λογαριασμοί μου».`,
      title_en: "New balancing bill",
      content_en: `Your bill number ${latest?.invoice_no ?? ""} is available. You can see it and pay it under “My bills”.`,
      type: "info",
      category: "billing",
      read_status: 0,
      c_stamp: stamp(b.lastIssue, "08:15:00.000"),
    },
    {
      meter_id: main.id,
      title: "Άνοιξε η περίοδος καταχώρισης ένδειξης",
      content:
        "Μπορείτε να καταχωρίσετε την ένδειξη του μετρητή σας έως τις " +
        addDays(b.today, 7).split("-").reverse().join("/") +
        ".",
      title_en: "The meter reading period is open",
      content_en:
        "You can send your meter reading until " +
        addDays(b.today, 7).split("-").reverse().join("/") +
        ".",
      type: "alert",
      category: "readings",
      read_status: 0,
      c_stamp: stamp(addDays(b.today, -3), "07:00:00.000"),
    },
    {
      meter_id: gas.id,
      title: "Η πληρωμή σας καταχωρίστηκε",
      content: "Λάβαμε την πληρωμή του λογαριασμού φυσικού αερίου. Σας ευχαριστούμε.",
      title_en: "Your payment was received",
      content_en: "We received the payment of your natural gas bill. Thank you.",
      type: "confirm",
      category: "billing",
      read_status: 1,
      c_stamp: stamp(addDays(b.today, -20), "12:40:00.000"),
    },
    {
      meter_id: null,
      title: "Ενεργοποιήθηκε ο ηλεκτρονικός λογαριασμός",
      content: "Από εδώ και πέρα θα λαμβάνετε τους λογαριασμούς σας μόνο με email.",
      title_en: "E-bill turned on",
      content_en: "From now on you will receive your bills by email only.",
      type: "confirm",
      category: "account",
      read_status: 1,
      c_stamp: stamp(addMonths(b.today, -3), "18:05:00.000"),
    },
    {
      meter_id: d.stoppedMeterId,
      title: "Υπενθύμιση ανεξόφλητου υπολοίπου",
      content:
        "Η παροχή στην οδό Λεωφόρος Συγγρού έχει ανεξόφλητο υπόλοιπο. Εξοφλήστε το online ή καλέστε στο 18101.",
      title_en: "Reminder: unpaid balance",
      content_en:
        "The supply on Leoforos Syngrou has an unpaid balance. Pay it online or call 18101.",
      type: "alert",
      category: "billing",
      read_status: 1,
      c_stamp: stamp(addMonths(b.today, -4), "10:00:00.000"),
    },
    {
      meter_id: main.id,
      title: "Η ένδειξή σας καταχωρίστηκε",
      content:
        "Η ένδειξη που καταχωρίσατε έγινε δεκτή και θα ληφθεί υπόψη στον επόμενο λογαριασμό.",
      title_en: "Your meter reading was received",
      content_en: "The reading you sent was accepted and will be used for your next bill.",
      type: "info",
      category: "readings",
      read_status: 1,
      c_stamp: stamp(addMonths(b.today, -5), "20:30:00.000"),
    },
  ];
  for (const m of messages) b.message({ user_id: u.id, ...m });
}
