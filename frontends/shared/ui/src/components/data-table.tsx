import type { ReactNode } from 'react';
import styles from './data-table.module.css';

export interface DataTableColumn {
  label: ReactNode;
  /** Amounts and counts: right-aligned, in tabular figures (their cells take `NUMBER_CELL`). */
  number?: boolean;
}

export interface DataTableProps {
  columns: readonly DataTableColumn[];
  /** The body's rows. */
  children: ReactNode;
  /** The foot's rows (a total). */
  footer?: ReactNode;
  className?: string;
}

/** The class of a cell holding an amount or a count (right-aligned, tabular figures). */
export const NUMBER_CELL = styles.number;

/** A data table: ruled rows under muted column headings. */
export function DataTable({ columns, children, footer, className }: DataTableProps) {
  return (
    <table className={className ? `${styles.table} ${className}` : styles.table}>
      <thead>
        <tr>
          {columns.map((column, index) => (
            <th key={index} scope="col" className={column.number ? styles.number : undefined}>
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
      {footer ? <tfoot>{footer}</tfoot> : null}
    </table>
  );
}
