import { describe, expect, test } from "vitest";
import { parseTotalUpload } from "./worker";

describe("#16 the Worker's size as wrangler prints it", () => {
  test("reads wrangler deploy's Total Upload line into bytes (KiB = 1024 B)", () => {
    const output = [
      "✨ Read 101 files from the assets directory build/client",
      "Total Upload: 7207.26 KiB / gzip: 2262.87 KiB",
      "--dry-run: exiting now.",
    ].join("\n");
    expect(parseTotalUpload(output)).toEqual({
      uploadBytes: Math.round(7207.26 * 1024),
      gzipBytes: Math.round(2262.87 * 1024),
    });
  });

  test("fails when wrangler printed no total (nothing is guessed)", () => {
    expect(() => parseTotalUpload("Error: no main module")).toThrow(/Total Upload/);
  });
});
