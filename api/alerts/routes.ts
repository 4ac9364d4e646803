import { Hono } from "hono";
import { alertPayloadSchema, apiAlertSchema, userMeterParams } from "../../core/contract";
import { data, documented } from "../lib/openapi";
import { validate } from "../lib/validate";
import { requireBearer } from "../middleware/auth";
import { permit } from "../middleware/permit";
import { assertOwnUser } from "../services/customers";
import type { ApiEnv } from "../types";
import { getAlert, putAlert } from "./service";

const doc = documented("Alerts");

/**
 * Mounted at /api. The caller's own alert of one of their supplies (#37 §2): "warn me when the
 * forecast or a new bill exceeds X €, or the same period last year by X %", by email and/or SMS
 * to the caller's own address and mobile. Every person sets their own (a business `user` on the
 * supplies given to them): `own_profile`, which every role has. Session only (token-scopes.ts):
 * the answer names the person's own address and mobile. No DELETE: turning it off keeps what it
 * holds, so turning it on again is one switch; a removed person's alerts go with the removal.
 */
export const alertRoutes = new Hono<ApiEnv>()
  .get(
    "/users/:userId/meters/:meterId/alert",
    doc({
      summary: "The caller's alert of one supply, where it goes, and its last trips",
      description:
        "`alert` is null when none is set. `contact`: the caller's own email and mobile the notices go to. `trips`: the bill periods it tripped for, newest first.",
      ok: data(apiAlertSchema),
      errors: { 404: ["not_found"] },
    }),
    requireBearer,
    permit("read"),
    validate("param", userMeterParams),
    async (c) => {
      const { userId } = c.get("auth");
      const path = c.req.valid("param");
      assertOwnUser(userId, path.userId);
      return c.json({ data: await getAlert(c.get("db"), userId, Number(path.meterId)) });
    },
  )
  .put(
    "/users/:userId/meters/:meterId/alert",
    doc({
      summary: "Set the caller's alert of one supply (idempotent)",
      description:
        "The amount 1–100 000 € (at most two decimals; a number, or text with a comma or a dot), the percentage a whole 1–500; turned on, at least one of them and at least one channel; SMS needs the caller's mobile. A refusal names the field and a message key. One notice per bill period, whichever trips it first: the hourly forecast check or a new bill.",
      ok: data(apiAlertSchema),
      errors: { 400: ["validation"], 404: ["not_found"] },
    }),
    requireBearer,
    permit("own_profile"),
    validate("param", userMeterParams),
    validate("json", alertPayloadSchema),
    async (c) => {
      const { userId } = c.get("auth");
      const path = c.req.valid("param");
      assertOwnUser(userId, path.userId);
      const body = c.req.valid("json");
      return c.json({ data: await putAlert(c.get("db"), userId, Number(path.meterId), body) });
    },
  );
