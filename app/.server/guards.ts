import { data, redirect, type RouterContextProvider } from "react-router";
import type { ApiMeter, ApiMeterSummary, ApiUser } from "../../core/contract";
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
import { logout } from "./api/auth";
import { me, userAccount, userMeters } from "./api/users";
import { notPermitted } from "./permission";
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
  await logout(api);
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
 * Runs a load of the signed-in user's data: a backend that is down or slow keeps the session and
 * says so (503); a refusal of the person's role (`not_permitted`) is the 403 page; any other
 * failure signs the user out (spec §8 "Failed initial data load: go to /login").
 */
export async function loadOrSignOut<T>(
  api: ApiClient,
  session: PortalSession,
  load: Promise<T>,
): Promise<T> {
  try {
    return await load;
  } catch (error) {
    if (error instanceof ApiError && error.transient) throw serviceUnavailable();
    // The person's role (#18), not their session: the page says so, the session goes on.
    if (error instanceof ApiError && error.code === "not_permitted") throw notPermitted();
    if (error instanceof ApiError) return signOut(api, session, NOTICES.loadFailed);
    throw error;
  }
}

/**
 * Loads the user and their meters (the "authenticate" guard's data load): full rows, or with
 * `summaries` only what every page needs of the whole list (ApiMeterSummary). A failed load signs
 * the user out (`loadOrSignOut`); no meters at all too (spec §1).
 */
export async function loadAccount(
  api: ApiClient,
  session: PortalSession,
  userId: number,
): Promise<Account<ApiMeter>>;
export async function loadAccount(
  api: ApiClient,
  session: PortalSession,
  userId: number,
  options: { summaries: true },
): Promise<Account<ApiMeterSummary>>;
export async function loadAccount(
  api: ApiClient,
  session: PortalSession,
  userId: number,
  options?: { summaries: true },
): Promise<Account<ApiMeter | ApiMeterSummary>> {
  const [user, meters] = await loadOrSignOut(
    api,
    session,
    options?.summaries
      ? userAccount(api, userId).then((account) => [account.user, account.meters] as const)
      : Promise.all([me(api), userMeters(api, userId)] as const),
  );
  if (meters.length === 0) return signOut(api, session, NOTICES.noSupplies);
  return { user, meters, status: userStatus(meters) };
}

export interface Account<M> {
  user: ApiUser;
  meters: M[];
  status: ReturnType<typeof userStatus>;
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
  return activeOnly(await loadAccount(api, session, userId), api, session, userId);
}

/** As `requireActiveUser`, with the supply summaries instead of full rows (the shell). */
export async function requireActiveUserSummaries(args: GuardArgs) {
  const { session, userId } = requireUser(args);
  const api = getApi(args);
  const account = await loadAccount(api, session, userId, { summaries: true });
  return activeOnly(account, api, session, userId);
}

async function activeOnly<M>(
  account: Account<M>,
  api: ApiClient,
  session: PortalSession,
  userId: number,
) {
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
