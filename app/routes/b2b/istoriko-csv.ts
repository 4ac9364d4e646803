import { href, redirect } from "react-router";
import { getApi } from "../../.server/api";
import { activityCsv } from "../../.server/api/activity";
import { fileHeaders } from "../../.server/files";
import { requireUser } from "../../.server/guards";
import type { Route } from "./+types/istoriko-csv";

const FILTERS = ["person", "meter", "from", "to"] as const;

/**
 * /b2b/istoriko.csv?person=&meter=&from=&to=: the activity log with the page's filters, as a CSV
 * file in the page's language (GET /api/users/{id}/activity.csv). A refused filter or a failure
 * goes back to the page, which says why, instead of a broken download.
 */
export async function loader(args: Route.LoaderArgs) {
  const { userId } = requireUser(args);
  const url = new URL(args.request.url);
  const query = new URLSearchParams();
  for (const name of FILTERS) {
    const value = (url.searchParams.get(name) ?? "").trim().slice(0, 40);
    if (value) query.set(name, value);
  }
  const response = await activityCsv(getApi(args), userId, query);
  if (response?.ok) {
    const bytes = await response.arrayBuffer();
    return new Response(bytes, { headers: fileHeaders(response, bytes.byteLength) });
  }
  const search = query.toString();
  return redirect(`${href("/b2b/istoriko")}${search ? `?${search}` : ""}`);
}
