import { Hono } from "hono";
import {
  apiForecastSchema,
  apiInvoiceSchema,
  meterInvoicesQuerySchema,
  userMeterParams,
  type ApiInvoice,
} from "../../core/contract";
import { validate } from "../lib/validate";
import { requireBearer } from "../middleware/auth";
import { permit } from "../middleware/permit";
import { assertOwnUser } from "../services/customers";
import type { ApiEnv } from "../types";
import { meterForecastOf, meterHistory } from "./service";
import { data, documented } from "../lib/openapi";
import { z } from "zod";

const doc = documented("Bills");

/**
 * Mounted at /api. The billing history of ONE supply, for the overview (spec §7 leaves "the invoice
 * calls for a meter" to us). `/users/{id}/meters?billing_history=true` sends the history of every
 * supply, which for a 200-supply business is thousands of rows the overview never shows; with
 * `?view=overview` only the rows the overview uses (the statistics page reads them all).
 */
export const overviewRoutes = new Hono<ApiEnv>()
  .get(
    "/users/:userId/meters/:meterId/invoices",
    doc({
      summary: "The billing history of one supply",
      description: "`view=overview`: only the rows the overview shows.",
      ok: data(z.array(apiInvoiceSchema)),
      errors: { 404: ["not_found"] },
    }),
    requireBearer,
    permit("read"),
    validate("param", userMeterParams),
    validate("query", meterInvoicesQuerySchema),
    async (c) => {
      const { userId } = c.get("auth");
      const path = c.req.valid("param");
      const { view } = c.req.valid("query");
      assertOwnUser(userId, path.userId);
      const data: ApiInvoice[] = await meterHistory(
        c.get("db"),
        userId,
        Number(path.meterId),
        view,
      );
      return c.json({ data });
    },
  )
  .get(
    "/users/:userId/meters/:meterId/forecast",
    doc({
      summary: "The next bill's forecast of one supply",
      description:
        "An estimate from the supply's own bills, priced on its current tariff, with every line and the years it comes from (#37 §1); null for a supply that is not Active. Never a bill: nothing is due.",
      ok: data(apiForecastSchema.nullable()),
      errors: { 404: ["not_found"] },
    }),
    requireBearer,
    permit("read"),
    validate("param", userMeterParams),
    async (c) => {
      const { userId } = c.get("auth");
      const path = c.req.valid("param");
      assertOwnUser(userId, path.userId);
      const data = await meterForecastOf(c.get("db"), userId, Number(path.meterId));
      return c.json({ data });
    },
  );
