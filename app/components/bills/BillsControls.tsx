import { INVOICE_TYPES } from "../../../core/invoice-types";
import { pageWindow, type Page } from "../../domain/paging";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { FilterSelect } from "../form/PlainField";
import { billsSearch, PAGE_SIZES, type BillsQuery } from "../../domain/bills";

/**
 * Filters as a GET form: the choices land in the URL (bookmarkable, back button works, no JS
 * needed). The current sort travels along in hidden fields; a new filter starts at page 1.
 */
export function BillsFilters({ query, years }: { query: BillsQuery; years: number[] }) {
  const { t } = useTranslation("bills");
  const filtered = query.type !== null || query.year !== null;
  return (
    <Form method="get" className="bills-filters" preventScrollReset aria-label={t("filters.title")}>
      {query.sort !== "date" ? <input type="hidden" name="sort" value={query.sort} /> : null}
      {query.dir !== "desc" ? <input type="hidden" name="dir" value={query.dir} /> : null}
      <FilterSelect
        id="bills-type"
        name="type"
        label={t("filters.type")}
        defaultValue={query.type ?? ""}
        options={[
          { value: "", label: t("filters.allTypes") },
          ...INVOICE_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) })),
        ]}
      />
      <FilterSelect
        id="bills-year"
        name="year"
        label={t("filters.year")}
        defaultValue={query.year ? String(query.year) : ""}
        options={[
          { value: "", label: t("filters.allYears") },
          ...years.map((year) => ({ value: year, label: String(year) })),
        ]}
      />
      <FilterSelect
        id="bills-size"
        name="size"
        label={t("filters.size")}
        defaultValue={String(query.size)}
        options={PAGE_SIZES.map((size) => ({ value: size, label: String(size) }))}
      />
      <div className="bills-filters__actions">
        <button type="submit" className="btn">
          {t("filters.apply")}
        </button>
        {filtered ? (
          <Link
            to={billsSearch({ ...query, type: null, year: null, page: 1 })}
            className="btn-link"
            preventScrollReset
          >
            {t("filters.reset")}
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

/** Page links (first, last, neighbours) with previous/next; the current page is not a link. */
export function BillsPager({ query, page }: { query: BillsQuery; page: Page<unknown> }) {
  const { t } = useTranslation("bills");
  if (page.total === 0) return null;
  const to = (p: number) => billsSearch(query, { page: p }) || "?";
  return (
    <nav className="pager" aria-label={t("pager.label")}>
      <p className="pager__status">
        {t("pager.status", { page: page.page, pages: page.pageCount })} ·{" "}
        {t("history.range", { from: page.from, to: page.to, total: page.total })}
      </p>
      {page.pageCount > 1 ? (
        <ul className="pager__list">
          <li>
            {page.page > 1 ? (
              <Link to={to(page.page - 1)} rel="prev" preventScrollReset className="pager__link">
                {t("pager.previous")}
              </Link>
            ) : (
              <span className="pager__link pager__link--disabled" aria-disabled="true">
                {t("pager.previous")}
              </span>
            )}
          </li>
          {pageWindow(page.page, page.pageCount).map((p, i) =>
            p === null ? (
              <li key={`gap-${i}`} aria-hidden="true" className="pager__gap">
                …
              </li>
            ) : (
              <li key={p}>
                {p === page.page ? (
                  <span className="pager__link pager__link--current" aria-current="page">
                    <span className="visually-hidden">{t("pager.page", { page: p })}</span>
                    <span aria-hidden="true">{p}</span>
                  </span>
                ) : (
                  <Link
                    to={to(p)}
                    preventScrollReset
                    className="pager__link"
                    aria-label={t("pager.page", { page: p })}
                  >
                    {p}
                  </Link>
                )}
              </li>
            ),
          )}
          <li>
            {page.page < page.pageCount ? (
              <Link to={to(page.page + 1)} rel="next" preventScrollReset className="pager__link">
                {t("pager.next")}
              </Link>
            ) : (
              <span className="pager__link pager__link--disabled" aria-disabled="true">
                {t("pager.next")}
              </span>
            )}
          </li>
        </ul>
      ) : null}
    </nav>
  );
}
