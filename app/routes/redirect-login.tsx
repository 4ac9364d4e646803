import { href, redirect } from "react-router";
import { getApi } from "../.server/api";
import { completeSignIn } from "../.server/auth";
import { OVERVIEW_PATH } from "../domain/guards";
import { getSession } from "../middleware/session";
import type { Route } from "./+types/redirect-login";

/**
 * /redirect-login/{token}: sign-in from another NRG channel (e.g. the mobile app) without the
 * password. This GET creates a session, which GET normally must not do. It is acceptable here
 * because the token itself is the credential and it is single use, purpose-bound
 * ("redirect-login") and expires after 5 minutes: a prefetch, a replay or a forged cross-site
 * request can at worst consume the token, never sign anyone in to an account of the attacker's
 * choosing without that fresh token. The response redirects at once, so the token does not stay
 * in the address bar or history, and Referrer-Policy keeps it out of Referer headers.
 */
export async function loader(args: Route.LoaderArgs) {
  const token = args.params.token;
  if (!token) throw redirect("/");
  const result = await getApi(args).redirectLogin(token);
  const session = getSession(args.context);
  if (!result.ok) {
    session.flash("notice", { type: "error", key: "auth:notice.redirectLoginFailed" });
    throw redirect(href("/login"));
  }
  const outcome = await completeSignIn(args, result.data, OVERVIEW_PATH);
  if (!outcome.ok) {
    session.flash("notice", { type: "error", key: outcome.error });
    throw redirect(href("/login"));
  }
  throw redirect(outcome.redirectTo, { headers: outcome.headers });
}

export default function RedirectLogin() {
  return null;
}
