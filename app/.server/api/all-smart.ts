import type {
  AllSmartConnectPayload,
  AllSmartCreatePayload,
  AllSmartVatStepPayload,
  ApiAllSmartFlow,
  ApiAllSmartLink,
  ApiDemoLink,
  ApiMyMarket,
} from "../../../core/contract";
import type { ApiClient } from "./client";

/**
 * All Smart cards and the partner offers (api/all-smart): pages opened from a signed link, whose
 * hash (or the id of the flow it started) authorises each call instead of a session.
 */

/** GET /all-smart/links/{hash}: the customer an All Smart link names. */
export function allSmartLink(api: ApiClient, hash: string) {
  return api.request<ApiAllSmartLink>("GET", `/all-smart/links/${encodeURIComponent(hash)}`, {
    auth: "none",
  });
}

/** POST /all-smart/flows: the link's first step (VAT, phone, connect or create). */
export function startAllSmartFlow(api: ApiClient, body: AllSmartVatStepPayload) {
  return api.request<ApiAllSmartFlow>("POST", "/all-smart/flows", { auth: "none", body });
}

/** GET /all-smart/flows/{id}: where a started flow stands. */
export function allSmartFlow(api: ApiClient, id: string) {
  return api.request<ApiAllSmartFlow>("GET", `/all-smart/flows/${id}`, { auth: "none" });
}

/** POST /all-smart/flows/{id}/connect | create: connect a card, or issue one. */
export function allSmartStep(
  api: ApiClient,
  id: string,
  step: "connect" | "create",
  body: AllSmartConnectPayload | AllSmartCreatePayload,
) {
  return api.request<ApiAllSmartFlow>("POST", `/all-smart/flows/${id}/${step}`, {
    auth: "none",
    body,
  });
}

/** GET /all-smart/dev/links: ready demo links (development only; 404 in production). */
export function demoLinks(api: ApiClient) {
  return api.request<ApiDemoLink[]>("GET", "/all-smart/dev/links", { auth: "none" });
}

/** GET /mymarket/links/{hash}: the partner offers a link names. */
export function myMarketLink(api: ApiClient, hash: string) {
  return api.request<ApiMyMarket>("GET", `/mymarket/links/${encodeURIComponent(hash)}`, {
    auth: "none",
  });
}
