import type { ApiReading, ApiReadingSaved } from "../../../core/contract";
import type { ApiClient } from "./client";

/** Meter readings (api/readings/routes.ts): one function per endpoint. */

/** A reading as the customer sends it. */
export interface ReadingBody {
  meter_id: number;
  day: number;
  night: number | null;
  /** The customer confirmed an implausible value. */
  confirm: boolean;
}

/** GET /users/{id}/readings?meter_id=…: a supply's readings (throws ApiError). */
export function meterReadings(api: ApiClient, userId: number, meterId: number) {
  return api.read<ApiReading[]>(`/users/${userId}/readings?meter_id=${meterId}`);
}

/** POST /readings: a new reading. */
export function sendReading(api: ApiClient, body: ReadingBody) {
  return api.request<ApiReadingSaved>("POST", "/readings", { body });
}

/** POST /readings/correction: replaces the reading `reading_id` of the open period. */
export function correctReading(
  api: ApiClient,
  body: ReadingBody & { reading_id: number | undefined },
) {
  return api.request<ApiReadingSaved>("POST", "/readings/correction", { body });
}
