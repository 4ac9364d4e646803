import { and, desc, eq, ne } from "drizzle-orm";
import { Hono } from "hono";
import { customers, invoices, users } from "../db/schema";
import { billRf } from "../../core/rf";
import { supplyAddress } from "../db/supply-columns";
import { supplyNumber } from "../../core/supply-number";
import {
  apiPaymentCancelledSchema,
  apiPaymentOutcomeSchema,
  apiPaymentResultSchema,
  apiPaymentStartSchema,
  apiPayLinkSchema,
  apiReceiptSchema,
  devPayLinkSchema,
  gatewayReturnSchema,
  linkOrderSchema,
  orderParams,
  orderSchema,
  PAY_LINK_PURPOSES,
  payLinkParams,
  payLinkReferenceParams,
  referenceParams,
  type ApiPayLink,
  type ApiPaymentStart,
} from "../../core/contract";
import { euros } from "../domain/money";
import { testAcquirer } from "../gateway/acquirer";
import { VivaUnavailable, vivaGateway } from "../gateway/viva";
import { paymentProvider } from "./provider";
import { vivaWebhookRoutes } from "./webhook";
import { mandateReturn } from "../direct-debit/viva";
import type { PaymentGateway } from "../gateway/gateway";
import { toCents } from "../../core/gateway";
import { ApiError, badRequest, notFound } from "../lib/errors";
import { signToken, verifyToken } from "../lib/signing";
import { validate } from "../lib/validate";
import { requireBearer } from "../middleware/auth";
import { permit } from "../middleware/permit";
import { personOf } from "../services/customers";
import type { ApiEnv } from "../types";
import {
  cancelOrder,
  createOrder,
  customerMetersByIds,
  findMeter,
  findPaymentResult,
  isPayable,
  loadReceipt,
  processReturn,
  setProviderOrder,
  type Channel,
  type MeterRow,
} from "./service";
import { isProduction } from "../../core/environment";
import { data, documented, file } from "../lib/openapi";
import { receiptOf } from "./receipts";
import { renderReceiptPdf, receiptFilename } from "../pdf/receipt-pdf";
import { pdfFonts } from "../pdf/fonts";

const doc = documented("Payments");

/**
 * Card payments (docs/api.md "Payments"), mounted at /api/payments. The gateway is chosen here
 * (api/payments/provider.ts): Viva Smart Checkout, the test acquirer in local development, or
 * none (503 payments_unavailable).
 */
type Ctx = { env: ApiEnv["Bindings"]; get: <K extends "db">(key: K) => ApiEnv["Variables"][K] };

export function gatewayFor(c: Ctx): PaymentGateway {
  const provider = paymentProvider(c.env);
  if (provider.kind === "viva") return vivaGateway(provider.config);
  if (provider.kind === "test") return testAcquirer({ env: c.env, db: c.get("db") });
  throw new ApiError(503, "payments_unavailable");
}

/** Viva did not answer in time, or failed: the page keeps its form and says "try later". */
async function viaGateway<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof VivaUnavailable) {
      console.error(JSON.stringify({ type: "viva", outcome: "unavailable", error: error.message }));
      throw new ApiError(502, "payment_provider_error");
    }
    throw error;
  }
}

/** Who pays, prefilled on Viva's page: the person's email (or the supply's), the holder's name. */
async function payerOf(c: Ctx, meter: MeterRow | undefined, userId: number | null) {
  if (!meter) return { email: null, fullName: null };
  const db = c.get("db");
  const [holder] = await db
    .select({ name: customers.name, email: customers.email })
    .from(customers)
    .where(eq(customers.id, meter.customer_id));
  let email = meter.ebill_email ?? holder?.email ?? null;
  if (userId !== null) {
    const [user] = await db
      .select({ email: users.registration_email })
      .from(users)
      .where(eq(users.id, userId));
    email = user?.email ?? email;
  }
  return { email, fullName: holder?.name ?? null };
}

/** Where the acquirer sends the customer back (a GET resource route of the portal). */
export const RETURN_PATH = "/checkout-return";

/** A link's purpose that is not one of ours names no page: 404, as an unknown path. */
const asMissing = { invalid: "not_found" } as const;
/** Pay links in bill notices stay valid for 60 days. */
export const LINK_TTL_SECONDS = 60 * 24 * 3600;

export async function startPayment(
  c: Ctx,
  meters: MeterRow[],
  input: {
    userId: number | null;
    channel: Channel;
    returnTo: string;
    items: { meter_id: number; amount: number }[];
    /** A payment-plan instalment (#38 §1): the order pays exactly it. */
    instalmentId?: number;
  },
  lang: "el" | "en",
): Promise<ApiPaymentStart> {
  // Refused before anything is stored when payments are off.
  const gateway = gatewayFor(c);
  const items = input.items.map((i) => ({ meterId: i.meter_id, amountCents: toCents(i.amount) }));
  if (new Set(items.map((i) => i.meterId)).size !== items.length) {
    throw badRequest("validation", "items", "validate.require");
  }
  const order = await createOrder(c.get("db"), meters, {
    userId: input.userId,
    channel: input.channel,
    returnTo: input.returnTo,
    lang,
    items,
    ...(input.instalmentId === undefined ? {} : { instalmentId: input.instalmentId }),
  });
  const cancel = new URLSearchParams({ checkout: "cancel", t: order.reference, o: order.id });
  const description =
    items.length > 1
      ? `${lang === "en" ? "Payment for" : "Πληρωμή για"} ${items.length} ${lang === "en" ? "supplies" : "παροχές"} · ${order.reference}`
      : `${lang === "en" ? "Bill payment" : "Πληρωμή λογαριασμού"} · ${order.reference}`;
  const customer = await payerOf(c, meters[0], input.userId);
  // An order Viva never accepted stays 'started' without a code: the clean-up removes it.
  const { redirectUrl, providerOrder } = await viaGateway(() =>
    gateway.start({
      orderId: order.id,
      amountCents: order.amountCents,
      description,
      lang,
      returnUrl: RETURN_PATH,
      cancelUrl: `${input.returnTo}?${cancel}`,
      customer,
    }),
  );
  if (providerOrder) await setProviderOrder(c.get("db"), order.id, providerOrder);
  return {
    order_id: order.id,
    reference: order.reference,
    amount: euros(order.amountCents),
    redirect_url: redirectUrl,
  };
}

async function linkMeter(c: Ctx, purpose: string, hash: string) {
  const p = PAY_LINK_PURPOSES.find((x) => x === purpose);
  if (!p) throw notFound();
  const verified = await verifyToken<{ m?: unknown }>(c.env.LINK_SECRET, p, hash);
  if (!verified.ok) {
    throw badRequest(verified.reason === "expired" ? "link_expired" : "bad_token");
  }
  const meterId = Number(verified.data?.m);
  const meter = Number.isSafeInteger(meterId) ? await findMeter(c.get("db"), meterId) : null;
  if (!meter || !isPayable(meter)) throw badRequest("bad_token");
  return { purpose: p, meter };
}

export const paymentRoutes = new Hono<ApiEnv>()
  /** Pay one or several of the caller's supplies: a new order, then the gateway's hosted page. */
  .post(
    "/orders",
    doc({
      summary: "Pay one or several of the caller's supplies",
      description: "Creates an order; send the customer to `redirect_url` (the gateway's page).",
      ok: data(apiPaymentStartSchema, 201, "The order; go to its redirect_url"),
      errors: {
        400: ["nothing_due"],
        404: ["not_found"],
        502: ["payment_provider_error"],
        503: ["payments_unavailable"],
      },
    }),
    requireBearer,
    permit("manage_supply"),
    validate("json", orderSchema),
    async (c) => {
      const { userId } = c.get("auth");
      const person = await personOf(c.get("db"), userId);
      const { items } = c.req.valid("json");
      const meters = await customerMetersByIds(
        c.get("db"),
        person,
        items.map((i) => i.meter_id),
      );
      const data = await startPayment(
        c,
        meters,
        { userId, channel: "portal", returnTo: "/b2b/pay", items },
        c.get("lang"),
      );
      return c.json({ data }, 201);
    },
  )

  /** The supply a signed /pay or /instant-bill link names (no sign-in: the link is the key). */
  .get(
    "/links/:purpose/:hash",
    doc({
      summary: "The supply a signed pay link names",
      description: "No sign-in: the signed link is the key.",
      ok: data(apiPayLinkSchema),
      errors: { 400: ["bad_token", "link_expired"] },
    }),
    validate("param", payLinkParams, asMissing),
    async (c) => {
      const link = c.req.valid("param");
      const { purpose, meter } = await linkMeter(c, link.purpose, link.hash);
      const db = c.get("db");
      // One round trip: the holder, and the latest bill whose RF code the page offers (#34).
      const [[holder], [bill]] = await db.batch([
        db
          .select({ name: customers.name })
          .from(customers)
          .where(eq(customers.id, meter.customer_id)),
        db
          .select({
            contract_account: invoices.contract_account,
            invoice_no: invoices.invoice_no,
            rf_code: invoices.rf_code,
          })
          .from(invoices)
          .where(and(eq(invoices.meter_id, meter.id), ne(invoices.type, "payment")))
          .orderBy(desc(invoices.issue_date), desc(invoices.id))
          .limit(1),
      ]);
      const data: ApiPayLink = {
        purpose,
        meter_id: meter.id,
        supply_number: supplyNumber(meter),
        division: meter.division,
        address: supplyAddress(meter),
        holder: holder?.name ?? "",
        package_print_descr: meter.package_print_descr,
        package_name: meter.package_name,
        running_total: euros(meter.running_total_cents),
        last_invoice_due_date: meter.last_invoice_due_date,
        rf_code: bill ? billRf(bill) : null,
      };
      return c.json({ data });
    },
  )

  .post(
    "/links/:purpose/:hash/orders",
    doc({
      summary: "Pay through a signed pay link",
      ok: data(apiPaymentStartSchema, 201, "The order; go to its redirect_url"),
      errors: {
        400: ["bad_token", "link_expired", "nothing_due"],
        502: ["payment_provider_error"],
        503: ["payments_unavailable"],
      },
    }),
    validate("json", linkOrderSchema),
    validate("param", payLinkParams, asMissing),
    async (c) => {
      const { hash, ...link } = c.req.valid("param");
      const { purpose, meter } = await linkMeter(c, link.purpose, hash);
      const { amount } = c.req.valid("json");
      const data = await startPayment(
        c,
        [meter],
        {
          userId: null,
          channel: purpose,
          returnTo: `/${purpose}/${hash}`,
          items: [{ meter_id: meter.id, amount }],
        },
        c.get("lang"),
      );
      return c.json({ data }, 201);
    },
  )

  /** The gateway's return, as the portal's /checkout-return received it: every field, verbatim. */
  .post(
    "/return",
    doc({
      summary: "Record the gateway's return (every field, verbatim)",
      ok: data(apiPaymentOutcomeSchema),
      errors: {
        400: ["payment_missing_transaction", "payment_invalid"],
        404: ["payment_not_found"],
        409: ["payment_already_processed"],
        503: ["payments_unavailable"],
      },
    }),
    validate("json", gatewayReturnSchema),
    async (c) => {
      const db = c.get("db");
      const fields = c.req.valid("json");
      const provider = paymentProvider(c.env);
      const config = provider.kind === "viva" ? provider.config : null;
      // A direct-debit mandate's order comes back on the same path (api/direct-debit/viva.ts).
      const data = await processReturn(
        db,
        gatewayFor(c),
        fields,
        mandateReturn(db, config, fields),
      );
      return c.json({ data });
    },
  )

  /** The cancel dialog: the order id is an unguessable capability, so no sign-in is needed. */
  .post(
    "/orders/:orderId/cancel",
    doc({
      summary: "Cancel a started order (its id is the capability)",
      ok: data(apiPaymentCancelledSchema),
      errors: {
        404: ["payment_not_found"],
        409: ["payment_already_processed"],
        502: ["payment_provider_error"],
        503: ["payments_unavailable"],
      },
    }),
    validate("param", orderParams, asMissing),
    async (c) => {
      const data = await viaGateway(() =>
        cancelOrder(c.get("db"), gatewayFor(c), c.req.valid("param").orderId),
      );
      return c.json({ data });
    },
  )

  /** Viva's webhooks: the verification key and the payment events (./webhook.ts). */
  .route("/viva/webhook", vivaWebhookRoutes)

  /** The receipt of one of the caller's payments. */
  .get(
    "/receipts/:reference",
    doc({
      summary: "The receipt of one of the caller's payments",
      ok: data(apiReceiptSchema),
      errors: { 404: ["not_found"] },
    }),
    requireBearer,
    permit("read"),
    validate("param", referenceParams, asMissing),
    async (c) => {
      // Every supply the payment paid must be one the person sees (./receipts.ts); also a
      // transaction number or a billing-history payment of theirs (#35 §7).
      const found = await receiptOf(
        c.get("db"),
        c.get("auth").userId,
        c.req.valid("param").reference,
      );
      if (!found) throw notFound();
      return c.json({ data: found.receipt });
    },
  )

  /** The same receipt as a PDF (#35 §7: proof of payment), in the Language header's language. */
  .get(
    "/receipts/:reference/pdf",
    doc({
      summary: "The receipt of one of the caller's payments, as a PDF",
      ok: file(["application/pdf"], "The receipt, as NRG-receipt-<reference>.pdf"),
      errors: { 404: ["not_found"] },
    }),
    requireBearer,
    permit("read"),
    validate("param", referenceParams, asMissing),
    async (c) => {
      const found = await receiptOf(
        c.get("db"),
        c.get("auth").userId,
        c.req.valid("param").reference,
      );
      if (!found) throw notFound();
      const bytes = await renderReceiptPdf(found, c.get("lang"), pdfFonts());
      return new Response(bytes.slice().buffer, {
        headers: {
          "content-type": "application/pdf",
          "content-disposition": `attachment; filename="${receiptFilename(found.receipt.reference)}"`,
          "content-length": String(bytes.byteLength),
          "cache-control": "private, no-store",
          "x-content-type-options": "nosniff",
        },
      });
    },
  )

  /**
   * The recorded outcome and amount of one of the caller's payments (the checkout dialog shows
   * a result only when this confirms it; the URL's `a` is never shown). 404 for an unknown
   * reference and for another customer's alike.
   */
  .get(
    "/results/:reference",
    doc({
      summary: "The recorded outcome of one of the caller's payments",
      ok: data(apiPaymentResultSchema),
      errors: { 404: ["not_found"] },
    }),
    requireBearer,
    permit("read"),
    validate("param", referenceParams, asMissing),
    async (c) => {
      const data = await findPaymentResult(c.get("db"), c.req.valid("param").reference, {
        userId: c.get("auth").userId,
      });
      if (!data) throw notFound();
      return c.json({ data });
    },
  )

  /** The same for a payment made through a link: only for the supply that link names. */
  .get(
    "/links/:purpose/:hash/results/:reference",
    doc({
      summary: "The recorded outcome of a payment made through a pay link",
      ok: data(apiPaymentResultSchema),
      errors: { 400: ["bad_token", "link_expired"], 404: ["not_found"] },
    }),
    validate("param", payLinkReferenceParams, asMissing),
    async (c) => {
      const link = c.req.valid("param");
      const { meter } = await linkMeter(c, link.purpose, link.hash);
      const data = await findPaymentResult(c.get("db"), link.reference, {
        meterId: meter.id,
      });
      if (!data) throw notFound();
      return c.json({ data });
    },
  )

  /** The receipt of a payment made through a link: only for the supply that link names. */
  .get(
    "/links/:purpose/:hash/receipts/:reference",
    doc({
      summary: "The receipt of a payment made through a pay link",
      ok: data(apiReceiptSchema),
      errors: { 400: ["bad_token", "link_expired"], 404: ["not_found"] },
    }),
    validate("param", payLinkReferenceParams, asMissing),
    async (c) => {
      const link = c.req.valid("param");
      const { meter } = await linkMeter(c, link.purpose, link.hash);
      const loaded = await loadReceipt(c.get("db"), link.reference);
      if (!loaded || loaded.receipt.items.some((i) => i.meter_id !== meter.id)) throw notFound();
      return c.json({ data: loaded.receipt });
    },
  )

  /**
   * Development only: a signed pay link for a supply, as a bill notice would carry. `expires_in`
   * (seconds) may be negative to get an expired link.
   */
  .post("/dev/links", validate("json", devPayLinkSchema), async (c) => {
    if (isProduction(c.env)) throw notFound();
    const body = c.req.valid("json");
    const expires = Math.floor(Date.now() / 1000) + (body.expires_in ?? LINK_TTL_SECONDS);
    const hash = await signToken(c.env.LINK_SECRET, body.purpose, { m: body.meter_id }, expires);
    return c.json({ data: { path: `/${body.purpose}/${hash}` } }, 201);
  });
