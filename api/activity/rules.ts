import { activityFieldShown, oldestActivityDay, type ActivityDetail } from "../../core/activity";
import type { Role } from "../../core/contract";
import {
  activityScope,
  canManagePerson,
  type Person,
  type SupplySet,
} from "../../core/permissions";
import { csvField } from "../invoices/export";

/**
 * Which entries of the activity log a person reads, and how the log is written out (CSV, the
 * "old → new" text). Pure: the service turns `ActivityView` into its WHERE clause, and
 * `entryVisible` says the same for one entry (tests/unit/activity-rules.test.ts checks both
 * agree on the demo account's roles).
 */

/** An entry as the rules see it. */
export interface EntryFacts {
  user_id: number | null;
  meter_id: number | null;
  subject_user_id: number | null;
}

/** What a viewer reads of their account's log. */
export type ActivityView =
  /** The master: every entry of the account. */
  | { scope: "all" }
  /**
   * An admin: the entries of their supplies ("all": every entry on a supply), their own actions,
   * and the entries about the people they can manage.
   */
  | { scope: "supplies"; userId: number; supplies: SupplySet; people: ReadonlySet<number> }
  /** A user: only their own actions. */
  | { scope: "own"; userId: number };

/** A person of the account, as the people list reads them. */
export interface AccountPerson extends Person {
  removed: boolean;
}

/** The viewer's view of the log, from their role, supplies and the account's people. */
export function activityView(viewer: Person, people: readonly AccountPerson[]): ActivityView {
  switch (activityScope(viewer.role)) {
    case "all":
      return { scope: "all" };
    case "own":
      return { scope: "own", userId: viewer.id };
    case "supplies": {
      const managed = people.filter((p) => canManagePerson(viewer, p)).map((p) => p.id);
      return {
        scope: "supplies",
        userId: viewer.id,
        supplies: viewer.supplies,
        people: new Set(managed),
      };
    }
  }
}

/** Whether the view includes this entry (the WHERE clause of the service, for one entry). */
export function entryVisible(view: ActivityView, entry: EntryFacts): boolean {
  switch (view.scope) {
    case "all":
      return true;
    case "own":
      return entry.user_id === view.userId;
    case "supplies":
      return (
        entry.user_id === view.userId ||
        (entry.meter_id !== null &&
          (view.supplies === "all" || view.supplies.has(entry.meter_id))) ||
        (entry.subject_user_id !== null && view.people.has(entry.subject_user_id))
      );
  }
}

/** The people a viewer may pick in the person filter: everyone they may see entries of. */
export function filterablePeople<P extends { id: number }>(
  view: ActivityView,
  people: readonly P[],
) {
  return view.scope === "own" ? people.filter((p) => p.id === view.userId) : [...people];
}

/** Whether the viewer is shown IP addresses (the master only). */
export const showsIp = (role: Role) => activityScope(role) === "all";

// ---------------------------------------------------------------------------------------------
// The period filter

/** The day `days` days before `day` (YYYY-MM-DD). */
export function daysBefore(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

/** The earliest day the period filter accepts: two years back (the log keeps no more). */
export const oldestDay = oldestActivityDay;

/** The period's refusal, as a message key of the activity namespace, or null when it is fine. */
export function periodError(
  from: string | undefined,
  to: string | undefined,
  today: string,
): "activity:errors.tooOld" | "activity:errors.order" | null {
  const oldest = oldestDay(today);
  if ((from && from < oldest) || (to && to < oldest)) return "activity:errors.tooOld";
  if (from && to && to < from) return "activity:errors.order";
  return null;
}

/** Europe/Athens's offset from UTC, in minutes, at the instant `utc`. */
function athensOffsetMinutes(utc: number): number {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone: "Europe/Athens",
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  }).formatToParts(new Date(utc));
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(n("year"), n("month") - 1, n("day"), n("hour"), n("minute"));
  return Math.round((wall - utc) / 60_000);
}

/** The UTC instant (ISO, as `created_at` stores it) at which an Athens day begins. */
export function athensDayStart(day: string): string {
  const midnight = Date.parse(`${day}T00:00:00Z`);
  const first = midnight - athensOffsetMinutes(midnight) * 60_000;
  // Around a clock change the offset at the true instant may differ: once more settles it.
  const instant = midnight - athensOffsetMinutes(first) * 60_000;
  return new Date(instant).toISOString();
}

/** The period as `created_at` bounds: from its first day's start, before the day after `to`. */
export function periodBounds(from: string | undefined, to: string | undefined) {
  return {
    since: from ? athensDayStart(from) : null,
    before: to ? athensDayStart(daysBefore(to, -1)) : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Writing an entry out

/** One field of what changed: "Label: old → new", or "Label: value". */
export function changeText(
  detail: ActivityDetail,
  label: (field: string) => string,
  word: (value: string, field: string) => string = (value) => value,
): string {
  return Object.entries(detail)
    .filter(([field]) => activityFieldShown(field))
    .map(([field, value]) => {
      const text = (one: string | number | null) => (one === null ? "—" : word(String(one), field));
      const shown = Array.isArray(value) ? `${text(value[0])} → ${text(value[1])}` : text(value);
      return `${label(field)}: ${shown}`;
    })
    .join("; ");
}

export type CsvCell = string | number | null | undefined;

/**
 * One cell. Stricter than the data export's guard: every cell here is text (names, addresses,
 * what changed), so text starting with "-" is guarded too ("-1+2" would be a formula), unless the
 * whole cell is a plain number.
 */
export function activityCell(value: CsvCell): string {
  if (typeof value === "string" && /^-/.test(value) && !/^-\d+(\.\d+)?$/.test(value)) {
    return csvField(`'${value}`);
  }
  return csvField(value);
}

/**
 * The CSV file: RFC 4180 like the data export (api/invoices/export.ts): comma separated, CRLF,
 * UTF-8 with a byte-order mark, each cell through the same guard (text a spreadsheet would run as
 * a formula gets a leading apostrophe).
 */
export function activityCsv(header: readonly string[], rows: readonly CsvCell[][]): string {
  const line = (cells: readonly CsvCell[]) => cells.map(activityCell).join(",");
  return `\uFEFF${[line(header), ...rows.map(line)].join("\r\n")}\r\n`;
}
