import { rawCall, type RawCallArgs } from "../../.server/api/raw";

/**
 * Calls the typed API client cannot make (it speaks JSON): the avatar upload (multipart) and the
 * avatar image (binary). Same bearer token and transport as the client; the token is refreshed
 * first when it is known to be expired, so these calls need no retry of their own.
 */
type Args = RawCallArgs;

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
