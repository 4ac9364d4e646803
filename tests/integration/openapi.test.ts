import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchWorker } from "../support/fetch-worker";
import { startServer, type TestServer } from "./server";

/**
 * The API description as the Worker serves it (ADR 0019): /api/openapi.json, public and cacheable
 * for a short time, and /api/docs, the reference page in plain HTML that lists every operation.
 */
let server: TestServer;

interface Document {
  openapi: string;
  paths: Record<string, Record<string, { operationId: string; summary: string }>>;
}

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

const get = (pathname: string) =>
  fetchWorker(`${server.baseUrl}${pathname}`, { headers: { connection: "close" } });

describe("the API description", () => {
  it("serves the OpenAPI document without sign-in, cacheable for a short time", async () => {
    const response = await get("/api/openapi.json");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("cache-control")).toBe("public, max-age=300");
    const document = (await response.json()) as Document;
    expect(document.openapi).toMatch(/^3\.1\./);
    expect(Object.keys(document.paths)).toContain("/users/{userId}/readings");
  });

  it("serves the reference page as HTML that lists every operation, without JavaScript", async () => {
    const document = (await (await get("/api/openapi.json")).json()) as Document;
    const response = await get("/api/docs");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toMatch(/<html lang="en">/);
    expect(html).toMatch(/<main id="main">/);
    expect(html).not.toMatch(/<script/i);
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ path, method, ...operation })),
    );
    expect(operations.length).toBeGreaterThan(90);
    for (const operation of operations) {
      expect(html, operation.operationId).toContain(`id="${operation.operationId}"`);
      expect(html).toContain(`<code>${operation.path}</code>`);
    }
  });
});
