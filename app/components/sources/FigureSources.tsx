import { useTranslation } from "react-i18next";
import { href } from "react-router";
import type { Staleness } from "../../../core/figure-sources";
import { formatDate } from "../../domain/format";

/**
 * Where a figure comes from (issue #20, core/figure-sources.ts). Strings from the `sources`
 * namespace: a page lists the parts it shows in its handle ("sources.chart", "sources.stale").
 */

/** " (Estimated)" after a period or month in a chart's data table; nothing for an actual one. */
export function EstimatedMark({ estimated }: { estimated: boolean }) {
  const { t } = useTranslation("sources");
  return estimated ? <> {t("chart.estimated")}</> : null;
}

/**
 * The supply's newest actual reading predates its billing period: say so, with the reading's
 * date, and link to the reading page while the customer may send one (`link` false on that page).
 */
export function StaleNotice({ staleness, link = true }: { staleness: Staleness; link?: boolean }) {
  const { t } = useTranslation("sources");
  if (!staleness.stale) return null;
  return (
    <p className="alert alert--warning" data-testid="stale-notice">
      {t("stale.body", {
        date: formatDate(staleness.lastActual),
        from: formatDate(staleness.periodFrom),
      })}
      {link && staleness.canSubmit ? (
        <>
          {" "}
          <a href={href("/b2b/kataxorisi")}>{t("stale.submit")}</a>
        </>
      ) : null}
    </p>
  );
}
