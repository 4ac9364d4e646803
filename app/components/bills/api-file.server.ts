import { cloudflareContext } from "../../context";
import { defaultTransport, getApi } from "../../.server/api";
import type { GuardArgs } from "../../.server/guards";
import { getLocale } from "../../middleware/i18next";
import { getSession } from "../../middleware/session";

/**
 * GET a file (PDF, CSV, JSON) from the portal API with the session's bearer token: the typed
 * client reads JSON, a file needs the raw answer. Same rules as the client: the Language
 * header, and on 401 one token refresh (rotating the pair in the session) and one retry.
 * 403 and other failures are returned for the caller to show.
 */
export async function fetchApiFile(args: GuardArgs, path: string): Promise<Response> {
  const { env, ctx } = args.context.get(cloudflareContext);
  const session = getSession(args.context);
  const transport = defaultTransport(env, ctx, args.request);
  const send = (token: string | undefined) =>
    transport(path, {
      method: "GET",
      headers: { Authorization: `Bearer ${token ?? ""}`, Language: getLocale(args.context) },
    });
  let response = await send(session.get("access_token"));
  if (response.status === 401 && (await getApi(args).refresh())) {
    response = await send(session.get("access_token"));
  }
  return response;
}

/** The request came from the download dialog's fetch (JavaScript), not a plain link. */
export function isFetchDownload(request: Request): boolean {
  return request.headers.get("x-download") === "fetch";
}

/** Headers passed on from the API's file answer. */
export function fileHeaders(from: Response, size: number): Headers {
  const headers = new Headers({
    "content-type": from.headers.get("content-type") ?? "application/octet-stream",
    "content-length": String(size),
    "cache-control": "private, no-store",
    "x-content-type-options": "nosniff",
  });
  const disposition = from.headers.get("content-disposition");
  if (disposition) headers.set("content-disposition", disposition);
  return headers;
}
