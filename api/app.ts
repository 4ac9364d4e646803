import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ApiErrorBody, ApiErrorCode } from "../core/contract";
import { activityRoutes } from "./activity/routes";
import { alertRoutes } from "./alerts/routes";
import { paymentPlanRoutes } from "./payment-plans/routes";
import { hardshipRoutes } from "./hardship/routes";
import { allSmartRoutes } from "./all-smart/routes";
import { backofficeRoutes } from "./backoffice/routes";
import { myMarketRoutes } from "./all-smart/mymarket";
import { authRoutes, redirectLoginRoutes, signupRoutes } from "./auth/routes";
import { calendarRoutes } from "./calendar/routes";
import { changeAddressRoutes } from "./change-address/routes";
import { applicationRoutes } from "./applications/routes";
import { contactRoutes } from "./contact/routes";
import { devRoutes } from "./dev/routes";
import { directDebitRoutes } from "./direct-debit/routes";
import { gatewayRoutes } from "./gateway/routes";
import { paymentRoutes } from "./payments/routes";
import { productRoutes } from "./products/routes";
import { tariffRoutes } from "./tariffs/routes";
import { invitationRoutes, peopleRoutes } from "./people/routes";
import { invoiceRoutes } from "./invoices/routes";
import { eInvoiceRoutes } from "./e-invoices/routes";
import { noticeRoutes } from "./notices/routes";
import { shortLinkRoutes } from "./notify/routes";
import { openApiRoutes, pingDoc } from "./openapi/routes";
import { questionnaireRoutes } from "./questionnaire/routes";
import { isRetryableD1Error } from "./db/resilient";
import { ApiError } from "./lib/errors";
import { forgetVerdictsOnWrite } from "./middleware/auth";
import { limitBody } from "./middleware/body-limit";
import { csrf } from "./middleware/csrf";
import { database, language } from "./middleware/context";
import { messaging } from "./messages/delivery";
import { readingRoutes } from "./readings/routes";
import { requestRoutes } from "./requests/routes";
import type { ApiEnv } from "./types";
import { settingsRoutes } from "./settings/routes";
import { tokenRoutes } from "./tokens/routes";
import { userRoutes } from "./users/routes";
import { logError } from "../workers/log";

export type { ApiEnv } from "./types";

const codeForStatus = (status: number): ApiErrorCode =>
  status === 400
    ? "validation"
    : status === 401
      ? "unauthorized"
      : status === 403
        ? "forbidden"
        : status === 404
          ? "not_found"
          : "error";

/** The portal API (spec §7, docs/api.md), mounted by workers/app.ts under /api. */
export const apiApp = new Hono<ApiEnv>()
  .basePath("/api")
  .use(language)
  .use(csrf)
  .use(async (c, next) => {
    await next();
    // Answers carry tokens and balances: never cache them unless a handler opted in.
    if (!c.res.headers.has("cache-control")) c.header("cache-control", "no-store");
  })
  // After the CSRF check (a refused call is not read at all), before anything reads the body.
  .use(limitBody)
  .use(database)
  .use(messaging)
  .use(forgetVerdictsOnWrite)
  .get("/ping", pingDoc, (c) => c.json({ ok: true }))
  .route("/v2/auth", authRoutes)
  .route("/v2/auth/redirect-login", redirectLoginRoutes)
  .route("/signup", signupRoutes)
  .route("/contact", contactRoutes)
  .route("/products", productRoutes)
  .route("/applications", applicationRoutes)
  .route("/dev", devRoutes)
  .route("/payments", paymentRoutes)
  .route("/gateway", gatewayRoutes)
  .route("/all-smart", allSmartRoutes)
  .route("/change-address", changeAddressRoutes)
  .route("/mymarket", myMarketRoutes)
  .route("/e-invoices", eInvoiceRoutes)
  .route("/", directDebitRoutes)
  .route("/", userRoutes)
  .route("/", invoiceRoutes)
  .route("/", readingRoutes)
  .route("/", requestRoutes)
  .route("/", tariffRoutes)
  .route("/", settingsRoutes)
  .route("/", peopleRoutes)
  .route("/v2/invitations", invitationRoutes)
  .route("/notices", noticeRoutes)
  .route("/short-links", shortLinkRoutes)
  .route("/", questionnaireRoutes)
  .route("/", calendarRoutes)
  .route("/", activityRoutes)
  .route("/", tokenRoutes)
  .route("/", alertRoutes)
  .route("/", paymentPlanRoutes)
  .route("/", hardshipRoutes)
  .route("/backoffice", backofficeRoutes);

// The API's description and reference page, generated from the routes above (ADR 0019).
apiApp.route("/", openApiRoutes(apiApp));

apiApp.notFound((c) => c.json({ error: { code: "not_found" } } satisfies ApiErrorBody, 404));

apiApp.onError((error, c) => {
  if (error instanceof ApiError) return c.json(error.toBody(), error.status);
  if (error instanceof HTTPException) {
    // Hono's own 4xx (e.g. malformed JSON): keep the status, use the API's body, drop the details.
    const status = error.status >= 400 && error.status < 500 ? error.status : 500;
    return c.json({ error: { code: codeForStatus(status) } } satisfies ApiErrorBody, status);
  }
  // One structured line (workers/log.ts): the route pattern, never the path (it may hold a
  // signed link hash), and a redacted message.
  logError(error, { id: c.req.header("cf-ray") ?? "-", route: c.req.routePath, where: "api" });
  if (isRetryableD1Error(error)) {
    // D1 stayed unavailable through the retries: say so; the caller may try again later.
    c.header("retry-after", "5");
    return c.json({ error: { code: "unavailable" } } satisfies ApiErrorBody, 503);
  }
  return c.json({ error: { code: "error" } } satisfies ApiErrorBody, 500);
});
