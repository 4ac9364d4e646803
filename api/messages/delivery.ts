import { and, eq, inArray, lt, sql } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import { getDb, type Db } from "../db";
import { outbox } from "../db/schema";
import { isDevelopment } from "../../core/environment";
import { nowIso } from "../lib/time";
import type { ApiEnv } from "../types";
import { logError } from "../../workers/log";
import { adapterFor, type MessagingEnv, type Outcome } from "./adapters";

/**
 * Delivery of the outbox (issue #34, docs/decisions/0026-messages-delivery.md). A row moves
 * queued → sending → sent | failed | ambiguous, each step one conditional UPDATE: only the
 * attempt that moved the row from `queued` to `sending` may send it, so a redelivered queue
 * message, the inline first attempt and the scheduled re-enqueue never send one message twice.
 */

/** The body of a message on OUTBOX_QUEUE: only the outbox row's id. */
export interface OutboxJob {
  id: number;
}

export type DeliveryEnv = MessagingEnv &
  Pick<Env, "DB"> &
  Partial<Pick<Env, "OUTBOX_QUEUE" | "OUTBOX_RETRY_SECONDS">>;

/** Retry delays in seconds after the 1st, 2nd… transient failure (then the dead-letter queue). */
export const RETRY_DELAYS = [10, 30, 60, 120, 300] as const;
/** The first attempt made while the customer waits: short, so the page keeps its 4 s budget. */
export const INLINE_TIMEOUT_MS = 2500;
/** An attempt made by the queue consumer. */
export const QUEUE_TIMEOUT_MS = 10_000;
/** Rows still queued (or stuck sending) this long are picked up by the scheduled job. */
export const STALE_MS = 5 * 60_000;
export const DEAD_LETTER_QUEUE = "nrg-portal-outbox-dead";

export function retryDelay(
  env: Pick<DeliveryEnv, "ENVIRONMENT" | "OUTBOX_RETRY_SECONDS">,
  attempt: number,
) {
  // Tests shorten the wait (development only); production always uses the table.
  const override = Number(env.OUTBOX_RETRY_SECONDS);
  if (isDevelopment(env) && env.OUTBOX_RETRY_SECONDS !== undefined && Number.isFinite(override)) {
    return Math.max(0, override);
  }
  return RETRY_DELAYS[Math.min(Math.max(attempt, 1), RETRY_DELAYS.length) - 1] ?? 300;
}

/** A row's code or link, emptied when its delivery is over (outside the development outbox). */
const forgetSecret = {
  body: sql`CASE WHEN ${outbox.secret} = 1 THEN '' ELSE ${outbox.body} END`,
  link: sql`CASE WHEN ${outbox.secret} = 1 THEN NULL ELSE ${outbox.link} END`,
};

export type Delivered = "sent" | "failed" | "ambiguous" | "queued" | "skipped";

/** One JSON line per delivery attempt; never the address, number, body or link. */
function logAttempt(line: {
  id: number;
  channel: string;
  template: string;
  provider: string;
  outcome: Delivered | "retry";
  attempt: number;
  error?: string;
  ms: number;
}) {
  console.log(JSON.stringify({ type: "message", ...line }));
}

/**
 * One attempt at one message: claims the row (queued → sending), sends it through its channel's
 * adapter, and records the outcome. `skipped`: another attempt holds or finished the row.
 * A transient failure puts the row back to `queued` (the caller retries it).
 */
export async function deliverOne(
  db: Db,
  env: MessagingEnv,
  id: number,
  timeoutMs: number,
): Promise<{ result: Delivered; attempt: number; error?: string; holdSeconds?: number }> {
  const started = Date.now();
  const [row] = await db
    .update(outbox)
    .set({ status: "sending", attempts: sql`${outbox.attempts} + 1`, updated_at: nowIso() })
    .where(and(eq(outbox.id, id), eq(outbox.status, "queued"), released()))
    .returning();
  if (!row) {
    // A notice of the quiet hours that the queue brought early: it waits on (the consumer retries
    // it with the time that is left).
    const [waiting] = await db
      .select({ not_before: outbox.not_before })
      .from(outbox)
      .where(and(eq(outbox.id, id), eq(outbox.status, "queued")));
    const left = waiting?.not_before ? Date.parse(waiting.not_before) - Date.now() : 0;
    if (left > 0) return { result: "queued", attempt: 0, holdSeconds: Math.ceil(left / 1000) };
    return { result: "skipped", attempt: 0 };
  }
  const adapter = adapterFor(row.channel, env);
  let outcome: Outcome;
  try {
    outcome = await adapter.send(
      {
        id: row.id,
        channel: row.channel,
        recipient: row.recipient,
        subject: row.subject,
        body: row.body,
        lang: row.lang,
      },
      timeoutMs,
    );
  } catch {
    outcome = { kind: "transient", error: "adapter_error" };
  }
  // An email whose send timed out may be retried (at worst a second copy of a notice); an SMS is
  // never sent twice on a guess.
  const now = nowIso();
  const owned = and(eq(outbox.id, id), eq(outbox.status, "sending"));
  // A code or a link is not kept once the message is over (sent, failed or ambiguous: nothing
  // sends it again), except in development's outbox, which /dev/outbox and the tests read.
  const final = row.secret === 1 && adapter.name !== "outbox" ? { body: "", link: null } : {};
  let result: Delivered;
  switch (outcome.kind) {
    case "sent": {
      await db
        .update(outbox)
        .set({
          status: "sent",
          sent_at: now,
          updated_at: now,
          error: null,
          provider_id: outcome.providerId ?? null,
          ...final,
        })
        .where(owned);
      result = "sent";
      break;
    }
    case "permanent":
      await db
        .update(outbox)
        .set({ status: "failed", updated_at: now, error: outcome.error, ...final })
        .where(owned);
      result = "failed";
      break;
    case "ambiguous":
      await db
        .update(outbox)
        .set({ status: "ambiguous", updated_at: now, error: outcome.error, ...final })
        .where(owned);
      result = "ambiguous";
      break;
    case "transient":
      await db
        .update(outbox)
        .set({ status: "queued", updated_at: now, error: outcome.error })
        .where(owned);
      result = "queued";
      break;
  }
  logAttempt({
    id,
    channel: row.channel,
    template: row.template,
    provider: adapter.name,
    outcome: result === "queued" ? "retry" : result,
    attempt: row.attempts,
    ...(outcome.kind === "sent" ? {} : { error: outcome.error }),
    ms: Date.now() - started,
  });
  return {
    result,
    attempt: row.attempts,
    ...(outcome.kind === "sent" ? {} : { error: outcome.error }),
  };
}

/** A queued row may be sent now: no quiet-hours hold, or its hold is over. */
const released = () => sql`(${outbox.not_before} IS NULL OR ${outbox.not_before} <= ${nowIso()})`;

/** The longest delay a queue message may have (Cloudflare Queues: 12 hours). */
const MAX_QUEUE_DELAY_SECONDS = 12 * 3600;

/**
 * A notice of the quiet hours, written: to the queue with the delay until its release (the
 * queue holds it; the consumer checks again), or, without a queue, left for the scheduled job,
 * which enqueues it once released.
 */
export async function holdUntil(env: DeliveryEnv, id: number, at: Date): Promise<Delivered> {
  const seconds = Math.ceil((at.getTime() - Date.now()) / 1000);
  if (seconds <= 0 || !env.OUTBOX_QUEUE) return "queued";
  await enqueue(env, [id], Math.min(seconds, MAX_QUEUE_DELAY_SECONDS));
  return "queued";
}

/** Sends ids to the queue; a failed send leaves the rows queued for the scheduled job. */
async function enqueue(env: DeliveryEnv, ids: number[], delaySeconds = 0): Promise<boolean> {
  if (ids.length === 0) return true;
  if (!env.OUTBOX_QUEUE) return false;
  try {
    await env.OUTBOX_QUEUE.sendBatch(
      ids.map((id) => ({
        body: { id } satisfies OutboxJob,
        ...(delaySeconds ? { delaySeconds } : {}),
      })),
    );
    return true;
  } catch (error) {
    logError(error, { id: `outbox-${ids[0]}`, where: "outbox-enqueue" });
    return false;
  }
}

/**
 * After a message's row is written: the development outbox "sends" at once; `inline` messages
 * (a flow that tells the waiting customer when it could not send) get their first attempt now,
 * with a short timeout, and only a transient failure goes on to the queue; every other message
 * goes to the queue.
 */
export async function dispatch(
  db: Db,
  env: DeliveryEnv,
  id: number,
  channel: "email" | "sms",
  inline: boolean,
): Promise<Delivered> {
  const adapter = adapterFor(channel, env);
  if (adapter.name === "outbox" || adapter.name === "off" || inline) {
    const { result, attempt } = await deliverOne(db, env, id, INLINE_TIMEOUT_MS);
    if (result === "queued") await enqueue(env, [id], retryDelay(env, attempt));
    return result;
  }
  await enqueue(env, [id]);
  return "queued";
}

/** The consumer of OUTBOX_QUEUE and of its dead-letter queue (workers/app.ts `queue`). */
export async function consumeOutbox(batch: MessageBatch<unknown>, env: DeliveryEnv) {
  useDeliveryEnv(env);
  const db = getDb(env.DB);
  const dead = batch.queue === DEAD_LETTER_QUEUE;
  for (const message of batch.messages) {
    const id = Number((message.body as Partial<OutboxJob> | null)?.id);
    if (!Number.isInteger(id) || id <= 0) {
      message.ack(); // not ours: nothing to deliver
      continue;
    }
    try {
      if (dead) {
        // Retries exhausted: the message is failed, and says so in the log and /dev/outbox. Only
        // a queued row: one that another attempt holds (sending) is that attempt's to finish.
        const [row] = await db
          .update(outbox)
          .set({ status: "failed", error: "dead_letter", updated_at: nowIso(), ...forgetSecret })
          .where(and(eq(outbox.id, id), eq(outbox.status, "queued")))
          .returning({
            channel: outbox.channel,
            template: outbox.template,
            attempts: outbox.attempts,
          });
        if (row) {
          logAttempt({
            id,
            channel: row.channel,
            template: row.template,
            provider: "queue",
            outcome: "failed",
            attempt: row.attempts,
            error: "dead_letter",
            ms: 0,
          });
        }
        message.ack();
        continue;
      }
      const { result, attempt, holdSeconds } = await deliverOne(db, env, id, QUEUE_TIMEOUT_MS);
      if (holdSeconds !== undefined) {
        message.retry({ delaySeconds: Math.min(holdSeconds, MAX_QUEUE_DELAY_SECONDS) });
      } else if (result === "queued") message.retry({ delaySeconds: retryDelay(env, attempt) });
      else message.ack();
    } catch (error) {
      logError(error, { id: `outbox-${id}`, where: "outbox-consumer" });
      message.retry({ delaySeconds: retryDelay(env, message.attempts) });
    }
  }
}

/**
 * The hourly job's part: rows still queued after five minutes (a lost queue send) go to the
 * queue again; rows stuck in `sending` that long (the Worker died mid-send) may have gone out,
 * so they become `ambiguous` rather than being sent again.
 */
export async function requeueStale(env: DeliveryEnv, now = new Date()) {
  const db = getDb(env.DB);
  const before = new Date(now.getTime() - STALE_MS).toISOString();
  const stuck = await db
    .update(outbox)
    .set({ status: "ambiguous", error: "stale_sending", updated_at: nowIso(now), ...forgetSecret })
    .where(and(eq(outbox.status, "sending"), lt(outbox.updated_at, before)))
    .returning({
      id: outbox.id,
      channel: outbox.channel,
      template: outbox.template,
      attempts: outbox.attempts,
    });
  for (const row of stuck) {
    logAttempt({
      ...row,
      provider: "scheduled",
      outcome: "ambiguous",
      attempt: row.attempts,
      error: "stale_sending",
      ms: 0,
    });
  }
  const queued = await db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        eq(outbox.status, "queued"),
        lt(sql`coalesce(${outbox.updated_at}, ${outbox.created_at})`, before),
        released(),
      ),
    )
    .limit(100);
  const ids = queued.map((row) => row.id);
  const ok = await enqueue(env, ids);
  if (ok && ids.length > 0) {
    await db
      .update(outbox)
      .set({ updated_at: nowIso(now) })
      .where(inArray(outbox.id, ids));
  }
  return { requeued: ok ? ids.length : 0, ambiguous: stuck.length };
}

/** The delivery environment of each request's database handle (set by `messaging`). */
const environments = new WeakMap<Db, DeliveryEnv>();
/**
 * The isolate's environment, for a handle made outside a request (the scheduled job's payment
 * reconciliation sends receipts): a Worker's bindings and variables are the same for every
 * event of an isolate.
 */
let isolateEnv: DeliveryEnv | undefined;

/** Called by the Worker's scheduled and queue handlers. */
export function useDeliveryEnv(env: DeliveryEnv) {
  isolateEnv = env;
}

/** API middleware (after `database`): lets services/outbox.ts dispatch what it writes. */
export const messaging = createMiddleware<ApiEnv>(async (c, next) => {
  environments.set(c.get("db"), c.env);
  isolateEnv = c.env;
  await next();
});

export function deliveryEnvOf(db: Db): DeliveryEnv | undefined {
  return environments.get(db) ?? isolateEnv;
}
