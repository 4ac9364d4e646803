/**
 * The API's OpenAPI document (api/lib/openapi.ts, ADR 0019) describes every route of Hono's route
 * table (dev-only routes aside), is valid OpenAPI 3.1, and gives every operation a success answer
 * with a schema and the error codes its middleware implies. The routes are discovered, not
 * listed, as in route-contracts.test.ts: a new route without a description fails here.
 */
import path from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import { beforeAll, describe, expect, it } from "vitest";

interface RouteEntry {
  method: string;
  path: string;
  handler: unknown;
}
interface Response {
  description?: string;
  content?: Record<string, { schema?: unknown }>;
  "x-error-codes"?: string[];
}
interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: { in: string; name: string }[];
  requestBody?: unknown;
  responses?: Record<string, Response>;
}
interface Document {
  openapi: string;
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes?: Record<string, unknown> };
}

let document: Document;
let routes: Map<string, RouteEntry[]>;
let documentPath: (honoPath: string) => string;
let DEV_ONLY: RegExp;
let requireBearer: unknown;
let serviceScopeOf: (handler: unknown) => string | undefined;
let permittedActionOf: (handler: unknown) => string | undefined;
let routeInputOf: (handler: unknown) => { target: string; invalid: string } | undefined;

beforeAll(async () => {
  const root = path.resolve(import.meta.dirname, "../..");
  // Imported by path at run time: the API's types need the Workers runtime types, which the
  // Node typecheck of the tests does not load.
  const load = (file: string) => import(/* @vite-ignore */ path.join(root, file));
  const { apiApp } = (await load("api/app.ts")) as { apiApp: { routes: RouteEntry[] } };
  const openapi = (await load("api/lib/openapi.ts")) as {
    openApiDocument: (app: unknown) => Promise<Document>;
    routeTable: (app: unknown) => Map<string, RouteEntry[]>;
    documentPath: typeof documentPath;
    DEV_ONLY: RegExp;
  };
  ({ documentPath, DEV_ONLY } = openapi);
  ({ requireBearer } = (await load("api/middleware/auth.ts")) as { requireBearer: unknown });
  ({ serviceScopeOf } = (await load("api/backoffice/auth.ts")) as {
    serviceScopeOf: (handler: unknown) => string | undefined;
  });
  ({ permittedActionOf } = (await load("api/middleware/permit.ts")) as {
    permittedActionOf: typeof permittedActionOf;
  });
  ({ routeInputOf } = (await load("api/lib/validate.ts")) as { routeInputOf: typeof routeInputOf });
  document = await openapi.openApiDocument(apiApp);
  routes = openapi.routeTable(apiApp);
});

const operationOf = (key: string) => {
  const [method = "", honoPath = ""] = key.split(" ");
  return document.paths[documentPath(honoPath)]?.[method.toLowerCase()];
};

const described = () => [...routes].filter(([key]) => !DEV_ONLY.test(key.split(" ")[1] ?? ""));

const codesOf = (operation: Operation, status: string) =>
  operation.responses?.[status]?.["x-error-codes"] ?? [];

describe("the OpenAPI document", () => {
  it("is valid OpenAPI 3.1", async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document) as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toMatch(/^3\.1\./);
    expect(document.servers).toEqual([expect.objectContaining({ url: "/api" })]);
  });

  it("describes every route of Hono's route table but the dev-only ones", () => {
    expect(described().length).toBeGreaterThan(90);
    const missing = described()
      .filter(([key]) => !operationOf(key))
      .map(([key]) => key);
    expect(missing, "add a description (documented(tag)) next to the route").toEqual([]);
  });

  it("leaves out the dev-only routes", () => {
    const dev = [...routes.keys()].filter((key) => DEV_ONLY.test(key));
    expect(dev.length).toBeGreaterThan(0);
    for (const key of dev) expect(operationOf(key), key).toBeUndefined();
  });

  it("gives every operation a summary, a tag and a success answer", () => {
    const failures: string[] = [];
    for (const [key] of described()) {
      const operation = operationOf(key);
      if (!operation) continue;
      const successes = Object.entries(operation.responses ?? {}).filter(([status]) =>
        /^[23]\d\d$/.test(status),
      );
      const withSchema = successes.some(
        ([status, response]) =>
          status === "204" ||
          Object.values(response.content ?? {}).some((media) => media.schema !== undefined),
      );
      if (!operation.summary || !operation.tags?.length) failures.push(`${key}: summary and tag`);
      if (!withSchema) failures.push(`${key}: a 2xx answer with a schema`);
    }
    expect(failures).toEqual([]);
  });

  it("lists the error codes the middleware implies", () => {
    const failures: string[] = [];
    for (const [key, handlers] of described()) {
      const operation = operationOf(key);
      if (!operation) continue;
      const expectCode = (status: string, code: string) => {
        if (!codesOf(operation, status).includes(code)) failures.push(`${key}: ${status} ${code}`);
      };
      const bearer = handlers.some((h) => h.handler === requireBearer);
      const service = handlers.some((h) => serviceScopeOf(h.handler));
      if (bearer || service) {
        expectCode("401", "unauthorized");
        if (!operation.security?.length) failures.push(`${key}: bearer security`);
      }
      if (service) {
        expectCode("403", "forbidden");
        const schemes = (operation.security ?? []).flatMap((s) => Object.keys(s as object));
        if (schemes.join() !== "serviceCredential")
          failures.push(`${key}: service credential only`);
      } else if (!bearer && operation.security?.length) {
        failures.push(`${key}: public, yet it names a security scheme`);
      }
      const action = handlers.map((h) => permittedActionOf(h.handler)).find(Boolean);
      if (action && action !== "read") expectCode("403", "not_permitted");
      for (const input of handlers.map((h) => routeInputOf(h.handler))) {
        if (!input) continue;
        if (input.invalid === "not_found") expectCode("404", "not_found");
        else expectCode("400", "validation");
      }
      if (/:[A-Za-z]/.test(key) && !operation.responses?.["404"] && !operation.responses?.["400"]) {
        failures.push(`${key}: a path id answers 404 (or 400)`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("describes each validated request: path and query parameters, and the body", () => {
    for (const [key, handlers] of described()) {
      const operation = operationOf(key);
      if (!operation) continue;
      const targets = handlers.map((h) => routeInputOf(h.handler)?.target).filter(Boolean);
      if (targets.includes("json") || targets.includes("form")) {
        expect(operation.requestBody, key).toBeDefined();
      }
      const pathParams = [...key.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]);
      const named = (operation.parameters ?? []).filter((p) => p.in === "path").map((p) => p.name);
      expect(named.sort(), key).toEqual(pathParams.sort());
    }
  });

  it("says which throttled operations answer 429", () => {
    for (const key of ["POST /api/v2/auth/login", "POST /api/contact", "POST /api/signup"]) {
      expect(codesOf(operationOf(key) as Operation, "429"), key).toContain("too_many_attempts");
    }
  });

  it("names the bearer scheme", () => {
    expect(document.components.securitySchemes?.bearer).toMatchObject({
      type: "http",
      scheme: "bearer",
    });
  });

  it("#19 says which reads a personal access token may make, and with which scopes", async () => {
    const root = path.resolve(import.meta.dirname, "../..");
    const { tokenRouteOf } = (await import(
      /* @vite-ignore */ path.join(root, "api/middleware/token-scopes.ts")
    )) as { tokenRouteOf: (path: string) => { need: unknown } };
    expect(document.components.securitySchemes?.accessToken).toMatchObject({ scheme: "bearer" });
    let opened = 0;
    for (const [key, handlers] of described()) {
      if (!handlers.some((h) => h.handler === requireBearer)) continue;
      const [method = "", honoPath = ""] = key.split(" ");
      const operation = operationOf(key) as Operation & { "x-token-scopes"?: unknown };
      const need = method === "GET" ? tokenRouteOf(honoPath).need : "never";
      const tokenScheme = (operation.security ?? []).some(
        (s) => typeof s === "object" && s !== null && "accessToken" in s,
      );
      expect(tokenScheme, key).toBe(need !== "never");
      expect(operation["x-token-scopes"] !== undefined, key).toBe(need !== "never");
      if (need !== "never") opened += 1;
    }
    // The bills, payments, readings and personal reads of the token table.
    expect(opened).toBeGreaterThanOrEqual(10);
    const invoices = operationOf("GET /api/users/:userId/invoices") as Record<string, unknown>;
    expect(invoices["x-token-scopes"]).toEqual({ anyOf: ["bills"] });
    const exported = operationOf("GET /api/users/:userId/export") as Record<string, unknown>;
    expect(exported["x-token-scopes"]).toEqual({ allOf: ["bills", "payments", "readings"] });
  });

  it("has unique operation ids", () => {
    const ids = Object.values(document.paths).flatMap((item) =>
      Object.values(item).map((operation) => operation.operationId),
    );
    expect(new Set(ids).size).toBe(ids.length);
  });
});
