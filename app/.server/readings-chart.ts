import { renderBarChart } from "./charts.server";
import type { ConsumptionPeriod } from "../domain/readings";
import { formatDate } from "../domain/format";

/**
 * The consumption chart of the reading page, drawn on the server by the shared recharts renderer
 * (app/.server/charts.server.tsx): a wide SVG with vertical bars and a narrow one with horizontal
 * bars for phones; CSS shows one. The page puts a table with the same numbers beside it.
 */
export interface ReadingChartLabels {
  title: string;
  day: string;
  night: string;
}

export interface ReadingChart {
  wide: string;
  narrow: string;
}

/** "2026-03-05" → "03/26": short enough for twelve bars on one axis. */
const shortLabel = (date: string) =>
  formatDate(date)
    .slice(3)
    .replace(/\/\d\d(\d\d)$/, "/$1");

export function renderConsumptionChart(
  periods: ConsumptionPeriod[],
  labels: ReadingChartLabels,
): ReadingChart | null {
  if (periods.length === 0) return null;
  const hasNight = periods.some((p) => p.night !== null);
  const rows = periods.map((p) => ({ label: shortLabel(p.to), day: p.day, night: p.night ?? 0 }));
  const series = hasNight
    ? [
        { key: "day", name: labels.day, tone: "primary" as const },
        { key: "night", name: labels.night, tone: "secondary" as const },
      ]
    : [{ key: "day", name: labels.day, tone: "primary" as const }];
  // Periods that end or start on an estimated reading: lighter, dashed bars (issue #20).
  const estimated = periods.flatMap((p, index) => (p.estimated ? [index] : []));
  const base = {
    title: labels.title,
    unit: "kWh",
    rows,
    series,
    stacked: hasNight,
    ...(estimated.length ? { estimated } : {}),
  };
  return {
    wide: renderBarChart({ ...base, id: "reading-chart-wide", width: 620, height: 260 }),
    narrow: renderBarChart({
      ...base,
      // No unit on the phone's axis: "1.650 kWh" at the axis end was clipped at 360 px; the
      // caption and the legend say kWh.
      unit: "",
      id: "reading-chart-narrow",
      horizontal: true,
      width: 340,
      height: Math.max(160, 40 + rows.length * 30),
    }),
  };
}
