import { hidesPersonal } from "../tokens/use";
import { Hono } from "hono";
import {
  apiInvoiceSchema,
  exportQuerySchema,
  invoiceParams,
  userParams,
  type ApiInvoice,
} from "../../core/contract";
import { validate } from "../lib/validate";
import { publicLink } from "../../core/public-origin";
import { requireBearer } from "../middleware/auth";
import { permit } from "../middleware/permit";
import { assertOwnUser } from "../services/customers";
import type { ApiEnv } from "../types";
import { exportOf, invoicePdf, ownInvoice } from "./service";
import { data, documented, file } from "../lib/openapi";

const doc = documented("Bills");

/** A path id: digits only; anything else is a missing row (404), not a validation error. */
const asMissing = { invalid: "not_found" } as const;

const pdfHeaders = (size: number, cache: "hit" | "miss", filename: string) => ({
  "content-type": "application/pdf",
  "content-disposition": `attachment; filename="${filename}"`,
  "content-length": String(size),
  "cache-control": "private, no-store",
  "x-content-type-options": "nosniff",
  "x-pdf-cache": cache,
});

/** Mounted at /api. Bills: one invoice, its PDF, and the customer's data export. */
export const invoiceRoutes = new Hono<ApiEnv>()
  /** One invoice of the caller (the bills page's "explain this bill"). */
  .get(
    "/invoices/:id",
    doc({ summary: "One invoice of the caller", ok: data(apiInvoiceSchema) }),
    requireBearer,
    permit("read"),
    validate("param", invoiceParams, asMissing),
    async (c) => {
      const data: ApiInvoice = await ownInvoice(
        c.get("db"),
        c.get("auth").userId,
        c.req.valid("param").id,
      );
      return c.json({ data });
    },
  )

  /**
   * The bill as NRG-<supply number>-<YYYY-MM>.pdf (spec §7, #35 §2), in the Language header's language, generated once and then
   * served from R2. A payment row is a ledger entry with no document: 400 file_not_available
   * (the portal shows "The file is not available for download").
   */
  .get(
    "/getInvoicePdf/:id",
    doc({
      summary: "An invoice as a PDF, in the Language header's language",
      ok: file(["application/pdf"], "The bill, as NRG-<supply number>-<YYYY-MM>.pdf"),
      errors: { 400: ["file_not_available"] },
    }),
    requireBearer,
    permit("read"),
    validate("param", invoiceParams, asMissing),
    async (c) => {
      const who = {
        userId: c.get("auth").userId,
        lang: c.get("lang"),
        // The QR code's link, on the configured public origin (never the request's Host).
        linkTo: (path: string) => publicLink(c.env, c.req.url, path),
      };
      // The answer does not wait for the cache write when the runtime can finish it afterwards.
      const later = async (write: Promise<unknown>) => {
        try {
          c.executionCtx.waitUntil(write);
        } catch {
          await write;
        }
      };
      const pdf = await invoicePdf(c.get("db"), c.env.FILES, who, c.req.valid("param").id, later);
      return new Response(pdf.body, {
        headers: pdfHeaders(pdf.size, pdf.cache, pdf.filename),
      });
    },
  )

  /**
   * "Download my data": invoices, payments and readings of one supply (`meter_id`) or of all the
   * customer's supplies, as JSON or CSV.
   */
  .get(
    "/users/:userId/export",
    doc({
      summary: "Download my data: invoices, payments and readings, as JSON or CSV",
      description: "Of one supply (`meter_id`) or of every supply of the caller; an attachment.",
      ok: file(["application/json", "text/csv"], "The export, as an attachment"),
    }),
    requireBearer,
    permit("read"),
    validate("query", exportQuerySchema),
    validate("param", userParams, asMissing),
    async (c) => {
      const { userId } = c.get("auth");
      assertOwnUser(userId, c.req.valid("param").userId);
      const query = c.req.valid("query");
      const { data, filename, csv } = await exportOf(c.get("db"), userId, query, hidesPersonal(c));
      const disposition = `attachment; filename="${filename}"`;
      if (csv !== null) {
        return c.body(csv, 200, {
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
