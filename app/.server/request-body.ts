import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

/*
 * What a page action may be sent. Every action of the portal is a
 * `<form method="post">` (or React Router's fetcher posting the same form): an urlencoded or a
 * multipart body, sent with POST. Anything else (JSON, text/plain, no body at all, PUT, PATCH,
 * DELETE, a multipart body that does not parse) is refused before an action runs, and a body is
 * read only up to a limit, whether it declares its length or streams without one.
 */

const KIB = 1024;
const MIB = 1024 * KIB;

/**
 * The most a page action reads, in two parts:
 * - `declared`: a body that states its length (every browser form post does) may be this long.
 *   On routes whose forms carry a file this sits well above what the form's own checks refuse
 *   with a message next to the field (a photo of 1 MB or more, an attachment over 5 MB, a request
 *   form over 12 MB in app/routes/b2b/aitimata-form.tsx), so that a file that is merely too large,
 *   such as a phone's 10 MB photo, still gets that message. A longer one is refused without being
 *   parsed or kept (it is read and dropped up to 32 MB so that the browser sees the answer).
 * - `streamed`: a body without a length (chunked: only scripts send one) is cut off once it has
 *   passed the largest body the route's form can legitimately have.
 * Every other action, the anonymous ones included, reads 1 MB at most: its forms have no file,
 * and 1 MB holds the settings of a customer with 1,000 supplies several times over.
 */
export interface BodyLimit {
  declared: number;
  streamed: number;
}

export const FORM_BODY_LIMIT: BodyLimit = { declared: MIB, streamed: MIB };

/** Routes whose forms carry a file, by route id (app/routes.ts). */
export const UPLOAD_BODY_LIMITS: Readonly<Record<string, BodyLimit>> = {
  // A photo under 1 MB and the settings of up to 1,000 supplies (about 600 KB as multipart).
  "routes/b2b/settings": { declared: 16 * MIB, streamed: 3 * MIB },
  // An attachment of up to 5 MB and the request's text fields.
  "request-name-change": { declared: 16 * MIB, streamed: 7 * MIB },
  "request-cancellation": { declared: 16 * MIB, streamed: 7 * MIB },
  // A register application's doctor's certificate of up to 5 MB and its few fields (#38 §3).
  "routes/b2b/evalotes": { declared: 16 * MIB, streamed: 7 * MIB },
};

export const bodyLimitOf = (routeId: string): BodyLimit =>
  UPLOAD_BODY_LIMITS[routeId] ?? FORM_BODY_LIMIT;

export type FormMediaType = "application/x-www-form-urlencoded" | "multipart/form-data";

/** The media type of a Content-Type header, lower-cased and without parameters; "" when absent. */
export function mediaType(contentType: string | null): string {
  return (contentType ?? "").split(";", 1)[0]?.trim().toLowerCase() ?? "";
}

export function isFormMediaType(type: string): type is FormMediaType {
  return type === "application/x-www-form-urlencoded" || type === "multipart/form-data";
}

export type BodyRead =
  | { ok: true; bytes: Uint8Array<ArrayBuffer> }
  /** Longer than the limit (the rest was cancelled), or the client went away mid-body. */
  | { ok: false; reason: "too-large" | "broken" };

/**
 * Reads a body stream up to `limit` bytes, counting as it goes: a body without a Content-Length
 * (chunked) is cut off as soon as it passes the limit, never read whole.
 */
export async function readLimited(
  body: ReadableStream<Uint8Array>,
  limit: number,
): Promise<BodyRead> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => undefined);
        return { ok: false, reason: "too-large" };
      }
      chunks.push(value);
    }
  } catch {
    return { ok: false, reason: "broken" };
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { ok: true, bytes };
}

/**
 * Parses `bytes` as the form React Router will hand the action (the same parser as
 * `request.formData()`); false when it is not a well-formed form of that type (a multipart body
 * without a boundary, a broken part).
 */
export async function parsesAsForm(bytes: Uint8Array<ArrayBuffer>, contentType: string) {
  try {
    await new Response(bytes, { headers: { "Content-Type": contentType } }).formData();
    return true;
  } catch {
    return false;
  }
}

/** The route a mutation reaches and what it can answer. */
export interface ActionTarget {
  id: string;
  /** The route module exports an action: it takes POST. */
  hasAction: boolean;
  /** No component and no error boundary: React Router answers it without rendering a page. */
  isResource: boolean;
}

/** A route as React Router's matcher takes it, carrying what a mutation of it can answer. */
type TableRoute = RouteObject & { target: ActionTarget };

type Manifest = ServerBuild["routes"];

function tableOf(manifest: Manifest, parentId: string | undefined): TableRoute[] {
  const out: TableRoute[] = [];
  for (const route of Object.values(manifest)) {
    if (!route || route.parentId !== parentId) continue;
    const children = tableOf(manifest, route.id);
    const module = route.module;
    const base = {
      id: route.id,
      path: route.path,
      caseSensitive: route.caseSensitive,
      target: {
        id: route.id,
        hasAction: typeof module.action === "function",
        isResource: module.default == null && module.ErrorBoundary == null,
      },
    };
    out.push(
      route.index
        ? { ...base, index: true }
        : { ...base, index: false, children: children.length > 0 ? children : undefined },
    );
  }
  return out;
}

const tables = new WeakMap<Manifest, TableRoute[]>();

/**
 * The route whose action a POST to this URL calls, found as React Router finds it (the deepest
 * route that adds to the path; an index route only with a bare `?index`), or null when nothing
 * matches (React Router answers 404). `pathname` is the route path (without `.data`); `search`
 * is the request's own query.
 */
export function actionTarget(
  manifest: Manifest,
  pathname: string,
  search: string,
): ActionTarget | null {
  let table = tables.get(manifest);
  if (!table) {
    table = tableOf(manifest, undefined);
    tables.set(manifest, table);
  }
  const matches = matchRoutes(table, pathname);
  if (!matches || matches.length === 0) return null;
  const last = matches[matches.length - 1];
  const bareIndex = new URLSearchParams(search).getAll("index").some((v) => v === "");
  if (last?.route.index && bareIndex) return last.route.target;
  const contributing = matches.filter(
    (match, i) => i === 0 || (match.route.path !== undefined && match.route.path.length > 0),
  );
  return contributing[contributing.length - 1]?.route.target ?? null;
}

/** The most of a refused body that is read and dropped so that its answer gets through. */
export const DRAIN_LIMIT = 32 * MIB;

/**
 * What is left of a refused request's body before the refusal goes out: a body that stated a
 * length within `limit` is read to its end and dropped (chunk by chunk, nothing kept), anything
 * else (longer, or of unknown length) is cancelled. An HTTP/1.1 client that gets an answer while
 * it is still writing goes on writing into a connection nobody reads (curl stalls, a browser
 * may show a reset), and wrangler's local proxy drops such a connection; workerd cannot read a
 * body after it has answered, so the reading has to come first.
 */
export async function settleBody(
  body: ReadableStream<Uint8Array> | null,
  contentLength: string | null,
  limit = DRAIN_LIMIT,
): Promise<void> {
  if (!body) return;
  const declared = contentLength === null ? Number.NaN : Number(contentLength);
  try {
    if (Number.isFinite(declared) && declared <= limit) {
      const reader = body.getReader();
      while (!(await reader.read()).done) {
        // discarded
      }
    } else {
      await body.cancel();
    }
  } catch {
    // The client went away, or the stream is already closed: no one is left to answer.
  }
}
