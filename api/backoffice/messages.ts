import { and, between, eq, isNull, sql } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { isoDate } from "../../core/contract/common";
import { banners, customers, messages, meters, users } from "../db/schema";
import { documented, json } from "../lib/openapi";
import { validate } from "../lib/validate";
import { notifyDisconnection, notifyPlannedInterruption } from "../notify/events";
import { masterOf, REMOVED_METER_STATUS } from "../services/customers";
import type { ApiEnv } from "../types";
import { logError } from "../../workers/log";
import { requireService } from "./auth";
import {
  claimKey,
  contentHash,
  KEY_PATTERN,
  knownKey,
  Refusal,
  releaseClaim,
  rememberKey,
  runBatch,
  type Applied,
  type BatchContext,
} from "./batch";
import { batchAnswerSchema, batchContext, batchEnvelope } from "./invoices";

/**
 * POST /api/backoffice/messages and POST /api/backoffice/banners (#36 §1): the billing system's
 * inbox messages and the overview's banners.
 *
 * Messages (backoffice_keys kind "message"):
 * - A message goes to one customer (`customer_key`, a customers batch's), to one supply
 *   (`supply_key`: its customer's inbox, the row's meter_id set, so only the people who see that
 *   supply see it) or to every customer (`all`). It is one `messages` row per customer, addressed
 *   to the account's master person (api/services/customers.ts masterOf): the inbox shows a
 *   message to every person of the account (api/services/shell-reads.ts). A customer without a
 *   portal account has no inbox: the item is refused `no_account`.
 * - `all` is ONE INSERT … SELECT over the masters (there may be 100,000 customers), never a
 *   loop. Its rows are the ids above the table's largest before it, up to the largest after it
 *   (read in the same D1 batch, one transaction): the key remembers the first (kind "message")
 *   and the last (kind "message_all"); an update rewrites the rows of that id range with the
 *   message's own c_stamp, by the primary key (no scan of the table), and never reaches the
 *   customers who came after the message.
 * - The English text is stored as sent, NULL where none (migrations/0021): the API shows the
 *   Greek one in its place (api/services/serialize.ts toApiMessage).
 * - The same item sent again is `unchanged`; a changed text, kind or date updates the rows it
 *   wrote (their read marks stay); another addressee is refused `target_changed`.
 * - `disconnection_warning` (an alert about one supply, with the disconnection date) also goes
 *   to the notices (api/notify/events.ts notifyDisconnection), which send it by email and SMS,
 *   in their own words and once per key; the inbox row is this batch's.
 * - `planned_interruption` (#38 §3: the network operator's, one supply, its day and hours) is an
 *   inbox alert; for a supply on the register for life-support equipment it also goes by every
 *   channel (notifyPlannedInterruption), once per key, and to the account's trusted person.
 * - A new key is claimed before its rows are written (batch.ts claimKey): the same item sent
 *   twice at once writes once, the second copy refused `in_progress`.
 *
 * Banners (backoffice_keys kind "banner"): the overview's banners of one supply, of every supply
 * of a division or of every supply, within their days (api/services/shell-reads.ts
 * BANNERS_SQL). Created, updated or unchanged; `remove: true` deletes the row (sent again, it
 * is `unchanged`; the same key sent later with a banner makes a new one).
 *
 * Every write goes through `messages` and `banners`, whose triggers raise the data versions
 * (migrations/0008): the inbox and the overview show the change at once.
 */

const MESSAGE = "message";
/** The last row of a message to every customer (its first is the "message" key's). */
const MESSAGE_ALL = "message_all";
const BANNER = "banner";

const text = (max: number) => z.string().trim().min(1).max(max);
const englishText = (max: number) => text(max).nullable().optional();
const key = z.string().regex(KEY_PATTERN);

const customerTarget = z
  .object({ customer_key: key.meta({ description: "A customers batch's key" }) })
  .strict();
const supplyTarget = z
  .object({ supply_key: key.meta({ description: "A supplies batch's key" }) })
  .strict();
const allTarget = z.object({ all: z.literal(true) }).strict();

export const MESSAGE_KINDS = [
  "info",
  "alert",
  "disconnection_warning",
  "planned_interruption",
] as const;

/** "HH:MM", 00:00–23:59: the hours of a planned interruption (Athens time). */
const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

/** Kinds about one supply and one day: a supply_key and a date are required. */
const DATED_KINDS: ReadonlySet<string> = new Set(["disconnection_warning", "planned_interruption"]);

export const messageItemSchema = z
  .object({
    key: key.meta({ description: "The billing system's key of the message" }),
    to: z.union([customerTarget, supplyTarget, allTarget]).meta({
      description: "One customer, one supply (its customer's inbox, about that supply) or all",
    }),
    kind: z.enum(MESSAGE_KINDS),
    title_el: text(200),
    body_el: text(5000).meta({ description: "Paragraphs separated by an empty line" }),
    title_en: englishText(200).meta({ description: "Default: the Greek title is shown" }),
    body_en: englishText(5000).meta({ description: "Default: the Greek text is shown" }),
    date: isoDate.optional().meta({
      description:
        "The disconnection date (disconnection_warning) or the interruption's day (planned_interruption): required for both",
    }),
    time_from: clockTime.optional().meta({
      description: "planned_interruption: when it starts, HH:MM Athens time (required)",
    }),
    time_to: clockTime.optional().meta({
      description:
        "planned_interruption: when it ends, HH:MM Athens time (required, after time_from)",
    }),
  })
  .strict()
  .refine((item) => !DATED_KINDS.has(item.kind) || item.date !== undefined, {
    path: ["date"],
    message: "validate.require",
  })
  .refine((item) => !DATED_KINDS.has(item.kind) || "supply_key" in item.to, {
    path: ["to"],
    message: "validate.invalid",
  })
  .refine((item) => item.kind !== "planned_interruption" || item.time_from !== undefined, {
    path: ["time_from"],
    message: "validate.require",
  })
  .refine(
    (item) =>
      item.kind !== "planned_interruption" ||
      (item.time_to !== undefined && item.time_to > (item.time_from ?? "")),
    { path: ["time_to"], message: "validate.invalid" },
  );

export type MessageItem = z.infer<typeof messageItemSchema>;

/** The inbox's type and category of a kind (locales/*\/messages.json: type.*, categories.*). */
const TYPE_OF = {
  info: "info",
  alert: "alert",
  disconnection_warning: "alert",
  planned_interruption: "alert",
} as const;
const CATEGORY_OF = {
  info: "account",
  alert: "account",
  disconnection_warning: "billing",
  planned_interruption: "account",
} as const;

/** The columns a message item sets (the rest is its addressee and c_stamp). */
const messageText = (item: MessageItem) => ({
  title: item.title_el,
  content: item.body_el,
  title_en: item.title_en ?? null,
  content_en: item.body_en ?? null,
  type: TYPE_OF[item.kind],
  category: CATEGORY_OF[item.kind],
});

/** A supply a supplies batch sent, not Removed; else refused at `field`. */
async function keyedSupply(ctx: BatchContext, supplyKey: string, field: string) {
  const known = await knownKey(ctx.db, "supply", supplyKey);
  const [row] = known
    ? await ctx.db
        .select({
          id: meters.id,
          customer_id: meters.customer_id,
          division: meters.division,
          status: meters.status,
        })
        .from(meters)
        .where(eq(meters.id, known.portalId))
    : [];
  if (!row || row.status === REMOVED_METER_STATUS) throw new Refusal("unknown_supply", field);
  return row;
}

/** The one addressee of a message to a customer or a supply: its master person (and supply). */
async function addressee(ctx: BatchContext, to: MessageItem["to"]) {
  let customerId: number;
  let meterId: number | null = null;
  let field: string;
  if ("customer_key" in to) {
    field = "to.customer_key";
    const known = await knownKey(ctx.db, "customer", to.customer_key);
    const [row] = known
      ? await ctx.db
          .select({ id: customers.id })
          .from(customers)
          .where(eq(customers.id, known.portalId))
      : [];
    if (!row) throw new Refusal("unknown_customer", field);
    customerId = row.id;
  } else if ("supply_key" in to) {
    field = "to.supply_key";
    const supply = await keyedSupply(ctx, to.supply_key, field);
    customerId = supply.customer_id;
    meterId = supply.id;
  } else {
    throw new Error("addressee of a message to all");
  }
  const [master] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(masterOf(customerId))
    .limit(1);
  if (!master) throw new Refusal("no_account", field);
  return { customerId, userId: master.id, meterId };
}

type MessageRowType = (typeof messages.$inferInsert)["type"];

/** A message to every customer: one row per master person, in one statement; its id range. */
async function insertForAll(ctx: BatchContext, item: MessageItem) {
  const db = ctx.db;
  const row = messageText(item);
  const lastId = db.select({ id: sql<number>`COALESCE(MAX(${messages.id}), 0)` }).from(messages);
  // One D1 batch is one transaction: nothing else is written between the three statements.
  const [before, , after] = await db.batch([
    lastId,
    db.insert(messages).select(
      db
        .select({
          id: sql<number>`NULL`.as("id"),
          user_id: users.id,
          meter_id: sql<number | null>`NULL`.as("meter_id"),
          title: sql<string>`${row.title}`.as("title"),
          content: sql<string>`${row.content}`.as("content"),
          title_en: sql<string | null>`${row.title_en}`.as("title_en"),
          content_en: sql<string | null>`${row.content_en}`.as("content_en"),
          type: sql<MessageRowType>`${row.type}`.as("type"),
          category: sql<string>`${row.category}`.as("category"),
          read_status: sql<number>`0`.as("read_status"),
          c_stamp: sql<string>`${ctx.now.toISOString()}`.as("c_stamp"),
        })
        .from(users)
        // Exactly users_one_master's condition: one master per customer, read from that index.
        .where(and(eq(users.test_role, "master"), isNull(users.removed_at))),
    ),
    lastId,
  ]);
  const first = (before[0]?.id ?? 0) + 1;
  const last = after[0]?.id ?? 0;
  if (last < first) throw new Refusal("no_account", "to");
  return { first, last };
}

/**
 * The rows a message wrote, changed to the item's text (the same addressees), else refused; the
 * last row of a message to all.
 */
async function updateMessage(ctx: BatchContext, item: MessageItem, first: number) {
  const db = ctx.db;
  const [current] = await db
    .select({
      meter_id: messages.meter_id,
      c_stamp: messages.c_stamp,
      customer_id: users.customer_id,
    })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.user_id))
    .where(eq(messages.id, first));
  if (!current) throw new Refusal("unknown_message");
  const toAll = await knownKey(db, MESSAGE_ALL, item.key);
  if ("all" in item.to) {
    if (!toAll) throw new Refusal("target_changed", "to");
    await db
      .update(messages)
      .set(messageText(item))
      .where(
        and(
          between(messages.id, first, toAll.portalId),
          eq(messages.c_stamp, current.c_stamp),
          isNull(messages.meter_id),
        ),
      );
    return toAll.portalId;
  }
  if (toAll) throw new Refusal("target_changed", "to");
  const target = await addressee(ctx, item.to);
  if (target.customerId !== current.customer_id || target.meterId !== current.meter_id) {
    throw new Refusal("target_changed", "to");
  }
  await db.update(messages).set(messageText(item)).where(eq(messages.id, first));
  return null;
}

/** Applies one message (created, updated or unchanged). */
export async function applyMessage(item: MessageItem, ctx: BatchContext): Promise<Applied> {
  const hash = await contentHash(item);
  const known = await knownKey(ctx.db, MESSAGE, item.key);
  if (known && known.hash === hash) return { outcome: "unchanged", id: known.portalId };
  let applied: Applied;
  if (known) {
    const last = await updateMessage(ctx, item, known.portalId);
    if (last !== null) await rememberKey(ctx, MESSAGE_ALL, item.key, last, hash);
    applied = { outcome: "updated", id: known.portalId };
  } else {
    const target = "all" in item.to ? null : await addressee(ctx, item.to);
    // A new key is claimed first: the same message sent twice at once is written once.
    if (!(await claimKey(ctx, MESSAGE, item.key))) throw new Refusal("in_progress");
    try {
      if (target === null) {
        const { first, last } = await insertForAll(ctx, item);
        await rememberKey(ctx, MESSAGE_ALL, item.key, last, hash);
        applied = { outcome: "created", id: first };
      } else {
        const [inserted] = await ctx.db
          .insert(messages)
          .values({
            user_id: target.userId,
            meter_id: target.meterId,
            ...messageText(item),
            read_status: 0,
            c_stamp: ctx.now.toISOString(),
          })
          .returning({ id: messages.id });
        if (!inserted) throw new Error("message insert returned nothing");
        applied = { outcome: "created", id: inserted.id };
      }
    } catch (error) {
      await releaseClaim(ctx, MESSAGE, item.key);
      throw error;
    }
  }
  await rememberKey(ctx, MESSAGE, item.key, applied.id, hash);

  if (item.kind === "disconnection_warning" && "supply_key" in item.to && item.date) {
    try {
      const supply = await keyedSupply(ctx, item.to.supply_key, "to.supply_key");
      // The notice's texts are its own templates (api/notify/templates.ts), in the person's
      // language, with the balance and a pay link; the inbox row is the one written above.
      await notifyDisconnection(ctx, { key: item.key, meterId: supply.id, date: item.date });
    } catch (error) {
      // The message is written; its notice is the notices' own concern (logged, never a refusal).
      logError(error, { id: `message-${applied.id}`, where: "notice-disconnection" });
    }
  }
  if (
    item.kind === "planned_interruption" &&
    "supply_key" in item.to &&
    item.date &&
    item.time_from &&
    item.time_to
  ) {
    try {
      const supply = await keyedSupply(ctx, item.to.supply_key, "to.supply_key");
      // #38 §3: a life-support home hears by every channel (notifyPlannedInterruption decides
      // from the register); any other supply has this inbox message only.
      await notifyPlannedInterruption(ctx, {
        key: item.key,
        meterId: supply.id,
        date: item.date,
        from: item.time_from,
        to: item.time_to,
      });
    } catch (error) {
      logError(error, { id: `message-${applied.id}`, where: "notice-planned-interruption" });
    }
  }
  return applied;
}

/** A link a banner may carry: a path of the portal or an http(s) address (as the overview shows). */
function isBannerUrl(value: string): boolean {
  if (value.startsWith("/")) return !value.startsWith("//") && !value.startsWith("/\\");
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

export const BANNER_KINDS = ["info", "alert"] as const;

export const bannerItemSchema = z
  .object({
    key: key.meta({ description: "The billing system's key of the banner" }),
    remove: z
      .literal(true)
      .optional()
      .meta({ description: "Deletes the banner of this key (no other field is needed)" }),
    to: z
      .union([
        supplyTarget,
        z.object({ division: z.enum(["electricity", "gas"]) }).strict(),
        allTarget,
      ])
      .optional()
      .meta({ description: "One supply, every supply of a division, or every supply" }),
    kind: z.enum(BANNER_KINDS).optional().meta({ description: "Default: info" }),
    title_el: text(200).optional(),
    body_el: text(2000).optional(),
    title_en: englishText(200).meta({ description: "Default: the Greek title" }),
    body_en: englishText(2000).meta({ description: "Default: the Greek text" }),
    url: z
      .string()
      .trim()
      .max(500)
      .refine(isBannerUrl, "validate.invalid")
      .nullable()
      .optional()
      .meta({ description: "A portal path (/b2b/help) or an http(s) address" }),
    active_from: isoDate.nullable().optional().meta({ description: "First day shown" }),
    active_to: isoDate.nullable().optional().meta({ description: "Last day shown" }),
  })
  .strict()
  .superRefine((item, issue) => {
    if (item.remove) return;
    for (const field of ["to", "title_el", "body_el"] as const) {
      if (item[field] === undefined) {
        issue.addIssue({ code: "custom", path: [field], message: "validate.require" });
        return;
      }
    }
    if (item.active_from && item.active_to && item.active_to < item.active_from) {
      issue.addIssue({ code: "custom", path: ["active_to"], message: "validate.invalid" });
    }
  });

export type BannerItem = z.infer<typeof bannerItemSchema>;

/** The banners row a (not removing) item stands for. */
async function bannerRow(ctx: BatchContext, item: BannerItem) {
  const to = item.to;
  const titleEl = item.title_el;
  const bodyEl = item.body_el;
  if (!to || titleEl === undefined || bodyEl === undefined) throw new Refusal("validation");
  let meterId: number | null = null;
  let division: number | null = null;
  if ("supply_key" in to) meterId = (await keyedSupply(ctx, to.supply_key, "to.supply_key")).id;
  else if ("division" in to) division = to.division === "electricity" ? 1 : 2;
  return {
    meter_id: meterId,
    division,
    title_el: titleEl,
    // Both columns are NOT NULL (0001): the Greek text stands in for a missing English one.
    title_en: item.title_en ?? titleEl,
    body_el: bodyEl,
    body_en: item.body_en ?? bodyEl,
    url: item.url || null,
    kind: item.kind ?? "info",
    active_from: item.active_from ?? null,
    active_to: item.active_to ?? null,
  } satisfies typeof banners.$inferInsert;
}

/** Applies one banner (created, updated, unchanged; removed answers updated). */
export async function applyBanner(item: BannerItem, ctx: BatchContext): Promise<Applied> {
  const db = ctx.db;
  const hash = await contentHash(item);
  const known = await knownKey(db, BANNER, item.key);
  if (known && known.hash === hash) return { outcome: "unchanged", id: known.portalId };
  if (item.remove) {
    if (!known) throw new Refusal("unknown_banner", "key");
    await db.delete(banners).where(eq(banners.id, known.portalId));
    await rememberKey(ctx, BANNER, item.key, known.portalId, hash);
    return { outcome: "updated", id: known.portalId };
  }
  const row = await bannerRow(ctx, item);
  if (known) {
    const [updated] = await db
      .update(banners)
      .set(row)
      .where(eq(banners.id, known.portalId))
      .returning({ id: banners.id });
    if (updated) {
      await rememberKey(ctx, BANNER, item.key, updated.id, hash);
      return { outcome: "updated", id: updated.id };
    }
    // Removed before: the key's banner is a new row.
  }
  // A new key is claimed first: the same banner sent twice at once is written once.
  if (!known && !(await claimKey(ctx, BANNER, item.key))) throw new Refusal("in_progress");
  let id: number;
  try {
    const [inserted] = await db.insert(banners).values(row).returning({ id: banners.id });
    if (!inserted) throw new Error("banner insert returned nothing");
    id = inserted.id;
  } catch (error) {
    if (!known) await releaseClaim(ctx, BANNER, item.key);
    throw error;
  }
  await rememberKey(ctx, BANNER, item.key, id, hash);
  return { outcome: "created", id };
}

const doc = documented("Back office");

/** Mounted in the back-office router (api/backoffice/routes.ts). */
export const backofficeMessageRoutes = new Hono<ApiEnv>()
  .post(
    "/messages",
    doc({
      summary: "Inbox messages to one customer, one supply or every customer (batch upsert)",
      description:
        "Greek and (optionally) English texts; a disconnection warning (one supply, with its date) also goes out by email and SMS, and a planned interruption (one supply, its date and hours) too where the supply is registered for life-support equipment. At most 500 items, each answered created, updated, unchanged or refused with a reason (unknown_customer, unknown_supply, no_account, target_changed, in_progress, duplicate_key, validation).",
      ok: json(batchAnswerSchema),
      errors: { 400: ["validation"] },
    }),
    requireService("messages"),
    validate("json", batchEnvelope(messageItemSchema)),
    async (c) => {
      const { items } = c.req.valid("json");
      const ctx = batchContext(c);
      return c.json(await runBatch(items, messageItemSchema, ctx, applyMessage, "messages"));
    },
  )
  .post(
    "/banners",
    doc({
      summary: "The overview's banners of one supply, a division or every supply (batch upsert)",
      description:
        "Greek and (optionally) English texts, a link, the days shown; `remove: true` deletes one. At most 500 items, each answered created, updated, unchanged or refused with a reason (unknown_supply, unknown_banner, in_progress, duplicate_key, validation).",
      ok: json(batchAnswerSchema),
      errors: { 400: ["validation"] },
    }),
    requireService("messages"),
    validate("json", batchEnvelope(bannerItemSchema)),
    async (c) => {
      const { items } = c.req.valid("json");
      const ctx = batchContext(c);
      return c.json(await runBatch(items, bannerItemSchema, ctx, applyBanner, "banners"));
    },
  );
