import { Hono } from "hono";
import { meterInvoicesQuerySchema, userMeterParams, type ApiInvoice } from "../../core/contract";
import { notFound } from "../lib/errors";
import { validate } from "../lib/validate";
import { requireBearer } from "../middleware/auth";
import {
  assertOwnUser,
  findUserWithCustomer,
  meterInvoices,
  overviewInvoices,
  ownMeterSummary,
} from "../services/customers";
import { toApiInvoice } from "../services/serialize";
import type { ApiEnv } from "../types";

/**
 * Mounted at /api. The billing history of ONE supply, for the overview (spec §7 leaves "the invoice
 * calls for a meter" to us). `/users/{id}/meters?billing_history=true` sends the history of every
 * supply, which for a 200-supply business is thousands of rows the overview never shows; with
 * `?view=overview` only the rows the overview uses (the statistics page reads them all).
 */
export const overviewRoutes = new Hono<ApiEnv>().get(
  "/users/:userId/meters/:meterId/invoices",
  requireBearer,
  validate("param", userMeterParams),
  validate("query", meterInvoicesQuerySchema),
  async (c) => {
    const { userId } = c.get("auth");
    const path = c.req.valid("param");
    const { view } = c.req.valid("query");
    assertOwnUser(userId, path.userId);
    const db = c.get("db");
    const found = await findUserWithCustomer(db, userId);
    if (!found) throw notFound();
    // From the supply summaries the page already read (no round trip of its own).
    const meter = await ownMeterSummary(db, found.customer.id, Number(path.meterId));
    if (!meter) throw notFound();
    const rows =
      view === "overview"
        ? await overviewInvoices(db, meter.id)
        : await meterInvoices(db, [meter.id]);
    const data: ApiInvoice[] = rows.map(toApiInvoice);
    return c.json({ data });
  },
);
