import { Hono } from "hono";
import { apiOkSchema } from "../../core/contract";
import { documented, file, json, openApiDocument } from "../lib/openapi";
import type { ApiEnv } from "../types";
import { renderDocs } from "./docs";

const doc = documented("API description");

/** GET /api/ping's description (the route stays in api/app.ts). */
export const pingDoc = documented("Health")({
  summary: "Is the API up?",
  ok: json(apiOkSchema),
});

/** Public and the same for everyone: a short cache (a deploy changes it). */
const CACHE = "public, max-age=300";

/**
 * Mounted at /api: the API's OpenAPI 3.1 document and its reference page, both generated from
 * `app`'s route table (api/lib/openapi.ts, ADR 0019).
 */
export const openApiRoutes = (app: Parameters<typeof openApiDocument>[0]) =>
  new Hono<ApiEnv>()
    .get(
      "/openapi.json",
      doc({
        summary: "This API's OpenAPI 3.1 document",
        ok: file(["application/json"], "The OpenAPI 3.1 document (this one)"),
      }),
      async (c) => {
        c.header("cache-control", CACHE);
        return c.json(await openApiDocument(app));
      },
    )
    .get(
      "/docs",
      doc({
        summary: "The API reference as an HTML page",
        description: "Server-rendered from the OpenAPI document; needs no JavaScript.",
        ok: file(["text/html"], "The reference page"),
      }),
      async (c) => {
        c.header("cache-control", CACHE);
        return c.html(renderDocs(await openApiDocument(app)));
      },
    );
