import type { ReactNode } from 'react';
import { DataTable, type DataTableProps } from './data-table';
import { Pager, type PagerProps } from './pager';

/** The page of a list the API answered: which page, of how many, of how many records. */
export interface ListPage {
  page: number;
  totalPages: number;
  totalRecords: number;
}

export interface PagedTableProps<Row> extends Omit<DataTableProps<Row>, 'caption'> {
  /** The page shown: the table's caption and the pager both read it. */
  list: ListPage;
  /** What the table is ("Applications"); the caption reads "Applications, page 2 of 5". */
  caption: string;
  /** The pager's name for a record: one, many. */
  noun: PagerProps['noun'];
  label?: PagerProps['label'];
  pageSize?: PagerProps['pageSize'];
  /** Puts the table inside something of the screen's (a form around selectable rows); the pager stays outside. */
  wrap?: (table: ReactNode) => ReactNode;
}

/**
 * A page of a list: its table, captioned with the page ("Applications, page 2 of 5", read by screen readers), then
 * its pager. Every paged list screen uses it; DataTable and Pager stay for a table or a pager alone.
 */
export function PagedTable<Row>({ list, caption, noun, label, pageSize, wrap, ...table }: PagedTableProps<Row>) {
  const shown = <DataTable caption={`${caption}, page ${list.page} of ${list.totalPages}`} {...table} />;
  return (
    <>
      {wrap ? wrap(shown) : shown}
      <Pager page={list.page} totalPages={list.totalPages} totalRecords={list.totalRecords} noun={noun} label={label} pageSize={pageSize} />
    </>
  );
}
