import { describe, expect, it } from "vitest";
import {
  IDEMPOTENCY_DAYS,
  idempotencyExpiry,
  newIdempotencyKey,
  parseIdempotencyKey,
  readingFingerprint,
  replayDecision,
  type RecordedAnswer,
} from "./idempotency";

const now = new Date("2026-12-04T10:00:00.000Z");
const body = { meter_id: 7, day: 1200, night: 300 };
const recorded = (over: Partial<RecordedAnswer> = {}): RecordedAnswer => ({
  fingerprint: readingFingerprint("reading", body),
  status: 201,
  body: '{"date_ins":"2026-12-04"}',
  expires_at: idempotencyExpiry(now),
  ...over,
});

describe("idempotency keys", () => {
  it("are 22 base64url characters, a new one each time, and parse as keys", () => {
    const keys = new Set(Array.from({ length: 200 }, newIdempotencyKey));
    expect(keys.size).toBe(200);
    for (const key of keys) {
      expect(key).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(parseIdempotencyKey(key)).toBe(key);
    }
  });

  it("refuse anything not of a key's shape (too short, other characters, not a string)", () => {
    for (const bad of ["", "abc", "x".repeat(21), "x".repeat(65), "a b".repeat(10), null, 7]) {
      expect(parseIdempotencyKey(bad)).toBeNull();
    }
  });

  it("tell a reading from its correction, another supply, other values and another row", () => {
    const base = readingFingerprint("reading", body);
    expect(readingFingerprint("reading", { ...body })).toBe(base);
    expect(readingFingerprint("correction", { ...body, reading_id: 3 })).not.toBe(base);
    expect(readingFingerprint("reading", { ...body, meter_id: 8 })).not.toBe(base);
    expect(readingFingerprint("reading", { ...body, day: 1201 })).not.toBe(base);
    expect(readingFingerprint("reading", { ...body, night: null })).not.toBe(base);
    expect(readingFingerprint("correction", { ...body, reading_id: 4 })).not.toBe(
      readingFingerprint("correction", { ...body, reading_id: 3 }),
    );
  });
});

describe("the replay rules", () => {
  const fingerprint = readingFingerprint("reading", body);

  it("judge an unseen key as a new request", () => {
    expect(replayDecision(null, fingerprint, now)).toEqual({ kind: "new" });
  });

  it("answer the same request again with the first answer, status and body", () => {
    expect(replayDecision(recorded(), fingerprint, now)).toEqual({
      kind: "replay",
      status: 201,
      body: '{"date_ins":"2026-12-04"}',
    });
  });

  it("refuse a key reused for other values or another supply", () => {
    const other = readingFingerprint("reading", { ...body, day: 1300 });
    expect(replayDecision(recorded(), other, now)).toEqual({ kind: "conflict" });
  });

  it(`forget a key after ${IDEMPOTENCY_DAYS} days, and not a moment before`, () => {
    const expires = idempotencyExpiry(now);
    expect(Date.parse(expires) - now.getTime()).toBe(IDEMPOTENCY_DAYS * 86_400_000);
    const justBefore = new Date(Date.parse(expires) - 1);
    expect(replayDecision(recorded(), fingerprint, justBefore).kind).toBe("replay");
    expect(replayDecision(recorded(), fingerprint, new Date(expires)).kind).toBe("new");
  });
});
