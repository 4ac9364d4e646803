import type { RouterContextProvider } from "react-router";
import { cloudflareContext } from "../../context";
import { getLocale } from "../../middleware/i18next";
import { getSession } from "../../middleware/session";
import { defaultTransport, getApi, jwtExpiry, keepBookmark, withBookmark } from "./index";

/**
 * Calls the typed API client cannot make because it speaks JSON: multipart uploads and binary
 * downloads (avatar, request attachments). Same bearer token, Language and transport as the
 * client; the token is refreshed first when it is known to be expired, so no retry is needed.
 */
export interface RawCallArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

async function bearer(args: RawCallArgs): Promise<string | null> {
  const session = getSession(args.context);
  const token = session.get("access_token");
  if (!token) return null;
  const expiry = jwtExpiry(token);
  if (expiry !== null && expiry - 5_000 <= Date.now()) {
    if (!(await getApi(args).refresh())) return null;
  }
  return session.get("access_token") ?? null;
}

/** The API's answer, or null when there is no session or the API could not be reached. */
export async function rawCall(
  args: RawCallArgs,
  path: string,
  init: RequestInit,
): Promise<Response | null> {
  const token = await bearer(args);
  if (!token) return null;
  const { env, ctx } = args.context.get(cloudflareContext);
  const headers = new Headers(init.headers);
  headers.set("Authorization", `Bearer ${token}`);
  headers.set("Language", getLocale(args.context));
  const session = getSession(args.context);
  withBookmark(session, headers);
  try {
    const response = await defaultTransport(env, ctx, args.request)(path, { ...init, headers });
    keepBookmark(session, (init.method ?? "GET").toUpperCase(), response);
    return response;
  } catch {
    return null;
  }
}
