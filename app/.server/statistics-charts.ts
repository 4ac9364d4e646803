import { renderBarChart, type ChartSvg } from "./charts.server";
import { monthLabel, type MonthStat, type StatsUnit } from "../domain/statistics";

/**
 * The statistics page's two charts (consumption, cost per month), drawn on the server by the
 * shared recharts renderer: a wide SVG (vertical bars) and a narrow one (horizontal bars) for
 * phones; CSS shows one, and the page puts a table with the same numbers beside them.
 */
export interface StatisticsChartLabels {
  consumptionTitle: string;
  costTitle: string;
  consumption: string;
  cost: string;
}

export interface StatisticsCharts {
  consumption: ChartSvg;
  cost: ChartSvg;
}

/** "2026-11" → "11/26": short enough for 36 bars on one axis. */
const shortLabel = (month: string) => monthLabel(month).replace(/\/\d\d(\d\d)$/, "/$1");

function both(
  id: string,
  title: string,
  unit: string,
  rows: { label: string; value: number }[],
  name: string,
  estimated: number[],
): ChartSvg {
  const base = {
    title,
    unit,
    rows,
    ...(estimated.length > 0 ? { estimated } : {}),
    series: [{ key: "value", name, tone: "primary" as const }],
  };
  return {
    wide: renderBarChart({
      ...base,
      id: `${id}-wide`,
      width: Math.max(560, 100 + rows.length * 34),
      height: 280,
    }),
    narrow: renderBarChart({
      ...base,
      id: `${id}-narrow`,
      horizontal: true,
      width: 340,
      height: 40 + rows.length * 26,
    }),
  };
}

export function renderStatisticsCharts(
  months: readonly MonthStat[],
  unit: StatsUnit,
  labels: StatisticsChartLabels,
): StatisticsCharts | null {
  if (!months.some((m) => m.consumption !== null || m.cost !== null)) return null;
  const estimated = months.flatMap((m, index) => (m.estimated ? [index] : []));
  return {
    consumption: both(
      "stats-consumption",
      labels.consumptionTitle,
      unit,
      months.map((m) => ({ label: shortLabel(m.month), value: m.consumption ?? 0 })),
      labels.consumption,
      estimated,
    ),
    cost: both(
      "stats-cost",
      labels.costTitle,
      "€",
      months.map((m) => ({ label: shortLabel(m.month), value: m.cost ?? 0 })),
      labels.cost,
      estimated,
    ),
  };
}
