import { parseWithZod } from "@conform-to/zod/v4";
import { href, redirect } from "react-router";
import { requireActiveUser } from "../../.server/guards";
import { dropdownMeters } from "../../domain/meters";
import { selectMeterSchema } from "../../domain/schemas";
import type { Route } from "./+types/select-meter";

/**
 * POST meter_id from the header's supply drop-down (or the supplies page). Only one of the
 * user's drop-down meters (Active, Stopped, onboarding) can be chosen. The overview is where a
 * change of supply lands (spec §4); billing paging lives in the URL, so it starts at page 1.
 *
 * A refused choice goes back with an error toast (Post/Redirect/Get) rather than a 400 page:
 * this route has no page of its own (GET redirects), and in a no-JS document POST React Router
 * runs that redirecting loader right after the action, so a 400 render could never be shown.
 */
export async function loader() {
  throw redirect(href("/b2b/episkopisi"));
}

export async function action(args: Route.ActionArgs) {
  const { meters, session } = await requireActiveUser(args);
  const submission = parseWithZod(await args.request.formData(), { schema: selectMeterSchema });
  const meterId = submission.status === "success" ? submission.value.meter_id : null;
  const meter = dropdownMeters(meters).find((m) => m.id === meterId);
  if (!meter) {
    session.flash("toast", { type: "error", key: "auth:selectMeter.invalid" });
    throw redirect(href("/b2b/episkopisi"), 303);
  }
  session.set("selected_meter_id", meter.id);
  throw redirect(href("/b2b/episkopisi"), 303);
}

export default function SelectMeter() {
  return null;
}
