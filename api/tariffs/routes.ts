import { Hono } from "hono";
import { apiRequestSchema, apiTariffsSchema, userMeterParams } from "../../core/contract";
import { athensToday } from "../../core/dates";
import { tariffSwitchBodySchema } from "../../core/requests/schemas";
import { data, documented } from "../lib/openapi";
import { clientIp } from "../lib/request";
import { validate } from "../lib/validate";
import { requireBearer } from "../middleware/auth";
import { permit } from "../middleware/permit";
import { ownMeter } from "../requests/service";
import { assertOwnUser } from "../services/customers";
import type { ApiEnv } from "../types";
import { fileTariffSwitch, meterTariffs } from "./service";

const tariffsDoc = documented("Bills");
const requestsDoc = documented("Requests");

/**
 * Mounted at /api. The supplier's products priced on one supply's last 12 months (#37 §3), and
 * the switch to one of them, a request of the requests flow (docs/api/requests.md).
 */
export const tariffRoutes = new Hono<ApiEnv>()
  .get(
    "/users/:userId/meters/:meterId/tariffs",
    tariffsDoc({
      summary: "The supplier's products priced on one supply's own usage",
      description:
        "The products for the supply's kind, each priced on its last 12 whole months line by line, the cheapest first, with the difference from its current tariff and whether it may be switched to (#37 §3); comparison.kind none with the months when the history is too short. null for a supply that is not Active. The supplier's own comparison, not a quote.",
      ok: data(apiTariffsSchema.nullable()),
      errors: { 404: ["not_found"] },
    }),
    requireBearer,
    permit("read"),
    validate("param", userMeterParams),
    async (c) => {
      const { userId } = c.get("auth");
      const path = c.req.valid("param");
      assertOwnUser(userId, path.userId);
      const data = await meterTariffs(c.get("db"), userId, Number(path.meterId), athensToday());
      return c.json({ data });
    },
  )
  /** POST /requests/tariff-switch: 201 with the request; the rules are the service's. */
  .post(
    "/requests/tariff-switch",
    requestsDoc({
      summary: "Ask for a supply to move to another of the supplier's products",
      description:
        "The terms of the product accepted (accept_terms: true). Only the master or an admin of a business account (403 not_permitted for a user); not the current product, not one of another kind, not a dynamic (orange) product without a smart meter (400 request_not_allowed, field product); one open switch per supply. Takes effect from the next billing period once approved.",
      ok: data(apiRequestSchema, 201, "The request"),
      errors: { 400: ["request_not_allowed", "request_already_open"], 404: ["not_found"] },
    }),
    requireBearer,
    permit("manage_supply"),
    validate("json", tariffSwitchBodySchema),
    async (c) => {
      const { userId } = c.get("auth");
      const { meter_id, product } = c.req.valid("json");
      const db = c.get("db");
      const meter = await ownMeter(db, userId, meter_id);
      const saved = await fileTariffSwitch(db, { userId, meter, product, ip: clientIp(c) });
      return c.json({ data: saved }, 201);
    },
  );
