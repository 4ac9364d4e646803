import { formatDate } from "../../domain/format";
import "./dashboard.css";
import { ServerHtml, type HtmlSlot } from "../ServerHtml";
import { TableHead } from "../TableHead";
import { TableRegion } from "../TableRegion";

/**
 * A server-rendered chart (an SVG string made by app/.server/charts.server.tsx in the loader) in a
 * <figure>, and beside it a real table with the same numbers: for screen readers, for people who
 * prefer numbers, and for anyone whose browser does not draw the SVG. No chart code runs here.
 */
export interface DataTable {
  caption: string;
  /** Header of the first column (the row headers, e.g. the billing period). */
  rowHeader: string;
  columns: React.ReactNode[];
  rows: { key: string; header: React.ReactNode; cells: string[] }[];
}

export interface LegendItem {
  label: string;
  /** "estimated": the lighter, dashed bars of estimated periods (issue #20). */
  tone: "primary" | "secondary" | "muted" | "estimated";
}

export function ChartWithTable({
  id,
  caption,
  svg,
  legend,
  table,
  foldTable = false,
}: {
  id: string;
  caption: string;
  /** Wide (vertical bars) and narrow (horizontal bars) renderings; CSS shows one. */
  svg: { wide: HtmlSlot; narrow: HtmlSlot };
  legend?: LegendItem[];
  table: DataTable;
  /**
   * The table folded behind its caption (<details>, opens without JavaScript): the overview keeps
   * the chart in view and the figures one click away (#35 §6: a shorter phone overview).
   */
  foldTable?: boolean;
}) {
  const region = (
    /* Below 480 px each period reads as a block of label/value lines (.table--stack): every
       amount stays in view at 320 px (#35 §6); narrower still, the region scrolls sideways. */
    <TableRegion
      id={`${id}-table`}
      caption={table.caption}
      captionHidden={foldTable}
      className="table table--compact table--stack"
      wrapClassName="chart-block__table"
    >
      <TableHead
        columns={[
          { label: table.rowHeader },
          ...table.columns.map((label) => ({ label, num: true })),
        ]}
      />
      <tbody>
        {table.rows.map((row) => (
          <tr key={row.key}>
            <th scope="row">{row.header}</th>
            {row.cells.map((cell, index) => (
              <td key={index} className="num" data-label={table.columns[index]}>
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </TableRegion>
  );
  return (
    <div className="chart-block">
      <figure className="chart">
        <ServerHtml slot={svg.wide} className="chart__canvas chart__canvas--wide" />
        <ServerHtml slot={svg.narrow} className="chart__canvas chart__canvas--narrow" />
        {legend && legend.length > 1 ? (
          <ul className="chart__legend" aria-hidden="true">
            {legend.map((item) => (
              <li key={item.label}>
                <span className={`swatch swatch--${item.tone}`} />
                {item.label}
              </li>
            ))}
          </ul>
        ) : null}
        <figcaption id={`${id}-caption`}>{caption}</figcaption>
      </figure>
      {foldTable ? (
        <details className="accordion chart-block__fold">
          <summary>{table.caption}</summary>
          {region}
        </details>
      ) : (
        region
      )}
    </div>
  );
}

/** "12/08/2026 – 11/11/2026", breaking only between the two dates. */
export function PeriodRange({ from, to }: { from: string | null; to: string }) {
  return (
    <>
      {from ? <span className="nowrap">{formatDate(from)} –</span> : null}{" "}
      <span className="nowrap">{formatDate(to)}</span>
    </>
  );
}
