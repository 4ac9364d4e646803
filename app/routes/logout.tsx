import { href, redirect } from "react-router";
import { getApi } from "../.server/api";
import { getSession } from "../middleware/session";
import { clearSession } from "../.server/session-data";
import type { Route } from "./+types/logout";

/**
 * Sign out is a POST (a GET must never change state; a link prefetch would sign people out).
 * The API session is revoked (if the access token has expired the client refreshes once; if that
 * fails too, the portal session is cleared anyway, spec §4). no-store keeps Back from showing
 * signed-in pages from the cache.
 */
export async function loader() {
  throw redirect("/");
}

export async function action(args: Route.ActionArgs) {
  await getApi(args).logout();
  const session = getSession(args.context);
  clearSession(session);
  session.flash("notice", { type: "success", key: "auth:notice.loggedOut" });
  throw redirect(href("/login"), { headers: { "Cache-Control": "no-store" } });
}

export default function Logout() {
  return null;
}
