/**
 * Viva's webhooks for payments, mounted at /api/payments/viva/webhook (the URL set in Viva's
 * dashboard, ADR 0025). No sign-in: Viva is the caller, and nothing it posts is believed.
 *
 * - GET: the verification Viva makes when the webhook is saved: `{"Key": …}`, the key Viva's own
 *   API gives this merchant (Basic auth, cached per isolate).
 * - POST: "Transaction Payment Created" (1796) and "Transaction Failed" (1798) are answered 200
 *   at once; then, after the answer (waitUntil), the transaction is read back from Viva exactly as
 *   on the customer's return (processReturn), which records a payment at most once whichever of
 *   the two comes first, twice or at the same moment. Other events are acknowledged and ignored.
 */
import { Hono } from "hono";
import { z } from "zod";
import { parseVivaJson, vivaClient, vivaGateway, VivaUnavailable } from "../gateway/viva";
import { ApiError, badRequest } from "../lib/errors";
import { json as jsonAnswer, documented } from "../lib/openapi";
import type { ApiEnv } from "../types";
import { paymentProvider } from "./provider";
import { processReturn } from "./service";

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
        OrderCode: z.union([z.number(), z.string().max(24)]).optional(),
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
      errors: { 400: ["validation"], 404: ["not_found"] },
    }),
    async (c) => {
      const config = vivaOnly(c.env);
      // Order codes are 16-digit numbers: read as text before JSON turns them into doubles.
      let parsed: unknown = null;
      try {
        parsed = parseVivaJson(await c.req.text());
      } catch {
        // below
      }
      const checked = webhookSchema.safeParse(parsed);
      if (!checked.success) throw badRequest("validation");
      const event = checked.data;
      const t = event.EventData.TransactionId;
      const s = event.EventData.OrderCode === undefined ? "" : String(event.EventData.OrderCode);
      const wanted =
        event.EventTypeId === VIVA_EVENTS.paymentCreated ||
        event.EventTypeId === VIVA_EVENTS.transactionFailed;
      if (wanted && t && s) {
        const db = c.get("db");
        const work = processReturn(db, vivaGateway(config), { t, s }).then(
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
