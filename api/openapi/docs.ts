import { API_ERROR_CODES, type ApiErrorCode } from "../../core/contract";
import type { OpenApiDocument } from "../lib/openapi";

/**
 * The API reference page (/api/docs): plain server-rendered HTML from the OpenAPI document, so it
 * reads without JavaScript, at 360 px, with headings and landmarks. Every operation has an anchor
 * (its operationId) that the guides in docs/api/ link to.
 */

type Schema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  description?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  additionalProperties?: Schema | boolean;
  $ref?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  contentMediaType?: string;
};
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: Schema;
}
interface Media {
  schema?: Schema;
}
interface Response {
  description?: string;
  content?: Record<string, Media>;
  "x-error-codes"?: ApiErrorCode[];
}
interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: unknown[];
  "x-token-scopes"?: { anyOf?: string[]; allOf?: string[] };
  parameters?: Parameter[];
  requestBody?: { description?: string; content?: Record<string, Media> };
  responses?: Record<string, Response>;
}

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

/** Who may call an operation: nobody signed in, a session, or also a personal access token. */
function authText(operation: Operation): string {
  if (!operation.security?.length) return "No sign-in needed.";
  const scopes = operation["x-token-scopes"];
  if (!scopes) return "Needs a signed-in bearer access token.";
  const list = (names: string[], joiner: string) =>
    names.map((name) => `<code>${escape(name)}</code>`).join(joiner);
  const which = scopes.allOf
    ? `the scopes ${list(scopes.allOf, " and ")}`
    : `the scope ${list(scopes.anyOf ?? [], " or ")}`;
  return `Needs a bearer access token, or a personal access token with ${which}.`;
}

const escape = (text: unknown) =>
  String(text)
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;");

/** `code` spans for the backquoted parts of a description. */
const prose = (text: string | undefined) =>
  escape(text ?? "").replace(/`([^`]+)`/g, "<code>$1</code>");

export const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** A schema's type in a few words: "string (date)", "one of: a, b", "integer or null". */
function typeOf(schema: Schema | undefined, depth = 0): string {
  if (!schema || depth > 4) return "any";
  if (schema.$ref) return schema.$ref.split("/").pop() ?? "object";
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return `one of: ${schema.enum.map((v) => JSON.stringify(v)).join(", ")}`;
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return [...new Set(union.map((s) => typeOf(s, depth + 1)))].join(" or ");
  if (schema.allOf) return schema.allOf.map((s) => typeOf(s, depth + 1)).join(" and ");
  const type = [schema.type ?? (schema.properties ? "object" : "any")].flat().join(" or ");
  if (type === "array") return `array of ${typeOf(schema.items, depth + 1)}`;
  const format = schema.format ?? schema.contentMediaType;
  return format ? `${type} (${format})` : type;
}

/** Limits worth reading next to the type. */
function limitsOf(schema: Schema): string[] {
  const limits: string[] = [];
  if (schema.minLength !== undefined) limits.push(`at least ${schema.minLength} characters`);
  if (schema.maxLength !== undefined) limits.push(`at most ${schema.maxLength} characters`);
  // zod states every integer's safe range: not worth a line.
  const safe = Number.MAX_SAFE_INTEGER;
  if (schema.minimum !== undefined && schema.minimum > -safe) limits.push(`≥ ${schema.minimum}`);
  if (schema.maximum !== undefined && schema.maximum < safe) limits.push(`≤ ${schema.maximum}`);
  if (schema.pattern && schema.pattern.length <= 60) limits.push(`pattern ${schema.pattern}`);
  return limits;
}

interface Field {
  name: string;
  type: string;
  required: boolean;
  description: string;
}

/** The document's named schemas (components.schemas), which `$ref`s point to. */
let named: Record<string, Schema> = {};

const resolved = (schema: Schema | undefined): Schema | undefined =>
  schema?.$ref ? named[schema.$ref.split("/").pop() ?? ""] : schema;

/** The object schema(s) inside a schema: itself, its array items, its non-null union members. */
function objectsIn(given: Schema | undefined): { schema: Schema; suffix: string }[] {
  const schema = resolved(given);
  if (!schema) return [];
  if (schema.properties) return [{ schema, suffix: "" }];
  if (schema.type === "array" && schema.items) {
    return objectsIn(schema.items).map((o) => ({ ...o, suffix: `[]${o.suffix}` }));
  }
  const union = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  return union ? union.flatMap(objectsIn) : [];
}

/** Every field of a schema, nested ones as `a.b` and `items[].c`, to a sensible depth. */
function fieldsOf(schema: Schema | undefined, prefix = "", depth = 0, out: Field[] = []): Field[] {
  if (depth > 5 || out.length > 400) return out;
  for (const { schema: object, suffix } of objectsIn(schema)) {
    for (const [name, property] of Object.entries(object.properties ?? {})) {
      const path = `${prefix}${suffix}${prefix || suffix ? "." : ""}${name}`.replace(/^\./, "");
      if (out.some((f) => f.name === path)) continue;
      const target = resolved(property) ?? property;
      const meaning = [property.description ?? target.description, ...limitsOf(target)]
        .filter(Boolean)
        .join("; ");
      out.push({
        name: path,
        type: typeOf(property),
        required: object.required?.includes(name) ?? false,
        description: meaning,
      });
      fieldsOf(property, path, depth + 1, out);
    }
  }
  return out;
}

function fieldTable(caption: string, fields: Field[]): string {
  if (fields.length === 0) return "";
  const rows = fields
    .map(
      (f) =>
        `<tr><th scope="row"><code>${escape(f.name)}</code></th>` +
        `<td data-label="Type">${escape(f.type)}</td>` +
        `<td data-label="Required">${f.required ? "yes" : "no"}</td>` +
        `<td data-label="Meaning">${prose(f.description)}</td></tr>`,
    )
    .join("");
  return (
    `<div class="scroll"><table><caption>${escape(caption)}</caption>` +
    `<thead><tr><th scope="col">Field</th><th scope="col">Type</th>` +
    `<th scope="col">Required</th><th scope="col">Meaning</th></tr></thead>` +
    `<tbody>${rows}</tbody></table></div>`
  );
}

function parameterTable(parameters: Parameter[]): string {
  if (parameters.length === 0) return "";
  const rows = parameters
    .map((p) => {
      const meaning = [p.description ?? p.schema?.description, ...limitsOf(p.schema ?? {})]
        .filter(Boolean)
        .join("; ");
      return (
        `<tr><th scope="row"><code>${escape(p.name)}</code></th>` +
        `<td data-label="In">${escape(p.in)}</td>` +
        `<td data-label="Type">${escape(typeOf(p.schema))}</td>` +
        `<td data-label="Required">${p.required ? "yes" : "no"}</td>` +
        `<td data-label="Meaning">${prose(meaning)}</td></tr>`
      );
    })
    .join("");
  return (
    `<div class="scroll"><table><caption>Parameters</caption><thead><tr>` +
    `<th scope="col">Name</th><th scope="col">In</th><th scope="col">Type</th>` +
    `<th scope="col">Required</th><th scope="col">Meaning</th></tr></thead>` +
    `<tbody>${rows}</tbody></table></div>`
  );
}

function mediaBlock(content: Record<string, Media> | undefined, caption: string): string {
  return Object.entries(content ?? {})
    .map(([media, { schema }]) => {
      const fields = fieldsOf(schema);
      const shape =
        fields.length > 0
          ? fieldTable(`${caption} (${media})`, fields)
          : `<p>${escape(media)}: ${escape(typeOf(schema))}</p>`;
      return shape;
    })
    .join("");
}

function errorList(codes: ApiErrorCode[]): string {
  return (
    `<ul class="codes">` +
    codes
      .map((code) => `<li><code>${escape(code)}</code>: ${prose(API_ERROR_CODES[code])}</li>`)
      .join("") +
    `</ul>`
  );
}

function renderOperation(method: string, path: string, operation: Operation): string {
  const id = operation.operationId ?? slug(`${method} ${path}`);
  const responses = Object.entries(operation.responses ?? {});
  const successes = responses.filter(([status]) => /^[23]/.test(status));
  const errors = responses.filter(([status]) => /^[45]/.test(status));
  const other = operation.responses?.default;
  return `<section class="operation" id="${escape(id)}" aria-labelledby="${escape(id)}-title">
<h3 id="${escape(id)}-title"><span class="method">${method.toUpperCase()}</span> <code>${escape(path)}</code></h3>
<p class="summary">${prose(operation.summary)}</p>
${operation.description ? `<p>${prose(operation.description)}</p>` : ""}
<p class="auth">${authText(operation)}</p>
${parameterTable(operation.parameters ?? [])}
${
  operation.requestBody
    ? `<h4>Request body</h4>${operation.requestBody.description ? `<p>${prose(operation.requestBody.description)}</p>` : ""}${mediaBlock(operation.requestBody.content, "Request body")}`
    : ""
}
<h4>Answers</h4>
${successes
  .map(
    ([status, response]) =>
      `<h5>${escape(status)}: ${prose(response.description)}</h5>${mediaBlock(response.content, `${status} answer`)}`,
  )
  .join("")}
${
  errors.length > 0
    ? `<h5>Errors</h5><dl class="errors">${errors
        .map(
          ([status, response]) =>
            `<dt>${escape(status)}</dt><dd>${errorList(response["x-error-codes"] ?? [])}</dd>`,
        )
        .join("")}</dl>`
    : ""
}
${other ? `<p class="default">${prose(other.description)}</p>` : ""}
<p><a href="#top">Back to the contents</a></p>
</section>`;
}

const STYLE = `
:root{color-scheme:light dark;font-family:system-ui,sans-serif;line-height:1.5}
body{margin:0;padding:0 1rem 3rem;max-width:72rem;margin-inline:auto}
a{color:LinkText}
.skip{position:absolute;left:-999px}.skip:focus{left:1rem;top:1rem;background:Canvas;padding:.5rem}
header{padding-top:1rem}
code{font-family:ui-monospace,monospace;overflow-wrap:anywhere}
nav ul{padding-left:1.25rem}
.operation{border-top:1px solid GrayText;padding-top:.5rem;margin-top:1.5rem}
.method{display:inline-block;min-width:4.5rem;font-family:ui-monospace,monospace}
h3{font-size:1.1rem;overflow-wrap:anywhere}
h4{font-size:1rem;margin-bottom:.25rem}h5{font-size:.95rem;margin:.75rem 0 .25rem}
.scroll{overflow-x:auto}
table{border-collapse:collapse;font-size:.9rem;min-width:100%}
caption{text-align:left;font-weight:600;padding:.25rem 0}
th,td{border:1px solid GrayText;padding:.25rem .5rem;text-align:left;vertical-align:top}
tbody th{font-weight:normal}
dl.errors dt{font-weight:600}dl.errors dd{margin-left:1rem}
.codes{margin:0;padding-left:1.25rem}
@media (max-width:40rem){
td:empty{display:none}
table,thead,tbody,tr,th,td,caption{display:block}
table{min-width:0}
thead tr{position:absolute;left:-9999px}
tr{border:1px solid GrayText;margin-bottom:.5rem;padding:.25rem .5rem}
th,td{border:0;padding:.1rem 0}
td::before{content:attr(data-label) ": ";font-weight:600}
}
`;

/** The API reference page, from the OpenAPI document. */
export function renderDocs(document: OpenApiDocument): string {
  named = (document.components?.schemas ?? {}) as Record<string, Schema>;
  const byTag = new Map<string, [string, string, Operation][]>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = (item as Record<string, Operation | undefined>)[method];
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? "Other";
      byTag.set(tag, [...(byTag.get(tag) ?? []), [method, path, operation]]);
    }
  }
  const count = [...byTag.values()].reduce((n, ops) => n + ops.length, 0);
  const contents = [...byTag]
    .map(
      ([tag, operations]) =>
        `<li><a href="#tag-${slug(tag)}">${escape(tag)}</a><ul>${operations
          .map(
            ([method, path, op]) =>
              `<li><a href="#${escape(op.operationId ?? "")}">${method.toUpperCase()} <code>${escape(path)}</code></a></li>`,
          )
          .join("")}</ul></li>`,
    )
    .join("");
  const sections = [...byTag]
    .map(
      ([tag, operations]) =>
        `<section id="tag-${slug(tag)}" aria-labelledby="tag-${slug(tag)}-title">` +
        `<h2 id="tag-${slug(tag)}-title">${escape(tag)}</h2>` +
        operations.map(([method, path, op]) => renderOperation(method, path, op)).join("") +
        `</section>`,
    )
    .join("");
  const server = document.servers?.[0]?.url ?? "/api";
  const allCodes = Object.keys(API_ERROR_CODES) as ApiErrorCode[];
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(document.info.title)}: reference</title>
<style>${STYLE}</style>
</head>
<body>
<a class="skip" href="#main">Skip to the reference</a>
<header id="top">
<h1>${escape(document.info.title)}</h1>
<p>${prose(document.info.description)}</p>
<p>${count} operations under <code>${escape(server)}</code>. The same description as OpenAPI 3.1: <a href="${escape(server)}/openapi.json">${escape(server)}/openapi.json</a>.</p>
</header>
<nav aria-labelledby="contents-title">
<h2 id="contents-title">Contents</h2>
<ul>${contents}<li><a href="#errors">Error codes</a></li></ul>
</nav>
<main id="main">
${sections}
<section id="errors" aria-labelledby="errors-title">
<h2 id="errors-title">Error codes</h2>
<p>Every error answers <code>{ "error": { "code", "message"?, "field"? } }</code>: <code>field</code> names the first bad field (<code>items.0.amount</code>), <code>message</code> is a translation key for <code>validation</code> and a detail of the code otherwise.</p>
${errorList(allCodes)}
</section>
</main>
</body>
</html>`;
}
