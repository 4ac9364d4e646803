import type { z } from "zod";
import type {
  ApiAccount,
  ApiBanner,
  ApiForecast,
  ApiMessage,
  ApiMeter,
  ApiRedirectLoginPreview,
  ApiShellReads,
  ApiUser,
  passwordChangeSchema,
} from "../../../core/contract";
import { ApiError, type ApiClient } from "./client";
import { overviewInvoices } from "./invoices";
import { meterReadings } from "./readings";

/**
 * The signed-in user, their supplies, messages and banners (api/users/routes.ts), and whom a
 * redirect-login link names: one function per endpoint.
 */

/**
 * GET /v2/me for pages that only use the user to fill something in: a lapsed session is a
 * failure given back (the page goes on without it), never a sign-out.
 */
export function currentUser(api: ApiClient) {
  return api.request<ApiUser>("GET", "/v2/me", { onAuthFailure: "return" });
}

/** POST /v2/auth/redirect-login/preview: whom a redirect-login token names (consumes nothing). */
export function redirectLoginPreview(api: ApiClient, token: string) {
  return api.request<ApiRedirectLoginPreview>("POST", "/v2/auth/redirect-login/preview", {
    auth: "none",
    body: { token },
  });
}

/** GET /v2/me: the signed-in user (throws ApiError; a lapsed session signs out). */
export function me(api: ApiClient) {
  return api.read<ApiUser>("/v2/me");
}

/** GET /users/{id}/meters?billing_history=…: the full rows of every supply (throws ApiError). */
export function userMeters(api: ApiClient, id: number, options: { billingHistory?: boolean } = {}) {
  const query = options.billingHistory ? "true" : "false";
  return api.read<ApiMeter[]>(`/users/${id}/meters?billing_history=${query}`);
}

/**
 * The user and the whole supply list, a few columns each: what every signed-in page needs
 * (GET /users/{id}/account). A backend without it (404) is asked the spec's way: /v2/me and
 * the full list (a full row has every field of a summary).
 */
export async function userAccount(api: ApiClient, id: number): Promise<ApiAccount> {
  const result = await api.request<ApiAccount>("GET", `/users/${id}/account`);
  if (result.ok) return result.data;
  if (result.status !== 404) throw new ApiError(result);
  const [user, meters] = await Promise.all([me(api), userMeters(api, id)]);
  return { user, meters };
}

/** GET /users/{id}/messages: the customer's messages (throws ApiError). */
export function userMessages(api: ApiClient, id: number) {
  return api.read<ApiMessage[]>(`/users/${id}/messages`);
}

/** GET /users/{id}/banners/{meterId}: the supply's banners, from `bannersToDisplay`. */
export function userBanners(api: ApiClient, id: number, meterId: number) {
  return api.read<ApiBanner[]>(`/users/${id}/banners/${meterId}`, { unwrap: "bannersToDisplay" });
}

/**
 * The signed-in frame's messages, banners, (with `readings`) the supply's readings and the
 * full rows of the supplies the page shows (`meterIds`): one API call, one D1 round trip
 * (GET /users/{id}/meters/{meterId}/shell). A backend without it (404) is asked the spec's
 * way: messages, banners, readings and the full supply list, each on its own; the first three
 * are then not worth a failed page.
 */
export async function shellReads(
  api: ApiClient,
  id: number,
  meterId: number,
  options: {
    /** The readings dated on or after this day (YYYY-MM-DD), or none (null). */
    readingsFrom: string | null;
    meterIds: readonly number[];
    /** The supply's history rows the overview shows. */
    overviewInvoices?: boolean;
    /** The supply's next-bill forecast (#37 §1). */
    forecast?: boolean;
  },
): Promise<ApiShellReads> {
  const query = new URLSearchParams();
  if (options.readingsFrom !== null) query.set("readings_from", options.readingsFrom);
  if (options.meterIds.length > 0) query.set("ids", options.meterIds.join(","));
  if (options.overviewInvoices) query.set("invoices", "overview");
  if (options.forecast) query.set("forecast", "1");
  const search = query.toString().replaceAll("%2C", ",");
  const result = await api.request<ApiShellReads>(
    "GET",
    `/users/${id}/meters/${meterId}/shell${search ? `?${search}` : ""}`,
  );
  if (result.ok) return result.data;
  if (result.status !== 404) throw new ApiError(result);
  const wanted = new Set(options.meterIds);
  const from = options.readingsFrom;
  const optional = <T>(load: Promise<T>, fallback: T) =>
    load.catch((error: unknown) => {
      if (error instanceof Response) throw error;
      return fallback;
    });
  const [messages, banners, readings, meters, invoices, forecast] = await Promise.all([
    optional(userMessages(api, id), []),
    optional(userBanners(api, id, meterId), []),
    from !== null
      ? optional(
          meterReadings(api, id, meterId).then((all) => all.filter((r) => r.date_ins >= from)),
          null,
        )
      : null,
    wanted.size > 0 ? userMeters(api, id).then((all) => all.filter((m) => wanted.has(m.id))) : [],
    options.overviewInvoices ? optional(overviewInvoices(api, id, meterId), []) : null,
    // A forecast the backend cannot give is no forecast: the page goes on without it.
    options.forecast ? optional(meterForecast(api, id, meterId), null) : null,
  ]);
  return {
    messages,
    banners,
    readings,
    meters,
    invoices,
    ...(options.forecast ? { forecast } : {}),
  };
}

/**
 * The customer's data version (GET /users/{id}/data-version), which changes with anything a
 * page shows; null when the API does not offer it or fails (the page is then rendered).
 */
export async function dataVersion(api: ApiClient, id: number): Promise<string | null> {
  const result = await api.request<{ version?: unknown }>("GET", `/users/${id}/data-version`);
  return result.ok && typeof result.data?.version === "string" ? result.data.version : null;
}

/** PUT /user/password: the signed-in customer's new password. */
export function changePassword(api: ApiClient, payload: z.input<typeof passwordChangeSchema>) {
  return api.request<null>("PUT", "/user/password", { body: payload });
}

/** PUT /update_notification: marks one of the customer's messages read. */
export function updateNotification(api: ApiClient, id: number) {
  return api.request<null>("PUT", "/update_notification", { body: { id } });
}

/** POST /user/popup/dismiss: the overview's pop-up is not shown again. */
export function dismissPopup(api: ApiClient) {
  return api.request<null>("POST", "/user/popup/dismiss");
}

/** GET /users/{id}/meters/{meterId}/forecast: the supply's next-bill forecast (null unless Active). */
export async function meterForecast(
  api: ApiClient,
  id: number,
  meterId: number,
): Promise<ApiForecast | null> {
  const result = await api.request<ApiForecast | null>(
    "GET",
    `/users/${id}/meters/${meterId}/forecast`,
  );
  if (result.ok) return result.data;
  throw new ApiError(result);
}
