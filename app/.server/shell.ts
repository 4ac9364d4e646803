import { createContext, type MiddlewareFunction } from "react-router";
import type { ApiMeter } from "../../core/contract";
import { shownMeterIds } from "../components/shell-view";
import { isReadingDue } from "../domain/readings";
import { dropdownMeters, resolveSelectedMeter, shellCounters } from "../domain/meters";
import { getApi } from "./api";
import { shellReads, userMeters } from "./api/users";
import { getSession } from "../middleware/session";
import {
  type GuardArgs,
  loadOrSignOut,
  NOTICES,
  requireActiveUserSummaries,
  signOut,
} from "./guards";
import type { ShellData } from "./shell-types";
import { athensToday } from "../../core/dates";

export type { ShellData } from "./shell-types";
export { requirePageVisible } from "./guards";

/**
 * Memoised per request object: the layout and its pages may all ask for the shell in one
 * request, and that must cost one set of API calls. (An action and the loaders that follow it
 * get different Request objects, so data read after a mutation is fresh.)
 */
const loads = new WeakMap<Request, Promise<ShellData>>();
/** Every meter of the user (any status) in full, once per request: the supplies page lists them all. */
const allMetersOf = new WeakMap<Request, Promise<ApiMeter[]>>();

/** What a page reads with the frame, in the same call (set by its route middleware). */
const shellExtras = createContext<{ overviewInvoices: boolean; forecast: boolean }>({
  overviewInvoices: false,
  forecast: false,
});

/**
 * Route middleware of the overview: its supply's history comes with the frame's reads (one API
 * call and one D1 batch less per page). Middleware runs before every loader, so the
 * layout's loader, whichever asks first, makes the one call with it.
 */
export const withOverviewHistory: MiddlewareFunction<Response> = ({ context }, next) => {
  context.set(shellExtras, { ...context.get(shellExtras), overviewInvoices: true });
  return next();
};

/**
 * Route middleware of the overview and the bills page: the selected supply's next-bill forecast
 * (#37 §1) comes with the frame's reads, in the same D1 batch.
 */
export const withForecast: MiddlewareFunction<Response> = ({ context }, next) => {
  context.set(shellExtras, { ...context.get(shellExtras), forecast: true });
  return next();
};

/**
 * Everything the signed-in layout needs, after the guards of spec §2: signed in (else /login),
 * has supplies (else signed out with a notice), active (intermediate → /intermediate; inactive →
 * signed out with the "deactivated, call 18101" notice). Keeps the selected meter valid and the
 * user's skin in the session.
 */
export function requireShell(args: GuardArgs): Promise<ShellData> {
  let load = loads.get(args.request);
  if (!load) {
    load = loadShell(args);
    loads.set(args.request, load);
  }
  return load;
}

async function loadShell(args: GuardArgs): Promise<ShellData> {
  const { user, meters: summaries, session, userId, api } = await requireActiveUserSummaries(args);

  const dropdown = dropdownMeters(summaries);
  const selected = resolveSelectedMeter(summaries, session.get("selected_meter_id"));
  if (!selected) return signOut(api, session, NOTICES.noSupplies);
  if (session.get("selected_meter_id") !== selected.id) {
    session.set("selected_meter_id", selected.id);
  }
  if (session.get("skin") !== user.nrg_skin) session.set("skin", user.nrg_skin);

  const today = athensToday(new Date());
  const counters = shellCounters(selected, today, dropdown);
  // Full rows only for the supplies this page shows (the 200-supply account's list is
  // not read in full on every page), with the frame's messages, banners and readings: one API
  // call, one D1 round trip. The readings only while the reading period is open, and only those
  // of the period (is a reading still due, or already sent?). A failure is that of the account's
  // load (503, or signed out). While the drop-down is searched, every supply in full (the search
  // reads their addresses).
  const shown = shownMeterIds(dropdown, selected.id, meterQueryOf(args.request));
  // The counter is on only while the period is open (isIndicationOpen): its start is a day.
  const periodStart =
    counters.meter > 0 ? (selected.indication_open_from?.slice(0, 10) ?? null) : null;
  const extras = args.context.get(shellExtras);
  const [reads, all] = await Promise.all([
    loadOrSignOut(
      api,
      session,
      shellReads(api, userId, selected.id, {
        readingsFrom: periodStart,
        meterIds: shown === "all" ? [] : shown,
        overviewInvoices: extras.overviewInvoices,
        forecast: extras.forecast,
      }),
    ),
    shown === "all" ? loadOrSignOut(api, session, userMeters(api, userId)) : null,
  ]);
  const { meters: shownMeters, messages, banners, readings } = reads;
  const meters = all ? dropdownMeters(all) : shownMeters;
  const selectedMeter = meters.find((m) => m.id === selected.id);
  // Gone between the two reads (the billing system removed it): as a failed load.
  if (!selectedMeter) return signOut(api, session, NOTICES.loadFailed);
  if (readings && !isReadingDue(selectedMeter, readings, today)) counters.meter = 0;

  return {
    user,
    meters,
    meterCount: dropdown.length,
    selectedMeter,
    messages,
    unreadCount: messages.filter((m) => m.read_status === 0).length,
    banners,
    counters,
    overviewInvoices: reads.invoices,
    forecast: reads.forecast,
  };
}

/** The drop-down's search text (`?meterq=`), as the layout reads it. */
function meterQueryOf(request: Request): string {
  return (new URL(request.url).searchParams.get("meterq") ?? "").trim().slice(0, 100);
}

/**
 * All the user's supplies in full, including Inactive/Terminated ones the drop-down leaves out
 * (spec §2 paroxes: "every supply"). Runs the shell's guards; one more API call, made once per
 * request.
 */
export function requireAllMeters(args: GuardArgs): Promise<ApiMeter[]> {
  let load = allMetersOf.get(args.request);
  if (!load) {
    load = (async () => {
      await requireShell(args);
      const api = getApi(args);
      return loadOrSignOut(api, getSession(args.context), userMeters(api, api.userId()));
    })();
    allMetersOf.set(args.request, load);
  }
  return load;
}

/** Every drop-down supply (Active, Stopped, onboarding) in full: settings and requests list them. */
export async function requireDropdownMeters(args: GuardArgs): Promise<ApiMeter[]> {
  return dropdownMeters(await requireAllMeters(args));
}

export { getApi };
