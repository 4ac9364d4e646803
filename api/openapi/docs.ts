import type { OpenApiDocument } from "../lib/openapi";

/** The API reference page (/api/docs), from the OpenAPI document. */
export function renderDocs(document: OpenApiDocument): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${document.info.title}</title></head><body><main><h1>${document.info.title}</h1></main></body></html>`;
}
