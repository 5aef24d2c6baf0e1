// The org applications table: its columns and the row actions of spec 4, as plain elements the list kit's
// table styles (decision 015).
import { Link } from '@remix-run/react';
import type { Column } from '../../components/list-kit';
import { StatusTag } from '../../components/status-badge';
import { withParams } from '../../utils/url-state';
import { formatListDate } from '../../../domain/dates';
import type { ApplicationRow } from '../../api/types';

/** Spec 4 Organization row rules. */
export function rowActions(status: string) {
  return {
    view: status === 'SUBMITTED' || status === 'REJECTED' || status === 'CANCELLED' ? 'View' : 'Edit',
    print: status === 'SUBMITTED',
    cancel: status === 'DRAFT',
    delete: status === 'DRAFT',
  };
}

const formPath = (id: string) => `/org/applications/bead-applcn/${id}`;

function RowActions({ app, canWrite, here }: { app: ApplicationRow; canWrite: boolean; here: { pathname: string; search: string } }) {
  const actions = rowActions(app.status);
  const id = app.applicationId;
  const view = canWrite ? actions.view : 'View';
  return (
    <div className="row-actions">
      <Link to={formPath(id)} aria-label={`${view} ${id}`}>
        {view}
      </Link>
      <Link to={`/org/applications/view-history/${id}`} aria-label={`History of ${id}`}>
        History
      </Link>
      {actions.print ? (
        // A native form: the browser downloads the PDF, with or without JavaScript.
        <form method="post" action={`/resources/print/${id}`}>
          <input type="hidden" name="redirectTo" value={here.pathname + here.search} />
          <button type="submit" aria-label={`Print ${id}`}>
            Print
          </button>
        </form>
      ) : null}
      {canWrite && actions.cancel ? (
        <Link to={withParams(here.search, { cancel: id, step: null })} preventScrollReset aria-label={`Cancel ${id}`}>
          Cancel
        </Link>
      ) : null}
      {canWrite && actions.delete ? (
        <Link to={withParams(here.search, { delete: id })} preventScrollReset aria-label={`Delete ${id}`}>
          Delete
        </Link>
      ) : null}
    </div>
  );
}

export function applicationColumns(canWrite: boolean, here: { pathname: string; search: string }): Column<ApplicationRow>[] {
  return [
    {
      header: 'Application ID',
      cell: (app) => (
        <Link to={formPath(app.applicationId)} className="row-link">
          {app.applicationId}
        </Link>
      ),
    },
    { header: 'Program Name', cell: (app) => app.program.name },
    { header: 'Created Date', cell: (app) => formatListDate(app.createdAt) },
    { header: 'Submitted Date', cell: (app) => formatListDate(app.submittedAt) },
    { header: 'Status', cell: (app) => <StatusTag status={app.status} /> },
    { header: 'Project Location', cell: (app) => app.projectLocation },
    { header: 'Actions', cell: (app) => <RowActions app={app} canWrite={canWrite} here={here} /> },
  ];
}
