/**
 * Presentation rules of the request pages that the browser bundle may import (no zod): the
 * server-only rules and schemas are in ./requests.ts, which re-exports these.
 */
import type { ApiRequestKind, ApiRequestStatus } from "../../core/contract";

/**
 * URL slug of each kind's form (Greek, as every path of the signed-in area). A tariff switch has
 * no form of its own: it is filed from the tariffs page (/b2b/timologia), beside the product.
 */
export const KIND_SLUG: Record<Exclude<ApiRequestKind, "tariff_switch">, string> = {
  name_change: "allagi-onomatos",
  cancellation: "diakopi",
};

/** Badge tone of a status on the list and detail pages. */
export function statusTone(status: ApiRequestStatus): "" | "success" | "warning" | "danger" {
  switch (status) {
    case "completed":
      return "success";
    case "rejected":
      return "danger";
    case "in_review":
      return "warning";
    default:
      return "";
  }
}

/** 1,2 MB / 350 KB: sizes on the page, with the decimal comma of both languages. */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) {
    return `${(bytes / (1024 * 1024)).toFixed(1).replace(".", ",")} MB`;
  }
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
