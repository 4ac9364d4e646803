import type { ApiProduct } from "../../../core/contract";
import type { ApiClient } from "./client";

/** The supplier's products (api/products/routes.ts), public: the transfer flow reads them signed out. */

/** GET /products: every product with its prices, the billing system's and the portal's stand-ins. */
export function products(api: ApiClient) {
  return api.request<ApiProduct[]>("GET", "/products", { auth: "none" });
}
