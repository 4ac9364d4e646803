import type { ApiClient } from "./client";

/** The customer's settings (api/settings/routes.ts): one function per endpoint. */

/** POST /user/avatar (multipart: userId, avatar). null when the API could not be reached. */
export function uploadAvatar(api: ApiClient, userId: number, file: File): Promise<Response | null> {
  const body = new FormData();
  body.set("userId", String(userId));
  body.set("avatar", file, file.name || "avatar");
  return api.file("POST", "/user/avatar", { body, accept: "application/json" });
}

/** GET /user/{id}/avatar: the picture's bytes. null when the API could not be reached. */
export function avatar(api: ApiClient, userId: number): Promise<Response | null> {
  return api.file("GET", `/user/${userId}/avatar`, { accept: "image/*" });
}
