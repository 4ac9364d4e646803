import type { ApiGatewaySession } from "../../core/contract";
import { SCA_THRESHOLD_CENTS, TEST_3DS_CODE, type CardOutcome } from "../../core/gateway";
import type { ChargeRow } from "./acquirer";
import type { AcquirerStatus } from "./gateway";

/** Whether the hosted page must ask for 3-D Secure: the amount is above the threshold. */
export const scaRequired = (amountCents: number) => amountCents > SCA_THRESHOLD_CENTS;

/** Where the hosted page stands: no charge yet, waiting for 3-D Secure, or finished. */
export function sessionState(charge: Pick<ChargeRow, "status"> | undefined) {
  const state: ApiGatewaySession["state"] = !charge
    ? "open"
    : charge.status === "challenge"
      ? "challenge"
      : "done";
  return state;
}

/**
 * An approved card goes through 3-D Secure first when the test card demands it or the amount is
 * above the threshold; any other outcome is final at once.
 */
export const needsChallenge = (outcome: CardOutcome, forceSca: boolean, amountCents: number) =>
  outcome === "approved" && (forceSca || scaRequired(amountCents));

/** The 3-D Secure step's result: cancelled, or approved for the test code (declined otherwise). */
export function challengeResult(action: "confirm" | "cancel", code?: string): AcquirerStatus {
  if (action === "cancel") return "cancelled";
  return code?.trim() === TEST_3DS_CODE ? "approved" : "declined";
}
