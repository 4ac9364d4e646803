import { z } from "zod";
import { id, timestamp } from "./common";

/** POST /dev/meters/remove (development only): the billing system drops a customer's supplies. */
export const removeMetersSchema = z.object({ username: z.string().trim().min(1) });

/**
 * POST /dev/outbox/enqueue (development only): an outbox id handed to the queue `times` times in
 * one batch, as a redelivered queue message arrives (tests of exactly-once delivery).
 */
export const outboxEnqueueSchema = z.object({
  id: z.number().int().positive(),
  times: z.number().int().min(1).max(5).default(1),
});

/** GET /dev/outbox (development only): the emails and text messages the API would have sent. */
export const apiOutboxMessageSchema = z.object({
  id,
  channel: z.enum(["email", "sms"]),
  recipient: z.string(),
  subject: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  user_id: z.number().int().nullable(),
  created_at: timestamp,
  /** Issue #34: the template, and where its delivery stands (api/messages/delivery.ts). */
  template: z.string(),
  status: z.enum(["queued", "sending", "sent", "failed", "ambiguous"]),
  attempts: z.number().int(),
  error: z.string().nullable(),
  sent_at: timestamp.nullable(),
});
export type ApiOutboxMessage = z.infer<typeof apiOutboxMessageSchema>;
