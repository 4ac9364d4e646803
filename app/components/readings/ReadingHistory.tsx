import { useTranslation } from "react-i18next";
import { DayNightCells, useDayNightColumns } from "./DayNight";
import { TableHead } from "../TableHead";
import { useLocation } from "react-router";
import { formatDate, formatInteger } from "../../domain/format";
import { PAGE_SIZES, type HistoryRow, type Paging } from "../../domain/readings";
import { TitledCard } from "../TitledCard";

/** Links keep the other query parameters (and drop the one-shot "saved" confirmation). */
function pageHref(search: string, page: number, size: number): string {
  const params = new URLSearchParams(search);
  params.delete("saved");
  params.set("page", String(page));
  params.set("size", String(size));
  return `?${params.toString()}#history-title`;
}

/** A value, struck through when the customer corrected it (<s>: no longer accurate). */
function struck(corrected: boolean, value: number | null) {
  const text = value === null ? "-" : formatInteger(value);
  return corrected && value !== null ? <s>{text}</s> : text;
}

/** The supply's whole reading history, paged in the URL (?page=&size=). */
export function ReadingHistory({
  rows,
  paging,
  hasNight,
}: {
  rows: HistoryRow[];
  paging: Paging;
  hasNight: boolean;
}) {
  const { t } = useTranslation(["readings", "sources"]);
  const source = t("sources:reading.source");
  const dayNight = useDayNightColumns(hasNight);
  const { search } = useLocation();
  const first = paging.total === 0 ? 0 : (paging.page - 1) * paging.size + 1;
  const last = Math.min(paging.total, paging.page * paging.size);
  return (
    <TitledCard id="history-title" title={t("history.title")}>
      {rows.length === 0 ? (
        <p className="muted">{t("history.none")}</p>
      ) : (
        <>
          <div className="rd-fit">
            <table className="table rd-stack">
              <caption className="visually-hidden">
                {t("history.caption", { first, last, total: paging.total })}
              </caption>
              <TableHead columns={[{ label: t("date") }, ...dayNight, { label: source }]} />
              <tbody>
                {rows.map((row) => (
                  <tr key={row.key} className={row.corrected ? "rd-corrected" : undefined}>
                    <td data-label={t("date")}>{formatDate(row.date)}</td>
                    <DayNightCells
                      hasNight={hasNight}
                      day={struck(row.corrected, row.day)}
                      night={struck(row.corrected, row.night)}
                    />
                    <td data-label={source}>
                      {t(`sources:reading.${row.source}`)}
                      {row.corrected ? (
                        <>
                          {" "}
                          <span className="badge badge--warning">{t("history.corrected")}</span>
                        </>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav className="rd-pager" aria-label={t("history.pages")}>
            <p className="muted">{t("history.showing", { first, last, total: paging.total })}</p>
            <ul>
              {paging.page > 1 ? (
                <li>
                  <a
                    className="btn btn--secondary btn--small"
                    href={pageHref(search, paging.page - 1, paging.size)}
                  >
                    {t("history.previous")}
                  </a>
                </li>
              ) : null}
              <li>
                <span aria-current="page">
                  {t("history.page", { page: paging.page, count: paging.pageCount })}
                </span>
              </li>
              {paging.page < paging.pageCount ? (
                <li>
                  <a
                    className="btn btn--secondary btn--small"
                    href={pageHref(search, paging.page + 1, paging.size)}
                  >
                    {t("history.next")}
                  </a>
                </li>
              ) : null}
            </ul>
            <ul aria-label={t("history.perPage")}>
              {PAGE_SIZES.map((size) => (
                <li key={size}>
                  {size === paging.size ? (
                    <span aria-current="true" className="rd-size rd-size--current">
                      {t("history.size", { size })}
                    </span>
                  ) : (
                    <a className="rd-size" href={pageHref(search, 1, size)}>
                      {t("history.size", { size })}
                    </a>
                  )}
                </li>
              ))}
            </ul>
          </nav>
        </>
      )}
    </TitledCard>
  );
}
