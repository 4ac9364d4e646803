import { Hono } from "hono";
import type { ApiEnv } from "../types";
import { backofficeChangeRoutes } from "./changes";
import { backofficeCustomerRoutes } from "./customers";
import { backofficeHardshipRoutes } from "./hardship";
import { backofficeInvoiceRoutes } from "./invoices";
import { backofficeMessageRoutes } from "./messages";
import { backofficePaymentRoutes } from "./payments";
import { backofficeTariffRoutes } from "./tariffs";
import { backofficeReadingRoutes } from "./readings";
import { backofficePlanRoutes } from "../payment-plans/backoffice";

/**
 * The back-office API (#36 §1, docs/backoffice.md, ADR 0030), mounted under /api/backoffice.
 * Every route carries its own gate, `requireService(scope)` (api/backoffice/auth.ts), so the
 * OpenAPI document and the security suite see which scope opens it; tests/unit/backoffice-gate
 * fails a route mounted here without one.
 */
export const backofficeRoutes = new Hono<ApiEnv>()
  .route("/", backofficeCustomerRoutes)
  .route("/", backofficeChangeRoutes)
  .route("/", backofficeInvoiceRoutes)
  .route("/", backofficePaymentRoutes)
  .route("/", backofficeMessageRoutes)
  .route("/", backofficeReadingRoutes)
  .route("/", backofficeTariffRoutes)
  .route("/", backofficePlanRoutes)
  .route("/", backofficeHardshipRoutes);
