import { afterEach, beforeEach, vi, type MockInstance } from "vitest";

/**
 * A unit test fails when code under test calls console.error (React warnings, swallowed
 * errors). A test that expects an error log opts out explicitly:
 *   vi.spyOn(console, "error").mockImplementation(() => {});
 * which replaces this recorder for that test only.
 */
let spy: MockInstance<typeof console.error>;
let calls: unknown[][] = [];

beforeEach(() => {
  calls = [];
  const original = console.error.bind(console);
  spy = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    calls.push(args);
    original(...args);
  });
});

afterEach(() => {
  const recorded = calls;
  calls = [];
  spy.mockRestore();
  if (recorded.length > 0) {
    const first = recorded[0]!.map((a) => (a instanceof Error ? a.stack : String(a))).join(" ");
    throw new Error(
      `console.error was called ${recorded.length} time(s); first call: ${first}\n` +
        'If this is expected, call vi.spyOn(console, "error").mockImplementation(() => {}) in the test.',
    );
  }
});
