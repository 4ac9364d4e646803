import { and, eq, sql } from "drizzle-orm";
import type { ApiReadingSaved } from "../../core/contract";
import {
  idempotencyExpiry,
  readingFingerprint,
  replayDecision,
  type RecordedAnswer,
} from "../../core/idempotency";
import type { Db } from "../db";
import { ApiError } from "../lib/errors";
import { readingKeys } from "./tables";

export interface KeyedAnswer {
  status: 200 | 201;
  data: ApiReadingSaved;
  /** True when this is the recorded first answer to the key, not a fresh one. */
  replayed: boolean;
}

/**
 * Run `judge` (a reading or its correction) at most once per key of the person: the first
 * successful answer is recorded with the key; the same request again gets it back without
 * running anything. Refusals are not recorded: a refused request changed nothing, so judging it
 * again is safe, and answers as things are now. Two requests with the same key at once both
 * run, and the readings' own duplicate rule (the same values a moment ago: 200) records one
 * reading; the first key row stands (INSERT … ON CONFLICT DO NOTHING).
 */
export async function onceForKey(
  db: Db,
  userId: number,
  route: "reading" | "correction",
  body: { idempotency_key?: string | undefined } & Parameters<typeof readingFingerprint>[1],
  judge: () => Promise<{ status: 200 | 201; data: ApiReadingSaved }>,
): Promise<KeyedAnswer> {
  const key = body.idempotency_key;
  if (!key) return { ...(await judge()), replayed: false };
  const fingerprint = readingFingerprint(route, body);
  const recorded: RecordedAnswer | undefined = await db
    .select({
      fingerprint: readingKeys.fingerprint,
      status: readingKeys.status,
      body: readingKeys.body,
      expires_at: readingKeys.expires_at,
    })
    .from(readingKeys)
    .where(and(eq(readingKeys.user_id, userId), eq(readingKeys.idempotency_key, key)))
    .get();
  const decision = replayDecision(recorded ?? null, fingerprint, new Date());
  if (decision.kind === "conflict") {
    throw new ApiError(422, "idempotency_key_reused", { field: "idempotency_key" });
  }
  if (decision.kind === "replay") {
    return {
      status: decision.status === 201 ? 201 : 200,
      data: JSON.parse(decision.body) as ApiReadingSaved,
      replayed: true,
    };
  }
  const answer = await judge();
  const now = new Date();
  await db
    .insert(readingKeys)
    .values({
      user_id: userId,
      idempotency_key: key,
      fingerprint,
      status: answer.status,
      body: JSON.stringify(answer.data),
      created_at: now.toISOString(),
      expires_at: idempotencyExpiry(now),
    })
    // An expired row not yet cleaned up is replaced; a live one (a request at the same moment)
    // stays the first answer.
    .onConflictDoUpdate({
      target: [readingKeys.user_id, readingKeys.idempotency_key],
      set: {
        fingerprint,
        status: answer.status,
        body: JSON.stringify(answer.data),
        created_at: now.toISOString(),
        expires_at: idempotencyExpiry(now),
      },
      setWhere: sql`${readingKeys.expires_at} <= ${now.toISOString()}`,
    });
  return { ...answer, replayed: false };
}
