import type { ReactNode } from 'react';

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Keep the cell on one line (dates). */
  nowrap?: boolean;
}

export interface DataTableProps<Row> {
  /** Read by screen readers only: what the table is and which page. */
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  testId?: string;
  rowTestId?: string;
}

/**
 * A list's table: "No data" when empty; cells render their column's content. Every part (frame, rows, cells,
 * status tags, row actions) is a plain element styled by the kit's build-time classes (classes.ts: the look of
 * Chakra's table recipe, size sm, variant line), so its cost grows with its rows only in plain markup
 * (decision 015, /work/shared/ssr-floor's variant 4 taken one step further). Decision 024: it fits a phone.
 */
export function DataTable<Row>({ caption, columns, rows, rowKey, testId, rowTestId }: DataTableProps<Row>) {
  return (
    // Its own scrolling region: on a narrow screen (a phone) the table scrolls sideways inside it, with shadows at
    // the edges that have more, and the page itself never does; focusable, so the keyboard can scroll it too.
    <section className="ui-table-frame" aria-label={caption} tabIndex={0}>
      <table className="ui-table" data-testid={testId}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="empty">
                No data
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)} data-testid={rowTestId}>
                {columns.map((column) => (
                  <td key={column.header} className={column.nowrap ? 'nowrap' : undefined}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </section>
  );
}
