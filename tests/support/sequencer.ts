/**
 * The order vitest starts test files in, two at a time (ADR 0024): the longest first, so the last
 * minutes do not leave a core idle behind one long file. vitest's own order uses the durations of
 * the last run, which a fresh clone (CI) does not have; it then falls back to file size, which put
 * the fuzzer (about 200 s of 450 s, a small file) near the end, alone. So the files that measured
 * longest stay ahead of that order, longest first; everything else keeps vitest's.
 */
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** Longest first, measured on the 2-core machine (tests/security/fuzz.test.ts: ~190 s). */
export const LONGEST_FILES = [
  "tests/security/fuzz.test.ts",
  "tests/security/csrf.test.ts",
  "tests/security/leaks.test.ts",
  "tests/integration/faults.test.ts",
];

function rank(spec: TestSpecification): number {
  const index = LONGEST_FILES.findIndex((file) => spec.moduleId.endsWith(`/${file}`));
  return index < 0 ? LONGEST_FILES.length : index;
}

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Array.prototype.sort is stable: the other files keep vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
