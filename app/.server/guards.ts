import { data, redirect, type RouterContextProvider } from "react-router";
import type { ApiMeter, ApiUser } from "../../api/contract";
import {
  activeUser,
  alreadyLoggedIn,
  authenticate,
  intermediateCheck,
  LOGIN_PATH,
  pageVisibility,
  type GuardResult,
} from "../domain/guards";
import { userStatus } from "../domain/meters";
import { getSession, sessionExpired } from "../middleware/session";
import { ApiError, getApi, type ApiClient } from "./api";
import { clearSession, isSignedIn, type FlashMessage, type PortalSession } from "./session-data";

export interface GuardArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

/** Throws the redirect a guard decided on. */
export function enforce(result: GuardResult): void {
  if ("redirect" in result) throw redirect(result.redirect);
}

function requestedPath(request: Request): string {
  const url = new URL(request.url);
  // Single-fetch data requests end in ".data"; the user was going to the page itself.
  const pathname = url.pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/");
  url.searchParams.delete("_routes");
  const search = url.searchParams.toString();
  return pathname + (search ? `?${search}` : "");
}

/**
 * Any signed-in page: without tokens → /login?redirectTo=<this page>. A session that just timed
 * out gets the "session expired" notice on the login page.
 */
export function requireUser({ request, context }: GuardArgs): {
  session: PortalSession;
  userId: number;
} {
  const session = getSession(context);
  const userId = session.get("user_id");
  const signedIn = isSignedIn(session) && typeof userId === "number";
  const result = authenticate(signedIn, requestedPath(request));
  if ("redirect" in result) {
    if (sessionExpired(context)) {
      session.flash("notice", { type: "error", key: "auth:notice.sessionExpired" });
    }
    throw redirect(result.redirect);
  }
  return { session, userId: userId as number };
}

/** Login and signup pages: a signed-in user goes to the overview. */
export function requireAnonymous({ context }: GuardArgs): void {
  enforce(alreadyLoggedIn(isSignedIn(getSession(context))));
}

/** Revokes the API session, clears the portal session and sends the user to /login with a notice. */
export async function signOut(
  api: ApiClient,
  session: PortalSession,
  notice?: FlashMessage,
): Promise<never> {
  await api.logout();
  clearSession(session);
  if (notice) session.flash("notice", notice);
  throw redirect(LOGIN_PATH);
}

/** The error response that the error boundaries show as "service temporarily unavailable". */
export function serviceUnavailable() {
  return data({ reason: "unavailable" }, { status: 503, headers: { "Retry-After": "30" } });
}

export const NOTICES = {
  noSupplies: { type: "error", key: "auth:notice.noSupplies" },
  deactivated: { type: "error", key: "auth:notice.deactivated" },
  loadFailed: { type: "error", key: "auth:notice.loadFailed" },
  sessionEnded: { type: "error", key: "auth:notice.sessionEnded" },
  loggedOut: { type: "success", key: "auth:notice.loggedOut" },
} as const satisfies Record<string, FlashMessage>;

/**
 * Loads the user and their meters (the "authenticate" guard's data load). A failed load signs
 * the user out (spec §8 "Failed initial data load: go to /login"); no meters at all too (spec §1).
 */
export async function loadAccount(api: ApiClient, session: PortalSession, userId: number) {
  let user: ApiUser;
  let meters: ApiMeter[];
  try {
    [user, meters] = await Promise.all([api.me(), api.meters(userId)]);
  } catch (error) {
    // The backend is down or slow: keep the session and say so (503), do not sign the user out.
    if (error instanceof ApiError && error.transient) throw serviceUnavailable();
    if (error instanceof ApiError) return signOut(api, session, NOTICES.loadFailed);
    throw error;
  }
  if (meters.length === 0) return signOut(api, session, NOTICES.noSupplies);
  return { user, meters, status: userStatus(meters) };
}

/** The /intermediate page: signed in and an onboarding user; others go to the overview. */
export async function requireIntermediateUser(args: GuardArgs) {
  const { session, userId } = requireUser(args);
  const api = getApi(args);
  const account = await loadAccount(api, session, userId);
  enforce(intermediateCheck(account.status));
  if (session.get("skin") !== account.user.nrg_skin) session.set("skin", account.user.nrg_skin);
  return account;
}

/** For active-user pages that do not need the whole shell (e.g. actions). */
export async function requireActiveUser(args: GuardArgs) {
  const { session, userId } = requireUser(args);
  const api = getApi(args);
  const account = await loadAccount(api, session, userId);
  if (account.status === "inactive") return signOut(api, session, NOTICES.deactivated);
  enforce(activeUser(account.status));
  return { ...account, api, session, userId };
}

/** Meter-reading pages: the selected meter must pass the visibility rule, else the overview. */
export function requirePageVisible(
  meter: Pick<ApiMeter, "division" | "category" | "voltage_type">,
): void {
  enforce(pageVisibility(meter));
}
