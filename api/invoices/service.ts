import { billSocialTariff } from "../hardship/service";
import { redactPersonal } from "../../core/access-tokens";
import { and, asc, desc, eq, ne } from "drizzle-orm";
import type { z } from "zod";
import type { ApiInvoice, exportQuerySchema } from "../../core/contract";
import { EXCLUDED_ORIGIN } from "../../core/readings";
import { eInvoicePath } from "../../core/e-invoice";
import { billPdfFilename } from "../../core/bill-lines";
import type { Db } from "../db";
import { customers, invoices, meters, readings, users } from "../db/schema";
import { ApiError, notFound } from "../lib/errors";
import { pdfFonts } from "../pdf/fonts";
import { renderInvoicePdf } from "../pdf/invoice-pdf";
import { toApiReading } from "../readings/service";
import {
  REMOVED_METER_STATUS,
  findUserWithCustomer,
  personMeter,
  personOf,
  userSeesMeter,
} from "../services/customers";
import { toApiInvoice } from "../services/serialize";
import type { Lang } from "../types";
import { buildExport, exportFileName, toCsv, type ExportSupply } from "./export";
import { billAddress, pdfBillingKey, pdfCacheKey, physAddress, supplyNumberOf } from "./rules";

/**
 * One invoice with its supply and customer, only if it belongs to the token's user (ownership in
 * the query itself: another customer's id finds nothing and answers 404, like a missing id).
 */
export async function ownedInvoice(db: Db, userId: number, invoiceId: number) {
  const rows = await db
    .select({ invoice: invoices, meter: meters, customer: customers })
    .from(invoices)
    .innerJoin(meters, eq(meters.id, invoices.meter_id))
    .innerJoin(customers, eq(customers.id, meters.customer_id))
    .innerJoin(users, eq(users.customer_id, customers.id))
    .where(
      and(
        eq(invoices.id, invoiceId),
        eq(users.id, userId),
        ne(meters.status, REMOVED_METER_STATUS),
        userSeesMeter,
      ),
    )
    .limit(1);
  const found = rows[0];
  if (!found) throw notFound();
  return found;
}

/** One invoice of the caller; else 404. */
export async function ownInvoice(db: Db, userId: number, invoiceId: number): Promise<ApiInvoice> {
  return toApiInvoice((await ownedInvoice(db, userId, invoiceId)).invoice);
}

/**
 * The bill as PDF in `lang`: from R2 when it was made before ("hit"), else made now and stored
 * (the write handed to `later` when the runtime can finish it after the answer). A payment row
 * has no document: 400 file_not_available.
 */
export async function invoicePdf(
  db: Db,
  files: R2Bucket,
  who: { userId: number; lang: Lang; linkTo: (path: string) => string },
  invoiceId: number,
  later: (write: Promise<unknown>) => Promise<void>,
): Promise<{
  body: ReadableStream | Uint8Array<ArrayBuffer>;
  size: number;
  cache: "hit" | "miss";
  /** NRG-<supply number>-<YYYY-MM>.pdf (core/bill-lines.ts, #35 §2). */
  filename: string;
}> {
  const found = await ownedInvoice(db, who.userId, invoiceId);
  if (found.invoice.type === "payment") throw new ApiError(400, "file_not_available");
  const invoice = toApiInvoice(found.invoice);
  const filename = billPdfFilename(supplyNumberOf(found.meter), invoice.issue_date);
  // The billing system's own document, when it sent one (#36 §1).
  const sent = await files.get(pdfBillingKey(invoice.id));
  if (sent && sent.size > 0) return { body: sent.body, size: sent.size, cache: "hit", filename };
  const key = pdfCacheKey(invoice.id, who.lang, invoice.rf_code);
  const cached = await files.get(key);
  if (cached && cached.size > 0) {
    return { body: cached.body, size: cached.size, cache: "hit", filename };
  }
  // The ΚΟΤ discount within the energy charge (#38 §2), its "of which" line.
  const socialTariff = await billSocialTariff(db, found.invoice, found.meter.division);
  const bytes = await renderInvoicePdf(
    {
      invoice,
      socialTariff,
      customer: {
        name: found.customer.name,
        afm: found.customer.afm,
        employee_name: found.customer.employee_name,
      },
      meter: {
        supply_number: supplyNumberOf(found.meter),
        division: found.meter.division,
        phys_address: physAddress(found.meter),
        bill_address: billAddress(found.meter),
        package_print_descr: found.meter.package_print_descr,
      },
      verifyUrl: found.invoice.mark ? who.linkTo(eInvoicePath(found.invoice.mark)) : null,
    },
    who.lang,
    pdfFonts(),
  );
  await later(files.put(key, bytes, { httpMetadata: { contentType: "application/pdf" } }));
  return { body: new Uint8Array(bytes), size: bytes.byteLength, cache: "miss", filename };
}

/**
 * "Download my data" of one supply or of every supply of the caller: the data, the file's name
 * and, for CSV, its text. Queries join on the customer (no id lists), so 200 supplies cost the
 * same three queries as one.
 */
export async function exportOf(
  db: Db,
  userId: number,
  query: z.infer<typeof exportQuerySchema>,
  /** A token without the personal scope (#35): the holder's and the supplies' details blank. */
  hidePersonal = false,
) {
  const found = await findUserWithCustomer(db, userId);
  const customer = found?.customer;
  if (!customer) throw notFound();
  const person = await personOf(db, userId);
  const meterFilter = query.meter_id ? eq(meters.id, Number(query.meter_id)) : undefined;
  const visible = and(personMeter(person), meterFilter);
  const meterRows = await db
    .select()
    .from(meters)
    .where(visible)
    .orderBy(desc(meters.is_main), asc(meters.id));
  if (query.meter_id && meterRows.length === 0) throw notFound();
  const [invoiceRows, readingRows] = await Promise.all([
    db
      .select({ invoice: invoices })
      .from(invoices)
      .innerJoin(meters, eq(meters.id, invoices.meter_id))
      .where(visible)
      .orderBy(asc(invoices.meter_id), desc(invoices.issue_date), desc(invoices.id)),
    db
      .select({ reading: readings })
      .from(readings)
      .innerJoin(meters, eq(meters.id, readings.meter_id))
      .where(and(visible, ne(readings.origin, EXCLUDED_ORIGIN)))
      .orderBy(asc(readings.meter_id), desc(readings.date_ins), asc(readings.cp_code)),
  ]);
  const supplies: ExportSupply[] = meterRows.map((m) => ({
    id: m.id,
    supply_number: supplyNumberOf(m),
    division: m.division,
    status: m.status,
    address: physAddress(m),
  }));
  const now = new Date();
  const built = buildExport({
    now,
    customer: { afm: customer.afm, name: customer.name },
    supplies,
    invoices: invoiceRows.map((r) => toApiInvoice(r.invoice)),
    readings: readingRows.map((r) => toApiReading(r.reading)),
  });
  const data = hidePersonal ? redactPersonal(built) : built;
  const scope = query.meter_id ? (supplies[0]?.supply_number ?? "supply") : "all";
  const filename = exportFileName(scope, now, query.format);
  return { data, filename, csv: query.format === "csv" ? toCsv(data) : null };
}
