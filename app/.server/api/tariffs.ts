import type { ApiRequest, ApiTariffs, TariffSwitchPayload } from "../../../core/contract";
import type { ApiClient } from "./client";

/** Tariffs priced on the supply's usage and the switch (api/tariffs/routes.ts). */

/** GET /users/{id}/meters/{meterId}/tariffs: null for a supply that is not Active (throws ApiError). */
export function meterTariffs(api: ApiClient, userId: number, meterId: number) {
  return api.read<ApiTariffs | null>(`/users/${userId}/meters/${meterId}/tariffs`);
}

/** POST /requests/tariff-switch: the request, or the API's refusal. */
export function fileTariffSwitch(api: ApiClient, body: TariffSwitchPayload) {
  return api.request<ApiRequest>("POST", "/requests/tariff-switch", { body });
}
