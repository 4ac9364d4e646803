import { data } from "react-router";
import type { ApiGatewaySession } from "../../core/contract";
import { getApi } from "./api";
import { gatewaySession as readGatewaySession } from "./api/gateway";

/**
 * Server side of the test acquirer's pages (/gateway/pay/{token}, /gateway/3ds/{token}): both
 * read the signed payment session and are never cached nor leak their URL.
 */
export const NO_STORE = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };

type Args = Parameters<typeof getApi>[0] & { params: { token?: string } };

/**
 * The payment session the page's token names, or null (unknown, altered or expired). Where the
 * test acquirer does not take payments (every deploy: its API answers 404), its pages are not
 * there either: a 404, as for any unknown path (#34).
 */
export async function gatewaySession(args: Args): Promise<ApiGatewaySession | null> {
  const result = await readGatewaySession(getApi(args), args.params.token);
  if (!result.ok && result.status === 404) throw data(null, { status: 404 });
  return result.ok ? result.data : null;
}
