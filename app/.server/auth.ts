import type { ApiTokens } from "../../core/contract";
import { safeRedirect } from "../domain/redirect";
import { INTERMEDIATE_PATH, OVERVIEW_PATH } from "../domain/guards";
import { selectMeterOnLogin, userStatus } from "../domain/meters";
import { signInLanguage } from "../i18n";
import { localeCookie } from "../middleware/i18next";
import { getSession } from "../middleware/session";
import { ApiError, getApi } from "./api";
import { logout } from "./api/auth";
import { me, userMeters } from "./api/users";
import type { GuardArgs } from "./guards";
import { clearSession, startSession } from "./session-data";

export type SignInOutcome =
  | { ok: true; redirectTo: string; headers: Headers }
  /** `error` is a full translation key shown in the login form's alert. */
  | { ok: false; error: string };

/**
 * After the API issued tokens (password login or a redirect-login link): start a fresh portal
 * session, load the account and apply the sign-in rules: no supplies or an inactive account are
 * refused (and the API session revoked); onboarding users go to /intermediate; everyone else to
 * `redirectTo` (same-origin paths only) or the overview, with their meter, skin and language:
 * the one chosen before signing in (`lng` cookie or `?lng=`) if any, else the profile's
 * (app/i18n.ts signInLanguage); a chosen one that differs from the profile's is offered for
 * saving once (session `lang_prompt`, shown by the root layout).
 */
export async function completeSignIn(
  args: GuardArgs,
  tokens: ApiTokens,
  redirectTo?: string | null,
): Promise<SignInOutcome> {
  const session = getSession(args.context);
  startSession(session, tokens, Date.now());
  const api = getApi(args);

  const refuse = async (error: string): Promise<SignInOutcome> => {
    await logout(api);
    clearSession(session);
    return { ok: false, error };
  };

  let user, meters;
  try {
    [user, meters] = await Promise.all([me(api), userMeters(api, tokens.user_id)]);
  } catch (error) {
    if (error instanceof ApiError) return refuse("auth:login.errors.error");
    throw error;
  }
  if (meters.length === 0) return refuse("auth:notice.noSupplies");
  const status = userStatus(meters);
  if (status === "inactive") return refuse("auth:notice.deactivated");

  session.set("skin", user.nrg_skin);
  const selected = selectMeterOnLogin(meters);
  if (selected) session.set("selected_meter_id", selected.id);

  const { language, prompt } = signInLanguage(await chosenLanguage(args.request), user.lang);
  if (prompt) session.set("lang_prompt", prompt);
  const headers = new Headers();
  headers.append("Set-Cookie", await localeCookie.serialize(language));
  const target =
    status === "intermediate" ? INTERMEDIATE_PATH : safeRedirect(redirectTo, OVERVIEW_PATH);
  return { ok: true, redirectTo: target, headers };
}

/** The language the person chose before signing in: `?lng=` on this request, else the cookie. */
async function chosenLanguage(request: Request): Promise<unknown> {
  const fromQuery = new URL(request.url).searchParams.get("lng");
  if (fromQuery) return fromQuery;
  return (await localeCookie.parse(request.headers.get("Cookie")).catch(() => null)) as unknown;
}
