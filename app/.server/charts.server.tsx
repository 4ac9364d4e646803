import { renderToStaticMarkup } from "react-dom/server";
import { Bar, BarChart, CartesianGrid, Cell, XAxis, YAxis } from "recharts";
import { formatInteger } from "../domain/format";

/**
 * Charts as SVG strings, rendered on the server only. recharts (2.15.x: 3.x renders nothing on the
 * server) is imported from this `.server` module alone, so React Router keeps it out of every
 * browser bundle; a page gets a finished <svg> string from its loader and places it with
 * dangerouslySetInnerHTML inside a <figure>, next to a <table> with the same numbers.
 * `scripts/check-client-bundle.ts` fails if recharts code ever reaches build/client.
 *
 * The SVG is static: no animation, fixed size with a viewBox (CSS scales it to the column), no
 * tooltips (the table carries the values). Bar colours come from CSS classes (`chart-bar--*`) so
 * they follow the skin; the `fill` attributes are only the fallback.
 */

export interface ChartSeries {
  key: string;
  /** Legend / table column name, already translated. */
  name: string;
  /** CSS modifier of the bar layer: `chart-bar--${tone}`. */
  tone: "primary" | "secondary" | "muted";
}

export interface ChartRow {
  label: string;
  [series: string]: number | string;
}

export interface BarChartSpec {
  /** Stable id: recharts derives its clip-path ids from it, and figure captions point to it. */
  id: string;
  /** Accessible name of the SVG (the figure's caption says the same). */
  title: string;
  rows: ChartRow[];
  series: ChartSeries[];
  stacked?: boolean;
  /** Horizontal bars (categories down the side), for narrow screens. */
  horizontal?: boolean;
  /** Unit shown on the value axis ticks, e.g. "€" or "kWh". */
  unit: string;
  /**
   * Indexes of rows whose figures are estimated (issue #20): their bars get `chart-est` (lighter,
   * dashed outline). Left out when there are none, so the cached SVGs of other charts stay.
   */
  estimated?: number[];
  width?: number;
  height?: number;
}

const FALLBACK_FILL: Record<ChartSeries["tone"], string> = {
  primary: "#0b5cad",
  secondary: "#e07a00",
  muted: "#6b7280",
};

/** Axis ticks: whole numbers with dot thousands (the spec's number style), no decimals. */
export function axisNumber(value: number): string {
  return formatInteger(value);
}

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
};
const escapeAttr = (text: string) => text.replace(/[&<>"]/g, (c) => ESCAPES[c] ?? c);

/**
 * Keeps only the <svg> of recharts' output (its wrapper <div> carries inline positioning meant for
 * a live chart), makes it scale with CSS, and names it for assistive technology.
 */
export function extractSvg(markup: string, spec: Pick<BarChartSpec, "id" | "title">): string {
  const start = markup.indexOf("<svg");
  const end = markup.lastIndexOf("</svg>");
  if (start < 0 || end < 0) throw new Error(`chart ${spec.id}: recharts rendered no <svg>`);
  const svg = markup.slice(start, end + "</svg>".length);
  const titleId = `${spec.id}-title`;
  return svg
    .replace(/^<svg([^>]*)>/, (_, attrs: string) => {
      const rest = attrs.replace(/\s(width|height|style|role|class)="[^"]*"/g, "").trim();
      return (
        `<svg ${rest} class="recharts-surface chart__svg" role="img" aria-labelledby="${titleId}" focusable="false">` +
        `<title id="${titleId}">${escapeAttr(spec.title)}</title>`
      );
    })
    .replace(/<title>[^<]*<\/title>|<desc>[^<]*<\/desc>/g, "")
    .replace(/<(path|line|text|tspan|rect)\b([^>]*)>/g, (_, tag: string, attrs: string) => {
      return `<${tag}${slimAttributes(tag, attrs)}>`;
    })
    .replace(/<(g|path|line|text)\b([^>]*)>/g, (_, tag: string, attrs: string) => {
      return `<${tag}${dropRechartsClasses(attrs)}>`;
    });
}

/** recharts' own class names style nothing here (no recharts CSS is loaded); ours stay. */
function dropRechartsClasses(attrs: string): string {
  return attrs.replace(/\sclass="([^"]*)"/, (_, value: string) => {
    const kept = value
      .split(/\s+/)
      .filter((c) => c && !c.startsWith("recharts-") && c !== "xAxis" && c !== "yAxis");
    return kept.length > 0 ? ` class="${kept.join(" ")}"` : "";
  });
}

/** Attributes recharts copies from its props onto SVG elements, where they mean nothing. */
const NOISE: Record<string, RegExp> = {
  path: /\s(x|y|width|height|radius|name)="[^"]*"/g,
  line: /\s(orientation|width|height|x|y)="[^"]*"/g,
  text: /\s(orientation|width|height|stroke)="[^"]*"/g,
  tspan: /$^/g,
  rect: /$^/g,
};
const GEOMETRY = /\s(d|x|y|x1|y1|x2|y2|width|height)="([^"]*)"/g;

/**
 * Drops recharts' meaningless attributes and rounds coordinates to 0.1 px: the SVG is sent twice
 * (HTML and hydration data), so every byte counts double. Text content is never touched.
 */
function slimAttributes(tag: string, attrs: string): string {
  return attrs
    .replace(NOISE[tag] ?? /$^/g, "")
    .replace(GEOMETRY, (_, name: string, value: string) => {
      const rounded = value.replace(/-?\d+\.\d{2,}/g, (n) =>
        String(Math.round(Number(n) * 10) / 10),
      );
      return ` ${name}="${rounded}"`;
    });
}

/**
 * Rendered SVGs by their spec, per isolate. A render is a pure function of the spec (the test
 * "is deterministic" holds it to that) and recharts' server render is the single largest cost of
 * the overview (about 2 ms a chart, six charts a page: bench/README.md). A supply's charts change
 * once a billing period, so the same customer's next visit, and every supply sharing a tariff
 * history shape, is served from here. Bounded: the oldest entry goes first (Map keeps insertion
 * order; a hit is moved to the end).
 */
const rendered = new Map<string, string>();
export const CHART_CACHE_ENTRIES = 500;

/** A bar chart (grouped or stacked) as an SVG string. */
export function renderBarChart(spec: BarChartSpec): string {
  const key = JSON.stringify(spec);
  const hit = rendered.get(key);
  if (hit !== undefined) {
    rendered.delete(key);
    rendered.set(key, hit);
    return hit;
  }
  const svg = drawBarChart(spec);
  rendered.set(key, svg);
  if (rendered.size > CHART_CACHE_ENTRIES) {
    const oldest = rendered.keys().next().value;
    if (oldest !== undefined) rendered.delete(oldest);
  }
  return svg;
}

/** Font size of the axis ticks, in SVG units. */
const TICK_FONT = 13;

/**
 * Advance widths (em) of the characters a value tick uses, taken from DejaVu Sans, the widest of
 * the portal's font stack (system-ui and Roboto are narrower): an estimate that errs on the roomy
 * side. Anything else counts as a wide letter.
 */
const EM: Record<string, number> = {
  ".": 0.318,
  ",": 0.318,
  " ": 0.318,
  "-": 0.361,
  "€": 0.636,
  k: 0.579,
  W: 0.989,
  h: 0.634,
};
const DIGIT_EM = 0.636;
const OTHER_EM = 0.7;

/** Estimated width of a tick label in SVG units. */
export function tickTextWidth(text: string, fontSize = TICK_FONT): number {
  let em = 0;
  for (const char of text) em += /\d/.test(char) ? DIGIT_EM : (EM[char] ?? OTHER_EM);
  return em * fontSize;
}

/**
 * The longest value tick a chart can show ("1.350 kW…" was cut off): recharts rounds
 * the axis up to a "nice" value, at most about half as much again as the data's largest bar, so
 * the widest label has as many digits as 1.5 × that bar, all of them wide. Stacked series add up.
 */
export function longestValueTick(spec: Pick<BarChartSpec, "rows" | "series" | "stacked" | "unit">) {
  let high = 0;
  let low = 0;
  for (const row of spec.rows) {
    const values = spec.series.map((series) => Number(row[series.key]) || 0);
    const up = spec.stacked
      ? values.filter((v) => v > 0).reduce((a, b) => a + b, 0)
      : Math.max(0, ...values);
    const down = spec.stacked
      ? values.filter((v) => v < 0).reduce((a, b) => a + b, 0)
      : Math.min(0, ...values);
    high = Math.max(high, up);
    low = Math.min(low, down);
  }
  const widest = (value: number) => {
    const digits = String(Math.max(1, Math.ceil(value * 1.5))).length;
    return axisNumber(Number("8".repeat(digits)));
  };
  const candidates = [`${widest(high)} ${spec.unit}`];
  if (low < 0) candidates.push(`-${widest(-low)} ${spec.unit}`);
  return candidates.reduce((a, b) => (tickTextWidth(b) > tickTextWidth(a) ? b : a));
}

/**
 * Room for the value ticks: the vertical chart's y axis is as wide as its longest label plus the
 * tick mark; the horizontal chart's last x tick is centred on the plot's right edge, so half of
 * it hangs into the right margin.
 */
export function valueAxisRoom(spec: Pick<BarChartSpec, "rows" | "series" | "stacked" | "unit">) {
  const text = tickTextWidth(longestValueTick(spec));
  return {
    yAxisWidth: Math.max(48, Math.ceil(text + 14)),
    rightMargin: Math.max(12, Math.ceil(text / 2 + 6)),
  };
}

function drawBarChart(spec: BarChartSpec): string {
  const width = spec.width ?? 560;
  const height = spec.height ?? 260;
  const tick = { fill: "#3b4250", fontSize: TICK_FONT };
  const valueTick = (value: number) => `${axisNumber(value)} ${spec.unit}`;
  const room = valueAxisRoom(spec);
  const bars = spec.series.map((series) => (
    <Bar
      key={series.key}
      dataKey={series.key}
      name={series.name}
      stackId={spec.stacked ? "stack" : undefined}
      fill={FALLBACK_FILL[series.tone]}
      className={`chart-bar chart-bar--${series.tone}`}
      isAnimationActive={false}
    >
      {spec.estimated?.length
        ? spec.rows.map((row, index) => (
            <Cell
              key={row.label + index}
              className={spec.estimated?.includes(index) ? "chart-est" : undefined}
            />
          ))
        : null}
    </Bar>
  ));
  const markup = renderToStaticMarkup(
    spec.horizontal ? (
      // Bars along the x axis, one row per category: readable on a 360px phone.
      <BarChart
        id={spec.id}
        width={width}
        height={height}
        data={spec.rows}
        layout="vertical"
        margin={{ top: 4, right: room.rightMargin, bottom: 4, left: 4 }}
        barCategoryGap="18%"
      >
        <CartesianGrid horizontal={false} stroke="#d4d8dd" />
        <XAxis
          type="number"
          stroke="#5b6470"
          tick={tick}
          tickFormatter={valueTick}
          allowDecimals={false}
          tickCount={4}
        />
        <YAxis
          type="category"
          dataKey="label"
          width={64}
          tickLine={false}
          stroke="#5b6470"
          tick={tick}
          interval={0}
        />
        {bars}
      </BarChart>
    ) : (
      <BarChart
        id={spec.id}
        width={width}
        height={height}
        data={spec.rows}
        margin={{ top: 12, right: 12, bottom: 4, left: 4 }}
        barCategoryGap="22%"
      >
        <CartesianGrid vertical={false} stroke="#d4d8dd" />
        <XAxis dataKey="label" tickLine={false} stroke="#5b6470" tick={tick} interval={0} />
        <YAxis
          width={room.yAxisWidth}
          stroke="#5b6470"
          tick={tick}
          tickFormatter={valueTick}
          allowDecimals={false}
        />
        {bars}
      </BarChart>
    ),
  );
  return extractSvg(markup, spec);
}

// ---------------------------------------------------------------------------------------------
// The overview's charts

/** The strings the overview's charts need, already in the page's language. */
export interface OverviewChartLabels {
  amountsTitle: string;
  consumptionTitle: string;
  day: string;
  night: string;
  kwh: string;
  amount: string;
  yearKwhTitle: string;
  yearAmountTitle: string;
  lastYear: string;
  thisYear: string;
}

interface Point {
  periodTo: string;
  /** The bill's consumption is estimated: its bars are drawn lighter and dashed. */
  estimated?: boolean;
  amount: number;
  dayKwh: number;
  nightKwh: number;
  kwh: number;
}

/** "2026-11-11" → "11/2026": the month a billing period ends in. */
function monthLabel(isoDate: string): string {
  const [y, m] = isoDate.slice(0, 10).split("-");
  return `${m}/${y}`;
}

/** Each chart twice: wide (vertical bars) and narrow (horizontal bars); CSS shows one. */
export interface ChartSvg {
  wide: string;
  narrow: string;
}

export interface OverviewCharts {
  amounts: ChartSvg | null;
  consumption: ChartSvg | null;
  year: { kwh: string; amount: string } | null;
}

const NARROW_WIDTH = 330;
const narrowHeight = (rows: number) => 36 + rows * 34;

function both(spec: BarChartSpec): ChartSvg {
  return {
    wide: renderBarChart(spec),
    narrow: renderBarChart({
      ...spec,
      id: `${spec.id}-narrow`,
      horizontal: true,
      width: NARROW_WIDTH,
      height: narrowHeight(spec.rows.length),
    }),
  };
}

/**
 * The last six Clearance invoices (amount; consumption, day/night stacked when the supply has a
 * night tariff) and the year-on-year pair (consumption, cost). Empty inputs give null charts.
 */
export function renderOverviewCharts(
  input: {
    history: { points: Point[]; hasNight: boolean } | null;
    year: { current: Point; previous: Point | null } | null;
  },
  labels: OverviewChartLabels,
): OverviewCharts {
  const history = input.history;
  const estimated = history?.points.flatMap((p, index) => (p.estimated ? [index] : []));
  const marks = estimated?.length ? { estimated } : {};
  const amounts = history
    ? both({
        id: "chart-amounts",
        title: labels.amountsTitle,
        unit: "€",
        ...marks,
        rows: history.points.map((p) => ({ label: monthLabel(p.periodTo), amount: p.amount })),
        series: [{ key: "amount", name: labels.amount, tone: "primary" }],
      })
    : null;
  const consumption = history
    ? both({
        id: "chart-consumption",
        title: labels.consumptionTitle,
        unit: "kWh",
        ...marks,
        stacked: history.hasNight,
        rows: history.points.map((p): ChartRow =>
          history.hasNight
            ? { label: monthLabel(p.periodTo), day: p.dayKwh, night: p.nightKwh }
            : { label: monthLabel(p.periodTo), kwh: p.kwh },
        ),
        series: history.hasNight
          ? [
              { key: "day", name: labels.day, tone: "primary" },
              { key: "night", name: labels.night, tone: "secondary" },
            ]
          : [{ key: "kwh", name: labels.kwh, tone: "primary" }],
      })
    : null;

  const { year } = input;
  let yearCharts: OverviewCharts["year"] = null;
  if (year?.previous) {
    const previous = year.previous;
    const pair = (key: "kwh" | "amount") => [
      { label: monthLabel(previous.periodTo), value: previous[key] },
      { label: monthLabel(year.current.periodTo), value: year.current[key] },
    ];
    yearCharts = {
      kwh: renderPairChart("chart-year-kwh", labels.yearKwhTitle, "kWh", pair("kwh"), labels),
      amount: renderPairChart(
        "chart-year-amount",
        labels.yearAmountTitle,
        "€",
        pair("amount"),
        labels,
      ),
    };
  }
  return { amounts, consumption, year: yearCharts };
}

/** Two bars, last year (muted) and this year (primary): two series so each bar gets its colour. */
function renderPairChart(
  id: string,
  title: string,
  unit: string,
  rows: { label: string; value: number }[],
  labels: Pick<OverviewChartLabels, "lastYear" | "thisYear">,
): string {
  return renderBarChart({
    id,
    title,
    unit,
    width: 300,
    height: 240,
    stacked: true,
    rows: rows.map((row, index) => ({
      label: row.label,
      previous: index === 0 ? row.value : 0,
      current: index === 1 ? row.value : 0,
    })),
    series: [
      { key: "previous", name: labels.lastYear, tone: "muted" },
      { key: "current", name: labels.thisYear, tone: "primary" },
    ],
  });
}
