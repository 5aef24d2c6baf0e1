// A paged history (logged actions): when, who, what, comments. Paging is in the URL (?page=). Built from the list kit.
// From their files, not the list kit's index: the index brings the filter drawer and its dialog into the chunk.
import { DataTable, type Column } from './list-kit/data-table';
import { Pager } from './list-kit/pager';
import { describeAction } from '../../domain/history';
import { formatListDateTime } from '../../domain/dates';
import type { HistoryPage } from '../api/types';

type Entry = HistoryPage['loggedActions'][number];

const COLUMNS: Column<Entry>[] = [
  { header: 'When', cell: (entry) => formatListDateTime(entry.createdAt), nowrap: true },
  { header: 'Who', cell: (entry) => (entry.user ? `${entry.user.firstName} ${entry.user.lastName ?? ''}`.trim() : 'The portal') },
  { header: 'What', cell: (entry) => describeAction(entry) },
  { header: 'Comments', cell: (entry) => entry.comments ?? '' },
];

export function HistoryTable({ history, caption }: { history: HistoryPage; caption: string }) {
  return (
    <>
      <DataTable
        caption={`${caption}, page ${history.page} of ${history.totalPages}`}
        columns={COLUMNS}
        rows={history.loggedActions}
        rowKey={(entry) => entry.id}
        testId="history-table"
        rowTestId="history-row"
      />
      <Pager page={history.page} totalPages={history.totalPages} totalRecords={history.totalRecords} noun={['entry', 'entries']} label="History pages" />
    </>
  );
}
