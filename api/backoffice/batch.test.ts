import { describe, expect, it } from "vitest";
import { z } from "zod";
import { SUBREQUESTS_PER_INVOCATION } from "../../core/platform-limits";
import { D1_CALL_BUDGET, runBatch, type BatchContext } from "./batch";

/** A batch context whose D1 calls are a counter the handler moves. */
function context() {
  let calls = 0;
  const ctx = {
    db: null as never,
    env: null as never,
    client: { id: 1, name: "test", scopes: [] },
    now: new Date(),
    d1Calls: () => calls,
  } satisfies BatchContext;
  return { ctx, spend: (n: number) => (calls += n) };
}

const schema = z.object({ key: z.string() });
const items = (n: number) => Array.from({ length: n }, (_, i) => ({ key: `K${i}` }));

describe("#36 a batch stays within D1's queries per invocation", () => {
  it("a batch of 500 bills (about 14 D1 calls each) fits in one call", async () => {
    const { ctx, spend } = context();
    const answer = await runBatch(items(500), schema, ctx, async () => {
      spend(14);
      return { outcome: "created", id: 1 };
    });
    expect(answer.summary.created).toBe(500);
    expect(D1_CALL_BUDGET).toBeLessThan(SUBREQUESTS_PER_INVOCATION - 2 * 500);
  });

  it("applies items while there is room, and defers the rest to be sent again", async () => {
    const { ctx, spend } = context();
    const answer = await runBatch(items(500), schema, ctx, async () => {
      spend(40);
      return { outcome: "created", id: 1 };
    });
    const applied = answer.results.filter((r) => r.outcome === "created").length;
    const deferred = answer.results.filter((r) => r.reason === "deferred");
    expect(applied).toBeGreaterThan(150);
    expect(applied * 40).toBeLessThanOrEqual(D1_CALL_BUDGET);
    expect(applied + deferred.length).toBe(500);
    // The deferred ones are the tail, in order, with their keys: the caller sends them again.
    expect(deferred[0]).toMatchObject({ index: applied, key: `K${applied}`, outcome: "refused" });
    expect(answer.summary.refused).toBe(deferred.length);
  });

  it("without a counter (no request) every item is applied", async () => {
    const { ctx } = context();
    const { d1Calls: _, ...uncounted } = ctx;
    const answer = await runBatch(items(60), schema, uncounted, async () => ({
      outcome: "unchanged",
      id: 1,
    }));
    expect(answer.summary.unchanged).toBe(60);
  });
});
