import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { beforeAll, describe, expect, it } from "vitest";
import { apiRoutes, pageRoutes } from "../security/support";

/**
 * Every API path the portal calls is written once, in its resource module under app/.server/api/
 * (one function per endpoint, typed with the contract). A path written anywhere else in app/ is
 * a second copy that drifts when the endpoint changes, so this test reads every source file's
 * string and template literals with TypeScript's parser and fails on one that is an API path.
 *
 * What counts as an API path is read from the API itself (the Hono route table, api/app.ts): a
 * literal whose segments match an endpoint's pattern, or are the start of one (a base to which an
 * id is added). A literal that is also a portal URL (app/routes.ts: /contact, /direct-debit, the
 * hash pages…) is a link, not a call, and is left alone. `${…}` stands for any one segment.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const ALLOWED_DIR = "app/.server/api/";
const ANY = "\u0000";

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const relative = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(relative));
    else if (/\.(ts|tsx)$/.test(entry.name) && !/\.(d|test)\.tsx?$/.test(entry.name)) {
      out.push(relative);
    }
  }
  return out;
}

interface Literal {
  line: number;
  text: string;
}

/** The string and template literals of a source, `${…}` replaced by ANY. */
export function literals(file: string, text: string): Literal[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const out: Literal[] = [];
  const at = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      // Module specifiers are file paths, not URLs.
      if (!ts.isImportDeclaration(node.parent) && !ts.isExportDeclaration(node.parent)) {
        out.push({ line: at(node), text: node.text });
      }
    } else if (ts.isTemplateExpression(node)) {
      out.push({
        line: at(node),
        text: node.head.text + node.templateSpans.map((s) => ANY + s.literal.text).join(""),
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/** "/users/:id/meters" → ["users", ":id", "meters"]; a literal's query and fragment dropped. */
const segmentsOf = (value: string) =>
  (value.split(/[?#]/)[0] ?? "").replace(/\/+$/, "").split("/").slice(1);

const isParam = (pattern: string) => pattern.startsWith(":");

/**
 * How many of the literal's segments the pattern's first ones match word for word, or -1 when
 * they do not match (all of the pattern's required segments when `whole`).
 */
function score(literal: string[], pattern: string[], whole: boolean): number {
  if (literal.length > pattern.length) return -1;
  if (whole && literal.length < pattern.filter((p) => !p.endsWith("?")).length) return -1;
  let exact = 0;
  for (const [i, segment] of literal.entries()) {
    const p = pattern[i] as string;
    if (segment === p) exact++;
    else if (!segment.includes(ANY) && !isParam(p)) return -1;
  }
  return exact;
}

const best = (literal: string[], patterns: readonly string[][], whole: boolean) =>
  Math.max(-1, ...patterns.map((p) => score(literal, p, whole)));

/**
 * An API path: it matches an endpoint (or the start of one) by more of its words than it matches
 * any portal page. "/direct-debit" is the page (a tie); "/all-smart/links" is the API's (the page
 * is "/all-smart/:hash"); the portal's catch-all routes are not pages of their own.
 */
export function isApiPath(
  value: string,
  api: readonly string[][],
  portal: readonly string[][],
): boolean {
  if (!value.startsWith("/") || value.startsWith("//")) return false;
  let segments = segmentsOf(value);
  if (segments.length === 0 || segments[0] === "" || segments[0]?.includes(ANY)) return false;
  const page = best(segments, portal, true);
  // The API is mounted under /api: "/api/…" names the same endpoints.
  if (segments[0] === "api" && segments.length > 1) segments = segments.slice(1);
  const endpoint = best(segments, api, false);
  return endpoint >= 0 && endpoint > page;
}

describe("#17 API paths are written only in app/.server/api/", () => {
  let api: string[][] = [];
  let portal: string[][] = [];
  beforeAll(async () => {
    api = (await apiRoutes()).map((r) => segmentsOf(r.path.replace(/^\/api(?=\/)/, "")));
    portal = (await pageRoutes())
      .map((r) => segmentsOf(r.path))
      .filter((segments) => !segments.includes("*"));
  });

  it("#17 no file outside app/.server/api/ writes an API path", () => {
    const found: string[] = [];
    for (const file of sourceFiles("app")) {
      if (file.startsWith(ALLOWED_DIR)) continue;
      const text = readFileSync(path.join(ROOT, file), "utf8");
      for (const literal of literals(file, text)) {
        if (isApiPath(literal.text, api, portal)) {
          found.push(`${file}:${literal.line} ${literal.text.replaceAll(ANY, "${…}")}`);
        }
      }
    }
    expect(found, "call the resource function in app/.server/api/ instead").toEqual([]);
  });

  it("#17 tells API paths from portal URLs (guards the test itself)", () => {
    const cases: Array<[string, boolean]> = [
      [`/users/${ANY}/direct-debits`, true],
      [`/users/${ANY}/export?${ANY}`, true],
      ["/v2/me", true],
      ["/v2/auth/refresh-token", true],
      ["/payments/orders", true],
      ["/payments/links", true], // a base: the hash is added to it
      ["/all-smart/links", true], // the page is /all-smart/:hash, the API's word is "links"
      ["/readings", true],
      [`/direct-debit/flows/${ANY}/verify`, true],
      ["/api/notices", true],
      ["/b2b/pay", false],
      ["/b2b/logariasmoi", false],
      ["/direct-debit", false], // the portal's page, also an API prefix
      ["/contact", false],
      [`/all-smart/${ANY}`, false],
      ["/login", false],
      ["/", false],
      ["//evil.example", false],
      ["text/csv", false],
    ];
    for (const [value, expected] of cases) {
      expect(isApiPath(value, api, portal), value.replaceAll(ANY, "${…}")).toBe(expected);
    }
    expect(literals("x.ts", 'import a from "/users/x";\nconst p = `/v2/${a}`;')).toEqual([
      { line: 2, text: `/v2/${ANY}` },
    ]);
  });
});
