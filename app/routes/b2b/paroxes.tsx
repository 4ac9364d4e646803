import { pageCache } from "../../.server/page-cache";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, href, redirect } from "react-router";
import { requireAllMeters, requireShell } from "../../.server/shell";
import { SupplyDirectDebit } from "../../components/direct-debit/SupplyDirectDebit";
import {
  loadSupplyDirectDebits,
  type SupplyDirectDebits,
} from "../../.server/direct-debit-supplies";
import { Icon } from "../../components/Icon";
import { FilterSelect, PlainField } from "../../components/form/PlainField";
import {
  buildSuppliesView,
  suppliesHref,
  type SupplyRow,
} from "../../components/overview/supplies-view";
import { formatAmount, formatDate } from "../../domain/format";
import { parseSupplyFilters } from "../../domain/overview";
import { sidebarItems } from "../../domain/sidebar";
import type { RouteHandle } from "../../root";
import { can } from "../../../core/permissions";
import type { Route } from "./+types/paroxes";
import { NO_STORE, noStoreHeaders } from "../../.server/no-store";

export const handle: RouteHandle = {
  i18n: ["overview", "directDebit"],
  title: "overview:supplies.title",
  breadcrumb: "overview:supplies.title",
};

/** The GET only reads: a repeat view with unchanged data is served from the page cache. */
export const middleware: Route.MiddlewareFunction[] = [pageCache];

/**
 * My supplies (spec §2 paroxes): every supply of the user, searchable and filterable through the
 * URL (a GET form, so it works without JavaScript and can be bookmarked), 25 to a page, each with
 * a button that makes it the current supply and opens its overview.
 */
export async function loader(args: Route.LoaderArgs) {
  const shell = await requireShell(args);
  // Permission check (spec §2): the page is reachable exactly when the menu offers it.
  const allowed = sidebarItems({ meter: shell.selectedMeter, role: shell.user.test_role }).some(
    (item) => item.id === "supplies",
  );
  if (!allowed) throw redirect(href("/b2b/episkopisi"));
  const meters = await requireAllMeters(args);
  const filters = parseSupplyFilters(new URL(args.request.url).searchParams);
  // Direct debit is managing a supply (#18): a `user` sees neither the lines nor their links.
  const mayManage = can(shell.user.test_role, "manage_supply");
  const directDebits: SupplyDirectDebits = mayManage ? await loadSupplyDirectDebits(args) : {};
  return data(
    { ...buildSuppliesView(meters, shell.selectedMeter.id, filters), directDebits, mayManage },
    { headers: NO_STORE },
  );
}

export const headers = noStoreHeaders;

export default function Supplies({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("overview");
  const { filters, page, total, counts } = loaderData;
  const filtered = Boolean(filters.q || filters.kind || filters.status || filters.balance);
  const groups = (["electricity", "gas"] as const)
    .map((kind) => ({ kind, rows: page.rows.filter((row) => row.kind === kind) }))
    .filter((group) => group.rows.length > 0);
  return (
    <>
      <div className="page-head">
        <h1>{t("supplies.title")}</h1>
        <p className="muted">
          {t("supplies.summary", {
            count: total,
            electricity: counts.electricity,
            gas: counts.gas,
          })}
        </p>
        {counts.owing > 0 && filters.balance !== "owing" ? (
          <p>
            <a href={suppliesHref(filters, { balance: "owing", page: 1 })}>
              {t("supplies.owingLink", { count: counts.owing })}
            </a>
          </p>
        ) : null}
        <p className="actions">
          <a className="btn btn--secondary btn--small" href="/nea-paroxi">
            {t("common:footer.newSupply")}
          </a>
          <a className="btn btn--secondary btn--small" href="/metavasi">
            {t("common:footer.transfer")}
          </a>
        </p>
      </div>

      <Form
        method="get"
        className="card filters"
        role="search"
        aria-label={t("supplies.searchLabel")}
      >
        <div className="filters__grid">
          <PlainField id="supplies-q" label={t("supplies.search")}>
            <input
              id="supplies-q"
              name="q"
              type="search"
              className="field__input"
              defaultValue={filters.q}
              aria-describedby="supplies-q-hint"
              maxLength={100}
            />
            <p id="supplies-q-hint" className="field__hint">
              {t("supplies.searchHint")}
            </p>
          </PlainField>
          {/* The two filters: name, value, options, the "all" option's label, options' keys. */}
          {(
            [
              ["kind", filters.kind, ["", "electricity", "gas"], "supplies.allKinds", "kind"],
              [
                "status",
                filters.status,
                ["", "active", "waiting", "inactive"],
                "supplies.allStatuses",
                "supplyStatus",
              ],
              [
                "balance",
                filters.balance,
                ["", "owing"],
                "supplies.allBalances",
                "supplies.balanceFilter",
              ],
            ] as const
          ).map(([name, value, options, all, prefix]) => (
            <FilterSelect
              key={name}
              id={`supplies-${name}`}
              name={name}
              label={t(`supplies.${name}`)}
              defaultValue={value}
              options={options.map((option) => ({
                value: option,
                label: t(option ? `${prefix}.${option}` : all),
              }))}
            />
          ))}
        </div>
        <div className="actions">
          <button type="submit" className="btn">
            {t("supplies.apply")}
          </button>
          {filtered ? (
            <a
              className="btn btn--secondary"
              href={suppliesHref(filters, { q: "", kind: "", status: "", balance: "", page: 1 })}
            >
              {t("supplies.clear")}
            </a>
          ) : null}
        </div>
      </Form>

      <p role="status" className="supplies__count">
        {page.total === 0
          ? t("supplies.none")
          : t("supplies.showing", { from: page.from, to: page.to, count: page.total })}
      </p>

      {groups.map((group) => (
        <section key={group.kind} aria-labelledby={`supplies-${group.kind}`}>
          <h2 id={`supplies-${group.kind}`} className="supplies__group">
            <Icon name={group.kind === "electricity" ? "bolt" : "flame"} />
            {t(`kind.${group.kind}`)}
          </h2>
          <ul className="supplies" role="list">
            {group.rows.map((row) => (
              <li key={row.id}>
                <SupplyCard
                  row={row}
                  directDebit={loaderData.directDebits[row.id] ?? null}
                  mayManage={loaderData.mayManage}
                />
              </li>
            ))}
          </ul>
        </section>
      ))}

      {page.pageCount > 1 ? (
        <nav className="pager" aria-label={t("supplies.pages")}>
          <ul role="list">
            {page.page > 1 ? (
              <li>
                <a href={suppliesHref(filters, { page: page.page - 1 })} rel="prev">
                  {t("supplies.previous")}
                </a>
              </li>
            ) : null}
            {Array.from({ length: page.pageCount }, (_, i) => i + 1).map((n) => (
              <li key={n}>
                <a
                  href={suppliesHref(filters, { page: n })}
                  aria-current={n === page.page ? "page" : undefined}
                  aria-label={t("supplies.page", { page: n })}
                >
                  {n}
                </a>
              </li>
            ))}
            {page.page < page.pageCount ? (
              <li>
                <a href={suppliesHref(filters, { page: page.page + 1 })} rel="next">
                  {t("supplies.next")}
                </a>
              </li>
            ) : null}
          </ul>
        </nav>
      ) : null}
    </>
  );
}

function SupplyCard({
  row,
  directDebit,
  mayManage,
}: {
  row: SupplyRow;
  directDebit: { last4: string; day: number } | null;
  mayManage: boolean;
}) {
  const { t } = useTranslation("overview");
  const titleId = `supply-${row.id}`;
  const facts: { key: string; label: string; value: string }[] = [
    { key: "address", label: t("supplies.address"), value: row.address },
    { key: "billAddress", label: t("supplies.billAddress"), value: row.billAddress },
    { key: "package", label: t("supplies.package"), value: row.packageName || "-" },
    { key: "agreedPower", label: t("supplies.agreedPower"), value: row.agreedPower || "-" },
    {
      key: "representation",
      label: t("supplies.representationDate"),
      value: formatDate(row.representationDate),
    },
    {
      key: "nextReading",
      label: t("supplies.nextReading"),
      value: formatDate(row.nextReadingDate),
    },
  ];
  return (
    <article
      className={row.selected ? "card supply supply--current" : "card supply"}
      aria-labelledby={titleId}
    >
      <div className="supply__head">
        <h3 id={titleId} className="supply__title">
          <span className="visually-hidden">{t(`kind.${row.kind}`)} · </span>
          {row.supplyNumber}
          {row.isMain ? <span className="badge">{t("supplies.main")}</span> : null}
        </h3>
        <span className={`status status--${row.status}`}>{t(`supplyStatus.${row.status}`)}</span>
      </div>
      <dl className="facts">
        {facts.map((fact) => (
          <Fragment key={fact.key}>
            <dt>{fact.label}</dt>
            <dd>{fact.value}</dd>
          </Fragment>
        ))}
        <dt>{t("supplies.balance")}</dt>
        <dd className={row.balance > 0 ? "amount amount--due" : "amount"}>
          {formatAmount(row.balance)}
        </dd>
      </dl>
      {mayManage ? (
        <SupplyDirectDebit
          meterId={row.id}
          supplyNumber={row.supplyNumber}
          active={row.meterStatus === "Active"}
          directDebit={directDebit}
        />
      ) : null}
      <div className="actions">
        {row.selected ? (
          <span className="badge badge--success">{t("supplies.selected")}</span>
        ) : row.selectable ? (
          <form method="post" action="/b2b/select-meter">
            <button
              type="submit"
              name="meter_id"
              value={row.id}
              className="btn btn--secondary btn--small"
            >
              {t("supplies.select")}
              <span className="visually-hidden"> {row.supplyNumber}</span>
            </button>
          </form>
        ) : null}
      </div>
    </article>
  );
}
