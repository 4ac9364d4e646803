import { describe, expect, it } from "vitest";
import {
  axisNumber,
  CHART_CACHE_ENTRIES,
  renderBarChart,
  renderOverviewCharts,
  tickTextWidth,
} from "./charts.server";

const spec = {
  id: "chart-amounts",
  title: "Ποσά τελευταίων λογαριασμών <εκκαθάρισης>",
  unit: "€",
  rows: [
    { label: "02/2026", amount: 80.5 },
    { label: "05/2026", amount: 1234.2 },
    { label: "08/2026", amount: 64 },
  ],
  series: [{ key: "amount", name: "Ποσό", tone: "primary" as const }],
};

describe("renderBarChart", () => {
  it("renders a static, named, scalable SVG with one bar per row", () => {
    const svg = renderBarChart(spec);
    expect(svg.startsWith("<svg")).toBe(true);
    expect(svg.endsWith("</svg>")).toBe(true);
    expect(svg).toContain('role="img"');
    expect(svg).toContain('aria-labelledby="chart-amounts-title"');
    expect(svg).toContain(
      '<title id="chart-amounts-title">Ποσά τελευταίων λογαριασμών &lt;εκκαθάρισης&gt;</title>',
    );
    expect(svg).toMatch(/viewBox="0 0 560 260"/);
    expect(svg).not.toMatch(/<svg[^>]*\swidth=/);
    expect(svg.match(/<path[^>]*class="chart-bar chart-bar--/g)).toHaveLength(3);
    expect(svg).toContain("1.050 €");
    expect(svg.match(/\sclass=/g)?.length).toBeGreaterThan(0);
    expect(svg).toMatch(/^<svg [^>]*class="recharts-surface chart__svg"/);
    expect(svg.slice(0, svg.indexOf(">")).match(/\sclass=/g)).toHaveLength(1);
    expect(svg).toContain("chart-bar--primary");
    expect(svg).not.toContain("<div");
  });

  it("drops recharts' prop noise and rounds coordinates, leaving text alone", () => {
    const svg = renderBarChart(spec);
    expect(svg).not.toMatch(/<path[^>]*\sradius=/);
    expect(svg).not.toMatch(/<line[^>]*\sorientation=/);
    expect(svg).not.toMatch(/\s(d|x|y|x1|y1|x2|y2)="[^"]*\d\.\d{2,}/);
    expect(svg).toContain('dy="0.71em"');
    expect(svg).toContain(">1.050 €<");
    expect(svg.length).toBeLessThan(6000);
  });

  it("is deterministic (stable ids, no animation), so server renders can be cached and compared", () => {
    expect(renderBarChart(spec)).toBe(renderBarChart(spec));
    expect(renderBarChart(spec)).toContain("chart-amounts-clip");
  });

  it("marks the bars of estimated rows (issue #20), wide and narrow", () => {
    for (const horizontal of [false, true]) {
      const svg = renderBarChart({ ...spec, id: `est-${horizontal}`, horizontal, estimated: [1] });
      const layer = svg.slice(svg.indexOf('class="chart-bar '));
      const bars = layer.match(/<path[^>]*>/g) ?? [];
      expect(bars).toHaveLength(3);
      expect(bars.map((bar) => bar.includes('class="chart-est"'))).toEqual([false, true, false]);
    }
    expect(renderBarChart(spec)).not.toContain("chart-est");
  });

  it("draws horizontal bars for narrow screens", () => {
    const svg = renderBarChart({ ...spec, id: "n", horizontal: true, width: 330, height: 140 });
    expect(svg).toMatch(/viewBox="0 0 330 140"/);
    expect(svg.match(/<path[^>]*class="chart-bar/g)).toHaveLength(3);
    expect(svg).toContain("05/2026");
  });

  it("stacks series when asked", () => {
    const svg = renderBarChart({
      ...spec,
      id: "chart-kwh",
      unit: "kWh",
      stacked: true,
      rows: spec.rows.map((r) => ({ label: r.label, day: 100, night: 50 })),
      series: [
        { key: "day", name: "Ημέρα", tone: "primary" },
        { key: "night", name: "Νύχτα", tone: "secondary" },
      ],
    });
    expect(svg.match(/<path[^>]*class="chart-bar/g)).toHaveLength(6);
    expect(svg).toContain("chart-bar--secondary");
  });

  it("formats axis numbers with dot thousands", () => {
    expect(axisNumber(1234567.4)).toBe("1.234.567");
    expect(axisNumber(-1500)).toBe("-1.500");
    expect(axisNumber(0)).toBe("0");
  });
});

describe("renderOverviewCharts", () => {
  const labels = {
    amountsTitle: "Ποσό",
    consumptionTitle: "Κατανάλωση",
    day: "Ημέρα",
    night: "Νύχτα",
    kwh: "kWh",
    amount: "Ποσό",
    yearKwhTitle: "Κατανάλωση πέρυσι/φέτος",
    yearAmountTitle: "Κόστος πέρυσι/φέτος",
    lastYear: "Πέρυσι",
    thisYear: "Φέτος",
  };
  const point = (periodTo: string, kwh: number) => ({
    periodTo,
    amount: kwh / 10,
    dayKwh: kwh - 100,
    nightKwh: 100,
    kwh,
  });

  it("draws amounts, day/night consumption and the year pair", () => {
    const charts = renderOverviewCharts(
      {
        history: { points: [point("2026-05-11", 900), point("2026-08-11", 1000)], hasNight: true },
        year: { current: point("2026-08-11", 1000), previous: point("2025-08-11", 800) },
      },
      labels,
    );
    expect(charts.amounts?.wide).toContain("08/2026");
    expect(charts.amounts?.narrow).toContain('aria-labelledby="chart-amounts-narrow-title"');
    expect(charts.consumption?.wide.match(/<path[^>]*class="chart-bar/g)).toHaveLength(4);
    expect(charts.consumption?.narrow.match(/<path[^>]*class="chart-bar/g)).toHaveLength(4);
    expect(charts.year?.kwh).toContain("08/2025");
    expect(charts.year?.amount).toContain('aria-labelledby="chart-year-amount-title"');
  });

  it("draws nothing without data, and no year chart without last year's period", () => {
    expect(renderOverviewCharts({ history: null, year: null }, labels)).toEqual({
      amounts: null,
      consumption: null,
      year: null,
    });
    const single = renderOverviewCharts(
      {
        history: { points: [point("2026-08-11", 500)], hasNight: false },
        year: { current: point("2026-08-11", 500), previous: null },
      },
      labels,
    );
    expect(single.year).toBeNull();
    expect(single.consumption?.wide).not.toContain("chart-bar--secondary");
  });
});

describe("the chart cache", () => {
  it("gives a repeated spec the same SVG, another spec its own, and survives eviction", () => {
    const first = renderBarChart({ ...spec, id: "cache-a" });
    expect(renderBarChart({ ...spec, id: "cache-a" })).toBe(first);
    // A different spec (other rows) is a different chart.
    const other = renderBarChart({ ...spec, id: "cache-a", rows: spec.rows.slice(0, 2) });
    expect(other).not.toBe(first);
    expect(other.match(/<path[^>]*class="chart-bar chart-bar--/g)).toHaveLength(2);
    for (let i = 0; i <= CHART_CACHE_ENTRIES; i++) {
      renderBarChart({ ...spec, id: `cache-fill-${i}`, rows: spec.rows.slice(0, 1) });
    }
    // Still correct after the oldest entries were dropped.
    expect(renderBarChart({ ...spec, id: "cache-a" })).toBe(first);
    // Renders CHART_CACHE_ENTRIES + 1 charts: seconds on a loaded 2-core machine, not a hang.
  }, 30_000);
});

describe("value axis room (issue #15)", () => {
  /** Every tick label's horizontal extent, from its anchor and its estimated width. */
  function tickExtents(svg: string): { text: string; left: number; right: number }[] {
    return [
      ...svg.matchAll(
        /<text[^>]*\sx="([\d.-]+)"[^>]*text-anchor="(\w+)"[^>]*><tspan[^>]*>([^<]*)<\/tspan>/g,
      ),
    ].map(([, x, anchor, text]) => {
      const width = tickTextWidth(text!);
      const at = Number(x);
      const left = anchor === "end" ? at - width : anchor === "middle" ? at - width / 2 : at;
      return { text: text!, left, right: left + width };
    });
  }
  const series = [
    { key: "day", name: "Ημέρα", tone: "primary" as const },
    { key: "night", name: "Νύχτα", tone: "secondary" as const },
  ];
  const cases = [
    { name: "household kWh", day: 900, night: 390 },
    { name: "business kWh", day: 9_800, night: 4_100 },
    { name: "large business kWh", day: 98_000, night: 41_000 },
  ];

  it.each(cases)(
    "#15 the consumption chart's axis labels are not clipped at 360 and 1280 px ($name)",
    ({ day, night }) => {
      const rows = ["08/2025", "11/2025", "02/2026"].map((label, i) => ({
        label,
        day: day - i * 50,
        night: night - i * 20,
      }));
      const base = { id: `room-${day}`, title: "kWh", unit: "kWh", stacked: true, rows, series };
      const narrow = renderBarChart({ ...base, horizontal: true, width: 330, height: 140 });
      const wide = renderBarChart(base);
      for (const [svg, width] of [
        [narrow, 330],
        [wide, 560],
      ] as const) {
        const ticks = tickExtents(svg);
        expect(ticks.some((t) => t.text.endsWith(" kWh"))).toBe(true);
        for (const t of ticks) {
          expect(t.left, `${t.text} starts inside the chart`).toBeGreaterThanOrEqual(0);
          expect(t.right, `${t.text} ends inside the chart`).toBeLessThanOrEqual(width);
        }
      }
    },
  );
});
