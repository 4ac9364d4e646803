import type { ApiCalendar } from "../../../core/contract";
import type { ApiClient } from "./client";

/** GET /users/{id}/calendar?from=…&to=…: the calendar's events of those days (throws ApiError). */
export function calendar(api: ApiClient, userId: number, from: string, to: string) {
  return api.read<ApiCalendar>(`/users/${userId}/calendar?from=${from}&to=${to}`);
}
