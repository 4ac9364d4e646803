import type { ApiNotice } from "../../../core/contract";
import type { ApiClient } from "./client";

/** Important notices (api/notices/routes.ts): one function per endpoint. */

/** GET /notices: every notice (throws ApiError). */
export function notices(api: ApiClient) {
  return api.read<ApiNotice[]>("/notices");
}

/** GET /notices/{id}: one notice. */
export function notice(api: ApiClient, id: string) {
  return api.request<ApiNotice>("GET", `/notices/${id}`);
}
