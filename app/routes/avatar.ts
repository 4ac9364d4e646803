import { requireUser } from "../.server/guards";
import { getApi } from "../.server/api";
import { avatar } from "../.server/api/settings";
import type { Route } from "./+types/avatar";

/**
 * GET /b2b/avatar: the signed-in customer's own picture for <img> (the API wants a bearer token,
 * which an image request cannot carry). Only ever the session's own user: there is no id to
 * change. The URL carries ?v=<stored name>, which changes with every upload, so it may be cached.
 */
export async function loader(args: Route.LoaderArgs) {
  const { userId } = requireUser(args);
  const response = await avatar(getApi(args), userId);
  if (!response || !response.ok) {
    return new Response(null, {
      status: response?.status === 404 ? 404 : 502,
      headers: { "Cache-Control": "no-store" },
    });
  }
  const type = response.headers.get("content-type") ?? "";
  // The API only stores JPEG and PNG; anything else is refused rather than passed on.
  if (type !== "image/jpeg" && type !== "image/png") {
    return new Response(null, { status: 502, headers: { "Cache-Control": "no-store" } });
  }
  return new Response(response.body, {
    headers: {
      "Content-Type": type,
      "Cache-Control": "private, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "Content-Disposition": "inline",
    },
  });
}
