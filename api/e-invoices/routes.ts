import { Hono } from "hono";
import { apiEInvoiceSchema, eInvoiceParams } from "../../core/contract";
import { notFound } from "../lib/errors";
import { data, documented } from "../lib/openapi";
import { clientIp } from "../lib/request";
import { validate } from "../lib/validate";
import { LIMITS, hit, refund, refused, tooManyAttempts } from "../services/throttle";
import type { ApiEnv } from "../types";
import { eInvoiceOf } from "./service";

const doc = documented("E-invoices");

/**
 * Mounted at /api/e-invoices. Public, no sign-in: the verification page a bill's QR code opens.
 * Every lookup is counted per client address first and taken back when the MARK exists, so only
 * unknown MARKs use up the limit, and a client past it is refused before the lookup: guessing
 * MARKs stays slow, and a refused client learns nothing of the one it asked about.
 */
export const eInvoiceRoutes = new Hono<ApiEnv>().get(
  "/:mark",
  doc({
    summary: "The public view of an e-invoice by its myDATA MARK",
    description:
      "What the tax authority's public view shows: issuer, number, date, net, VAT and total, " +
      "MARK. Nothing of the customer. Unknown or malformed MARKs answer 404; more than " +
      `${LIMITS.eInvoiceIp.max} unknown ones an hour from one address, 429.`,
    ok: data(apiEInvoiceSchema),
    errors: { 404: ["not_found"], 429: ["too_many_attempts"] },
  }),
  validate("param", eInvoiceParams),
  async (c) => {
    const db = c.get("db");
    const hits = await hit(db, [{ limit: LIMITS.eInvoiceIp, key: clientIp(c) }]);
    const over = refused(hits);
    if (over) throw tooManyAttempts(c, over.window.retryAfter);
    const found = await eInvoiceOf(db, c.req.valid("param").mark);
    if (!found) throw notFound();
    await refund(db, hits);
    c.header("cache-control", "no-store");
    return c.json({ data: found });
  },
);
