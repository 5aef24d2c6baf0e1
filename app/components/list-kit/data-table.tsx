import type { ReactNode } from 'react';
import { Box, chakra } from '@chakra-ui/react';
import { statusTagCss } from '../status-badge';

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Keep the cell on one line (dates). */
  nowrap?: boolean;
}

/**
 * Rows, cells, badges and row actions are plain elements styled by this one `css` on the Chakra table (the look
 * of Chakra's table recipe, size sm, variant line, without the recipe's other variants), instead of an Emotion rule set per element: a 10-row page
 * renders ~10× fewer styled elements (decision 015, /work/shared/ssr-floor's variant 4).
 */
const tableCss = {
  fontVariantNumeric: 'lining-nums tabular-nums', borderCollapse: 'collapse', width: 'full', textAlign: 'start', verticalAlign: 'top', textStyle: 'sm',
  '& th, & td': { px: 2, py: 2, textAlign: 'start', borderBottomWidth: '1px', borderColor: 'border' },
  '& th': { fontWeight: 'medium', color: 'fg', whiteSpace: 'nowrap' },
  '& tbody tr': { bg: 'bg' },
  '& tbody tr:last-of-type td': { borderBottomWidth: 0 },
  '& td.nowrap': { whiteSpace: 'nowrap' },
  '& td.empty': { textAlign: 'center', py: 8, color: 'fg.muted' },
  '& .row-link': { textDecoration: 'underline', fontWeight: 600 },
  '& .row-actions': { display: 'flex', gap: 3, flexWrap: 'wrap', fontSize: 'sm' },
  '& .row-actions a, & .row-actions button': { textDecoration: 'underline', color: 'inherit', cursor: 'pointer' },
  '& .row-actions form': { display: 'inline' },
  ...statusTagCss,
} as const;

export interface DataTableProps<Row> {
  /** Read by screen readers only: what the table is and which page. */
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  testId?: string;
  rowTestId?: string;
}

/** A list's table: "No data" when empty; cells render their column's content. */
export function DataTable<Row>({ caption, columns, rows, rowKey, testId, rowTestId }: DataTableProps<Row>) {
  return (
    <Box bg="bg" borderWidth="1px" borderRadius="lg" overflowX="auto">
      <chakra.table data-testid={testId} css={tableCss}>
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
      </chakra.table>
    </Box>
  );
}
