import { describe, expect, it } from "vitest";
import { AFTER_PAINT_LOADER, INERT_TYPE, ROUTE_MODULES_ID } from "./ScriptsAfterPaint";

/** A minimal document: the inert script, and what the loader appends. */
function fakeDocument(text: string | null) {
  const appended: { type: string; nonce: string; textContent: string }[] = [];
  const code = text === null ? null : { nonce: "n0nce", textContent: text };
  return {
    appended,
    document: {
      getElementById: (id: string) => (id === ROUTE_MODULES_ID ? code : null),
      createElement: () => ({ type: "", nonce: "", textContent: "" }),
      body: { appendChild: (node: (typeof appended)[number]) => appended.push(node) },
    },
  };
}

function runLoader(doc: unknown, observer: unknown) {
  const timers: (() => void)[] = [];
  new Function("document", "setTimeout", "PerformanceObserver", AFTER_PAINT_LOADER)(
    doc,
    (fn: () => void) => timers.push(fn),
    observer,
  );
  return timers;
}

describe("#16 ScriptsAfterPaint: the route modules start after the first paint", () => {
  it("runs React Router's script unchanged, as a module with its nonce, once the paint is reported", () => {
    const source = 'import * as route0 from "/assets/root.js";\nimport("/assets/entry.js");';
    const { document, appended } = fakeDocument(source);
    let report: ((list: unknown, observer: unknown) => void) | undefined;
    class Observer {
      constructor(callback: typeof report) {
        report = callback;
      }
      observe(options: { type: string; buffered: boolean }) {
        expect(options).toEqual({ type: "paint", buffered: true });
      }
      disconnect() {}
    }
    const timers = runLoader(document, Observer);
    expect(appended).toEqual([]); // nothing before the paint
    const list = (names: string[]) => ({
      getEntriesByName: (name: string) => names.filter((n) => n === name),
    });
    report?.(list(["first-paint"]), { disconnect() {} });
    expect(appended).toEqual([]); // a paint without content does not count
    report?.(list(["first-contentful-paint"]), { disconnect() {} });
    expect(appended).toEqual([{ type: "module", nonce: "n0nce", textContent: source }]);
    // The fallback timer after it does not run the code a second time.
    for (const timer of timers) timer();
    expect(appended).toHaveLength(1);
  });

  it("runs it after the fallback timer when no paint is reported (a background tab)", () => {
    const { document, appended } = fakeDocument("import('/assets/entry.js');");
    class Silent {
      observe() {}
      disconnect() {}
    }
    const timers = runLoader(document, Silent);
    expect(appended).toHaveLength(0);
    for (const timer of timers) timer();
    expect(appended).toHaveLength(1);
  });

  it("runs it at once where PerformanceObserver is missing, and does nothing without the code", () => {
    const missing = fakeDocument("import('/assets/entry.js');");
    runLoader(missing.document, undefined);
    expect(missing.appended).toHaveLength(1);
    const none = fakeDocument(null);
    runLoader(none.document, undefined);
    expect(none.appended).toHaveLength(0);
  });

  it("the inert type is one no browser runs", () => {
    expect(INERT_TYPE).not.toMatch(/javascript|module|ecmascript/i);
  });
});
