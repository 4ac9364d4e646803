import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { ApiInvoice } from "../../../api/contract";
import { billsSearch, hasDocument, type BillsQuery, type SortKey } from "../../domain/bills";
import { formatAmount, formatDate } from "../../domain/format";
import { DownloadLink } from "./DownloadLink";
import { invoiceHref, invoicePdfHref } from "./links";

/**
 * The billing history table (spec §2 logariasmoi, §3 Invoice): the server already filtered,
 * sorted and paged the rows from the URL, so the table is plain HTML that works without
 * JavaScript, rendered from a column list (no table library in the browser: issue #8 budget).
 * Sortable headers are links that flip the direction and go back to page 1.
 */

const SORTABLE: Partial<Record<string, SortKey>> = { issue_date: "date", total_value: "amount" };
const NUMERIC = new Set(["remaining", "total_value", "total"]);

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
  cell: (row: ApiInvoice) => ReactNode;
}

export function BillsTable({
  rows,
  query,
  caption,
}: {
  rows: ApiInvoice[];
  query: BillsQuery;
  caption: string;
}) {
  const { t } = useTranslation("bills");
  const columns: Column[] = [
    { id: "type", header: t("columns.type"), cell: (row) => t(`types.${row.type}`) },
    {
      id: "invoice_no",
      header: t("columns.number"),
      cell: (row) => (
        <Link to={invoiceHref(row.id)} className="nowrap">
          {row.invoice_no}
        </Link>
      ),
    },
    {
      id: "issue_date",
      header: t("columns.issueDate"),
      cell: (row) => formatDate(row.issue_date),
    },
    {
      id: "billing_period",
      header: t("columns.billingPeriod"),
      cell: (row) => period(row.period_from, row.period_to),
    },
    {
      id: "consumption_period",
      header: t("columns.consumptionPeriod"),
      cell: (row) => period(row.consumption_from, row.consumption_to),
    },
    { id: "date_due", header: t("columns.dueDate"), cell: (row) => formatDate(row.date_due) },
    {
      id: "payment_date",
      header: t("columns.paymentDate"),
      cell: (row) => formatDate(row.payment_date),
    },
    {
      id: "remaining",
      header: t("columns.remaining"),
      cell: (row) => formatAmount(row.remaining),
    },
    {
      id: "total_value",
      header: t("columns.current"),
      cell: (row) => formatAmount(row.total_value),
    },
    { id: "total", header: t("columns.total"), cell: (row) => formatAmount(row.total) },
    {
      id: "business_partner",
      header: t("columns.businessPartner"),
      cell: (row) => row.business_partner,
    },
    {
      id: "contract_account",
      header: t("columns.contractAccount"),
      cell: (row) => row.contract_account,
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
  ];

  return (
    <div className="table-wrap" role="region" aria-labelledby="bills-caption" tabIndex={0}>
      <table className="table bills-table">
        <caption id="bills-caption">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => {
              const sortKey = SORTABLE[column.id];
              const active = sortKey && query.sort === sortKey;
              const nextDir = active && query.dir === "desc" ? "asc" : "desc";
              return (
                <th
                  key={column.id}
                  scope="col"
                  className={NUMERIC.has(column.id) ? "num" : undefined}
                  aria-sort={
                    active ? (query.dir === "asc" ? "ascending" : "descending") : undefined
                  }
                >
                  {sortKey ? (
                    <Link
                      to={billsSearch(query, { sort: sortKey, dir: nextDir, page: 1 })}
                      className="sort-link"
                      preventScrollReset
                      title={t("sort.by", { column: column.header })}
                    >
                      {column.header}
                      <span aria-hidden="true" className="sort-link__arrow">
                        {active ? (query.dir === "asc" ? "▲" : "▼") : "↕"}
                      </span>
                    </Link>
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              {columns.map((column) => (
                <td key={column.id} className={NUMERIC.has(column.id) ? "num nowrap" : undefined}>
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
