import { and, asc, desc, eq, ne } from "drizzle-orm";
import { Hono } from "hono";
import { exportQuerySchema, invoiceParams, userParams, type ApiInvoice } from "../../core/contract";
import type { Db } from "../db";
import { customers, invoices, meters, readings, users } from "../db/schema";
import { ApiError, notFound } from "../lib/errors";
import { validate } from "../lib/validate";
import { requireBearer } from "../middleware/auth";
import { renderInvoicePdf, PDF_TEMPLATE_VERSION } from "../pdf/invoice-pdf";
import { pdfFonts } from "../pdf/fonts";
import { EXCLUDED_ORIGIN } from "../../core/readings";
import { toApiReading } from "../readings/routes";
import { REMOVED_METER_STATUS, assertOwnUser } from "../services/customers";
import { toApiInvoice } from "../services/serialize";
import type { ApiEnv, Lang } from "../types";
import { buildExport, exportFileName, toCsv, type ExportSupply } from "./export";

type MeterRow = typeof meters.$inferSelect;

/** A path id: digits only; anything else is a missing row (404), not a validation error. */
const asMissing = { invalid: "not_found" } as const;

/**
 * One invoice with its supply and customer, only if it belongs to the token's user (ownership in
 * the query itself: another customer's id finds nothing and answers 404, like a missing id).
 */
async function ownedInvoice(db: Db, userId: number, invoiceId: number) {
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
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

export function supplyNumberOf(
  meter: Pick<MeterRow, "division" | "per_code" | "id_code" | "next_code" | "pod">,
) {
  if (meter.division === 1) {
    return [meter.per_code, meter.id_code, meter.next_code].filter(Boolean).join("") || "-";
  }
  return meter.pod ?? "-";
}

const address = (parts: (string | null)[], place: (string | null)[]) =>
  [parts.filter(Boolean).join(" "), place.filter(Boolean).join(" ")].filter(Boolean).join(", ");

const physAddress = (m: MeterRow) =>
  address([m.phys_street, m.phys_street_no], [m.phys_postal_code, m.phys_region]);
const billAddress = (m: MeterRow) =>
  address([m.bill_street, m.bill_street_no], [m.bill_postal_code, m.bill_region]);

/** R2 key of a cached PDF: per invoice, language and template version. */
export const pdfCacheKey = (invoiceId: number, lang: Lang) =>
  `invoices/${invoiceId}/v${PDF_TEMPLATE_VERSION}-${lang}.pdf`;

const pdfHeaders = (size: number, cache: "hit" | "miss") => ({
  "content-type": "application/pdf",
  "content-disposition": 'attachment; filename="invoice.pdf"',
  "content-length": String(size),
  "cache-control": "private, no-store",
  "x-content-type-options": "nosniff",
  "x-pdf-cache": cache,
});

/** Mounted at /api. Bills: one invoice, its PDF, and the customer's data export. */
export const invoiceRoutes = new Hono<ApiEnv>()
  /** One invoice of the caller (the bills page's "explain this bill"). */
  .get("/invoices/:id", requireBearer, validate("param", invoiceParams, asMissing), async (c) => {
    const found = await ownedInvoice(c.get("db"), c.get("auth").userId, c.req.valid("param").id);
    if (!found) throw notFound();
    const data: ApiInvoice = toApiInvoice(found.invoice);
    return c.json({ data });
  })

  /**
   * The bill as invoice.pdf (spec §7), in the Language header's language, generated once and then
   * served from R2. A payment row is a ledger entry with no document: 400 file_not_available
   * (the portal shows "The file is not available for download").
   */
  .get(
    "/getInvoicePdf/:id",
    requireBearer,
    validate("param", invoiceParams, asMissing),
    async (c) => {
      const found = await ownedInvoice(c.get("db"), c.get("auth").userId, c.req.valid("param").id);
      if (!found) throw notFound();
      if (found.invoice.type === "payment") throw new ApiError(400, "file_not_available");
      const lang = c.get("lang");
      const key = pdfCacheKey(found.invoice.id, lang);
      const cached = await c.env.FILES.get(key);
      if (cached && cached.size > 0) {
        return new Response(cached.body, { headers: pdfHeaders(cached.size, "hit") });
      }
      const bytes = await renderInvoicePdf(
        {
          invoice: toApiInvoice(found.invoice),
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
        },
        lang,
        pdfFonts(),
      );
      const put = c.env.FILES.put(key, bytes, {
        httpMetadata: { contentType: "application/pdf" },
      });
      // The answer does not wait for the cache write when the runtime can finish it afterwards.
      try {
        c.executionCtx.waitUntil(put);
      } catch {
        await put;
      }
      return new Response(new Uint8Array(bytes), {
        headers: pdfHeaders(bytes.byteLength, "miss"),
      });
    },
  )

  /**
   * "Download my data": invoices, payments and readings of one supply (`meter_id`) or of all the
   * customer's supplies, as JSON or CSV. Queries join on the customer (no id lists), so 200
   * supplies cost the same three queries as one.
   */
  .get(
    "/users/:userId/export",
    requireBearer,
    validate("query", exportQuerySchema),
    validate("param", userParams, asMissing),
    async (c) => {
      const { userId } = c.get("auth");
      assertOwnUser(userId, c.req.valid("param").userId);
      const db = c.get("db");
      const query = c.req.valid("query");
      const owner = await db
        .select({ customer: customers })
        .from(users)
        .innerJoin(customers, eq(customers.id, users.customer_id))
        .where(eq(users.id, userId))
        .limit(1);
      const customer = owner[0]?.customer;
      if (!customer) throw notFound();
      const meterFilter = query.meter_id ? eq(meters.id, Number(query.meter_id)) : undefined;
      const visible = and(
        eq(meters.customer_id, customer.id),
        ne(meters.status, REMOVED_METER_STATUS),
        meterFilter,
      );
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
      const data = buildExport({
        now,
        customer: { afm: customer.afm, name: customer.name },
        supplies,
        invoices: invoiceRows.map((r) => toApiInvoice(r.invoice)),
        readings: readingRows.map((r) => toApiReading(r.reading)),
      });
      const scope = query.meter_id ? (supplies[0]?.supply_number ?? "supply") : "all";
      const filename = exportFileName(scope, now, query.format);
      const disposition = `attachment; filename="${filename}"`;
      if (query.format === "csv") {
        return c.body(toCsv(data), 200, {
          "content-type": "text/csv; charset=utf-8",
          "content-disposition": disposition,
          "x-content-type-options": "nosniff",
        });
      }
      return c.body(JSON.stringify({ data }, null, 2), 200, {
        "content-type": "application/json; charset=utf-8",
        "content-disposition": disposition,
        "x-content-type-options": "nosniff",
      });
    },
  );
