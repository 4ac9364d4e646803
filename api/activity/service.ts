import { activityFieldKey, isActivityAction, parseActivityDetail } from "../../core/activity";
import { activityValueKeys } from "../../core/activity-words";
import {
  ACTIVITY_PAGE_SIZE,
  type ActivityQuery,
  type ApiActivityEntry,
  type ApiActivityPage,
  type ApiActivityPerson,
  type Role,
} from "../../core/contract";
import { athensToday } from "../../core/dates";
import { supplyNumber } from "../../core/supply-number";
import type { Db } from "../db";
import { idsJson, IDS_IN } from "../db/ids";
import { badRequest } from "../lib/errors";
import { personOf, personSupplies } from "../services/customers";
import type { Lang } from "../types";
import { csvLabels } from "./messages";
import {
  activityCsv,
  activityView,
  changeText,
  filterablePeople,
  oldestDay,
  periodBounds,
  periodError,
  showsIp,
  type AccountPerson,
  type ActivityView,
} from "./rules";

/** The most entries one CSV download holds (newest first): a bound on the Worker's work. */
export const CSV_MAX_ROWS = 20_000;

interface PersonRow {
  id: number;
  name: string;
  test_role: Role;
  all_supplies: number;
  removed_at: string | null;
}

interface EntryRow {
  id: number;
  created_at: string;
  action: string;
  user_id: number | null;
  meter_id: number | null;
  subject_user_id: number | null;
  detail: string | null;
  ip: string | null;
  user_name: string | null;
  user_removed: string | null;
  subject_name: string | null;
  division: number | null;
  per_code: string | null;
  id_code: string | null;
  next_code: string | null;
  pod: string | null;
  phys_street: string | null;
  phys_street_no: string | null;
  phys_postal_code: string | null;
  phys_region: string | null;
}

/** The supply number as SQL text (core/supply-number.ts), for the supply filter. */
const SUPPLY_NUMBER_SQL = `CASE WHEN division = 1
  THEN trim(coalesce(per_code, '')) || trim(coalesce(id_code, '')) || trim(coalesce(next_code, ''))
  ELSE trim(coalesce(pod, '')) END`;

const ENTRY_COLUMNS = `a.id, a.created_at, a.action, a.user_id, a.meter_id, a.subject_user_id,
  a.detail, a.ip, u.name AS user_name, u.removed_at AS user_removed, s.name AS subject_name,
  m.division, m.per_code, m.id_code, m.next_code, m.pod,
  m.phys_street, m.phys_street_no, m.phys_postal_code, m.phys_region`;

const ENTRY_JOINS = `FROM audit_log a
  LEFT JOIN users u ON u.id = a.user_id
  LEFT JOIN users s ON s.id = a.subject_user_id
  LEFT JOIN meters m ON m.id = a.meter_id`;

/** The WHERE clause of a viewer's filtered log, with its parameters in order. */
function whereOf(
  customerId: number,
  view: ActivityView,
  query: ActivityQuery,
): { sql: string; params: unknown[] } {
  const parts = ["a.customer_id = ?"];
  const params: unknown[] = [customerId];
  if (view.scope === "own") {
    parts.push("a.user_id = ?");
    params.push(view.userId);
  } else if (view.scope === "supplies") {
    const onSupply = view.supplies === "all" ? "a.meter_id IS NOT NULL" : `a.meter_id IN ${IDS_IN}`;
    parts.push(`(a.user_id = ? OR ${onSupply} OR a.subject_user_id IN ${IDS_IN})`);
    params.push(view.userId);
    if (view.supplies !== "all") params.push(idsJson(view.supplies));
    params.push(idsJson(view.people));
  }
  if (query.person) {
    parts.push("a.user_id = ?");
    params.push(Number(query.person));
  }
  if (query.meter) {
    parts.push(`a.meter_id IN (SELECT id FROM meters WHERE customer_id = ?
      AND ${SUPPLY_NUMBER_SQL} LIKE '%' || ? || '%')`);
    params.push(customerId, query.meter);
  }
  const { since, before } = periodBounds(query.from, query.to);
  if (since) {
    parts.push("a.created_at >= ?");
    params.push(since);
  }
  if (before) {
    parts.push("a.created_at < ?");
    params.push(before);
  }
  return { sql: parts.join(" AND "), params };
}

/** The viewer, their view of the log and the account's people (by id). */
async function viewerOf(db: Db, userId: number) {
  const person = await personOf(db, userId);
  const { results } = await db.$client
    .prepare(
      `SELECT id, name, test_role, all_supplies, removed_at FROM users WHERE customer_id = ?
        ORDER BY CASE test_role WHEN 'master' THEN 0 WHEN 'admin' THEN 1 ELSE 2 END, name, id`,
    )
    .bind(person.customerId)
    .all<PersonRow>();
  let people: AccountPerson[] = [];
  if (person.role === "admin") {
    // Only an admin's view needs everyone's supplies (whom they may manage).
    const { results: links } = await db.$client
      .prepare(
        `SELECT user_id, meter_id FROM user_meters
          WHERE user_id IN (SELECT id FROM users WHERE customer_id = ?)`,
      )
      .bind(person.customerId)
      .all<{ user_id: number; meter_id: number }>();
    const supplies = new Map<number, Set<number>>();
    for (const link of links) {
      const set = supplies.get(link.user_id) ?? new Set<number>();
      set.add(link.meter_id);
      supplies.set(link.user_id, set);
    }
    people = results
      .filter((p) => p.removed_at === null)
      .map((p) => ({
        id: p.id,
        role: p.test_role,
        supplies: p.all_supplies === 1 ? "all" : (supplies.get(p.id) ?? new Set<number>()),
        removed: false,
      }));
  }
  const viewer = { id: userId, role: person.role, supplies: await personSupplies(db, person) };
  const view = activityView(viewer, people);
  const listed = filterablePeople(
    view,
    results.map((p) => ({ id: p.id, name: p.name, removed: p.removed_at !== null })),
  );
  return { person, view, people: listed };
}

/** The query's period checked against today (400 validation on the offending field). */
function checkPeriod(query: ActivityQuery, today: string) {
  const error = periodError(query.from, query.to, today);
  if (!error) return;
  const field =
    error === "activity:errors.order"
      ? "to"
      : query.from && query.from < oldestDay(today)
        ? "from"
        : "to";
  throw badRequest("validation", field, error);
}

function toEntry(row: EntryRow, withIp: boolean): ApiActivityEntry | null {
  if (!isActivityAction(row.action)) return null;
  const supply =
    row.meter_id === null
      ? null
      : {
          id: row.meter_id,
          supply_number:
            row.division === null
              ? ""
              : supplyNumber({
                  division: row.division,
                  per_code: row.per_code,
                  id_code: row.id_code,
                  next_code: row.next_code,
                  pod: row.pod,
                }),
          address: [
            [row.phys_street, row.phys_street_no].filter(Boolean).join(" "),
            [row.phys_postal_code, row.phys_region].filter(Boolean).join(" "),
          ]
            .filter(Boolean)
            .join(", "),
        };
  return {
    id: row.id,
    created_at: row.created_at,
    action: row.action,
    person:
      row.user_id === null
        ? null
        : { id: row.user_id, name: row.user_name ?? "", removed: row.user_removed !== null },
    supply,
    subject:
      row.subject_user_id === null
        ? null
        : { id: row.subject_user_id, name: row.subject_name ?? "" },
    detail: parseActivityDetail(row.detail),
    ...(withIp ? { ip: row.ip } : {}),
  };
}

/** One page of the viewer's log (50 entries, newest first), the filters applied. */
export async function activityPage(
  db: Db,
  userId: number,
  query: ActivityQuery,
): Promise<ApiActivityPage> {
  const today = athensToday();
  checkPeriod(query, today);
  const { person, view, people } = await viewerOf(db, userId);
  const where = whereOf(person.customerId, view, query);
  const client = db.$client;
  const [count, rows] = await client.batch([
    client
      .prepare(`SELECT COUNT(*) AS n FROM audit_log a WHERE ${where.sql}`)
      .bind(...where.params),
    client
      .prepare(
        `SELECT ${ENTRY_COLUMNS} ${ENTRY_JOINS} WHERE ${where.sql}
          ORDER BY a.created_at DESC, a.id DESC LIMIT ? OFFSET ?`,
      )
      .bind(...where.params, ACTIVITY_PAGE_SIZE, (query.page - 1) * ACTIVITY_PAGE_SIZE),
  ]);
  const total = Number((count?.results[0] as { n: number } | undefined)?.n ?? 0);
  const withIp = showsIp(person.role);
  const entries = ((rows?.results ?? []) as EntryRow[]).flatMap((row) => {
    const entry = toEntry(row, withIp);
    return entry ? [entry] : [];
  });
  return {
    entries,
    page: query.page,
    pages: Math.max(1, Math.ceil(total / ACTIVITY_PAGE_SIZE)),
    total,
    people: people satisfies ApiActivityPerson[],
    oldest_day: oldestDay(today),
  };
}

/** Every entry the filters match (at most CSV_MAX_ROWS, newest first), as a CSV file. */
export async function activityCsvOf(
  db: Db,
  userId: number,
  query: ActivityQuery,
  lang: Lang,
): Promise<{ csv: string; filename: string }> {
  const today = athensToday();
  checkPeriod(query, today);
  const { person, view } = await viewerOf(db, userId);
  const where = whereOf(person.customerId, view, query);
  const { results } = await db.$client
    .prepare(
      `SELECT ${ENTRY_COLUMNS} ${ENTRY_JOINS} WHERE ${where.sql}
        ORDER BY a.created_at DESC, a.id DESC LIMIT ?`,
    )
    .bind(...where.params, CSV_MAX_ROWS)
    .all<EntryRow>();
  const labels = csvLabels(lang);
  const withIp = showsIp(person.role);
  const header = [
    labels.csv.time,
    labels.csv.person,
    labels.csv.action,
    labels.csv.supplyNumber,
    labels.csv.address,
    labels.csv.subject,
    labels.csv.change,
    ...(withIp ? [labels.csv.ip] : []),
  ];
  const rows = results.flatMap((row) => {
    const entry = toEntry(row, withIp);
    if (!entry) return [];
    const who = entry.person
      ? entry.person.removed
        ? labels.removed.replace("{{name}}", entry.person.name)
        : entry.person.name
      : labels.nobody;
    return [
      [
        entry.created_at,
        who,
        labels.actions[entry.action],
        entry.supply?.supply_number ?? "",
        entry.supply?.address ?? "",
        entry.subject?.name ?? "",
        changeText(
          entry.detail,
          (field) => labels.text(activityFieldKey(field)),
          (value, field) => {
            const keys = activityValueKeys(field, value);
            return keys ? keys.map((key) => labels.text(key)).join(", ") : value;
          },
        ),
        ...(withIp ? [entry.ip ?? ""] : []),
      ],
    ];
  });
  return { csv: activityCsv(header, rows), filename: `${labels.csv.filename}-${today}.csv` };
}
