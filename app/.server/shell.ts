import type { ApiMeter, ApiShellReads } from "../../api/contract";
import { isReadingDue } from "../domain/readings";
import { athensDate, dropdownMeters, resolveSelectedMeter, shellCounters } from "../domain/meters";
import { getApi } from "./api";
import { type GuardArgs, NOTICES, requireActiveUser, signOut } from "./guards";
import type { ShellData } from "./shell-types";

export type { ShellData } from "./shell-types";
export { requirePageVisible } from "./guards";

/**
 * Memoised per request object: the layout and its pages may all ask for the shell in one
 * request, and that must cost one set of API calls. (An action and the loaders that follow it
 * get different Request objects, so data read after a mutation is fresh.)
 */
const loads = new WeakMap<Request, Promise<ShellData>>();
/** Every meter of the user (any status), from the same load: the supplies page lists them all. */
const allMetersOf = new WeakMap<Request, ApiMeter[]>();

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
  const { user, meters: allMeters, session, userId, api } = await requireActiveUser(args);

  allMetersOf.set(args.request, allMeters);
  const meters = dropdownMeters(allMeters);
  const selectedMeter = resolveSelectedMeter(allMeters, session.get("selected_meter_id"));
  if (!selectedMeter) return signOut(api, session, NOTICES.noSupplies);
  if (session.get("selected_meter_id") !== selectedMeter.id) {
    session.set("selected_meter_id", selectedMeter.id);
  }
  if (session.get("skin") !== user.nrg_skin) session.set("skin", user.nrg_skin);

  // Messages and banners are not worth a logout when they fail: the page still works without them.
  const today = athensDate(new Date());
  const counters = shellCounters(selectedMeter, today);
  // One API call and one D1 round trip for the three (issue #16). The readings only while the
  // reading period is open: is a reading still due, or already sent?
  const { messages, banners, readings } = await api
    .shellReads(userId, selectedMeter.id, { readings: counters.meter > 0 })
    .catch(rethrowRedirects<ApiShellReads>({ messages: [], banners: [], readings: null }));

  if (readings && !isReadingDue(selectedMeter, readings, today)) counters.meter = 0;

  return {
    user,
    meters,
    selectedMeter,
    messages,
    unreadCount: messages.filter((m) => m.read_status === 0).length,
    banners,
    counters,
  };
}

/**
 * All the user's supplies, including Inactive/Terminated ones the drop-down leaves out (spec §2
 * paroxes: "every supply"). Runs the shell's guards and costs no extra API call.
 */
export async function requireAllMeters(args: GuardArgs): Promise<ApiMeter[]> {
  const shell = await requireShell(args);
  return allMetersOf.get(args.request) ?? shell.meters;
}

function rethrowRedirects<T>(fallback: T) {
  return (error: unknown): T => {
    if (error instanceof Response) throw error;
    return fallback;
  };
}

export { getApi };
