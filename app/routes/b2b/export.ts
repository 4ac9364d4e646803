import { href, redirect } from "react-router";
import { requireUser } from "../../.server/guards";
import { getApi } from "../../.server/api";
import { exportData } from "../../.server/api/invoices";
import { fileHeaders } from "../../.server/files";
import type { Route } from "./+types/export";

/**
 * /b2b/export?format=csv|json&scope=meter|all: "Download my data" (GET /api/users/{id}/export).
 * scope=meter (default) is the supply selected in the session; all is every supply. A failure
 * goes back to the bills page with a message instead of a broken download.
 */
export async function loader(args: Route.LoaderArgs) {
  const { session, userId } = requireUser(args);
  const url = new URL(args.request.url);
  const format = url.searchParams.get("format") === "csv" ? "csv" : "json";
  const scope = url.searchParams.get("scope") === "all" ? "all" : "meter";
  const params = new URLSearchParams({ format });
  const meterId = session.get("selected_meter_id");
  if (scope === "meter" && typeof meterId === "number") params.set("meter_id", String(meterId));
  const response = await exportData(getApi(args), userId, params);
  if (response.ok) {
    const bytes = await response.arrayBuffer();
    return new Response(bytes, { headers: fileHeaders(response, bytes.byteLength) });
  }
  return redirect(`${href("/b2b/logariasmoi")}?export=failed`);
}
