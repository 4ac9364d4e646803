import { requireUser } from "../../.server/guards";
import { getApi } from "../../.server/api";
import { requestFile } from "../../.server/api/requests";
import type { Route } from "./+types/aitimata-file";

const ALLOWED_TYPES = new Set(["application/pdf", "image/jpeg", "image/png"]);

/**
 * GET /b2b/aitimata/:requestId/file: the attachment of one of the signed-in customer's requests
 * (the API wants a bearer token, which a plain link cannot carry). The API checks ownership: any
 * other request id is a 404. Always a download, never rendered inline in the portal's origin.
 */
export async function loader(args: Route.LoaderArgs) {
  const { userId } = requireUser(args);
  const id = args.params.requestId;
  if (!/^\d{1,12}$/.test(id)) return notFound();
  const response = await requestFile(getApi(args), userId, Number(id));
  if (!response || !response.ok) {
    if (response?.status === 404) return notFound();
    return new Response(null, { status: 502, headers: { "Cache-Control": "no-store" } });
  }
  const type = response.headers.get("content-type") ?? "";
  if (!ALLOWED_TYPES.has(type)) {
    return new Response(null, { status: 502, headers: { "Cache-Control": "no-store" } });
  }
  return new Response(response.body, {
    headers: {
      "Content-Type": type,
      "Content-Disposition": response.headers.get("content-disposition") ?? "attachment",
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}

function notFound() {
  return new Response("Not found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
