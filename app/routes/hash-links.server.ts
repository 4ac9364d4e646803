import { redirect, type RouterContextProvider } from "react-router";
import { getSession } from "../middleware/session";

/**
 * Hash links (/all-smart/{hash}, /change-address/{hash}, /mymarket/{hash}) and the allSmart steps:
 * a missing, invalid, altered or expired link goes to "/" (spec §2), with the spec's "expired
 * link" or "wrong link" message as a toast there.
 */
export const NO_STORE = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };

export function rejectLink(
  context: Readonly<RouterContextProvider>,
  ns: "allSmart" | "changeAddress",
  code: string,
): never {
  getSession(context).flash("toast", {
    type: "error",
    key: code === "link_expired" ? `${ns}:errors.expiredLink` : `${ns}:errors.wrongLink`,
  });
  throw redirect("/", { headers: NO_STORE });
}

/** Link failures that send the visitor away; other failures stay on the page as a form error. */
export const isLinkFailure = (result: { code: string; status: number }) =>
  result.code === "link_expired" || result.code === "bad_token" || result.status === 404;
