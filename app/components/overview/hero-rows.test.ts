import { describe, expect, it } from "vitest";
import { HERO_OWED_ROWS, heroOwedRows } from "./TopBanner";

const rows = (count: number, selected?: number) =>
  Array.from({ length: count }, (_, id) => ({ id, selected: id === selected }));

describe("heroOwedRows (#35 §1: the hero lists a few supplies, the rest are a link away)", () => {
  it("keeps every row of a short list, in its order", () => {
    expect(heroOwedRows(rows(3, 1)).map((r) => r.id)).toEqual([0, 1, 2]);
  });

  it("shows the first rows of a long list (overdue first, as the balance orders them)", () => {
    expect(heroOwedRows(rows(270)).map((r) => r.id)).toEqual([0, 1, 2, 3, 4]);
    expect(HERO_OWED_ROWS).toBe(5);
  });

  it("always shows the selected supply when it owes, in the last place", () => {
    expect(heroOwedRows(rows(270, 200)).map((r) => r.id)).toEqual([0, 1, 2, 3, 200]);
    expect(heroOwedRows(rows(270, 2)).map((r) => r.id)).toEqual([0, 1, 2, 3, 4]);
  });
});
