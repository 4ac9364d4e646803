/**
 * The tariffs page's switch form (#37 §3), server-only (it pulls in zod): the API's fields, and
 * the terms' checkbox as a browser posts it ("on", or nothing at all when left unticked).
 */
import { z } from "zod";
import { tariffSwitchFields } from "../../core/requests/schemas";

export const tariffSwitchFormSchema = z.object({
  ...tariffSwitchFields,
  accept_terms: z.literal("on", { error: "tariffs:errors.acceptTerms" }),
});

/** The refusals the page has a message for (tariffs:errors.*). */
const KNOWN = new Set([
  "unknown_product",
  "current",
  "business_user",
  "needs_smart_meter",
  "not_active",
  "open_tariff_switch",
]);

/** The API's refusal of a switch: the field the form marks and the message it shows there. */
export function switchFailure(failure: {
  code: string;
  field?: string;
  message?: string;
}): { field: "product" | "accept_terms"; message: string } | { form: string } {
  switch (failure.code) {
    case "request_not_allowed":
    case "request_already_open":
      // not_active, open_tariff_switch (meter_id) and the product's reasons: one message each.
      return failure.message && KNOWN.has(failure.message)
        ? { form: `tariffs:errors.${failure.message}` }
        : { form: "tariffs:errors.failed" };
    case "validation":
      return failure.field === "accept_terms"
        ? { field: "accept_terms", message: "tariffs:errors.acceptTerms" }
        : { form: "tariffs:errors.failed" };
    case "not_found":
      return { form: "tariffs:errors.notFound" };
    default:
      return { form: "tariffs:errors.failed" };
  }
}
