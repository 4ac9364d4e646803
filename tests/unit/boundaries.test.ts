import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * ADR 0014: the portal (app/) and the API (api/) share core/ and do not reach into each other.
 * This test reads every source file's imports with TypeScript's parser and lists the runtime
 * imports that cross a boundary (type-only imports are erased from the build and not counted).
 *
 * - core/ imports neither app/, api/ nor workers/;
 * - api/ never imports app/;
 * - app/'s only runtime import of api/ is the file that mounts the in-process transport
 *   (app/.server/api/index.ts), and no file of app/ imports api/ even for types: the contract's
 *   types come from core/contract/.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");

/** The runtime imports of api/ that app/ may make: the transport. */
const APP_TO_API_KNOWN = new Set(["app/.server/api/index.ts -> api/app"]);

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
function runtimeImports(
  file: string,
  text = readFileSync(path.join(ROOT, file), "utf8"),
  withTypes = false,
): string[] {
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
      if (withTypes || !typeOnly) out.push(node.moduleSpecifier.text);
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
      if (withTypes || !typeOnly) out.push(node.moduleSpecifier.text);
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

/**
 * "app/x.ts -> api/app" for each runtime import of `dir` that lands in one of `targets` (type-only
 * imports too with `withTypes`).
 */
function crossings(dir: string, targets: string[], withTypes = false): string[] {
  const out = new Set<string>();
  for (const file of sourceFiles(dir)) {
    for (const specifier of runtimeImports(file, undefined, withTypes)) {
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

  it("no file of app/ imports api/, not even a type, except the transport", () => {
    expect(crossings("app", ["api"], true)).toEqual([...APP_TO_API_KNOWN]);
  });

  it("#17 the parser tells runtime imports from type-only ones", () => {
    // Guards the test itself: type-only imports and re-exports are erased from the build.
    const text = [
      'import type { A } from "./type-only";',
      'import { type B, type C } from "./all-types";',
      'import { d, type E } from "./mixed";',
      'import f from "./default";',
      'import "./side-effect";',
      'export { g } from "./re-export";',
      'export type { H } from "./type-re-export";',
      'const lazy = () => import("./dynamic");',
    ].join("\n");
    expect(runtimeImports("x.ts", text)).toEqual([
      "./mixed",
      "./default",
      "./side-effect",
      "./re-export",
      "./dynamic",
    ]);
    // And the one crossing meant to stay is found.
    expect(crossings("app", ["api"])).toContain("app/.server/api/index.ts -> api/app");
  });
});

/**
 * React Router keeps two things out of the client bundle: the app/.server/ folder and any
 * `*.server.ts(x)` module. The portal uses the folder only (ADR 0016): server-only code lives under
 * app/.server/, so one look at the tree says what never reaches the browser. React Router's own
 * entry (app/entry.server.tsx) keeps the name the framework gives it.
 */
const SERVER_SUFFIX_ALLOWED = new Set(["app/entry.server.tsx"]);

function serverModulesOutsideServerFolder(files: readonly string[]): string[] {
  return files.filter(
    (file) =>
      /\.server\.tsx?$/.test(file) &&
      !file.startsWith("app/.server/") &&
      !SERVER_SUFFIX_ALLOWED.has(file),
  );
}

describe("server-only code lives under app/.server/", () => {
  it("no *.server.ts(x) module outside app/.server/ (React Router's entry aside)", () => {
    expect(
      serverModulesOutsideServerFolder(sourceFiles("app")),
      "move it under app/.server/ (ADR 0016)",
    ).toEqual([]);
  });

  it("the check finds a stray one (guards the test itself)", () => {
    expect(
      serverModulesOutsideServerFolder([
        "app/components/bills/api-file.server.ts",
        "app/routes/gateway/session.server.tsx",
        "app/.server/charts.server.tsx",
        "app/.server/checkout.ts",
        "app/entry.server.tsx",
        "app/components/Field.tsx",
      ]),
    ).toEqual(["app/components/bills/api-file.server.ts", "app/routes/gateway/session.server.tsx"]);
  });
});
