import type { ReactNode } from "react";
import { formatCents } from "../domain/forecast-view";
import { TableRegion } from "./TableRegion";

/** One line of a priced figure: what it is, its amount, and how it was worked out. */
export interface PricedLine {
  key: string;
  label: ReactNode;
  cents: number;
  how: ReactNode;
}

/**
 * A figure opened to its lines (#37: the forecast's "how we worked this out", each tariff's
 * yearly cost): line, amount, how; the total in the foot. One table so both pages write the
 * lines, their stacking on a phone (`table--stack`, each amount labelled) and the total alike.
 */
export function LinesTable({
  id,
  caption,
  className,
  howClassName,
  labels,
  lines,
  totalCents,
}: {
  id: string;
  caption: string;
  /** Classes besides "table table--stack". */
  className: string;
  /** The class of the "how" cells. */
  howClassName: string;
  labels: { line: string; amount: string; how: string; total: string };
  lines: readonly PricedLine[];
  totalCents: number;
}) {
  return (
    <TableRegion id={id} caption={caption} className={`table table--stack ${className}`}>
      <thead>
        <tr>
          <th scope="col">{labels.line}</th>
          <th scope="col" className="num">
            {labels.amount}
          </th>
          <th scope="col">{labels.how}</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line, index) => (
          <tr key={`${line.key}-${index}`}>
            <th scope="row">{line.label}</th>
            <td className="num" data-label={labels.amount}>
              {formatCents(line.cents)}
            </td>
            <td className={howClassName}>{line.how}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">{labels.total}</th>
          <td className="num" data-label={labels.amount}>
            <strong>{formatCents(totalCents)}</strong>
          </td>
          <td />
        </tr>
      </tfoot>
    </TableRegion>
  );
}
