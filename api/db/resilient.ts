import { isDevelopment, isProduction } from "../../core/environment";
/**
 * D1 with the retries Cloudflare's documentation asks for, and an optional fault injector.
 *
 * D1 can fail a query with a transient error ("Network connection lost", "storage caused object to
 * be reset", "reset because its code was updated", "transient issue on remote node", "overloaded").
 * Reads are retried with a short backoff. Writes are retried only when repeating them cannot
 * change the outcome (idempotent SQL: DELETE, an UPDATE that sets fixed values, an INSERT that
 * ignores or replaces a conflicting row); an INSERT that creates a new row or an UPDATE that
 * counts (`x = x + 1`) is never repeated: its error goes to the caller, which answers 503 and
 * lets the person decide, so no row is ever written twice by the portal itself.
 *
 * `D1_FAULT_RATE` (0..1, ignored in production) makes that share of statements fail with one of
 * those errors: half before the statement runs, half after it ran (the case that makes retrying a
 * non-idempotent write dangerous). Tests use it to prove the two rules above.
 *
 * `D1_DELAY_MS` (an integer, development only) waits that long before every D1 call (a statement's
 * first/all/run/raw, a batch, an exec): on a laptop D1 answers in well under a millisecond, in
 * production the primary may be an ocean away, so this shows what each sequential query costs.
 * A `TripCounter` counts the *round trips* of one incoming request: a call that starts while
 * another is in flight shares its trip, one that starts after all earlier ones settled is a new
 * trip (what the delay multiplies). workers/app.ts reports it in development (`Server-Timing`).
 */

export const RETRYABLE_D1_MESSAGES = [
  "D1_ERROR: Network connection lost.",
  "D1_ERROR: Internal error in D1 DB storage caused object to be reset.",
  "D1_ERROR: Durable Object reset because its code was updated.",
  "D1_ERROR: Cannot resolve D1 DB due to transient issue on remote node.",
  "D1_ERROR: D1 DB is overloaded. Requests queued for too long.",
] as const;

const RETRYABLE =
  /network connection lost|storage caused object to be reset|reset because its code was updated|transient issue on remote node|overloaded|too many requests queued/i;

/** True for D1's transient errors, also when wrapped (Drizzle rethrows them as the `cause`). */
export function isRetryableD1Error(error: unknown): boolean {
  for (let current = error, depth = 0; current != null && depth < 5; depth++) {
    const message = current instanceof Error ? current.message : String(current);
    if (RETRYABLE.test(message)) return true;
    current = current instanceof Error ? current.cause : undefined;
  }
  return false;
}

/** A query that only reads. */
export function isReadSql(sql: string): boolean {
  const text = sql.trim().toLowerCase();
  if (text.startsWith("select") || text.startsWith("pragma") || text.startsWith("explain"))
    return true;
  return text.startsWith("with") && !/\b(insert|update|delete|replace)\b/.test(text);
}

/** A statement whose repetition leaves the database as one execution would. */
export function isIdempotentSql(sql: string): boolean {
  if (isReadSql(sql)) return true;
  const text = sql.trim().toLowerCase().replace(/\s+/g, " ");
  if (text.startsWith("delete")) return true;
  if (text.startsWith("insert")) {
    return (
      /^insert or (ignore|replace)\b/.test(text) ||
      /\bon conflict\b[^;]*\bdo nothing\b/.test(text) ||
      /^replace\b/.test(text)
    );
  }
  if (text.startsWith("update")) {
    const set = text.slice(text.indexOf(" set ") + 5).split(/ where | returning /)[0] ?? "";
    // `col = col + 1`, `count = "t"."count" - 1`, `x = x || 'y'`: a counting update.
    return !/=\s*[("\w.]+\s*(\+|-|\|\|)/.test(set);
  }
  return false;
}

/**
 * Sequential D1 round trips of one incoming request. A call that starts while another is in
 * flight rides along with it (one trip); a call that starts when none is in flight is a new trip.
 */
export class TripCounter {
  private inFlight = 0;
  /** Round trips so far. */
  trips = 0;
  /** D1 calls so far (statements, batches, execs; each retry too). */
  calls = 0;
  /** API calls whose D1 session started at the caller's bookmark (read your own writes). */
  bookmarked = 0;

  /** Marks a D1 call as started; returns the function that marks it settled. */
  begin(): () => void {
    if (this.inFlight === 0) this.trips++;
    this.inFlight++;
    this.calls++;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.inFlight--;
    };
  }
}

/**
 * The trip counter of one incoming request, keyed by its ExecutionContext (which the in-process
 * API calls of a page request share, app/.server/api/index.ts). Only development starts one.
 */
const tripCounters = new WeakMap<object, TripCounter>();

export function startTripCount(ctx: object): TripCounter {
  const counter = new TripCounter();
  tripCounters.set(ctx, counter);
  return counter;
}

export function tripCounterOf(ctx: object | null): TripCounter | undefined {
  return ctx ? tripCounters.get(ctx) : undefined;
}

export interface ResilienceOptions {
  /** Share of statements that fail on purpose (0 = none). */
  faultRate?: number;
  /** Milliseconds waited before every D1 call (0 = none): simulated distance to the database. */
  delayMs?: number;
  /** Counts this request's round trips. */
  trips?: TripCounter;
  random?: () => number;
  /** Attempts in all for a statement that may be retried. */
  attempts?: number;
  sleep?: (ms: number) => Promise<void>;
}

const BACKOFF_MS = [10, 25, 50, 100];

type Executor<T> = () => Promise<T>;

class Runner {
  readonly faultRate: number;
  readonly random: () => number;
  readonly attempts: number;
  readonly sleep: (ms: number) => Promise<void>;
  readonly delayMs: number;
  readonly trips: TripCounter | undefined;

  constructor(options: ResilienceOptions) {
    this.faultRate = Math.min(Math.max(options.faultRate ?? 0, 0), 1);
    this.delayMs = Math.max(options.delayMs ?? 0, 0);
    this.trips = options.trips;
    this.random = options.random ?? Math.random;
    this.attempts = options.attempts ?? 5;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  private injected(): Error {
    const index = Math.floor(this.random() * RETRYABLE_D1_MESSAGES.length);
    return new Error(RETRYABLE_D1_MESSAGES[index] ?? RETRYABLE_D1_MESSAGES[0]);
  }

  /** One call to D1: counted as (part of) a round trip, after the simulated distance. */
  async call<T>(execute: Executor<T>): Promise<T> {
    const end = this.trips?.begin();
    try {
      if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
      return await execute();
    } finally {
      end?.();
    }
  }

  /** One execution, with the injected fault before or after it. */
  private async once<T>(execute: Executor<T>): Promise<T> {
    if (this.faultRate > 0) {
      const roll = this.random();
      if (roll < this.faultRate / 2) throw this.injected();
      if (roll < this.faultRate) {
        await this.call(execute);
        throw this.injected();
      }
    }
    return this.call(execute);
  }

  async run<T>(execute: Executor<T>, retryable: boolean): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.once(execute);
      } catch (error) {
        if (!retryable || attempt >= this.attempts || !isRetryableD1Error(error)) throw error;
        await this.sleep(BACKOFF_MS[Math.min(attempt - 1, BACKOFF_MS.length - 1)] ?? 100);
      }
    }
  }
}

class ResilientStatement {
  readonly inner: D1PreparedStatement;
  readonly sql: string;
  private readonly runner: Runner;

  constructor(inner: D1PreparedStatement, sql: string, runner: Runner) {
    this.inner = inner;
    this.sql = sql;
    this.runner = runner;
  }

  bind(...values: unknown[]): ResilientStatement {
    return new ResilientStatement(this.inner.bind(...values), this.sql, this.runner);
  }

  private exec<T>(execute: Executor<T>): Promise<T> {
    return this.runner.run(execute, isIdempotentSql(this.sql));
  }

  first(colName?: string) {
    return this.exec(() =>
      colName === undefined ? this.inner.first() : this.inner.first(colName),
    );
  }
  run() {
    return this.exec(() => this.inner.run());
  }
  all() {
    return this.exec(() => this.inner.all());
  }
  raw(options?: { columnNames?: boolean }) {
    return this.exec(() =>
      options?.columnNames
        ? this.inner.raw({ columnNames: true })
        : this.inner.raw({ columnNames: false }),
    );
  }
}

type Connection = D1Database | D1DatabaseSession;

/** The connection's prepare/batch surface (what Drizzle and raw queries use), made resilient. */
export function resilientD1<C extends Connection>(connection: C, options: ResilienceOptions = {}) {
  const runner = new Runner(options);
  const wrapped = {
    prepare(sql: string) {
      return new ResilientStatement(connection.prepare(sql), sql, runner);
    },
    batch(statements: Array<ResilientStatement | D1PreparedStatement>) {
      const inner = statements.map((s) => (s instanceof ResilientStatement ? s.inner : s));
      // A batch is one transaction: repeat it only if every statement in it may be repeated.
      const retryable = statements.every(
        (s) => s instanceof ResilientStatement && isIdempotentSql(s.sql),
      );
      return runner.run(() => connection.batch(inner), retryable);
    },
    exec(query: string) {
      if (!("exec" in connection)) throw new Error("exec is not available on a D1 session");
      // Never retried nor failed on purpose (a script of several statements), but delayed and counted.
      return runner.call(() => connection.exec(query));
    },
    getBookmark() {
      return "getBookmark" in connection ? connection.getBookmark() : null;
    },
  };
  // Drizzle only calls prepare/batch(/exec); its types name D1Database.
  return wrapped as unknown as C;
}

/** The fault rate from the environment: a number in 0..1, never in production. */
export function faultRateFrom(env: { ENVIRONMENT?: string; D1_FAULT_RATE?: string }): number {
  if (isProduction(env)) return 0;
  const rate = Number(env.D1_FAULT_RATE ?? 0);
  return Number.isFinite(rate) && rate > 0 ? Math.min(rate, 1) : 0;
}

/** Longest simulated distance: a typo must not hang every request. */
export const MAX_D1_DELAY_MS = 10_000;

/** The simulated D1 distance from the environment: whole ms, 0 unless in development. */
export function delayFrom(env: { ENVIRONMENT?: string; D1_DELAY_MS?: string }): number {
  if (!isDevelopment(env)) return 0;
  const ms = Number(env.D1_DELAY_MS ?? 0);
  return Number.isFinite(ms) && ms > 0 ? Math.min(Math.round(ms), MAX_D1_DELAY_MS) : 0;
}
