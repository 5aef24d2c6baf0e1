// The org applications table: its columns and the row actions of spec 4, as plain elements the list kit's
// table styles (decision 015).
import { Link } from '../../components/link';
import type { Column } from '../../components/list-kit';
import { StatusTag } from '../../components/status-badge';
import { withParams } from '../../utils/url-state';

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

/**
 * A row as the page carries it to the browser: what the table shows, the dates already as the list writes them.
 * The API's other fields (ids, the program's due date, the technology, the submitter) would be written into the
 * page and read again by the browser for nothing (issue 8).
 */
export interface OrgListRow {
  applicationId: string;
  status: string;
  programName: string;
  created: string;
  submitted: string;
  projectLocation: string | null;
}

function RowActions({ app, canWrite, here }: { app: OrgListRow; canWrite: boolean; here: { pathname: string; search: string } }) {
  const actions = rowActions(app.status);
  const id = app.applicationId;
  const view = canWrite ? actions.view : 'View';
  // A list: text browsers and screen readers get the actions one by one ("Edit GA-…", "History of GA-…"), not run
  // together as "EditHistoryCancelDelete" (issue 9 item 20).
  return (
    <ul className="row-actions">
      <li>
        <Link to={formPath(id)} aria-label={`${view} ${id}`}>
          {view}
        </Link>
      </li>
      <li>
        <Link to={`/org/applications/view-history/${id}`} aria-label={`History of ${id}`}>
          History
        </Link>
      </li>
      {actions.print ? (
        <li>
          {/* A native form: the browser downloads the PDF, with or without JavaScript. */}
          <form method="post" action={`/resources/print/${id}`}>
            <input type="hidden" name="redirectTo" value={here.pathname + here.search} />
            <button type="submit" aria-label={`Print ${id}`}>
              Print
            </button>
          </form>
        </li>
      ) : null}
      {canWrite && actions.cancel ? (
        <li>
          <Link to={`${withParams(here.search, { cancel: id, step: null })}#cancel-confirm`} preventScrollReset aria-label={`Cancel ${id}`}>
            Cancel
          </Link>
        </li>
      ) : null}
      {canWrite && actions.delete ? (
        <li>
          <Link to={`${withParams(here.search, { delete: id })}#delete-confirm`} preventScrollReset aria-label={`Delete ${id}`}>
            Delete
          </Link>
        </li>
      ) : null}
    </ul>
  );
}

export function applicationColumns(canWrite: boolean, here: { pathname: string; search: string }): Column<OrgListRow>[] {
  return [
    {
      header: 'Application ID',
      cell: (app) => (
        <Link to={formPath(app.applicationId)} className="row-link">
          {app.applicationId}
        </Link>
      ),
    },
    { header: 'Program Name', cell: (app) => app.programName },
    { header: 'Created Date', cell: (app) => app.created },
    { header: 'Submitted Date', cell: (app) => app.submitted },
    { header: 'Status', cell: (app) => <StatusTag status={app.status} /> },
    { header: 'Project Location', cell: (app) => app.projectLocation },
    { header: 'Actions', cell: (app) => <RowActions app={app} canWrite={canWrite} here={here} /> },
  ];
}
