/**
 * A minimal stand-in for the demo data (seed/generate.ts), used by the harness only when the seed
 * generator is not available. Same ids, VATs, phones and supply numbers as seed/accounts.ts, so the
 * tests read the same facts either way.
 */
import { createHash } from "node:crypto";
import { hashPassword } from "../../api/lib/password.ts";
import { DEMO, DEMO_ACTIVATION_TOKEN, DEMO_PASSWORD } from "../../seed/accounts.ts";

const q = (v: string | number | null) =>
  v === null ? "NULL" : typeof v === "number" ? String(v) : `'${v.replaceAll("'", "''")}'`;
const row = (table: string, values: Record<string, string | number | null>) =>
  `INSERT INTO ${table} (${Object.keys(values).join(", ")}) VALUES (${Object.values(values).map(q).join(", ")});`;

const isoDate = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

export async function fixtureSql(): Promise<string> {
  const hash = await hashPassword(DEMO_PASSWORD);
  const out: string[] = [];
  let sap = 1000000000;
  const customer = (
    id: number,
    afm: string,
    name: string,
    phone: string,
    legal = 0,
    employee: string | null = null,
  ) =>
    out.push(
      row("customers", {
        id,
        afm,
        name,
        is_legal_person: legal,
        employee_name: employee,
        phone,
        email: null,
        sap_id: String(sap++),
      }),
    );
  const user = (
    id: number,
    customerId: number,
    afm: string,
    name: string,
    email: string,
    phone: string,
    extra: Record<string, string | number | null> = {},
  ) =>
    out.push(
      row("users", {
        id,
        customer_id: customerId,
        username: afm,
        name,
        welcome_name: name.split(" ")[0] ?? name,
        registration_email: email,
        registration_phone: phone,
        needs_activation: 0,
        password_hash: hash,
        test_role: "master",
        ...extra,
      }),
    );
  const meter = (
    id: number,
    customerId: number,
    status: string,
    extra: Record<string, string | number | null> = {},
  ) =>
    out.push(
      row("meters", {
        id,
        customer_id: customerId,
        status,
        is_main: 0,
        meter_type: "home",
        sap_id: String(sap++),
        division: 1,
        phys_street: "Πατησίων",
        phys_street_no: "10",
        phys_postal_code: "10434",
        phys_region: "Αθήνα",
        bill_street: "Πατησίων",
        bill_street_no: "10",
        bill_postal_code: "10434",
        bill_region: "Αθήνα",
        per_code: String(100000000 + id),
        id_code: "01",
        next_code: "1",
        package_print_descr: "Οικιακό",
        package_name: "HOME",
        ...extra,
      }),
    );

  const h = DEMO.household;
  customer(h.customerId, h.vat, h.name, h.phone);
  user(h.userId, h.customerId, h.vat, h.name, h.email, h.phone);
  meter(h.mainMeterId, h.customerId, "Active", {
    is_main: 1,
    per_code: h.mainPerCode,
    running_total_cents: 12345,
  });
  meter(h.gasMeterId, h.customerId, "Active", {
    division: 2,
    per_code: null,
    id_code: null,
    next_code: null,
    pod: "12345678901234",
  });
  meter(h.stoppedMeterId, h.customerId, "Stopped", { running_total_cents: 5000 });
  for (let i = 0; i < 6; i++) {
    out.push(
      row("invoices", {
        meter_id: h.mainMeterId,
        type: i % 3 === 0 ? "Clearance" : "Advance",
        invoice_no: `INV-${i}`,
        issue_date: isoDate(-30 * (6 - i)),
        date_due: isoDate(-30 * (6 - i) + 20),
        ypoloipo_cents: 1001,
        total_value_cents: 2002 + i,
        business_partner: "BP1",
        contract_account: "CA1",
      }),
    );
  }
  out.push(
    row("invoices", {
      meter_id: h.gasMeterId,
      type: "Advance",
      invoice_no: "GAS-1",
      issue_date: isoDate(-10),
      business_partner: "BP1",
      contract_account: "CA2",
    }),
  );
  for (let i = 0; i < 6; i++) {
    out.push(
      row("messages", {
        user_id: h.userId,
        meter_id: null,
        title: `Μήνυμα ${i}`,
        content: "Κείμενο",
        type: "info",
        category: "account",
        read_status: i < 4 ? 1 : 0,
        c_stamp: `${isoDate(-10 + i)}T10:00:00.000Z`,
      }),
    );
  }
  const banner = (extra: Record<string, string | number | null>) =>
    out.push(
      row("banners", {
        title_el: "Ανακοίνωση",
        title_en: "Notice",
        body_el: "Κείμενο",
        body_en: "Text",
        kind: "info",
        ...extra,
      }),
    );
  banner({ division: 1, meter_id: null });
  banner({ meter_id: h.mainMeterId, title_el: "Για τον μετρητή", title_en: "For the meter" });
  banner({ division: 2, meter_id: null, title_el: "Αέριο", title_en: "Gas" });
  banner({
    division: null,
    meter_id: null,
    active_to: isoDate(-1),
    title_el: "Ληγμένο",
    title_en: "Expired",
  });

  const co = DEMO.company;
  customer(co.customerId, co.vat, co.name, co.phone, 1, co.employeeName);
  user(co.userId, co.customerId, co.vat, co.name, co.email, co.phone, {
    welcome_name: co.employeeName,
    nrg_skin: 2,
  });
  for (let i = 0; i < 3; i++)
    meter(co.firstMeterId + i, co.customerId, "Active", {
      meter_type: "professional",
      is_main: i === 0 ? 1 : 0,
    });

  const ap = DEMO.applicant;
  customer(ap.customerId, ap.vat, ap.name, ap.phone);
  user(ap.userId, ap.customerId, ap.vat, ap.name, ap.email, ap.phone);
  ap.meterStatuses.forEach((status, i) => meter(ap.firstMeterId + i, ap.customerId, status));

  const un = DEMO.unactivated;
  customer(un.customerId, un.vat, un.name, un.phone);
  user(un.userId, un.customerId, un.vat, un.name, un.email, un.phone, { needs_activation: 1 });
  meter(un.meterId, un.customerId, "Active");
  const tokenHash = createHash("sha256").update(DEMO_ACTIVATION_TOKEN).digest("base64url");
  out.push(
    row("action_tokens", {
      id: tokenHash,
      user_id: un.userId,
      purpose: "activate",
      created_at: new Date().toISOString(),
      expires_at: `${isoDate(30)}T00:00:00.000Z`,
    }),
  );
  out.push(
    row("outbox", {
      channel: "email",
      recipient: un.email,
      subject: "Ενεργοποίηση",
      body: "…",
      link: un.activationPath,
      user_id: un.userId,
    }),
  );

  const fo = DEMO.former;
  customer(fo.customerId, fo.vat, fo.name, fo.phone);
  user(fo.userId, fo.customerId, fo.vat, fo.name, fo.email, fo.phone);
  meter(fo.firstMeterId, fo.customerId, "Inactive");
  meter(fo.firstMeterId + 1, fo.customerId, "Terminated");

  const fl = DEMO.firstLogin;
  customer(fl.customerId, fl.vat, fl.name, fl.phone);
  user(fl.userId, fl.customerId, fl.vat, fl.name, fl.email, fl.phone, {
    first_login_settings_open: 1,
    popup_title: "Καλώς ήρθατε",
    popup_body: "Ρυθμίστε τον λογαριασμό σας",
    popup_button_title: "Ρυθμίσεις",
    popup_url: "/b2b/episkopisi?modal=settings",
  });
  meter(fl.meterId, fl.customerId, "Active", { is_main: 1 });

  const sp = DEMO.signupPerson;
  customer(sp.customerId, sp.vat, sp.name, sp.phone);
  meter(sp.meterId, sp.customerId, "Active", { per_code: sp.perCode });

  const sc = DEMO.signupCompany;
  customer(sc.customerId, sc.vat, sc.name, sc.phone, 1, null);
  meter(sc.meterId, sc.customerId, "Active", { per_code: sc.perCode, meter_type: "professional" });

  return out.join("\n") + "\n";
}
