import { encode } from "uqr";
import { describe, expect, it } from "vitest";
import { qrRuns, qrSvgPath } from "./qr";

const URL = "https://my.nrg.gr/e-invoice/400000000594038";

describe("qrRuns", () => {
  it("covers exactly the dark modules of uqr's matrix, with a 4-module quiet zone", () => {
    const { size, runs } = qrRuns(URL);
    const matrix = encode(URL, { ecc: "M", border: 4 }).data;
    expect(size).toBe(matrix.length);
    const drawn = matrix.map((row) => row.map(() => false));
    for (const [x, y, w] of runs) {
      expect(w).toBeGreaterThan(0);
      for (let i = 0; i < w; i++) drawn[y]![x + i] = true;
    }
    expect(drawn).toEqual(matrix);
    // Quiet zone: nothing in the outer 4 rows and columns; the top-left finder starts inside it.
    for (const [x, y, w] of runs) {
      expect(y).toBeGreaterThanOrEqual(4);
      expect(y).toBeLessThan(size - 4);
      expect(x).toBeGreaterThanOrEqual(4);
      expect(x + w).toBeLessThanOrEqual(size - 4);
    }
    expect(runs[0]).toEqual([4, 4, 7]);
  });

  it("is deterministic, and its SVG path is one subpath per run", () => {
    expect(qrRuns(URL)).toEqual(qrRuns(URL));
    const qr = qrRuns(URL);
    const path = qrSvgPath(qr);
    expect(path.match(/M/g)).toHaveLength(qr.runs.length);
    expect(path.startsWith("M4 4h7v1h-7z")).toBe(true);
  });
});
