import type { SettingsPayload } from "../../../core/contract";
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

/**
 * PUT /user/settings: e-mail, phone, notifications, e-bill, language, skin. A 200 with a
 * `message` is a refusal the dialog shows as a toast.
 */
export function saveSettings(api: ApiClient, payload: SettingsPayload) {
  return api.request<{ message?: string } | null>("PUT", "/user/settings", { body: payload });
}

/** PUT /user/first-login-settings: the settings dialog has been shown once. */
export function closeFirstLoginSettings(api: ApiClient) {
  return api.request<null>("PUT", "/user/first-login-settings", { body: { open: 0 } });
}

/** PUT /user/language: the language the customer chose in the prompt. */
export function saveLanguage(api: ApiClient, lang: "el" | "en") {
  return api.request<null>("PUT", "/user/language", { body: { lang } });
}
