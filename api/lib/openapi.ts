import type { Hono, MiddlewareHandler } from "hono";
import { describeRoute, generateSpecs, resolver } from "hono-openapi";
import { z } from "zod";
import { API_ERROR_CODES, apiErrorBodySchema, type ApiErrorCode } from "../../core/contract";
import { TOKEN_SCOPES, type RouteNeed } from "../../core/access-tokens";
import { ownUserPath, requireBearer } from "../middleware/auth";
import { serviceScopeOf } from "../backoffice/auth";
import { permittedActionOf } from "../middleware/permit";
import { tokenRouteOf } from "../middleware/token-scopes";
import { routeInputOf } from "./validate";

/**
 * The API's OpenAPI 3.1 description, generated from the contract (ADR 0019): nothing in it is
 * written twice. Each route says what it answers next to its handler (`documented(tag)` below,
 * hono-openapi's describeRoute); what it reads comes from its validate() middleware (the same zod
 * schema that checks the request); who may call it and which errors it answers are read from its
 * middleware in Hono's route table (requireBearer, permit, validate, ownUserPath), as the unit
 * tests of routes do. Served at /api/openapi.json and rendered at /api/docs (api/openapi/).
 */

export type OpenApiDocument = Awaited<ReturnType<typeof generateSpecs>>;
type Operation = NonNullable<OpenApiDocument["paths"][string]["get"]>;

/** Answers are described as the API sends them (zod's output), requests as callers send them. */
const AS_SENT = { options: { io: "output" } };

/** The success answer of an operation. */
export interface Success {
  status: 200 | 201 | 202 | 204 | 302 | 303;
  description: string;
  /** JSON answer's schema; absent for an empty answer. */
  schema?: z.ZodType;
  /** Another media type (a PDF, CSV, an image, HTML), described in words. */
  media?: string[];
}

/** `{ data: … }`: the envelope of nearly every answer. */
export const data = (schema: z.ZodType, status: Success["status"] = 200, description = "OK") =>
  ({ status, description, schema: z.object({ data: schema }) }) satisfies Success;

/** A JSON answer as it is (no envelope). */
export const json = (schema: z.ZodType, status: Success["status"] = 200, description = "OK") =>
  ({ status, description, schema }) satisfies Success;

/** An empty answer. */
export const empty = (description = "Done; no content", status: Success["status"] = 204) =>
  ({ status, description }) satisfies Success;

/** A file or a page: its media types, described in words. */
export const file = (media: string[], description: string, status: Success["status"] = 200) =>
  ({ status, description, media }) satisfies Success;

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 422 | 429 | 502 | 503;

export interface OperationDoc {
  summary: string;
  description?: string;
  /** The success answer(s). */
  ok: Success | Success[];
  /** The error codes the operation answers besides those read from its middleware. */
  errors?: Partial<Record<ErrorStatus, ApiErrorCode[]>>;
  /** A request body the handler reads itself (a route listed in route-contracts' NOT_YET). */
  body?: { media: string; schema: z.ZodType; description?: string };
}

const ERROR_REF = { $ref: "#/components/schemas/ApiErrorBody" };

/** One error response: the codes it may carry, each with its meaning (core/contract/errors.ts). */
function errorResponse(codes: readonly ApiErrorCode[]) {
  return {
    description: codes.map((code) => `${code}: ${API_ERROR_CODES[code]}`).join("\n"),
    "x-error-codes": [...codes],
    content: { "application/json": { schema: ERROR_REF } },
  };
}

function successResponse(success: Success) {
  const content: Record<string, { schema: unknown }> = {};
  if (success.schema) content["application/json"] = { schema: resolver(success.schema, AS_SENT) };
  for (const media of success.media ?? []) {
    content[media] = { schema: { type: "string", contentMediaType: media } };
  }
  return {
    description: success.description,
    ...(Object.keys(content).length > 0 ? { content } : {}),
  };
}

/** The success answers each description middleware stands for (tests match real answers to them). */
const ANSWERS = new WeakMap<object, Success[]>();

/** The documented success answers of a route's middleware, when it is a description. */
export const answersOf = (handler: unknown): Success[] | undefined =>
  typeof handler === "function" ? ANSWERS.get(handler) : undefined;

/**
 * The describer of one feature's routes: `const doc = documented("Bills")`, then
 * `.get("/invoices/:id", doc({ summary, ok: data(apiInvoiceSchema) }), requireBearer, …)`.
 */
export function documented(tag: string) {
  return (operation: OperationDoc): MiddlewareHandler => {
    const responses: Record<string, unknown> = {};
    for (const success of [operation.ok].flat())
      responses[success.status] = successResponse(success);
    for (const [status, codes] of Object.entries(operation.errors ?? {})) {
      responses[status] = errorResponse(codes);
    }
    const body = operation.body;
    const middleware = describeRoute({
      tags: [tag],
      summary: operation.summary,
      ...(operation.description ? { description: operation.description } : {}),
      ...(body
        ? {
            requestBody: {
              required: true,
              ...(body.description ? { description: body.description } : {}),
              content: { [body.media]: { schema: resolver(body.schema) } },
            },
          }
        : {}),
      responses: responses as never,
    });
    ANSWERS.set(middleware, [operation.ok].flat());
    return middleware;
  };
}

/** The routes that exist only outside production (`/dev/` in their path): never described. */
export const DEV_ONLY = /(^|\/)dev(\/|$)/;

interface RouteEntry {
  method: string;
  path: string;
  handler: unknown;
}

/** A Hono path (/api/users/:userId) as the document's path, relative to its server (/users/{userId}). */
export const documentPath = (honoPath: string) =>
  honoPath.replace(/^\/api(?=\/|$)/, "").replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?\??/g, "{$1}") || "/";

/** The routes of an app, by "METHOD path", each with its handlers in order. */
export function routeTable(app: { routes: RouteEntry[] }) {
  const routes = new Map<string, RouteEntry[]>();
  for (const route of app.routes) {
    // `use()` middleware (ALL, or a path ending in *) belongs to every route under it.
    if (route.method === "ALL" || route.path.endsWith("*")) continue;
    const key = `${route.method} ${route.path}`;
    routes.set(key, [...(routes.get(key) ?? []), route]);
  }
  return routes;
}

/** The error codes a route answers because of its middleware, by status. */
export function derivedErrors(handlers: readonly RouteEntry[]) {
  const errors = new Map<number, Set<ApiErrorCode>>();
  const add = (status: number, code: ApiErrorCode) =>
    errors.set(status, (errors.get(status) ?? new Set()).add(code));
  for (const { handler } of handlers) {
    if (handler === requireBearer) {
      add(401, "unauthorized");
      add(403, "forbidden");
    }
    if (serviceScopeOf(handler)) {
      add(401, "unauthorized");
      add(403, "forbidden");
      add(429, "too_many_attempts");
    }
    if (handler === ownUserPath) add(404, "not_found");
    const action = permittedActionOf(handler);
    if (action !== undefined && action !== "read") add(403, "not_permitted");
    const input = routeInputOf(handler);
    if (input) {
      if (input.invalid === "not_found") add(404, "not_found");
      else add(400, "validation");
    }
  }
  return errors;
}

const ERROR_SCHEMA = (() => {
  const { $schema: _drop, ...schema } = z.toJSONSchema(apiErrorBodySchema, { io: "output" });
  return schema;
})();

const OPERATION_METHODS = ["get", "put", "post", "delete", "patch", "head", "options", "trace"];

async function generate(app: Hono<never, never, never> & { routes: RouteEntry[] }) {
  const document = await generateSpecs(app as never, {
    documentation: {
      info: {
        title: "NRG customer portal API",
        version: "1",
        description:
          "The JSON API of the customer portal, generated from its zod contract (core/contract). " +
          "Every error answers `{ error: { code, message?, field? } }`; each operation lists " +
          "its codes. Money is in euros (numbers with two decimals), dates are ISO strings.",
      },
      servers: [{ url: "/api", description: "this portal" }],
    },
    exclude: [DEV_ONLY],
    excludeStaticFile: false,
    defaultValidationErrorResponse: false,
  });
  // Relative to the server (/api): /users/{userId}, not /api/users/{userId}.
  const paths: OpenApiDocument["paths"] = {};
  for (const [path, item] of Object.entries(document.paths)) paths[documentPath(path)] = item;
  for (const [key, handlers] of routeTable(app)) {
    const [method = "", path = ""] = key.split(" ");
    const item = paths[documentPath(path)] as Record<string, Operation | undefined> | undefined;
    const operation = item?.[method.toLowerCase()];
    if (!operation) continue;
    operation.operationId = String(operation.operationId).replace(/^([a-z]+)Api(?=[A-Z])/, "$1");
    if (handlers.some((h) => h.handler === requireBearer)) {
      // A personal access token reads the GET routes its scopes open (#19,
      // api/middleware/token-scopes.ts); every other route takes a session's bearer only.
      const need: RouteNeed = method === "GET" ? tokenRouteOf(path).need : "never";
      const scopes = tokenScopesOf(need);
      operation.security = scopes ? [{ bearer: [] }, { accessToken: [] }] : [{ bearer: [] }];
      if (scopes) (operation as Record<string, unknown>)["x-token-scopes"] = scopes;
    }
    const serviceScope = handlers.map((h) => serviceScopeOf(h.handler)).find(Boolean);
    if (serviceScope) {
      // The billing system's routes (#36): a service credential with this scope, nothing else.
      operation.security = [{ serviceCredential: [] }];
      (operation as Record<string, unknown>)["x-service-scope"] = serviceScope;
    }
    const responses = (operation.responses ?? {}) as Record<string, unknown>;
    for (const [status, codes] of derivedErrors(handlers)) {
      const declared = (responses[status] as { "x-error-codes"?: ApiErrorCode[] } | undefined)?.[
        "x-error-codes"
      ];
      responses[status] = errorResponse([...new Set([...codes, ...(declared ?? [])])]);
    }
    responses.default = {
      description:
        "Any other error: 403 csrf, 413 too_large, 500 error, 503 unavailable (Retry-After)",
      content: { "application/json": { schema: ERROR_REF } },
    };
    operation.responses = responses as Operation["responses"];
  }
  for (const item of Object.values(paths)) {
    for (const method of OPERATION_METHODS) {
      const operation = (item as Record<string, Operation | undefined>)[method];
      if (operation?.parameters) operation.parameters.sort(byLocation);
    }
  }
  const tags = [
    ...new Set(
      Object.values(paths).flatMap((item) =>
        OPERATION_METHODS.flatMap(
          (method) => (item as Record<string, Operation | undefined>)[method]?.tags ?? [],
        ),
      ),
    ),
  ].map((name) => ({ name }));
  return {
    ...document,
    tags,
    paths,
    components: {
      ...document.components,
      schemas: { ...document.components.schemas, ApiErrorBody: ERROR_SCHEMA },
      securitySchemes: {
        bearer: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "JWT",
          description:
            "The access token of POST /v2/auth/login (Basic VAT:password); refresh it with " +
            "POST /v2/auth/refresh-token when a call answers 401 unauthorized.",
        },
        serviceCredential: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "nrgbo_<id>_<secret>",
          description:
            "The billing system's service credential (npm run backoffice -- create-client, " +
            "docs/backoffice.md), on the back-office operations only, each needing the scope " +
            "its `x-service-scope` names. Missing, unknown, rotated or revoked: 401 " +
            "unauthorized; without the scope: 403 forbidden; 20 bad credentials an hour from " +
            "one address: 429 with Retry-After. No session token or personal access token " +
            "opens these operations, and this credential opens no other.",
        },
        accessToken: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "nrg_…",
          description:
            "A personal access token a person made in the portal (Settings → API access tokens): " +
            "read-only, on the operations whose `x-token-scopes` its scopes meet, on its " +
            "supplies within its person's. Expired or revoked: 401 unauthorized; another " +
            "operation: 403 not_permitted; over 60 calls a minute: 429 with Retry-After.",
        },
      },
    },
  } as OpenApiDocument;
}

/**
 * The scopes a personal access token needs for a route, as the document says it
 * (`x-token-scopes`): `{ anyOf }` or `{ allOf }`; undefined when no token may call it.
 */
export function tokenScopesOf(
  need: RouteNeed,
): { anyOf: readonly string[] } | { allOf: readonly string[] } | undefined {
  if (need === "never") return undefined;
  if (need === "any") return { anyOf: TOKEN_SCOPES };
  if (typeof need === "string") return { anyOf: [need] };
  return need;
}

const LOCATION_ORDER = ["path", "query", "header", "cookie"];
const byLocation = (a: unknown, b: unknown) =>
  LOCATION_ORDER.indexOf((a as { in?: string }).in ?? "") -
  LOCATION_ORDER.indexOf((b as { in?: string }).in ?? "");

const documents = new WeakMap<object, Promise<OpenApiDocument>>();

/** The app's document, generated once per app (per isolate). */
export function openApiDocument(app: { routes: RouteEntry[] }): Promise<OpenApiDocument> {
  let document = documents.get(app);
  if (!document) {
    document = generate(app as never);
    documents.set(app, document);
    document.catch(() => documents.delete(app));
  }
  return document;
}
