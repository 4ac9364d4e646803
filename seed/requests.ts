import { DEMO } from "./accounts.ts";
import type { SeedExtra } from "./extras.ts";

/**
 * Demo requests (name change and cancellation, /b2b/aitimata): the household has a completed name
 * change and a rejected cancellation (history only: neither blocks a new request), the company a
 * name change in review on its first supply (a second one for that supply is refused). No
 * attachments: the detail page says so. References are made from the row ids, as the API makes
 * them.
 */
export const requestsSeed: SeedExtra = ({ today }) => {
  const daysAgo = (n: number, time: string) => {
    const date = new Date(`${today}T00:00:00.000Z`);
    date.setUTCDate(date.getUTCDate() - n);
    return `${date.toISOString().slice(0, 10)}T${time}Z`;
  };
  const h = DEMO.household;
  const c = DEMO.company;
  const rows = [
    {
      user: h.userId,
      meter: h.mainMeterId,
      kind: "name_change",
      status: "completed",
      at: daysAgo(60, "10:12:00.000"),
      payload: {
        vat: h.vat,
        tax_office: "Α' Αθηνών",
        bill_street: "Πατησίων",
        bill_street_no: "120",
        bill_postal_code: "11257",
        bill_city: "Αθήνα",
        contact_person: h.name,
        contact_phone: h.phone,
        reason: "Διόρθωση του ονόματος στον λογαριασμό.",
        lang: "el",
      },
    },
    {
      user: h.userId,
      meter: h.gasMeterId,
      kind: "cancellation",
      status: "rejected",
      at: daysAgo(30, "16:40:00.000"),
      payload: { reason: "moving", comments: "Μετακόμιση στη Θεσσαλονίκη.", lang: "el" },
    },
    {
      user: c.userId,
      meter: c.firstMeterId,
      kind: "name_change",
      status: "in_review",
      at: daysAgo(3, "09:05:00.000"),
      payload: {
        vat: "094019245",
        tax_office: "ΦΑΕ Αθηνών",
        bill_street: "Λεωφ. Κηφισίας",
        bill_street_no: "44",
        bill_postal_code: "15125",
        bill_city: "Μαρούσι",
        contact_person: c.employeeName,
        contact_phone: c.phone,
        reason: "Συγχώνευση εταιρειών: νέος δικαιούχος η απορροφώσα εταιρεία.",
        lang: "el",
      },
    },
  ];
  const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;
  return [
    `INSERT INTO requests (reference, user_id, meter_id, kind, status, payload, created_at) VALUES`,
    rows
      .map(
        (r, i) =>
          `(${quote(`seed-rq-${i}`)}, ${r.user}, ${r.meter}, ${quote(r.kind)}, ${quote(r.status)}, ${quote(JSON.stringify(r.payload))}, ${quote(r.at)})`,
      )
      .join(",\n") + ";",
    `UPDATE requests SET reference = 'REQ-' || substr(created_at, 1, 4) || '-' || printf('%06d', id) WHERE reference LIKE 'seed-rq-%';`,
  ].join("\n");
};
