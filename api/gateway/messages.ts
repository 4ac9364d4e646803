import { ApiError } from "../lib/errors";

/** The answers the test acquirer refuses with (its hosted pages show them). */

/** An expired session token, or one that is not the merchant's (a bad signature). */
export const sessionRefused = (reason: string) =>
  new ApiError(400, reason === "expired" ? "link_expired" : "gateway_session_invalid");

/** A second submit of the same order, or a 3-D Secure step that is no longer waiting. */
export const alreadyProcessed = () => new ApiError(409, "payment_already_processed");

/** A card past its expiry month. */
export const cardExpired = () =>
  new ApiError(400, "validation", { field: "exp_month", message: "payments:card.errors.expiry" });
