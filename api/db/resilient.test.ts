import { describe, expect, it, vi } from "vitest";
import {
  delayFrom,
  faultRateFrom,
  MAX_D1_DELAY_MS,
  startTripCount,
  TripCounter,
  tripCounterOf,
  isIdempotentSql,
  isReadSql,
  isRetryableD1Error,
  resilientD1,
  RETRYABLE_D1_MESSAGES,
} from "./resilient";

describe("SQL classes", () => {
  it("treats SELECT, PRAGMA and a read-only WITH as reads", () => {
    expect(isReadSql('select "id" from "users" where "id" = ?')).toBe(true);
    expect(isReadSql("  SELECT 1")).toBe(true);
    expect(isReadSql("with x as (select 1) select * from x")).toBe(true);
    expect(isReadSql("with x as (select 1) insert into t select * from x")).toBe(false);
    expect(isReadSql("insert into t values (1)")).toBe(false);
  });

  it("repeats only writes whose repetition changes nothing", () => {
    expect(isIdempotentSql("delete from sessions where id = ?")).toBe(true);
    expect(isIdempotentSql('update "users" set "skin" = ?, "lang" = ? where "id" = ?')).toBe(true);
    expect(isIdempotentSql("insert or ignore into t (a) values (?)")).toBe(true);
    expect(isIdempotentSql("insert into t (a) values (?) on conflict (a) do nothing")).toBe(true);
    expect(isIdempotentSql("insert into readings (a) values (?)")).toBe(false);
    expect(
      isIdempotentSql("insert into t (a) values (?) on conflict (a) do update set n = n + 1"),
    ).toBe(false);
    expect(
      isIdempotentSql('update "throttle" set "count" = "throttle"."count" + 1 where k = ?'),
    ).toBe(false);
    expect(isIdempotentSql("update t set n = n - 1 where id = ?")).toBe(false);
    expect(isIdempotentSql("update t set s = s || 'x'")).toBe(false);
  });

  it("recognises D1's documented transient errors only", () => {
    for (const message of RETRYABLE_D1_MESSAGES)
      expect(isRetryableD1Error(new Error(message))).toBe(true);
    expect(isRetryableD1Error(new Error("D1_ERROR: UNIQUE constraint failed: users.email"))).toBe(
      false,
    );
    expect(isRetryableD1Error("D1 DB is overloaded. Too many requests queued.")).toBe(true);
    const wrapped = new Error("Failed query: select 1", {
      cause: new Error(RETRYABLE_D1_MESSAGES[0]),
    });
    expect(isRetryableD1Error(wrapped)).toBe(true);
  });
});

/** A fake D1 whose statements count executions and fail the first `failures` times. */
function fakeD1(failures: number, message: string = RETRYABLE_D1_MESSAGES[0]) {
  const executed: string[] = [];
  let left = failures;
  const statement = (sql: string) => {
    const run = async () => {
      executed.push(sql);
      if (left > 0) {
        left--;
        throw new Error(message);
      }
      return { results: [{ ok: 1 }], success: true, meta: {} };
    };
    const stmt = {
      bind: () => stmt,
      all: run,
      run,
      raw: async () => {
        await run();
        return [[1]];
      },
      first: async () => {
        await run();
        return { ok: 1 };
      },
    };
    return stmt;
  };
  const db = {
    prepare: (sql: string) => statement(sql),
    batch: async (statements: unknown[]) => {
      executed.push(`batch:${statements.length}`);
      if (left > 0) {
        left--;
        throw new Error(message);
      }
      return statements.map(() => ({ results: [], success: true, meta: {} }));
    },
  };
  const withExec = Object.assign(db, {
    exec: async (query: string) => {
      executed.push(`exec:${query}`);
      return { count: 1, duration: 0 };
    },
  });
  return { db: withExec as unknown as D1Database, executed };
}

const noSleep = { sleep: async () => undefined };

describe("resilientD1", () => {
  it("retries a read until it succeeds", async () => {
    const { db, executed } = fakeD1(3);
    const result = await resilientD1(db, noSleep).prepare("select 1").bind().all();
    expect(result.results).toEqual([{ ok: 1 }]);
    expect(executed).toHaveLength(4);
  });

  it("gives up after five attempts", async () => {
    const { db, executed } = fakeD1(10);
    await expect(resilientD1(db, noSleep).prepare("select 1").first()).rejects.toThrow(
      /connection lost/,
    );
    expect(executed).toHaveLength(5);
  });

  it("never repeats an insert that creates a row", async () => {
    const { db, executed } = fakeD1(1);
    await expect(
      resilientD1(db, noSleep).prepare("insert into readings (v) values (?)").bind(1).run(),
    ).rejects.toThrow();
    expect(executed).toHaveLength(1);
  });

  it("does not retry errors that are not transient", async () => {
    const { db, executed } = fakeD1(1, "D1_ERROR: UNIQUE constraint failed");
    await expect(resilientD1(db, noSleep).prepare("select 1").all()).rejects.toThrow(/UNIQUE/);
    expect(executed).toHaveLength(1);
  });

  it("retries a batch only when every statement may be repeated", async () => {
    const first = fakeD1(1);
    const wrapped = resilientD1(first.db, noSleep);
    await wrapped.batch([
      wrapped.prepare("update t set a = ?").bind(1),
      wrapped.prepare("select 1"),
    ]);
    expect(first.executed).toEqual(["batch:2", "batch:2"]);

    const second = fakeD1(1);
    const other = resilientD1(second.db, noSleep);
    await expect(
      other.batch([
        other.prepare("insert into t (a) values (?)").bind(1),
        other.prepare("select 1"),
      ]),
    ).rejects.toThrow();
    expect(second.executed).toEqual(["batch:2"]);
  });

  it("injects faults before and after execution at the configured rate", async () => {
    const rolls = [0.01, 0.3];
    const random = vi.fn(() => rolls.shift() ?? 0.5);
    const { db, executed } = fakeD1(0);
    const wrapped = resilientD1(db, { ...noSleep, faultRate: 0.05, random, attempts: 1 });
    // roll 0.01 < 0.025: fails before running; the message roll uses the next value.
    await expect(wrapped.prepare("insert into t (a) values (1)").run()).rejects.toThrow(/D1_ERROR/);
    expect(executed).toHaveLength(0);
    rolls.push(0.04, 0.5);
    // roll 0.04: runs, then fails (the dangerous case for non-idempotent writes).
    await expect(wrapped.prepare("insert into t (a) values (1)").run()).rejects.toThrow(/D1_ERROR/);
    expect(executed).toHaveLength(1);
  });

  it("reads the fault rate only outside production", () => {
    expect(faultRateFrom({ ENVIRONMENT: "development", D1_FAULT_RATE: "0.05" })).toBe(0.05);
    expect(faultRateFrom({ ENVIRONMENT: "production", D1_FAULT_RATE: "0.05" })).toBe(0);
    expect(faultRateFrom({ ENVIRONMENT: "development", D1_FAULT_RATE: "nope" })).toBe(0);
    expect(faultRateFrom({ ENVIRONMENT: "development" })).toBe(0);
  });
});

describe("#16 D1_DELAY_MS and round trips", () => {
  it("#16 D1_DELAY_MS is read in development only, as whole milliseconds, bounded", () => {
    expect(delayFrom({ ENVIRONMENT: "development", D1_DELAY_MS: "40" })).toBe(40);
    expect(delayFrom({ ENVIRONMENT: "development", D1_DELAY_MS: "12.6" })).toBe(13);
    expect(delayFrom({ ENVIRONMENT: "development", D1_DELAY_MS: "9999999" })).toBe(MAX_D1_DELAY_MS);
    for (const bad of ["", "nope", "-5", "0", "Infinity"])
      expect(delayFrom({ ENVIRONMENT: "development", D1_DELAY_MS: bad })).toBe(0);
    expect(delayFrom({ ENVIRONMENT: "development" })).toBe(0);
    // Production (any value but "development") never waits.
    for (const ENVIRONMENT of ["production", "", "Development", undefined])
      expect(delayFrom({ ENVIRONMENT, D1_DELAY_MS: "40" })).toBe(0);
  });

  it("#16 D1_DELAY_MS delays every kind of D1 call: first, all, run, raw, batch and exec", async () => {
    vi.useFakeTimers();
    try {
      const { db, executed } = fakeD1(0);
      const wrapped = resilientD1(db, { ...noSleep, delayMs: 40 });
      const calls: Array<[string, () => Promise<unknown>]> = [
        ["first", () => wrapped.prepare("select 1").first()],
        ["all", () => wrapped.prepare("select 2").all()],
        ["run", () => wrapped.prepare("delete from t").run()],
        ["raw", () => wrapped.prepare("select 3").raw()],
        ["batch", () => wrapped.batch([wrapped.prepare("select 4")])],
        ["exec", () => wrapped.exec("select 5")],
      ];
      for (const [name, call] of calls) {
        const before = executed.length;
        let settled = false;
        const pending = call().then(() => (settled = true));
        await vi.advanceTimersByTimeAsync(39);
        expect(executed.length, `${name} ran before its delay`).toBe(before);
        expect(settled).toBe(false);
        await vi.advanceTimersByTimeAsync(1);
        await pending;
        expect(executed.length, `${name} ran after its delay`).toBe(before + 1);
      }
    } finally {
      vi.useRealTimers();
    }
  });

  it("#16 a call that starts while another is in flight shares its round trip", async () => {
    const counter = new TripCounter();
    const a = counter.begin();
    const b = counter.begin(); // overlaps a: same trip
    expect(counter.trips).toBe(1);
    a();
    const c = counter.begin(); // b still in flight: same trip
    b();
    c();
    c(); // ending twice changes nothing
    expect(counter.trips).toBe(1);
    counter.begin()(); // after all settled: a new trip
    expect(counter.trips).toBe(2);
    expect(counter.calls).toBe(4);
  });

  it("#16 the wrapper counts sequential calls as trips and parallel ones as one", async () => {
    const { db } = fakeD1(0);
    const trips = new TripCounter();
    const wrapped = resilientD1(db, { ...noSleep, delayMs: 5, trips });
    await Promise.all([
      wrapped.prepare("select 1").first(),
      wrapped.prepare("select 2").all(),
      wrapped.batch([wrapped.prepare("select 3"), wrapped.prepare("select 4")]),
    ]);
    expect(trips.trips).toBe(1);
    await wrapped.prepare("select 5").first();
    await wrapped.exec("select 6");
    expect(trips.trips).toBe(3);
    expect(trips.calls).toBe(5);
  });

  it("#16 the counter of a request is found by its execution context", () => {
    const ctx = {};
    expect(tripCounterOf(ctx)).toBeUndefined();
    expect(tripCounterOf(null)).toBeUndefined();
    const counter = startTripCount(ctx);
    expect(tripCounterOf(ctx)).toBe(counter);
  });
});
