import { DataTable, type DataTableColumn } from '@popote/ui';
import type { ReactNode } from 'react';
import styles from './console-table.module.css';

export interface ConsoleTableProps {
  /** The name of the table's region (it scrolls with the keyboard too: it takes the focus). */
  caption: string;
  columns: readonly DataTableColumn[];
  /** Its rows. */
  children: ReactNode;
  /** Another answer is on its way: the rows shown are marked busy (dimmed). */
  busy?: boolean;
  /** The table's class instead of the usual one (a table wider than 720 px). */
  className?: string;
}

/** A table of the console: a named region that scrolls sideways, holding the data table. */
export function ConsoleTable({ caption, columns, children, busy = false, className }: ConsoleTableProps) {
  return (
    <div className={styles.scroll} role="region" aria-label={caption} tabIndex={0} aria-busy={busy || undefined}>
      <DataTable columns={columns} className={className ?? styles.table}>
        {children}
      </DataTable>
    </div>
  );
}
