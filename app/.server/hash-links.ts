import { data, redirect, type RouterContextProvider } from "react-router";
import { getApi, type ApiClient, type ApiResult } from "./api";
import { getSession } from "../middleware/session";

/**
 * Hash links (/all-smart/{hash}, /change-address/{hash}, /mymarket/{hash}, /pay/{hash},
 * /instant-bill/{hash}) and the allSmart steps: a missing, invalid, altered or expired link goes
 * to "/" (spec §2), with the spec's "expired link" or "wrong link" message as a toast there.
 */
export const NO_STORE = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };

/** The toast of each page's namespace: an expired link, or a wrong (altered, unknown) one. */
const MESSAGES = {
  allSmart: { expired: "allSmart:errors.expiredLink", wrong: "allSmart:errors.wrongLink" },
  changeAddress: {
    expired: "changeAddress:errors.expiredLink",
    wrong: "changeAddress:errors.wrongLink",
  },
  payments: { expired: "payments:link.expired", wrong: "payments:link.invalid" },
} as const;

export type LinkNs = keyof typeof MESSAGES;

export function rejectLink(
  context: Readonly<RouterContextProvider>,
  ns: LinkNs,
  code: string,
): never {
  getSession(context).flash("toast", {
    type: "error",
    key: code === "link_expired" ? MESSAGES[ns].expired : MESSAGES[ns].wrong,
  });
  throw redirect("/", { headers: NO_STORE });
}

/** Link failures that send the visitor away; other failures stay on the page as a form error. */
export const isLinkFailure = (result: { code: string; status: number }) =>
  result.code === "link_expired" || result.code === "bad_token" || result.status === 404;

/**
 * After a post on a link's page: a link that expired or was altered in the meantime sends the
 * visitor away as well (any other failure is the form's to show).
 */
export function rejectGoneLink(
  context: Readonly<RouterContextProvider>,
  ns: LinkNs,
  result: { code: string },
): void {
  if (result.code === "link_expired" || result.code === "bad_token") {
    rejectLink(context, ns, result.code);
  }
}

interface LinkArgs {
  params: { hash?: string };
  request: Request;
  context: Readonly<RouterContextProvider>;
}

/**
 * What the page's signed link names, from the API (`read`, the link's endpoint in
 * app/.server/api/): no hash goes to "/", a link failure to "/" with its message; any other
 * failure is an error page with `errorStatus` (502 unless the page says otherwise).
 */
export async function verifyLink<T>(
  args: LinkArgs,
  ns: LinkNs,
  read: (api: ApiClient, hash: string) => Promise<ApiResult<T>>,
  errorStatus: (status: number) => number = () => 502,
) {
  const hash = args.params.hash;
  if (!hash) throw redirect("/");
  const api = getApi(args);
  const result = await read(api, hash);
  if (!result.ok) {
    if (isLinkFailure(result)) rejectLink(args.context, ns, result.code);
    throw data({ error: result.code }, { status: errorStatus(result.status) });
  }
  return { api, hash, link: result.data };
}
