/**
 * Viva's webhooks for payments, mounted at /api/payments/viva/webhook (the URL set in Viva's
 * dashboard, ADR 0025). No sign-in: Viva is the caller, and nothing it posts is believed.
 *
 * - GET: the verification Viva makes when the webhook is saved: `{"Key": …}`, the key Viva's own
 *   API gives this merchant (Basic auth, cached per isolate).
 * - POST: "Transaction Payment Created" (1796) and "Transaction Failed" (1798) are answered 200
 *   at once; then, after the answer (waitUntil), the transaction the event names is read back from
 *   Viva exactly as on the customer's return (processReturn), which records at most once whichever of
 *   the two comes first, twice or at the same moment. Other events are acknowledged and ignored.
 */
import { Hono } from "hono";
import { z } from "zod";
import { vivaClient, vivaGateway, VivaUnavailable } from "../gateway/viva";
import { ApiError } from "../lib/errors";
import { validate } from "../lib/validate";
import { json as jsonAnswer, documented } from "../lib/openapi";
import type { ApiEnv } from "../types";
import { paymentProvider } from "./provider";
import { processReturn } from "./service";
import { mandateReturn } from "../direct-debit/viva";

const doc = documented("Payments");

export const VIVA_EVENTS = { paymentCreated: 1796, transactionFailed: 1798 } as const;

const keyAnswerSchema = z.object({ Key: z.string() });
const okAnswerSchema = z.object({ ok: z.literal(true) });

/** What the portal reads of a webhook: the event and the transaction it names (nothing else). */
const webhookSchema = z
  .object({
    EventTypeId: z.number().int(),
    EventData: z
      .object({
        TransactionId: z.string().max(64).optional(),
      })
      .loose(),
  })
  .loose();

/** The verification key, per isolate: Viva asks for it when the webhook is saved or checked. */
let cachedKey: { key: string; until: number } | null = null;
const KEY_TTL_MS = 3600_000;

function vivaOnly(env: Env) {
  const provider = paymentProvider(env);
  if (provider.kind !== "viva") throw new ApiError(404, "not_found");
  return provider.config;
}

export const vivaWebhookRoutes = new Hono<ApiEnv>()
  .get(
    "/",
    doc({
      summary: "Viva's webhook verification",
      description: "Answers the key Viva's API gives this merchant, as Viva's verification asks.",
      ok: jsonAnswer(keyAnswerSchema),
      errors: { 404: ["not_found"], 502: ["payment_provider_error"] },
    }),
    async (c) => {
      const config = vivaOnly(c.env);
      if (!cachedKey || cachedKey.until < Date.now()) {
        try {
          cachedKey = {
            key: await vivaClient(config).webhookKey(),
            until: Date.now() + KEY_TTL_MS,
          };
        } catch (error) {
          if (error instanceof VivaUnavailable) throw new ApiError(502, "payment_provider_error");
          throw error;
        }
      }
      return c.json({ Key: cachedKey.key });
    },
  )
  .post(
    "/",
    doc({
      summary: "Viva's payment events (1796 created, 1798 failed)",
      description:
        "Answered 200 at once; the transaction is then read back from Viva and recorded at most once, as on the customer's return.",
      ok: jsonAnswer(okAnswerSchema),
      errors: { 404: ["not_found"] },
    }),
    validate("json", webhookSchema),
    async (c) => {
      const config = vivaOnly(c.env);
      const event = c.req.valid("json");
      const t = event.EventData.TransactionId;
      const wanted =
        event.EventTypeId === VIVA_EVENTS.paymentCreated ||
        event.EventTypeId === VIVA_EVENTS.transactionFailed;
      if (wanted && t) {
        const db = c.get("db");
        // Only the transaction id is taken from the body. Its order code comes from Viva's
        // read-back: a 16-digit number in JSON, which JSON.parse would round (ADR 0025).
        const settle = async () => {
          const txn = await vivaClient(config).transaction(t);
          if (!txn) throw new ApiError(400, "payment_invalid");
          const fields = { t, s: txn.orderCode };
          // A mandate order (direct debit) is settled as such, never recorded as a payment.
          return processReturn(db, vivaGateway(config), fields, mandateReturn(db, config, fields));
        };
        const work = settle().then(
          (outcome) =>
            console.log(
              JSON.stringify({
                type: "viva-webhook",
                event: event.EventTypeId,
                order: outcome.reference,
                outcome: outcome.outcome,
              }),
            ),
          (error: unknown) =>
            console.error(
              JSON.stringify({
                type: "viva-webhook",
                event: event.EventTypeId,
                outcome: error instanceof ApiError ? error.code : "error",
              }),
            ),
        );
        try {
          c.executionCtx.waitUntil(work);
        } catch {
          await work; // no execution context (in-process tests)
        }
      }
      return c.json({ ok: true as const });
    },
  );
