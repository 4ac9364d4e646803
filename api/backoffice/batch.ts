import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../db";
import { issueField, issueMessage } from "../lib/validate";
import { logError } from "../../workers/log";
import { backofficeKeys } from "./tables";
import { SUBREQUESTS_PER_INVOCATION } from "../../core/platform-limits";
import { SERVICE_SCOPES, type ServiceScope } from "../../core/service-credentials";

/**
 * Batch upserts of the back-office API (#36 §1): the shared runner every batch route uses.
 *
 * - A batch is `{ "items": [...] }`, 1 to BATCH_MAX_ITEMS items. Only a body that is not such a
 *   list is refused as a whole (400 validation, field "items"); every item is then validated on
 *   its own with the route's schema and applied on its own, so a refused item never stops the
 *   others.
 * - Every item carries the billing system's own `key`. The key, with the item's kind, maps to the
 *   portal row it became (backoffice_keys) and the hash of the item as last applied: the same item
 *   sent again is `unchanged` and writes nothing (`applyKeyed`).
 * - The answer lists every item in order: created, updated, unchanged or refused with a reason
 *   code (and, for a validation failure, the field and the message key).
 */

export const BATCH_MAX_ITEMS = 500;

/** The scopes of a service credential; each back-office route needs one (core/service-credentials). */
export const BACKOFFICE_SCOPES = SERVICE_SCOPES;
export type BackofficeScope = ServiceScope;

/** The service credential a request came with (set by the back-office auth middleware). */
export interface ServiceClient {
  id: number;
  name: string;
  scopes: readonly BackofficeScope[];
}

export interface BatchContext {
  db: Db;
  env: Env;
  client: ServiceClient;
  /** One instant for the whole batch. */
  now: Date;
  /** The request's URL: the notices' links in local development (core/public-origin.ts). */
  requestUrl?: string;
  /** The D1 calls the request has made so far (api/db/resilient.ts TripCounter), if counted. */
  d1Calls?: () => number;
}

/**
 * The D1 calls one back-office call may make: the invocation's subrequests
 * (core/platform-limits.ts, wrangler.toml [limits]) less room for the rest of what a batch asks
 * of Cloudflare: a queue send for each of a bill's two notices (email, SMS), the gate, the
 * activity log and the answer. A batch stops applying items before it could pass this many; the
 * items left are refused `deferred`, to be sent again (they are keyed: nothing is applied twice).
 * A batch of 500 bills (about 14 D1 calls each) fits in one call.
 */
export const D1_CALL_BUDGET = SUBREQUESTS_PER_INVOCATION - 2 * BATCH_MAX_ITEMS - 500;

export type Outcome = "created" | "updated" | "unchanged" | "refused";

export interface ItemResult {
  index: number;
  /** The billing system's key, as sent (null when the item had none a string could be read of). */
  key: string | null;
  outcome: Outcome;
  /** The portal's id of the row (created, updated, unchanged). */
  id?: number;
  /** refused: a stable code ("validation", "duplicate_key", "unknown_supply", "internal", ...). */
  reason?: string;
  /** refused for validation: the item's field ("lines.0.amount") and the message key. */
  field?: string;
  message?: string;
}

export interface BatchAnswer {
  results: ItemResult[];
  summary: Record<Outcome, number>;
}

/** What an item handler answers when it applied the item. */
export interface Applied {
  outcome: Exclude<Outcome, "refused">;
  id: number;
}

/** Thrown by an item handler to refuse its item with a reason code (never an internal error). */
export class Refusal extends Error {
  readonly reason: string;
  readonly field?: string;
  constructor(reason: string, field?: string) {
    super(reason);
    this.reason = reason;
    this.field = field;
  }
}

/** A billing-system key: 1–64 printable characters without spaces. */
export const KEY_PATTERN = /^[A-Za-z0-9._:/-]{1,64}$/;

/** The body's items, or null when the body is not `{ items: [...] }` with 1–500 items. */
export function batchItems(body: unknown): unknown[] | null {
  if (body === null || typeof body !== "object" || Array.isArray(body)) return null;
  const items = (body as { items?: unknown }).items;
  if (!Array.isArray(items) || items.length === 0 || items.length > BATCH_MAX_ITEMS) return null;
  return items;
}

function rawKey(item: unknown): string | null {
  if (item === null || typeof item !== "object") return null;
  const key = (item as { key?: unknown }).key;
  return typeof key === "string" && KEY_PATTERN.test(key) ? key : null;
}

/**
 * Runs `handle` for every item of `items` in order, each validated with `schema` (whose output
 * must have the item's `key`). Items are applied one after the other: a later item may refer to
 * an earlier one of the same batch (a supply to the customer sent just before it). `prepare`,
 * when given, sees every valid item first: it reads in a few queries what the handler would
 * otherwise read an item at a time (a cache the handler falls back from, never a decision).
 */
export async function runBatch<T extends { key: string }>(
  items: readonly unknown[],
  schema: z.ZodType<T>,
  ctx: BatchContext,
  handle: (item: T, ctx: BatchContext) => Promise<Applied>,
  where = "backoffice",
  prepare?: (items: readonly T[], ctx: BatchContext) => Promise<void>,
): Promise<BatchAnswer> {
  const results: Array<ItemResult | undefined> = [];
  const seen = new Set<string>();
  const valid: Array<{ index: number; item: T }> = [];
  for (const [index, raw] of items.entries()) {
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      results[index] = {
        index,
        key: rawKey(raw),
        outcome: "refused",
        reason: "validation",
        field: issueField(issue?.path),
        message: issueMessage(issue, raw),
      };
    } else if (seen.has(parsed.data.key)) {
      results[index] = { index, key: parsed.data.key, outcome: "refused", reason: "duplicate_key" };
    } else {
      seen.add(parsed.data.key);
      valid.push({ index, item: parsed.data });
    }
  }
  if (prepare && valid.length > 0) {
    try {
      await prepare(
        valid.map((v) => v.item),
        ctx,
      );
    } catch (error) {
      // The cache is an optimisation: without it every item reads its own rows.
      logError(error, { id: `${ctx.client.name}#prepare`, route: where, where: "backoffice" });
    }
  }
  /** The most D1 calls one item has taken so far: the room the next one needs. */
  let widest = 0;
  for (const { index, item } of valid) {
    const callsBefore = ctx.d1Calls?.() ?? 0;
    if (ctx.d1Calls && callsBefore + Math.max(widest, 20) * 1.5 > D1_CALL_BUDGET) {
      results[index] = { index, key: item.key, outcome: "refused", reason: "deferred" };
      continue;
    }
    try {
      const applied = await handle(item, ctx);
      results[index] = { index, key: item.key, ...applied };
    } catch (error) {
      if (error instanceof Refusal) {
        results[index] = {
          index,
          key: item.key,
          outcome: "refused",
          reason: error.reason,
          ...(error.field ? { field: error.field } : {}),
        };
      } else {
        // One item's fault (a constraint, a lost connection) refuses that item only; the log has
        // the cause, the answer never the runtime's text.
        logError(error, { id: `${ctx.client.name}#${index}`, route: where, where: "backoffice" });
        results[index] = { index, key: item.key, outcome: "refused", reason: "internal" };
      }
    }
    if (ctx.d1Calls) widest = Math.max(widest, ctx.d1Calls() - callsBefore);
  }
  const answered = results.filter((r): r is ItemResult => r !== undefined);
  const summary: Record<Outcome, number> = { created: 0, updated: 0, unchanged: 0, refused: 0 };
  for (const result of answered) summary[result.outcome] += 1;
  return { results: answered, summary };
}

/** True when `error` (or what it wraps) is SQLite's unique-constraint failure on `column`. */
export function isUniqueViolation(error: unknown, column: string): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; depth++) {
    if (e.message.includes(`UNIQUE constraint failed: ${column}`)) return true;
    e = e.cause;
  }
  return false;
}

/** JSON with the keys of every object sorted: the same item always has the same text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** Hex SHA-256 of the item's canonical JSON. */
export async function contentHash(value: unknown): Promise<string> {
  const digest = await crypto.subtle.digest(
    "SHA-256",
    new TextEncoder().encode(canonicalJson(value)),
  );
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** The portal row a key of `kind` became, with the hash of the item as last applied. */
export async function knownKey(
  db: Db,
  kind: string,
  key: string,
): Promise<{ portalId: number; hash: string } | undefined> {
  const [row] = await db
    .select({ portalId: backofficeKeys.portal_id, hash: backofficeKeys.content_hash })
    .from(backofficeKeys)
    .where(
      and(
        eq(backofficeKeys.kind, kind),
        eq(backofficeKeys.external_key, key),
        ne(backofficeKeys.portal_id, CLAIMED),
      ),
    )
    .limit(1);
  return row;
}

/** Bound parameters D1 takes in one statement are at most 100: lists go in chunks of this many. */
export const IN_CHUNK = 90;

/** `list` in chunks of `size`. */
export function chunks<T>(list: readonly T[], size = IN_CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** knownKey for many keys at once (a query a chunk): the keys known, with their rows and hashes. */
export async function knownKeys(
  db: Db,
  kind: string,
  keys: readonly string[],
): Promise<Map<string, { portalId: number; hash: string }>> {
  const found = new Map<string, { portalId: number; hash: string }>();
  for (const chunk of chunks([...new Set(keys)])) {
    const rows = await db
      .select({
        key: backofficeKeys.external_key,
        portalId: backofficeKeys.portal_id,
        hash: backofficeKeys.content_hash,
      })
      .from(backofficeKeys)
      .where(
        and(
          eq(backofficeKeys.kind, kind),
          inArray(backofficeKeys.external_key, chunk),
          ne(backofficeKeys.portal_id, CLAIMED),
        ),
      );
    for (const row of rows) found.set(row.key, { portalId: row.portalId, hash: row.hash });
  }
  return found;
}

/** The billing system's key of a portal row of `kind`, if a batch created or claimed it. */
export async function keyOfPortalId(
  db: Db,
  kind: string,
  portalId: number,
): Promise<string | null> {
  const [row] = await db
    .select({ key: backofficeKeys.external_key })
    .from(backofficeKeys)
    .where(and(eq(backofficeKeys.kind, kind), eq(backofficeKeys.portal_id, portalId)))
    .limit(1);
  return row?.key ?? null;
}

/** Records (or moves) `key` of `kind` to `portalId` with the item's hash. */
export async function rememberKey(
  ctx: BatchContext,
  kind: string,
  key: string,
  portalId: number,
  hash: string,
): Promise<void> {
  const updated_at = ctx.now.toISOString();
  await ctx.db
    .insert(backofficeKeys)
    .values({
      kind,
      external_key: key,
      portal_id: portalId,
      content_hash: hash,
      client_id: ctx.client.id,
      updated_at,
    })
    .onConflictDoUpdate({
      target: [backofficeKeys.kind, backofficeKeys.external_key],
      set: {
        portal_id: sql`excluded.portal_id`,
        content_hash: sql`excluded.content_hash`,
        client_id: sql`excluded.client_id`,
        updated_at,
      },
    });
}

/**
 * The upsert every keyed item goes through: `unchanged` (nothing written) when the key is known
 * with the same content, otherwise `update(portalId)` for a known key or `create()` for a new
 * one, then the key is remembered with the item's hash. `create` may find and claim an existing
 * portal row (the demo's or one the portal made itself) and answer its id.
 */
export async function applyKeyed<T extends { key: string }>(
  ctx: BatchContext,
  kind: string,
  item: T,
  steps: {
    create: () => Promise<number>;
    update: (portalId: number) => Promise<void>;
    /** The key as the batch's `prepare` read it (null: not known then); read here if absent. */
    known?: { portalId: number; hash: string } | null;
  },
): Promise<Applied> {
  const hash = await contentHash(item);
  let known =
    steps.known === undefined ? await knownKey(ctx.db, kind, item.key) : (steps.known ?? undefined);
  if (!known) {
    // A new key: claim it first, so the same item sent twice at once creates one row.
    if (await claimKey(ctx, kind, item.key)) {
      let id: number;
      try {
        id = await steps.create();
      } catch (error) {
        await releaseClaim(ctx, kind, item.key);
        throw error;
      }
      await rememberKey(ctx, kind, item.key, id, hash);
      return { outcome: "created", id };
    }
    known = await knownKey(ctx.db, kind, item.key);
    // Another call is creating it right now: this copy is refused, to be sent again.
    if (!known) throw new Refusal("in_progress");
  }
  if (known.hash === hash) return { outcome: "unchanged", id: known.portalId };
  await steps.update(known.portalId);
  await rememberKey(ctx, kind, item.key, known.portalId, hash);
  return { outcome: "updated", id: known.portalId };
}

/** The portal id of a key being created (no row has id 0). */
const CLAIMED = 0;
/** A claim older than this was left by a call that died mid-way: it may be taken over. */
const CLAIM_TIMEOUT_MS = 60_000;

/** Claims a new key (portal id CLAIMED); false when another call holds a live claim or the key. */
export async function claimKey(ctx: BatchContext, kind: string, key: string): Promise<boolean> {
  const now = ctx.now.toISOString();
  const stale = new Date(ctx.now.getTime() - CLAIM_TIMEOUT_MS).toISOString();
  const rows = await ctx.db
    .insert(backofficeKeys)
    .values({
      kind,
      external_key: key,
      portal_id: CLAIMED,
      content_hash: "",
      client_id: ctx.client.id,
      updated_at: now,
    })
    .onConflictDoUpdate({
      target: [backofficeKeys.kind, backofficeKeys.external_key],
      set: { updated_at: now, client_id: ctx.client.id },
      setWhere: sql`${backofficeKeys.portal_id} = ${CLAIMED} AND ${backofficeKeys.updated_at} < ${stale}`,
    })
    .returning({ key: backofficeKeys.external_key });
  return rows.length > 0;
}

export async function releaseClaim(ctx: BatchContext, kind: string, key: string) {
  await ctx.db
    .delete(backofficeKeys)
    .where(
      and(
        eq(backofficeKeys.kind, kind),
        eq(backofficeKeys.external_key, key),
        eq(backofficeKeys.portal_id, CLAIMED),
      ),
    );
}
