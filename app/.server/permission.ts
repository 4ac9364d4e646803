import { data } from "react-router";
import type { ApiUser } from "../../core/contract";
import { can, type Action } from "../../core/permissions";
import type { ApiFailure } from "./api/client";

/**
 * The portal's side of the people of one account (#18): what a person's role does not allow
 * (core/permissions.ts) is refused with one translated message, and the person stays signed in.
 * A page (GET) answers 403 with the message as its page (the error boundaries: ErrorContent); a
 * form post shows it in the error summary. The API's own refusal, a 403 `not_permitted`, never
 * signs out (api/client.ts, `endsSession`) and is shown the same way.
 */

/** The message (common namespace): "You do not have permission for this." */
export const NOT_PERMITTED = "common:error.notPermitted";

/**
 * The 403 page of a refused page: throw it from a loader or an action. `managers` are who may do
 * it (ApiUser.managers, names only): the page names them (ErrorContent, #35 §5).
 */
export function notPermitted(managers: ApiUser["managers"] = []) {
  return data({ reason: "not_permitted", managers }, { status: 403 });
}

/** A page or action the person's role does not allow: the 403 page is thrown. */
export function requirePermission(
  user: Pick<ApiUser, "test_role"> & Partial<Pick<ApiUser, "managers">>,
  action: Action,
): void {
  if (!can(user.test_role, action)) throw notPermitted(user.managers ?? []);
}

/** The form error of an API failure that is the person's role, or null for any other failure. */
export function permissionError(failure: Pick<ApiFailure, "status" | "code">): string | null {
  return failure.status === 403 && failure.code === "not_permitted" ? NOT_PERMITTED : null;
}
