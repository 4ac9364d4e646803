import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { ApiInvoice, ApiMeter } from "../../../core/contract";
import { billStatus } from "../../domain/bill-status";
import { billsSearch, hasDocument, type BillsQuery, type SortKey } from "../../domain/bills";
import { formatAmount, formatDate } from "../../domain/format";
import { TariffColourMark } from "../TariffColourMark";
import { BillStatusBadge } from "../BillStatusBadge";
import { DownloadLink } from "./DownloadLink";
import { invoiceHref, invoicePdfHref } from "./links";

/**
 * The billing history table (spec §2 logariasmoi, §3 Invoice; the money first): the
 * server already filtered, sorted and paged the rows from the URL, so the table is plain HTML that
 * works without JavaScript (no table library in the browser: the JavaScript budget of ADR 0007).
 *
 * Each row shows what a customer looks for, and nothing that needs sideways scrolling: the type
 * and number (the link to the bill's page), the billing period, the due date, the bill's amount,
 * its payment status (the one rule, `billStatus`) and the PDF. The rest (issue date, consumption
 * period, payment date, previous balance, total, business partner, contract account) is in a
 * <details> per row, which opens without JavaScript, and on the bill's own page. Below a card
 * width bills.css turns the same table into stacked rows (one card per bill, labelled values).
 *
 * Sortable headers are links that flip the direction and go back to page 1. "date" sorts by issue
 * date, which orders the billing periods the same way, so it sits on the period's header.
 */

/** A period that may wrap only between its two dates. */
const period = (from: string | null, to: string | null) =>
  from || to ? (
    <>
      <span className="nowrap">{formatDate(from)}</span> –{" "}
      <span className="nowrap">{formatDate(to)}</span>
    </>
  ) : (
    "-"
  );

interface Column {
  id: string;
  header: string;
  /** Shown before the value when the row is stacked as a card (bills.css). */
  label?: string;
  sort?: SortKey;
  className?: string;
  cell: (row: ApiInvoice) => ReactNode;
}

export function BillsTable({
  rows,
  query,
  caption,
  today,
  plan = null,
}: {
  rows: ApiInvoice[];
  query: BillsQuery;
  caption: string;
  /** Athens calendar day from the loader (YYYY-MM-DD): server and browser render one status. */
  today: string;
  /** The supply's kept payment plan: its bills show "in a payment plan" (#38 §1). */
  plan?: ApiMeter["payment_plan"];
}) {
  const { t } = useTranslation("bills");
  const columns: Column[] = [
    {
      id: "billing_period",
      header: t("columns.billingPeriod"),
      sort: "date",
      cell: (row) => period(row.period_from, row.period_to),
    },
    { id: "date_due", header: t("columns.dueDate"), cell: (row) => formatDate(row.date_due) },
    {
      id: "amount",
      header: t("columns.amount"),
      sort: "amount",
      className: "num",
      // The colour the bill was issued under stands beside its amount (#37 §3); gas has none.
      cell: (row) => (
        <>
          <span className="amount">{formatAmount(row.total_value)}</span>
          {row.tariff_colour ? (
            <span className="table__sub bills-table__colour">
              <TariffColourMark colour={row.tariff_colour} />
            </span>
          ) : null}
        </>
      ),
    },
    {
      id: "status",
      header: t("columns.status"),
      className: "bills-table__status",
      cell: (row) => {
        const status = billStatus(row, today, plan);
        if (!status) return null;
        return (
          <>
            <BillStatusBadge status={status} />
            {status !== "paid" ? (
              <span className="table__sub">
                {/* May wrap before the amount, never inside it. */}
                {t("row.toPay", { amount: formatAmount(row.remaining).replace(" ", "\u00a0") })}
              </span>
            ) : null}
          </>
        );
      },
    },
    {
      id: "document",
      header: t("columns.document"),
      cell: (row) =>
        hasDocument(row) ? (
          <DownloadLink
            href={invoicePdfHref(row.id)}
            filename="invoice.pdf"
            className="btn btn--small btn--secondary"
          >
            <span className="visually-hidden">
              {t("download.pdfOf", { number: row.invoice_no })}{" "}
            </span>
            {t("download.pdf")}
          </DownloadLink>
        ) : (
          <span className="muted">{t("download.noDocument")}</span>
        ),
    },
    {
      id: "more",
      header: t("columns.more"),
      // The summary says what it is; a label before it would repeat it.
      label: "",
      className: "bills-table__more",
      cell: (row) => <RowDetails row={row} />,
    },
  ];

  const sortHeader = (header: string, sortKey: SortKey) => {
    const active = query.sort === sortKey;
    const nextDir = active && query.dir === "desc" ? "asc" : "desc";
    return (
      <Link
        to={billsSearch(query, { sort: sortKey, dir: nextDir, page: 1 })}
        className="sort-link"
        preventScrollReset
        title={t("sort.by", { column: header })}
      >
        {header}
        <span aria-hidden="true" className="sort-link__arrow">
          {active ? (query.dir === "asc" ? "▲" : "▼") : "↕"}
        </span>
      </Link>
    );
  };

  return (
    <div className="bills-table-wrap">
      <table className="table bills-table">
        <caption id="bills-caption">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t("columns.type")}</th>
            {columns.map((column) => {
              const active = column.sort && query.sort === column.sort;
              return (
                <th
                  key={column.id}
                  scope="col"
                  className={column.className}
                  aria-sort={
                    active ? (query.dir === "asc" ? "ascending" : "descending") : undefined
                  }
                >
                  {column.sort ? sortHeader(column.header, column.sort) : column.header}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className="bills-table__row">
              {/* The row's name for a screen reader: its type and number (the bill's link). */}
              <th scope="row" className="bills-table__type">
                <span className="bills-table__kind">{t(`types.${row.type}`)}</span>{" "}
                <Link to={invoiceHref(row.id)} className="bills-table__number">
                  {row.invoice_no}
                </Link>
              </th>
              {columns.map((column) => (
                <td
                  key={column.id}
                  className={column.className}
                  data-label={column.label ?? column.header}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** What no longer fits the row, one click away and without JavaScript (a native disclosure). */
function RowDetails({ row }: { row: ApiInvoice }) {
  const { t } = useTranslation(["bills", "sources"]);
  const facts: [string, ReactNode][] = [
    [t("columns.issueDate"), formatDate(row.issue_date)],
    [t("columns.consumptionPeriod"), period(row.consumption_from, row.consumption_to)],
    // Actual or estimated (issue #20); nothing for payments, credits and unknown rows.
    ...(row.consumption_source
      ? [
          [t("sources:bill.source"), t(`sources:bill.${row.consumption_source}`)] as [
            string,
            ReactNode,
          ],
        ]
      : []),
    [t("columns.paymentDate"), formatDate(row.payment_date)],
    [t("columns.previous"), <span className="amount">{formatAmount(row.ypoloipo)}</span>],
    [t("columns.total"), <span className="amount">{formatAmount(row.total)}</span>],
    [t("columns.businessPartner"), row.business_partner],
    [t("columns.contractAccount"), row.contract_account],
  ];
  return (
    <details className="bills-more">
      <summary>
        {t("row.more")}
        <span className="visually-hidden"> {t("row.moreOf", { number: row.invoice_no })}</span>
      </summary>
      <dl className="bills-more__facts">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
