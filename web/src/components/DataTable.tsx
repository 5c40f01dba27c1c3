import type { ReactNode } from 'react';

export interface Column<Row> {
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Numbers line up on the right. */
  numeric?: boolean;
  className?: string;
}

interface DataTableProps<Row> {
  /** Names the table for screen readers (visually hidden). */
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** A last row in bold (totals). */
  footer?: readonly ReactNode[];
  empty?: ReactNode;
  rowClassName?: (row: Row) => string;
}

/** The one table of the console; narrower cells on a phone, and it scrolls sideways inside itself if still too wide. */
export function DataTable<Row>({ caption, columns, rows, rowKey, footer, empty, rowClassName }: DataTableProps<Row>) {
  const align = (column: Column<Row>) => (column.numeric ? 'text-right tabular-nums' : 'text-left');
  return (
    // Focusable, so a keyboard can scroll a table wider than the screen (WCAG 2.1.1).
    <section className="overflow-x-auto rounded-lg border border-gray-200 dark:border-gray-800" tabIndex={0} aria-label={caption}>
      <table className="w-full border-collapse text-sm wrap-normal">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-gray-50 text-xs tracking-wide text-gray-600 uppercase dark:bg-gray-800/60 dark:text-gray-400">
          <tr>
            {columns.map((column, index) => (
              <th key={index} scope="col" className={`px-2 py-2 font-semibold sm:px-3 ${align(column)} ${column.className ?? ''}`}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && empty ? (
            <tr>
              <td colSpan={columns.length} className="px-3 py-6 text-center text-gray-600 dark:text-gray-400">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)} className={`border-t border-gray-100 dark:border-gray-800 ${rowClassName?.(row) ?? ''}`}>
                {columns.map((column, index) => (
                  <td key={index} className={`px-2 py-2 align-middle sm:px-3 ${align(column)} ${column.className ?? ''}`}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
        {footer && (
          <tfoot>
            <tr className="border-t-2 border-gray-200 font-semibold dark:border-gray-700">
              {footer.map((cell, index) => (
                <td key={index} className={`px-2 py-2 sm:px-3 ${columns[index] ? align(columns[index]) : ''}`}>
                  {cell}
                </td>
              ))}
            </tr>
          </tfoot>
        )}
      </table>
    </section>
  );
}
