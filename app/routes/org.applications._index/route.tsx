// Applications (spec 2): search, filter drawer, chips, paged table with the row rules of spec 4, new
// application, cancel with a required reason, delete. All state is in the URL; all actions are POSTs.
// Its parts: list-state.ts (URL state → API query, chips), columns.tsx (table and row actions), filters.tsx,
// dialogs.tsx, new-application.tsx, actions.server.ts; the list kit (app/components/list-kit) does the rest.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData, useLocation } from '@remix-run/react';
import { Link } from '../../components/link';
import { requirePortalUser } from '../../utils/auth.server';
import { readOrFail } from '../../utils/api-errors.server';
import { withParams } from '../../utils/url-state';
import { apiSession } from '../../api/client.server';
import { listApplications, listPrograms, listProjectAreas } from '../../api/applications.server';
import { FilterChips, FilterDrawerLink, PagedTable, SearchForm } from '../../components/list-kit';
import { clampPage } from '../../components/list-kit/paging.server';
import { ShellErrorBoundary } from '../../components/error-boundary';
import { LIST_SPEC, listChips, listQuery, readListState } from './list-state';
import { applicationColumns, type OrgListRow } from './columns';
import { formatListDate } from '../../../domain/dates';
import type { ApplicationRow } from '../../api/types';
import { ApplicationFilters } from './filters';
import { CancelConfirm, CancelReason, DeleteConfirm } from './dialogs';
import { NewApplication } from './new-application';
import { can } from '../../../domain/permissions';
import '../../chunks/signed-in'; // shared modules in one file (decision 102)

export { action } from './actions.server';

export const meta: MetaFunction = () => [{ title: 'Applications | Broadband Grants Portal' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requirePortalUser(request, context, 'org');
  const url = new URL(request.url);
  const state = readListState(url);
  const api = apiSession(context, user);
  const canWrite = can(user.role, 'create', 'application');
  // The pickers' lists are read only while the drawer or the new-application dialog that shows them is open.
  const creating = canWrite && url.searchParams.get('new') === '1';
  const picking = creating || url.searchParams.get('filters') === 'open';
  const [list, areas, programs] = await readOrFail(
    { request, context },
    Promise.all([
      listApplications(api, user.organization!.id, listQuery(state)),
      picking ? listProjectAreas(api) : [],
      creating ? listPrograms(api) : [],
    ]),
  );
  clampPage(request, state.page, list.totalPages);
  // The page carries what its rows show, nothing more (issue 8).
  const { applications, ...pageOf } = list;
  return { state, list: { ...pageOf, applications: applications.map(orgListRow) }, areas, programs, canWrite };
}

/** An API row as the page shows it (OrgListRow). */
function orgListRow(app: ApplicationRow): OrgListRow {
  return {
    applicationId: app.applicationId,
    status: app.status,
    programName: app.program.name,
    created: formatListDate(app.createdAt),
    submitted: formatListDate(app.submittedAt),
    projectLocation: app.projectLocation,
  };
}

export default function Applications() {
  const { state, list, areas, programs, canWrite } = useLoaderData<typeof loader>();
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  const open = {
    filters: search.get('filters') === 'open',
    cancel: search.get('cancel'),
    cancelReason: search.get('step') === 'reason',
    delete: search.get('delete'),
    create: search.get('new') === '1',
  };

  // The open panel comes right after the page's heading, before the search, the table and the pager (it is fixed
  // over the list anyway): without JavaScript a text browser or a screen reader reads it first, not after the
  // table (issue 9 item 18); its link also names its #id.
  return (
    <>
      <div className="ui-list-head">
        <h1 className="ui-list-title">Applications</h1>
        {canWrite ? (
          <Link to={`${withParams(location.search, { new: '1' })}#new-application`} preventScrollReset className="ui-btn">
            New application
          </Link>
        ) : null}
      </div>

      <ApplicationFilters open={open.filters} state={state} areas={areas} />
      {open.cancel && !open.cancelReason ? <CancelConfirm id={open.cancel} /> : null}
      {open.cancel && open.cancelReason ? <CancelReason id={open.cancel} /> : null}
      {open.delete ? <DeleteConfirm id={open.delete} /> : null}
      {open.create && canWrite ? <NewApplication programs={programs} areas={areas} /> : null}

      <section aria-label="Search and filter" className="ui-list-tools">
        <SearchForm id="application-search" label="Search Application ID" value={state.search} />
        <FilterDrawerLink />
      </section>

      <FilterChips chips={listChips(state, location.search)} />

      <PagedTable
        list={list}
        caption="Applications"
        columns={applicationColumns(canWrite, location)}
        rows={list.applications}
        rowKey={(app) => app.applicationId}
        testId="applications-table"
        rowTestId="application-row"
        noun={['application', 'applications']}
        pageSize={{ size: state.pageSize, sizes: LIST_SPEC.pageSizes }}
      />
    </>
  );
}

export const ErrorBoundary = ShellErrorBoundary;
