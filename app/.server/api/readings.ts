import type {
  ApiReading,
  ApiReadingSaved,
  ReadingCorrectionPayload,
  ReadingPayload,
} from "../../../core/contract";
import type { ApiClient } from "./client";

/** Meter readings (api/readings/routes.ts): one function per endpoint. */

/** GET /users/{id}/readings?meter_id=…: a supply's readings (throws ApiError). */
export function meterReadings(api: ApiClient, userId: number, meterId: number) {
  return api.read<ApiReading[]>(`/users/${userId}/readings?meter_id=${meterId}`);
}

/** POST /readings: a new reading. */
export function sendReading(api: ApiClient, body: ReadingPayload) {
  return api.request<ApiReadingSaved>("POST", "/readings", { body });
}

/**
 * POST /readings/correction: replaces the reading `reading_id` of the open period. The page
 * may not know the row (undefined): the field is then left out, and the API refuses the body.
 */
export function correctReading(
  api: ApiClient,
  body: Omit<ReadingCorrectionPayload, "reading_id"> & { reading_id: number | undefined },
) {
  return api.request<ApiReadingSaved>("POST", "/readings/correction", { body });
}
