import type { ReactNode } from "react";

/** A column of a data table: its header, and whether it holds amounts or counts. */
export interface Column {
  label: ReactNode;
  /** Numbers are right-aligned, in the header as in the cells below it. */
  num?: boolean;
}

/** A data table's header row: one <th scope="col"> per column, in order. */
export function TableHead({ columns }: { columns: readonly Column[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column, index) => (
          <th key={index} scope="col" className={column.num ? "num" : undefined}>
            {column.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
