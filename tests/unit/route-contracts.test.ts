/**
 * Every API route validates what it reads with a contract schema (core/contract/), through
 * api/lib/validate.ts, which records each validator's target and schema.
 *
 * The routes are discovered, not listed: Hono's route table of the API app lists every
 * middleware of every route, so for each route this test sees which validators it runs. A route
 * fails when its path has a parameter that no `param` schema names, or when a handler reads the
 * request's input itself (`c.req.param()`, `query()`, `json()`, `formData()`, `raw`…) instead of
 * `c.req.valid(...)`: "add a contract schema for METHOD PATH". The same records are what an API
 * description (OpenAPI) is generated from.
 */
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";

interface RouteEntry {
  method: string;
  path: string;
  handler: (...args: never[]) => unknown;
}
interface RouteInput {
  target: string;
  schema: { shape?: Record<string, unknown> };
}

/** Reading the request's input without a schema (headers and the URL are not input here). */
const RAW_INPUT =
  /\.req\.(param|query|queries|json|text|formData|parseBody|arrayBuffer|blob|raw)\b/;

const ALL_SMART_HONEYPOT =
  "validated by validate(); a middleware before it reads the body for the honeypot, so that a bot's attempt is recorded against the client's limit first";
const FILE_ONLY =
  "a multipart upload whose only field is the file: its own checks (size, sniffed type) answer, with the field named";
const APPLICATION_BODY =
  "the body is read leniently (broken JSON counts as {}, after the draft's 404) and its schema depends on the draft's kind and step: the handler parses it with the step's schema";

const BILLING_PDF =
  "the body is the PDF itself (application/pdf): its own checks (type, %PDF- magic, 5 MB) answer";

/**
 * Routes whose input is still read by hand, each with its reason. The list only shrinks: a
 * listed route that validates now fails too, so the entry is removed with the fix.
 */
const NOT_YET: Record<string, string> = {
  "POST /api/all-smart/flows": ALL_SMART_HONEYPOT,
  "POST /api/requests/files": FILE_ONLY,
  "POST /api/applications/drafts": APPLICATION_BODY,
  "PUT /api/applications/drafts/:id/steps/:step": APPLICATION_BODY,
  "POST /api/applications/drafts/:id/submit": APPLICATION_BODY,
  // #36 §1: the billing system's PDF of a bill, as it is (application/pdf, not a form or JSON).
  "PUT /api/backoffice/invoices/:key/pdf": BILLING_PDF,
};

let routes: Map<string, RouteEntry[]>;
let routeInputOf: (handler: unknown) => RouteInput | undefined;

beforeAll(async () => {
  const root = path.resolve(import.meta.dirname, "../..");
  // Imported by path at run time: the API's types need the Workers runtime types, which the
  // Node typecheck of the tests does not load.
  const { apiApp } = (await import(/* @vite-ignore */ path.join(root, "api/app.ts"))) as {
    apiApp: { routes: RouteEntry[] };
  };
  ({ routeInputOf } = (await import(/* @vite-ignore */ path.join(root, "api/lib/validate.ts"))) as {
    routeInputOf: typeof routeInputOf;
  });
  routes = new Map();
  for (const route of apiApp.routes) {
    // `use()` middleware (ALL, or a path ending in *) belongs to every route under it.
    if (route.method === "ALL" || route.path.endsWith("*")) continue;
    const key = `${route.method} ${route.path}`;
    routes.set(key, [...(routes.get(key) ?? []), route]);
  }
});

const paramsOf = (pattern: string) =>
  [...pattern.matchAll(/:([A-Za-z0-9_]+)\??/g)].map((m) => m[1] as string);

/** What is missing on one route: empty when everything it reads has a schema. */
function missing(key: string, handlers: RouteEntry[]): string[] {
  const [, pattern = ""] = key.split(" ");
  const inputs = handlers.map((h) => routeInputOf(h.handler)).filter((i) => i !== undefined);
  const problems: string[] = [];
  const params = inputs.find((i) => i.target === "param");
  for (const name of paramsOf(pattern)) {
    if (!params?.schema.shape || !(name in params.schema.shape)) problems.push(`param :${name}`);
  }
  for (const { handler } of handlers) {
    if (routeInputOf(handler)) continue;
    const read = RAW_INPUT.exec(String(handler));
    if (read) problems.push(`a handler reads c.req.${read[1]} itself`);
  }
  return problems;
}

describe("every API route validates its input with a contract schema", () => {
  it("finds the routes", () => {
    expect(routes.size).toBeGreaterThan(50);
  });

  it("no route reads a path parameter, query or body without a schema", () => {
    const failures: string[] = [];
    for (const [key, handlers] of routes) {
      if (key in NOT_YET) continue;
      const problems = missing(key, handlers);
      if (problems.length > 0) {
        failures.push(`add a contract schema for ${key} (${problems.join("; ")})`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("the routes not yet validated are still listed for a reason", () => {
    const stale = Object.keys(NOT_YET).filter((key) => {
      const handlers = routes.get(key);
      return !handlers || missing(key, handlers).length === 0;
    });
    expect(stale, "validated or gone now: remove from NOT_YET").toEqual([]);
  });

  it("records each validator's schema, so an API description can be generated", () => {
    const validated = [...routes.values()].filter((handlers) =>
      handlers.some((h) => routeInputOf(h.handler)),
    );
    expect(validated.length).toBeGreaterThan(0);
    for (const handlers of validated) {
      for (const input of handlers.map((h) => routeInputOf(h.handler))) {
        if (input) expect(["json", "form", "query", "param"]).toContain(input.target);
      }
    }
  });
});
