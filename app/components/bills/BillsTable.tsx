import { createColumnHelper, flexRender, tableFeatures, useTable } from "@tanstack/react-table";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { ApiInvoice } from "../../../api/contract";
import { billsSearch, hasDocument, type BillsQuery, type SortKey } from "../../domain/bills";
import { formatAmount, formatDate } from "../../domain/format";
import { DownloadLink } from "./DownloadLink";
import { invoiceHref, invoicePdfHref } from "./links";

/**
 * The billing history table (spec §2 logariasmoi, §3 Invoice): @tanstack/react-table's core
 * only (no client-side row models): the server already filtered, sorted and paged the rows
 * from the URL, so the table is plain HTML that works without JavaScript. Sortable headers
 * are links that flip the direction and go back to page 1.
 */

const features = tableFeatures({});
const helper = createColumnHelper<typeof features, ApiInvoice>();

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
  const columns = useMemo(
    () =>
      helper.columns([
        helper.accessor("type", {
          header: t("columns.type"),
          cell: (info) => t(`types.${info.getValue()}`),
        }),
        helper.accessor("invoice_no", {
          header: t("columns.number"),
          cell: (info) => (
            <Link to={invoiceHref(info.row.original.id)} className="nowrap">
              {info.getValue()}
            </Link>
          ),
        }),
        helper.accessor("issue_date", {
          header: t("columns.issueDate"),
          cell: (info) => formatDate(info.getValue()),
        }),
        helper.display({
          id: "billing_period",
          header: t("columns.billingPeriod"),
          cell: (info) => period(info.row.original.period_from, info.row.original.period_to),
        }),
        helper.display({
          id: "consumption_period",
          header: t("columns.consumptionPeriod"),
          cell: (info) =>
            period(info.row.original.consumption_from, info.row.original.consumption_to),
        }),
        helper.accessor("date_due", {
          header: t("columns.dueDate"),
          cell: (info) => formatDate(info.getValue()),
        }),
        helper.accessor("payment_date", {
          header: t("columns.paymentDate"),
          cell: (info) => formatDate(info.getValue()),
        }),
        helper.accessor("remaining", {
          header: t("columns.remaining"),
          cell: (info) => formatAmount(info.getValue()),
        }),
        helper.accessor("total_value", {
          header: t("columns.current"),
          cell: (info) => formatAmount(info.getValue()),
        }),
        helper.accessor("total", {
          header: t("columns.total"),
          cell: (info) => formatAmount(info.getValue()),
        }),
        helper.accessor("business_partner", { header: t("columns.businessPartner") }),
        helper.accessor("contract_account", { header: t("columns.contractAccount") }),
        helper.display({
          id: "document",
          header: t("columns.document"),
          cell: (info) => {
            const row = info.row.original;
            return hasDocument(row) ? (
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
            );
          },
        }),
      ]),
    [t],
  );
  const table = useTable({ features, columns, data: rows, getRowId: (row) => String(row.id) });

  return (
    <div className="table-wrap" role="region" aria-labelledby="bills-caption" tabIndex={0}>
      <table className="table bills-table">
        <caption id="bills-caption">{caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sortKey = SORTABLE[header.column.id];
                const active = sortKey && query.sort === sortKey;
                const label = flexRender(header.column.columnDef.header, header.getContext());
                const nextDir = active && query.dir === "desc" ? "asc" : "desc";
                return (
                  <th
                    key={header.id}
                    scope="col"
                    className={NUMERIC.has(header.column.id) ? "num" : undefined}
                    aria-sort={
                      active ? (query.dir === "asc" ? "ascending" : "descending") : undefined
                    }
                  >
                    {sortKey ? (
                      <Link
                        to={billsSearch(query, { sort: sortKey, dir: nextDir, page: 1 })}
                        className="sort-link"
                        preventScrollReset
                        title={t("sort.by", { column: String(header.column.columnDef.header) })}
                      >
                        {label}
                        <span aria-hidden="true" className="sort-link__arrow">
                          {active ? (query.dir === "asc" ? "▲" : "▼") : "↕"}
                        </span>
                      </Link>
                    ) : (
                      label
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id}>
              {row.getAllCells().map((cell) => (
                <td
                  key={cell.id}
                  className={NUMERIC.has(cell.column.id) ? "num nowrap" : undefined}
                >
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
