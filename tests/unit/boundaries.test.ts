import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * Issue #17: the portal (app/) and the API (api/) share core/ and do not reach into each other.
 * This test reads every source file's imports with TypeScript's parser and lists the runtime
 * imports that cross a boundary (type-only imports are erased from the build and not counted).
 *
 * - core/ imports neither app/, api/ nor workers/;
 * - api/ never imports app/;
 * - app/'s runtime imports of api/ are the ones listed below, and that list may only shrink: a
 *   new crossing fails, and so does a listed one that no longer exists (take it off the list).
 *   The goal is the one file that mounts the in-process transport (app/.server/api/index.ts).
 */
const ROOT = path.resolve(import.meta.dirname, "../..");

/** app/ files that still import api/ at run time, with what they import (issue #17 shrinks it). */
const APP_TO_API_KNOWN = new Set([
  "app/.server/api/index.ts -> api/app",
  "app/components/shell-view.test.ts -> api/contract",
  "app/components/shell-view.ts -> api/contract",
  "app/domain/all-smart.test.ts -> api/all-smart/rules",
  "app/domain/all-smart.ts -> api/all-smart/rules",
  "app/domain/calendar.test.ts -> api/calendar/rules",
  "app/domain/change-address.ts -> api/all-smart/rules",
  "app/domain/change-address.ts -> api/change-address/schema",
  "app/domain/direct-debit.ts -> api/direct-debit/rules",
  "app/domain/direct-debit.ts -> api/direct-debit/schemas",
  "app/domain/payment-rules.ts -> api/gateway/rules",
  "app/domain/questionnaire-fields.ts -> api/questionnaire/constants",
  "app/domain/questionnaire.ts -> api/questionnaire/rules",
  "app/domain/readings.ts -> api/readings/rules",
  "app/domain/requests-view.ts -> api/requests/rules",
  "app/domain/requests.ts -> api/requests/rules",
  "app/domain/requests.ts -> api/requests/schemas",
  "app/routes/b2b/imerologio-ics.ts -> api/calendar/rules",
  "app/routes/b2b/settings.tsx -> api/settings/image",
  "app/routes/direct-debit/flow.server.ts -> api/direct-debit/rules",
]);

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const relative = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(relative));
    else if (/\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith(".d.ts")) out.push(relative);
  }
  return out;
}

/** The module specifiers a file imports at run time (static, re-exports and `import()`). */
function runtimeImports(file: string): string[] {
  const text = readFileSync(path.join(ROOT, file), "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const out: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const named = clause?.namedBindings;
      const typeOnly =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (clause.name === undefined &&
            named !== undefined &&
            ts.isNamedImports(named) &&
            named.elements.length > 0 &&
            named.elements.every((element) => element.isTypeOnly)));
      if (!typeOnly) out.push(node.moduleSpecifier.text);
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      const clause = node.exportClause;
      const typeOnly =
        node.isTypeOnly ||
        (clause !== undefined &&
          ts.isNamedExports(clause) &&
          clause.elements.length > 0 &&
          clause.elements.every((element) => element.isTypeOnly));
      if (!typeOnly) out.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      out.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/** "app/x.ts -> api/contract" for each runtime import of `dir` that lands in one of `targets`. */
function crossings(dir: string, targets: string[]): string[] {
  const out = new Set<string>();
  for (const file of sourceFiles(dir)) {
    for (const specifier of runtimeImports(file)) {
      if (!specifier.startsWith(".")) continue;
      const resolved = path.posix
        .normalize(path.posix.join(path.posix.dirname(file), specifier))
        .replace(/\.(ts|tsx|js)$/, "");
      if (targets.some((target) => resolved === target || resolved.startsWith(`${target}/`))) {
        out.add(`${file} -> ${resolved}`);
      }
    }
  }
  return [...out].sort();
}

describe("#17 the portal and the API share core/ and do not reach into each other", () => {
  it("#17 core/ imports neither app/, api/ nor workers/", () => {
    expect(crossings("core", ["app", "api", "workers"])).toEqual([]);
  });

  it("#17 api/ never imports app/ (the cycle through the application forms is gone)", () => {
    expect(crossings("api", ["app"])).toEqual([]);
  });

  it("#17 app/'s runtime imports of api/ are only the known ones, and the list only shrinks", () => {
    const found = crossings("app", ["api"]);
    const added = found.filter((line) => !APP_TO_API_KNOWN.has(line));
    const gone = [...APP_TO_API_KNOWN].filter((line) => !found.includes(line));
    expect(added, "new runtime imports of api/ from app/: share the code through core/").toEqual(
      [],
    );
    expect(gone, "no longer imported: take these off APP_TO_API_KNOWN").toEqual([]);
  });

  it("#17 the parser tells runtime imports from type-only ones", () => {
    // Guards the test itself: a type-only import must not count, a value import must.
    const file = "tests/unit/boundaries.test.ts";
    expect(runtimeImports(file)).toEqual(
      expect.arrayContaining(["node:fs", "node:path", "typescript", "vitest"]),
    );
    expect(crossings("app", ["api"]).length).toBeGreaterThan(0);
    expect(crossings("app", ["api"]).some((line) => line.includes("api/contract"))).toBe(true);
  });
});
