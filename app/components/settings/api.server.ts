import type { RouterContextProvider } from "react-router";
import { cloudflareContext } from "../../context";
import { defaultTransport, getApi, jwtExpiry } from "../../.server/api";
import { getLocale } from "../../middleware/i18next";
import { getSession } from "../../middleware/session";

/**
 * Calls the typed API client cannot make (it speaks JSON): the avatar upload (multipart) and the
 * avatar image (binary). Same bearer token and transport as the client; the token is refreshed
 * first when it is known to be expired, so these calls need no retry of their own.
 */
interface Args {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

async function bearer(args: Args): Promise<string | null> {
  const session = getSession(args.context);
  const token = session.get("access_token");
  if (!token) return null;
  const expiry = jwtExpiry(token);
  if (expiry !== null && expiry - 5_000 <= Date.now()) {
    if (!(await getApi(args).refresh())) return null;
  }
  return session.get("access_token") ?? null;
}

async function rawCall(args: Args, path: string, init: RequestInit): Promise<Response | null> {
  const token = await bearer(args);
  if (!token) return null;
  const { env, ctx } = args.context.get(cloudflareContext);
  const headers = new Headers(init.headers);
  headers.set("Authorization", `Bearer ${token}`);
  headers.set("Language", getLocale(args.context));
  try {
    return await defaultTransport(env, ctx, args.request)(path, { ...init, headers });
  } catch {
    return null;
  }
}

/** POST /api/user/avatar (multipart: userId, avatar). null when the API could not be reached. */
export function uploadAvatar(args: Args, userId: number, file: File): Promise<Response | null> {
  const body = new FormData();
  body.set("userId", String(userId));
  body.set("avatar", file, file.name || "avatar");
  return rawCall(args, "/user/avatar", {
    method: "POST",
    body,
    headers: { Accept: "application/json" },
  });
}

/** GET /api/user/{id}/avatar. */
export function fetchAvatar(args: Args, userId: number): Promise<Response | null> {
  return rawCall(args, `/user/${userId}/avatar`, { method: "GET", headers: { Accept: "image/*" } });
}
