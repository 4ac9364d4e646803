import type { ApiMeter, Role, UserStatus } from "../../core/contract";
import { isPageVisible } from "./meters";

/**
 * The guards of spec §2 as pure decisions. The server helpers (app/.server/guards.ts, shell.ts)
 * gather the facts and throw the redirect; these functions only decide.
 */
export type GuardResult = { ok: true } | { redirect: string };

export const OVERVIEW_PATH = "/b2b/episkopisi";
export const LOGIN_PATH = "/login";
export const INTERMEDIATE_PATH = "/intermediate";

const ok: GuardResult = { ok: true };

/** Login and signup pages: signed-in users go to the overview. */
export function alreadyLoggedIn(signedIn: boolean): GuardResult {
  return signedIn ? { redirect: OVERVIEW_PATH } : ok;
}

/** Signed-in pages: no token → /login, remembering where the user was going. */
export function authenticate(signedIn: boolean, requestedPath?: string): GuardResult {
  if (signedIn) return ok;
  if (!requestedPath || requestedPath === "/" || requestedPath.startsWith(LOGIN_PATH)) {
    return { redirect: LOGIN_PATH };
  }
  return { redirect: `${LOGIN_PATH}?${new URLSearchParams({ redirectTo: requestedPath })}` };
}

/**
 * Pages for active users. Active continues; intermediate (only onboarding meters) goes to
 * /intermediate; anything else (inactive) to /login. Spec §2 also says "no meter Active or
 * Stopped → /intermediate": that is the same rule, except that an inactive user must not be sent
 * to /intermediate, whose own check would send them straight back (a redirect loop).
 */
export function activeUser(status: UserStatus): GuardResult {
  if (status === "active") return ok;
  if (status === "intermediate") return { redirect: INTERMEDIATE_PATH };
  return { redirect: LOGIN_PATH };
}

/** /intermediate: only onboarding users stay; others go to the overview. */
export function intermediateCheck(status: UserStatus): GuardResult {
  return status === "intermediate" ? ok : { redirect: OVERVIEW_PATH };
}

/** Pages for signed-out users only: a signed-in user is sent to "/". */
export function unauthorisedUser(signedIn: boolean): GuardResult {
  return signedIn ? { redirect: "/" } : ok;
}

/** Meter-reading pages: the selected meter must pass the visibility rule. */
export function pageVisibility(
  meter: Pick<ApiMeter, "division" | "category" | "voltage_type"> | null | undefined,
): GuardResult {
  return isPageVisible(meter) ? ok : { redirect: OVERVIEW_PATH };
}

/**
 * Role guard of spec §2: the roles master, admin and user are redirected to the overview (the
 * spec notes that it treats all three the same way); other values pass.
 */
export function roleGuard(role: Role | null | undefined): GuardResult {
  return role === "master" || role === "admin" || role === "user"
    ? { redirect: OVERVIEW_PATH }
    : ok;
}
