import type { z } from "zod";
import type { ApiChangeAddressLink } from "../../../core/contract";
import type { changeAddressSchema } from "../../../core/change-address";
import type { ApiClient } from "./client";

/**
 * The billing-address change (api/change-address/routes.ts), opened from a signed link whose
 * hash authorises each call instead of a session.
 */

/** GET /change-address/links/{hash}: the supply an address-change link names. */
export function changeAddressLink(api: ApiClient, hash: string) {
  return api.request<ApiChangeAddressLink>(
    "GET",
    `/change-address/links/${encodeURIComponent(hash)}`,
    { auth: "none" },
  );
}

/** POST /change-address/links/{hash}: the new billing address. */
export function changeAddress(
  api: ApiClient,
  hash: string,
  body: z.infer<typeof changeAddressSchema>,
) {
  return api.request<ApiChangeAddressLink>(
    "POST",
    `/change-address/links/${encodeURIComponent(hash)}`,
    { auth: "none", body },
  );
}
