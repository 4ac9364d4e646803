import { href, redirect } from "react-router";
import { getApi } from "../.server/api";
import { logout } from "../.server/api/auth";
import { signOutLanguage } from "../i18n";
import { localeCookie } from "../middleware/i18next";
import { getSession, isSignedIn } from "../middleware/session";
import { clearSession } from "../.server/session-data";
import type { Route } from "./+types/logout";
import { currentUser } from "../.server/api/users";

/**
 * Sign out is a POST (a GET must never change state; a link prefetch would sign people out).
 * The API session is revoked (if the access token has expired the client refreshes once; if that
 * fails too, the portal session is cleared anyway, spec §4). no-store keeps Back from showing
 * signed-in pages from the cache. The language goes back to the profile's saved one, or Greek
 * (spec §4): a language kept from the login page but not saved ends with the session.
 */
export async function loader() {
  throw redirect("/");
}

export async function action(args: Route.ActionArgs) {
  const api = getApi(args);
  const session = getSession(args.context);
  const signedIn = isSignedIn(session);
  // Read before the API session ends; an expired or refused session falls back to Greek.
  const me = signedIn ? await currentUser(api).catch(() => null) : null;
  await logout(api);
  clearSession(session);
  session.flash("notice", { type: "success", key: "auth:notice.loggedOut" });
  // Nothing of the person stays in the browser (#39): the service worker's caches, its queued
  // readings (IndexedDB) and the worker itself go; the next page registers it again
  // (app/sw-register.ts; docs/decisions/0036-offline.md).
  const headers = new Headers({ "Cache-Control": "no-store", "Clear-Site-Data": '"storage"' });
  if (signedIn) {
    const language = signOutLanguage(me?.ok ? me.data.lang : null);
    headers.append("Set-Cookie", await localeCookie.serialize(language));
  }
  throw redirect(href("/login"), { headers });
}

export default function Logout() {
  return null;
}
