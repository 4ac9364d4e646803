import { redirect } from "react-router";
import { getApi } from "../.server/api";
import { shortLink } from "../.server/api/payments";
import { NO_STORE } from "../.server/hash-links";
import type { Route } from "./+types/short-link";

/**
 * /p/{code}: a bill SMS's short link (#36 §2) goes on to the signed /pay/{hash} it stands for. An
 * unknown or expired code goes to the pay page with a link it refuses, which says the link is
 * wrong or has expired, as for a damaged pay link.
 */
export async function loader(args: Route.LoaderArgs) {
  const code = args.params.code;
  const result = /^[A-Za-z0-9]{10}$/.test(code) ? await shortLink(getApi(args), code) : null;
  const path =
    result?.ok && /^\/pay\/[A-Za-z0-9._-]+$/.test(result.data.path)
      ? result.data.path
      : "/pay/expired";
  return redirect(path, { headers: NO_STORE });
}
