// A paged history (logged actions): when, who, what, the status move (from → to), comments with a rejection's
// reason and the sections a revision reopened. The state's whole history adds the application (a link to its
// history) and the organization. Paging is in the URL (?page=). Built from the list kit.
// From their files, not the list kit's index: the index brings the filter drawer and its dialog into the chunk.
import { Link } from '@remix-run/react';
import type { Column } from './list-kit/data-table';
import type { PagerProps } from './list-kit/pager';
import { PagedTable } from './list-kit/paged-table';
import { describeAction, statusMove } from '../../domain/history';
import { formatListDateTime } from '../../domain/dates';
import type { HistoryPage } from '../api/types';

type Entry = HistoryPage['loggedActions'][number];

const who = (entry: Entry) => (entry.user ? `${entry.user.firstName} ${entry.user.lastName ?? ''}`.trim() : 'The portal');

/** The comments, then what the move recorded besides: a rejection's reason, the sections reopened for revision. */
function Notes({ entry }: { entry: Entry }) {
  const sections = entry.sectionNames?.length ? entry.sectionNames.join(', ') : null;
  if (!entry.reason && !sections) return <>{entry.comments ?? ''}</>;
  return (
    <>
      {entry.comments ? <div>{entry.comments}</div> : null}
      {entry.reason ? <div>Reason: {entry.reason}</div> : null}
      {sections ? <div>Sections reopened: {sections}</div> : null}
    </>
  );
}

function columns(applicationHref?: (applicationId: string) => string): Column<Entry>[] {
  const wide: Column<Entry>[] = applicationHref
    ? [
        {
          header: 'Application',
          cell: (entry) => (entry.applicationId ? <Link to={applicationHref(entry.applicationId)} className="ui-link">{entry.applicationId}</Link> : ''),
          nowrap: true,
        },
        { header: 'Organization', cell: (entry) => entry.organizationName ?? '' },
      ]
    : [];
  return [
    { header: 'When', cell: (entry) => formatListDateTime(entry.createdAt), nowrap: true },
    { header: 'Who', cell: who },
    ...wide,
    { header: 'What', cell: (entry) => describeAction(entry) },
    { header: 'Status', cell: (entry) => statusMove(entry) },
    { header: 'Comments', cell: (entry) => <Notes entry={entry} /> },
  ];
}

export function HistoryTable({
  history, caption, applicationHref, pageSize,
}: {
  history: HistoryPage;
  caption: string;
  /** The whole history: an Application column linking each entry's application here, and an Organization column. */
  applicationHref?: (applicationId: string) => string;
  pageSize?: PagerProps['pageSize'];
}) {
  return (
    <PagedTable
      list={history}
      caption={caption}
      columns={columns(applicationHref)}
      rows={history.loggedActions}
      rowKey={(entry) => entry.id}
      testId="history-table"
      rowTestId="history-row"
      noun={['entry', 'entries']}
      label="History pages"
      pageSize={pageSize}
    />
  );
}
