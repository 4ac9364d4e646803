import { desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { customers, meters, outbox } from "../db/schema";
import { notFound } from "../lib/errors";
import { validate } from "../lib/validate";
import { REMOVED_METER_STATUS } from "../services/customers";
import type { ApiEnv } from "../types";
import { outboxEnqueueSchema, removeMetersSchema } from "../../core/contract";
import type { OutboxJob } from "../messages/delivery";
import { isProduction } from "../../core/environment";

/** The dev endpoints do not exist in production: 404 as for any unknown path. */
const nonProduction = createMiddleware<ApiEnv>(async (c, next) => {
  if (isProduction(c.env)) throw notFound();
  await next();
});

/** Mounted at /api/dev. */
export const devRoutes = new Hono<ApiEnv>()
  .use(nonProduction)
  .get("/outbox", async (c) => {
    const rows = await c
      .get("db")
      .select()
      .from(outbox)
      .orderBy(desc(outbox.created_at), desc(outbox.id))
      .limit(200);
    return c.json({ data: rows });
  })
  /**
   * Tests: hands an outbox row's id to OUTBOX_QUEUE again, several times in one batch if asked,
   * as a redelivered queue message would arrive (the row is sent at most once all the same).
   */
  .post("/outbox/enqueue", validate("json", outboxEnqueueSchema), async (c) => {
    const { id, times } = c.req.valid("json");
    await c.env.OUTBOX_QUEUE.sendBatch(
      Array.from({ length: times }, () => ({ body: { id } satisfies OutboxJob })),
    );
    return c.body(null, 204);
  })
  /** Simulates the billing system dropping a customer's supplies (tests: "a user without meters is logged out"). */
  .post("/meters/remove", validate("json", removeMetersSchema), async (c) => {
    const db = c.get("db");
    const customer = await db.query.customers.findFirst({
      where: eq(customers.afm, c.req.valid("json").username),
    });
    if (!customer) throw notFound();
    await db
      .update(meters)
      .set({ status: REMOVED_METER_STATUS })
      .where(eq(meters.customer_id, customer.id));
    return c.body(null, 204);
  });
