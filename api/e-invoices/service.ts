import { eq } from "drizzle-orm";
import { isMark, vatSplit } from "../../core/e-invoice";
import type { ApiEInvoice } from "../../core/contract";
import { SUPPLIER } from "../../core/supplier";
import type { Db } from "../db";
import { invoices } from "../db/schema";
import { euros } from "../domain/money";

/**
 * The public view of the document with this MARK, or null (unknown or not a MARK). Reads only the
 * invoice's own columns: the customer, the supply and the balance carried forward are never
 * selected, so they cannot leak into the answer.
 */
export async function eInvoiceOf(db: Db, mark: string): Promise<ApiEInvoice | null> {
  if (!isMark(mark)) return null;
  const rows = await db
    .select({
      mark: invoices.mark,
      invoice_no: invoices.invoice_no,
      issue_date: invoices.issue_date,
      total_value_cents: invoices.total_value_cents,
    })
    .from(invoices)
    .where(eq(invoices.mark, mark))
    .limit(1);
  const row = rows[0];
  if (!row?.mark) return null;
  const { net_cents, vat_cents } = vatSplit(row.total_value_cents);
  return {
    mark: row.mark,
    issuer_vat: SUPPLIER.vat,
    issuer_name: SUPPLIER.name,
    invoice_no: row.invoice_no,
    issue_date: row.issue_date,
    net: euros(net_cents),
    vat: euros(vat_cents),
    total: euros(row.total_value_cents),
  };
}
