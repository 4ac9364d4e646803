import { getApi } from "../../.server/api";
import { certificateFile } from "../../.server/api/hardship";
import { requireUser } from "../../.server/guards";
import type { Route } from "./+types/evalotes-certificate";

const ALLOWED_TYPES = new Set(["application/pdf", "image/jpeg", "image/png"]);

/**
 * GET /b2b/evalotes/vevaiosi?meter=<id>: the doctor's certificate of the supply's register
 * application (#38 §3), for the account's master only: the API answers 403 to anyone else and 404
 * for a supply that is not the person's, or once the certificate is deleted (30 days after the
 * decision). Health data: always a download, never cached, never rendered in the portal's origin.
 */
export async function loader(args: Route.LoaderArgs) {
  requireUser(args);
  const meter = new URL(args.request.url).searchParams.get("meter") ?? "";
  if (!/^[1-9]\d{0,11}$/.test(meter)) return refusal(404);
  const response = await certificateFile(getApi(args), Number(meter));
  if (!response || !response.ok) {
    const status = response?.status;
    return refusal(status === 404 || status === 403 ? status : 502);
  }
  const type = response.headers.get("content-type") ?? "";
  if (!ALLOWED_TYPES.has(type)) return refusal(502);
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

function refusal(status: number) {
  const text = status === 404 ? "Not found" : status === 403 ? "Forbidden" : "Bad gateway";
  return new Response(text, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
