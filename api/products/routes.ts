import { Hono } from "hono";
import { z } from "zod";
import { apiProductSchema } from "../../core/contract";
import { logError } from "../../workers/log";
import { data, documented } from "../lib/openapi";
import type { ApiEnv } from "../types";
import { mergeProducts, productRows } from "./service";

const doc = documented("Products");

/**
 * A browser or an API client may reuse the list for a minute, no shared cache may keep it: the
 * prices change whenever a tariffs batch arrives (POST /backoffice/tariffs), and a proxy that
 * kept them longer would show a new customer prices the supplier no longer offers.
 */
const CACHE = "private, max-age=60";

/**
 * Mounted at /api/products. The supplier's products and their prices, the same for everyone and
 * public: the transfer flow (/metavasi) that shows them is reachable signed out.
 */
export const productRoutes = new Hono<ApiEnv>().get(
  "/",
  doc({
    summary: "The supplier's products and their prices",
    description:
      "Every product the billing system sent (source billing), then each of the portal's priced stand-ins it has not sent yet (source portal, valid_from null). Prices in euros, VAT included, without the regulated charges and taxes.",
    ok: data(z.array(apiProductSchema)),
  }),
  async (c) => {
    const rows = await productRows(c.get("db"));
    const list = mergeProducts(rows, (row) => {
      // Logged, not answered: one unreadable row must not hide every other price.
      logError(new Error(`products row ${row.name}: prices do not parse`), {
        id: c.req.header("cf-ray") ?? "-",
        route: c.req.routePath,
        where: "products",
      });
    });
    c.header("cache-control", CACHE);
    return c.json({ data: list });
  },
);
