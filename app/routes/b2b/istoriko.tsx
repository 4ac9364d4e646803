import { useTranslation } from "react-i18next";
import { data, Form, href, Link } from "react-router";
import { activityFieldKey, activityFieldShown, oldestActivityDay } from "../../../core/activity";
import { activityValueKeys } from "../../../core/activity-words";
import {
  activityQuerySchema,
  type ApiActivityEntry,
  type ApiActivityPage,
} from "../../../core/contract";
import { athensToday } from "../../../core/dates";
import { activityPage } from "../../.server/api/activity";
import { NO_STORE, noStoreHeaders } from "../../.server/no-store";
import { getApi, requireShell } from "../../.server/shell";
import stylesHref from "../../components/activity/activity.css?url";
import billsStylesHref from "../../components/bills/bills.css?url";
import { ErrorSummary } from "../../components/form/ErrorSummary";
import { FilterSelect, PlainField } from "../../components/form/PlainField";
import { TableHead } from "../../components/TableHead";
import { formatStamp } from "../../domain/format";
import { pageWindow } from "../../domain/paging";
import type { RouteHandle } from "../../root";
import type { Route } from "./+types/istoriko";

export const handle: RouteHandle = {
  i18n: ["activity"],
  title: "activity:title",
  breadcrumb: "activity:title",
};

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: billsStylesHref },
  { rel: "stylesheet", href: stylesHref },
];

/*
 * Never from the page cache (app/.server/page-cache.ts): a route is cached only when it opts in
 * with `middleware = [pageCache]`, and this one does not. The cache's key is the customer's data
 * version, which writes to audit_log do not raise (migrations/0008_data_versions.sql): a cached
 * log would miss the entry just written. Every view asks the API.
 */
export const headers = noStoreHeaders;

const PATH = "/b2b/istoriko";
const FORM_ID = "activity-filters";

const FILTERS = ["person", "meter", "from", "to"] as const;
type Filter = (typeof FILTERS)[number];
type Filters = Record<Filter, string>;

/** The filters as typed (shown back in the form) and the page asked for. */
function readQuery(url: URL): { filters: Filters; page: number } {
  const value = (name: Filter) => (url.searchParams.get(name) ?? "").trim().slice(0, 40);
  const page = Number(url.searchParams.get("page"));
  return {
    filters: {
      person: value("person"),
      meter: value("meter"),
      from: value("from"),
      to: value("to"),
    },
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
  };
}

/** The query string of these filters (empty ones left out), with a page when above 1. */
export function activitySearch(filters: Filters, page = 1): string {
  const params = new URLSearchParams();
  for (const name of FILTERS) if (filters[name]) params.set(name, filters[name]);
  if (page > 1) params.set("page", String(page));
  return params.toString();
}

/** The filters' own refusals (the contract's and the two-year period), field → message key. */
function refusals(filters: Filters, today: string): Partial<Record<Filter, string>> {
  const errors: Partial<Record<Filter, string>> = {};
  const parsed = activityQuerySchema.safeParse(filters);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (typeof field === "string" && (FILTERS as readonly string[]).includes(field)) {
        errors[field as Filter] ??= issue.message.startsWith("activity:")
          ? issue.message
          : "activity:errors.date";
      }
    }
  }
  const oldest = oldestActivityDay(today);
  for (const name of ["from", "to"] as const) {
    if (!errors[name] && filters[name] && filters[name] < oldest) {
      errors[name] = "activity:errors.tooOld";
    }
  }
  if (!errors.from && !errors.to && filters.from && filters.to && filters.to < filters.from) {
    errors.to = "activity:errors.order";
  }
  return errors;
}

/**
 * #18 The activity log: who did what on the account, when, on which supply and what changed
 * (GET /api/users/{id}/activity). The filters are a GET form (no JavaScript needed, the URL is
 * bookmarkable); a refused filter is shown next to its field and the log is not filtered by it.
 */
export async function loader(args: Route.LoaderArgs) {
  const shell = await requireShell(args);
  const { filters, page } = readQuery(new URL(args.request.url));
  const today = athensToday();
  const errors = refusals(filters, today);
  const applied: Filters = { ...filters };
  for (const name of Object.keys(errors) as Filter[]) applied[name] = "";
  const query = new URLSearchParams(activitySearch(applied, page));
  let result = await activityPage(getApi(args), shell.user.id, query);
  if (!result.ok && result.status === 400) {
    // A filter the API refused (its field named): shown there, the log read without filters.
    const field = result.field as Filter | undefined;
    if (field && (FILTERS as readonly string[]).includes(field)) {
      errors[field] = result.message ?? "activity:errors.date";
    }
    result = await activityPage(getApi(args), shell.user.id, new URLSearchParams());
  }
  const log: ApiActivityPage | null = result.ok ? result.data : null;
  const csv = activitySearch(applied);
  return data(
    {
      filters,
      errors,
      log,
      failed: !result.ok,
      role: shell.user.test_role,
      oldestDay: log?.oldest_day ?? oldestActivityDay(today),
      today,
      csvHref: `${href("/b2b/istoriko.csv")}${csv ? `?${csv}` : ""}`,
    },
    { headers: NO_STORE },
  );
}

export default function Activity({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("activity");
  const { filters, errors, log, failed, role, oldestDay, today, csvHref } = loaderData;
  const filtered = FILTERS.some((name) => filters[name] !== "");
  const errorOf = (name: Filter) => errors[name];
  const described = (name: Filter, hint = false) =>
    [hint ? `${FORM_ID}-${name}-hint` : null, errorOf(name) ? `${FORM_ID}-${name}-error` : null]
      .filter(Boolean)
      .join(" ") || undefined;
  const fieldError = (name: Filter) => {
    const key = errorOf(name);
    return key ? (
      <p className="field__error" id={`${FORM_ID}-${name}-error`}>
        {t(key.replace(/^activity:/, ""))}
      </p>
    ) : null;
  };
  const allErrors = Object.fromEntries(
    Object.entries(errors).map(([name, key]) => [name, [key]]),
  ) as Record<string, string[]>;
  return (
    <div className="activity">
      <div className="page-head">
        <h1>{t("title")}</h1>
        {log ? (
          <p className="muted" aria-live="polite">
            {t("count", { count: log.total })}
          </p>
        ) : null}
      </div>
      <p>{role === "user" ? t("introOwn") : t("intro")}</p>

      <ErrorSummary
        form={{ id: FORM_ID, allErrors }}
        ns={["activity", "forms", "common"]}
        labelKey={{ person: "person", meter: "supply", from: "from", to: "to" }}
      />

      <Form
        method="get"
        action={PATH}
        id={FORM_ID}
        className="activity-filters card"
        aria-label={t("filters")}
        preventScrollReset
      >
        {/* Keyed by the value: a new query's select shows it (defaultValue is read on mount). */}
        {log && log.people.length > 1 ? (
          <FilterSelect
            key={`person-${filters.person}`}
            id={`${FORM_ID}-person`}
            name="person"
            label={t("person")}
            defaultValue={filters.person}
            options={[
              { value: "", label: t("personAll") },
              ...log.people.map((p) => ({
                value: p.id,
                label: p.removed ? t("removed", { name: p.name }) : p.name,
              })),
            ]}
          />
        ) : null}
        <PlainField id={`${FORM_ID}-meter`} label={t("supply")} hint={t("supplyHint")}>
          <input
            key={`meter-${filters.meter}`}
            id={`${FORM_ID}-meter`}
            name="meter"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            maxLength={40}
            className="field__input"
            defaultValue={filters.meter}
            aria-invalid={errorOf("meter") ? true : undefined}
            aria-describedby={described("meter", true)}
          />
          {fieldError("meter")}
        </PlainField>
        {(["from", "to"] as const).map((name) => (
          <PlainField key={name} id={`${FORM_ID}-${name}`} label={t(name)}>
            <input
              key={`${name}-${filters[name]}`}
              id={`${FORM_ID}-${name}`}
              name={name}
              type="date"
              min={oldestDay}
              max={today}
              className="field__input"
              defaultValue={filters[name]}
              aria-invalid={errorOf(name) ? true : undefined}
              aria-describedby={described(name)}
            />
            {fieldError(name)}
          </PlainField>
        ))}
        <div className="activity-filters__actions">
          <button type="submit" className="btn">
            {t("apply")}
          </button>
          {filtered ? (
            <Link to={PATH} className="btn-link" preventScrollReset>
              {t("clear")}
            </Link>
          ) : null}
        </div>
      </Form>

      {failed || !log ? (
        <p className="alert alert--error" role="alert">
          {t("errors.failed")}
        </p>
      ) : log.entries.length === 0 ? (
        <p className="card">{filtered ? t("emptyFiltered") : t("empty")}</p>
      ) : (
        <>
          <p>
            <a className="btn btn--secondary btn--small" href={csvHref} download>
              {t("download")}
            </a>
          </p>
          <ActivityTable entries={log.entries} />
          <Pager filters={filters} page={log.page} pages={log.pages} />
        </>
      )}
    </div>
  );
}

function ActivityTable({ entries }: { entries: readonly ApiActivityEntry[] }) {
  const { t } = useTranslation("activity");
  const who = (entry: ApiActivityEntry) =>
    entry.person
      ? entry.person.removed
        ? t("removed", { name: entry.person.name })
        : entry.person.name
      : t("nobody");
  return (
    <div className="activity-table-wrap">
      <table className="table activity-table">
        <caption className="visually-hidden">{t("title")}</caption>
        <TableHead
          columns={[
            { label: t("when") },
            { label: t("who") },
            { label: t("action") },
            { label: t("supply") },
            { label: t("change") },
          ]}
        />
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td data-label={t("when")} className="nowrap">
                <time dateTime={entry.created_at}>{formatStamp(entry.created_at)}</time>
              </td>
              <td data-label={t("who")}>{who(entry)}</td>
              <td data-label={t("action")}>
                {t(`actions.${entry.action}`)}
                {entry.subject ? (
                  <span className="table__sub">{t("about", { name: entry.subject.name })}</span>
                ) : null}
              </td>
              <td data-label={t("supply")}>
                {entry.supply ? (
                  <>
                    <span className="activity-table__number">
                      {entry.supply.supply_number || "-"}
                    </span>
                    {entry.supply.address ? (
                      <span className="table__sub">{entry.supply.address}</span>
                    ) : null}
                  </>
                ) : null}
              </td>
              <td data-label={t("change")}>
                <Changes detail={entry.detail} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** What changed, one field a line: "Label: old → new". */
function Changes({ detail }: { detail: ApiActivityEntry["detail"] }) {
  const { t } = useTranslation("activity");
  const fields = Object.entries(detail).filter(([field]) => activityFieldShown(field));
  if (fields.length === 0) return null;
  /** A stored value in words where it is a code of the log's own (core/activity.ts); else as stored. */
  const word = (field: string, value: string | number | null) => {
    if (value === null) return "—";
    const keys = activityValueKeys(field, value);
    return keys ? keys.map((key) => t(key)).join(", ") : String(value);
  };
  return (
    <ul className="activity-changes">
      {fields.map(([field, value]) => (
        <li key={field}>
          <span className="activity-changes__field">{t(activityFieldKey(field))}:</span>{" "}
          {Array.isArray(value) ? (
            <>
              {word(field, value[0])} → {word(field, value[1])}
            </>
          ) : (
            word(field, value)
          )}
        </li>
      ))}
    </ul>
  );
}

/** Page links (first, last, neighbours) with previous/next; the current page is not a link. */
function Pager({ filters, page, pages }: { filters: Filters; page: number; pages: number }) {
  const { t } = useTranslation("activity");
  if (pages <= 1) return null;
  const to = (p: number) => `${PATH}?${activitySearch(filters, p)}`;
  return (
    <nav className="pager" aria-label={t("pages")}>
      <p className="pager__status">{t("pageOf", { page, pages })}</p>
      <ul className="pager__list">
        <li>
          {page > 1 ? (
            <Link to={to(page - 1)} rel="prev" preventScrollReset className="pager__link">
              {t("previous")}
            </Link>
          ) : (
            <span className="pager__link pager__link--disabled" aria-disabled="true">
              {t("previous")}
            </span>
          )}
        </li>
        {pageWindow(page, pages).map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} aria-hidden="true" className="pager__gap">
              …
            </li>
          ) : (
            <li key={p}>
              {p === page ? (
                <span className="pager__link pager__link--current" aria-current="page">
                  <span className="visually-hidden">{t("pageOf", { page: p, pages })}</span>
                  <span aria-hidden="true">{p}</span>
                </span>
              ) : (
                <Link
                  to={to(p)}
                  preventScrollReset
                  className="pager__link"
                  aria-label={t("pageOf", { page: p, pages })}
                >
                  {p}
                </Link>
              )}
            </li>
          ),
        )}
        <li>
          {page < pages ? (
            <Link to={to(page + 1)} rel="next" preventScrollReset className="pager__link">
              {t("next")}
            </Link>
          ) : (
            <span className="pager__link pager__link--disabled" aria-disabled="true">
              {t("next")}
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
