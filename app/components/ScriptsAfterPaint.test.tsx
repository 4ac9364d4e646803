import { describe, expect, it } from "vitest";
import { importsAfterPaint } from "./ScriptsAfterPaint";

/** React Router 8's route-module script, as it writes it (lib/dom/ssr/components.js). */
const SOURCE = `;
import * as route0 from "/assets/root-CTK2hePO.js";
import * as route1_clientLoader from "/assets/layout-client-x.js";
import * as route1_main from "/assets/layout-DJOTuewn.js";
const route1 = {...route1_clientLoader,...route1_main};
  window.__reactRouterManifest = {"version": "ffb1bca1"};
  window.__reactRouterRouteModules = {"root":route0,"routes/b2b/layout":route1};

import("/assets/entry.client-BspjK_7L.js");`;

describe("#16 importsAfterPaint: the route modules are fetched after the first paint", () => {
  it("leaves no static import: each becomes a dynamic import started after the first paint", () => {
    const out = importsAfterPaint(SOURCE);
    expect(out).not.toMatch(/^\s*import\s/m);
    expect(out.indexOf('"first-contentful-paint"')).toBeLessThan(out.indexOf("import("));
    expect(out).toContain(
      'const [route0, route1_clientLoader, route1_main] = await Promise.all([import("/assets/root-CTK2hePO.js"), import("/assets/layout-client-x.js"), import("/assets/layout-DJOTuewn.js")]);',
    );
    // What followed the imports keeps its order, after them.
    expect(out.indexOf("const route1 =")).toBeGreaterThan(out.indexOf("Promise.all"));
    expect(out.indexOf("__reactRouterRouteModules")).toBeGreaterThan(out.indexOf("const route1 ="));
    expect(out.trimEnd().endsWith('import("/assets/entry.client-BspjK_7L.js");')).toBe(true);
  });

  it("runs as a module: the route modules are bound before the entry is imported", async () => {
    const loaded: string[] = [];
    const body = importsAfterPaint(SOURCE).replace(/import\(("[^"]*")\)/g, "load($1)");
    const window: Record<string, unknown> = {};
    const run = new Function(
      "load",
      "setTimeout",
      "window",
      "PerformanceObserver",
      `return (async () => { ${body} })();`,
    ) as (
      load: (url: string) => Promise<unknown>,
      timer: (go: () => void) => void,
      w: Record<string, unknown>,
      observer: unknown,
    ) => Promise<void>;
    await run(
      async (url) => {
        loaded.push(url);
        return { url };
      },
      (go) => go(),
      window,
      undefined, // no PerformanceObserver: it goes on at once
    );
    expect(loaded).toEqual([
      "/assets/root-CTK2hePO.js",
      "/assets/layout-client-x.js",
      "/assets/layout-DJOTuewn.js",
      "/assets/entry.client-BspjK_7L.js",
    ]);
    expect(window.__reactRouterRouteModules).toEqual({
      root: { url: "/assets/root-CTK2hePO.js" },
      "routes/b2b/layout": { url: "/assets/layout-DJOTuewn.js" },
    });
  });

  it("leaves a source it does not know as it is", () => {
    const other = `import { a } from "/x.js";\nimport * as route0 from "/r.js";`;
    expect(importsAfterPaint(other)).toBe(other);
    expect(importsAfterPaint('import("/entry.js");')).toBe('import("/entry.js");');
  });
});
