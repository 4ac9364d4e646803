/**
 * Supply statuses and the account status derived from them (spec §1, §4): one rule for the API
 * (the user's status, sign-up, applications) and the portal (the drop-down, the overview, what
 * may be paid).
 */

/** The account's status, derived from its supplies (spec §1). */
import type { UserStatus } from "./contract/users";

export type { UserStatus };

/** Normal supply statuses (spec §4): such a supply can be paid (§5) and has reading periods. */
export const ACTIVE_METER_STATUSES: readonly string[] = ["Active", "Stopped"];

/**
 * Onboarding statuses of a supply still coming to us (not cancelled or rejected), including the
 * misspellings the billing system really sends (spec §4).
 */
export const PENDING_ONBOARDING_STATUSES: readonly string[] = [
  "OpenUnchecked",
  "OpenChecked",
  "Submitted",
  "Submited",
  "ThallisConfirmed",
  "ThalisConfirmed",
  "OpenPending",
];

/** Every onboarding status (spec §4): the pending ones and those that ended without a supply. */
export const INTERMEDIATE_METER_STATUSES: readonly string[] = [
  ...PENDING_ONBOARDING_STATUSES,
  "OpenCanceled",
  "OpenRejected",
  "Canceled",
  "Cancelled",
  "ThallisRejected",
];

export const isActiveMeterStatus = (status: string) => ACTIVE_METER_STATUSES.includes(status);
export const isIntermediateMeterStatus = (status: string) =>
  INTERMEDIATE_METER_STATUSES.includes(status);

/**
 * User status from the meters (spec §1): active if any meter is Active or Stopped; intermediate if
 * there are meters and all of them are intermediate; inactive otherwise (including no meters).
 */
export function userStatusFromMeters(meters: readonly { status: string }[]): UserStatus {
  if (meters.some((m) => isActiveMeterStatus(m.status))) return "active";
  if (meters.length > 0 && meters.every((m) => isIntermediateMeterStatus(m.status)))
    return "intermediate";
  return "inactive";
}
