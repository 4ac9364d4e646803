import type { ApiGatewaySession } from "../../core/contract";
import { getApi } from "./api";
import { gatewaySession as readGatewaySession } from "./api/gateway";

/**
 * Server side of the test acquirer's pages (/gateway/pay/{token}, /gateway/3ds/{token}): both
 * read the signed payment session and are never cached nor leak their URL.
 */
export const NO_STORE = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };

type Args = Parameters<typeof getApi>[0] & { params: { token?: string } };

/** The payment session the page's token names, or null (unknown, altered or expired). */
export async function gatewaySession(args: Args): Promise<ApiGatewaySession | null> {
  const result = await readGatewaySession(getApi(args), args.params.token);
  return result.ok ? result.data : null;
}
