import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import {
  actionTarget,
  bodyLimitOf,
  isFormMediaType,
  mediaType,
  parsesAsForm,
  readLimited,
  settleBody,
  type ActionTarget,
} from "../.server/request-body";
import { refusalResponse, type RefusalStatus } from "../.server/refusal-page";
import { getInstance } from "./i18next";

/*
 * a page action is only ever reached by a form, posted. Before any
 * action runs, for every route at once (page, `.data` single fetch and resource route alike):
 * - a route without an action, or a method other than POST: 405 with `Allow`;
 * - a body that is not an urlencoded or multipart form (JSON, text/plain, none at all), or a form
 *   that does not parse (a multipart body without its boundary or with a broken part): 400;
 * - a body longer than the route's limits (app/.server/request-body.ts): 413, refused before it
 *   is parsed when its stated length is too long, cut off at the limit when it streams without
 *   a length.
 * The answer is the portal's translated error page (the root error boundary) with that status;
 * a resource route, which has no page, gets the same text as a small HTML page of its own
 * (app/.server/refusal-page.ts).
 *
 * The body is checked on a clone: the action then reads the request as it always has
 * (`request.formData()`), so no action needs to know about this, and one that is added later is
 * covered too.
 */

interface Refusal {
  status: RefusalStatus;
  allow?: string;
  /** The body was read up to the limit and is still coming: what is left is cancelled. */
  cutOff?: boolean;
}

const refusalContext = createContext<Refusal | null>(null);

const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

const loadBuild = () => import("virtual:react-router/server-build");

function refuse(
  context: Readonly<RouterContextProvider>,
  target: ActionTarget,
  refusal: Refusal,
): never {
  context.set(refusalContext, refusal);
  if (target.isResource) {
    // No page of its own: React Router answers a thrown Response from a resource route as it is.
    const i18n = getInstance(context);
    throw refusalResponse(refusal.status, {
      language: i18n.language,
      t: (key) => i18n.t(key),
      ...(refusal.allow ? { allow: refusal.allow } : {}),
    });
  }
  // React Router renders the root error boundary with this status (a `.data` request gets the
  // error for the browser to render the same boundary); the status says which text it shows.
  throw new Response(null, { status: refusal.status });
}

/** Why a mutation of `target` cannot reach its action, or null when it may. */
async function check(request: Request, target: ActionTarget): Promise<Refusal | null> {
  if (!target.hasAction) return { status: 405, allow: "GET, HEAD" };
  if (request.method !== "POST") return { status: 405, allow: "GET, HEAD, POST" };
  const contentType = request.headers.get("Content-Type");
  const type = mediaType(contentType);
  if (!isFormMediaType(type)) return { status: 400 };
  // A form post without a body is an empty form (a button with no fields): the action decides.
  if (!request.body || !contentType) return null;
  const limit = bodyLimitOf(target.id);
  const declared = request.headers.get("Content-Length");
  // A stated length is refused before parsing when too long; the runtime holds the body to it.
  if (declared !== null && Number(declared) > limit.declared) return { status: 413 };
  const clone = request.clone();
  if (!clone.body) return null;
  const read = await readLimited(clone.body, declared === null ? limit.streamed : limit.declared);
  if (!read.ok)
    return read.reason === "too-large" ? { status: 413, cutOff: true } : { status: 400 };
  if (!(await parsesAsForm(read.bytes, contentType))) return { status: 400 };
  return null;
}

/** Refuses what no action can take; see the top of this file. */
const refuseUnreadableBodies: MiddlewareFunction<Response> = async (
  { request, url, context },
  next,
) => {
  if (READ_METHODS.has(request.method)) return next();
  const build = await loadBuild();
  const target = actionTarget(build.routes, url.pathname, new URL(request.url).search);
  // Nothing matches: React Router's own 404 page.
  if (!target) return next();
  const refusal = await check(request, target);
  if (!refusal) return next();
  // What is left of the body: one of a stated length is read to its end and dropped (up to
  // 32 MB: a browser that sent a photo too large sees the answer instead of a stalled upload);
  // one cut off at the limit, or of unknown length, is cancelled.
  await settleBody(request.body, refusal.cutOff ? null : request.headers.get("Content-Length"));
  refuse(context, target, refusal);
};

/**
 * Outside the check: the rendered refusal gets its `Allow` header (React Router renders a thrown
 * answer's status, not its headers) and is never cached.
 */
const withRefusalHeaders: MiddlewareFunction<Response> = async ({ context }, next) => {
  const response = await next();
  const refusal = context.get(refusalContext);
  if (!refusal) return response;
  const headers = new Headers(response.headers);
  if (refusal.allow) headers.set("Allow", refusal.allow);
  headers.set("Cache-Control", "no-store");
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
};

/** For the root route's middleware list, after the language is known (the page is translated). */
export const requestBodyMiddleware: MiddlewareFunction<Response>[] = [
  withRefusalHeaders,
  refuseUnreadableBodies,
];
