// The state's applications (spec 2 Applications screen for state users, issue 10 UI 1): tabs as links (status
// sets, list-state.ts), the Application ID search, the filter drawer (date submitted, project location,
// organization, status), chips, the paged table with the reviewers and each row's allowed moves, page size,
// 'No data'. All state is in the URL (a copied URL opens the same rows for a colleague); every control is a
// link or a GET form. Reviewers see only what is assigned to them (the API decides). Decision 028.
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData, useLocation } from '@remix-run/react';
import { requirePortalUser } from '../../utils/auth.server';
import { readOrFail } from '../../utils/api-errors.server';
import { closeDialogs, LIST_PARAMS, withParams } from '../../utils/url-state';
import { apiSession } from '../../api/client.server';
import { listProjectAreas } from '../../api/applications.server';
import { listAllOrganizations, listAssignedApplications, listReviewApplications, type ReviewListPage, type ReviewListRow } from '../../api/review-list.server';
import { FilterChips, FilterDrawerLink, ListTabs, PagedTable, SearchForm } from '../../components/list-kit';
import { clampPage } from '../../components/list-kit/paging.server';
import { ShellErrorBoundary } from '../../components/error-boundary';
import { stateReadScope } from '../../../domain/access';
import { can } from '../../../domain/permissions';
import { BULK_ACTION_IDS, bulkActionLabel, isActionId, workflowAction } from '../../../domain/workflow';
import { formatListDate } from '../../../domain/dates';
import { LIST_SPEC, listChips, listQuery, readListState, tabOf, tabPath, tabsFor } from './list-state';
import { reviewColumns, type StateListRow } from './columns';
import { StateListFilters } from './filters';
import { BulkForm } from './bulk-bar';
import { ExportLink } from './export-link';
import '../../chunks/signed-in'; // shared modules in one file (decision 102)

/** The tabs with the bulk bar (issue 10 UI 7): All and the stages (not a reviewer's own list, not the decided). */
const BULK_TABS = new Set(['all', 'gating', 'technical', 'state-review']);

export { refuseMethod as action } from '../../utils/form-data.server';

export const meta: MetaFunction = () => [{ title: 'Applications | Broadband Grants Portal' }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requirePortalUser(request, context, 'state');
  const reviewer = stateReadScope(user.profile) === 'assigned';
  const tab = tabOf(params.tab, reviewer);
  if (!tab) throw data(null, { status: 404 });
  const url = new URL(request.url);
  const state = readListState(url);
  const query = listQuery(tab, state);
  const api = apiSession(context, user);
  // The pickers' lists are read only while the drawer shows them (and the organizations for a chip's name).
  const picking = url.searchParams.get('filters') === 'open';
  const naming = picking || !!state.filters.organization;
  const empty: ReviewListPage = { page: 1, pageSize: state.pageSize, totalPages: 1, totalRecords: 0, applications: [] };
  const [list, areas, organizations] = await readOrFail(
    { request, context },
    Promise.all([
      query ? (tab.id === 'assigned' ? listAssignedApplications : listReviewApplications)(api, query) : empty,
      picking ? listProjectAreas(api) : [],
      naming ? listAllOrganizations(api) : [],
    ]),
  );
  clampPage(request, state.page, list.totalPages);
  const organizationName = organizations.find((o) => o.id === state.filters.organization)?.name ?? null;
  // The bulk bar offers what at least one row of the page allows, in menu order; each row is then checked on its own.
  const bulk = BULK_TABS.has(tab.id)
    ? BULK_ACTION_IDS.filter((id) => list.applications.some((app) => app.allowedActions.includes(id))).map((id) => ({ id, label: bulkActionLabel(id) }))
    : [];
  // Score Preview per row for the rubric's readers (decision 042).
  const scorePreview = can(user.role, 'read', 'rubric');
  // The page carries what it shows (each row's fields and moves, the tab by its id), nothing more (issue 8).
  const { applications, ...pageOf } = list;
  return { state, list: { ...pageOf, applications: applications.map(stateListRow) }, bulk, areas, organizations, organizationName, tabId: tab.id, reviewer, scorePreview };
}

/** An API row as the page shows it (StateListRow). */
function stateListRow(app: ReviewListRow): StateListRow {
  return {
    applicationId: app.applicationId,
    status: app.status,
    submitted: formatListDate(app.submittedAt),
    projectLocation: app.projectLocation,
    organizationName: app.organization.name,
    programName: app.program.name,
    reviewers: app.reviewers.map(({ id, firstName, lastName, status }) => ({ id, firstName, lastName, status })),
    moves: app.allowedActions.filter(isActionId).map((id) => ({ id, label: workflowAction(id).label })),
  };
}

export default function StateApplications() {
  const { state, list, bulk, areas, organizations, organizationName, tabId, reviewer, scorePreview } = useLoaderData<typeof loader>();
  const tabs = tabsFor(reviewer);
  const tab = tabs.find((t) => t.id === tabId)!;
  const location = useLocation();
  const filtersOpen = new URLSearchParams(location.search).get('filters') === 'open';
  // A tab keeps the search, the other filters and the page size; not the status (it may not be in the new tab),
  // the page or an open drawer.
  const emptyParams = Object.fromEntries([...new URLSearchParams(location.search)].filter(([, v]) => !v).map(([k]) => [k, null]));
  const kept = closeDialogs(withParams(location.search, { ...emptyParams, status: null, [LIST_PARAMS.page]: null }));
  const tabLinks = tabs.map((t) => ({ label: t.label, to: tabPath(t.id) + (kept === '?' ? '' : kept) }));
  return (
    <>
      <div className="ui-list-head">
        <h1 className="ui-list-title">Applications</h1>
        <ExportLink tab={tab.id} search={location.search} rows={list.totalRecords} />
      </div>

      {/* The open drawer comes right after the heading (decision 024): read first without JavaScript. */}
      <StateListFilters open={filtersOpen} state={state} tab={tab} areas={areas} organizations={organizations} />

      <ListTabs label="Application status groups" tabs={tabLinks} current={tabLinks[tabs.findIndex((t) => t.id === tab.id)]!.to} />

      <section aria-label="Search and filter" className="ui-list-tools">
        <SearchForm id="application-search" label="Search Application ID" value={state.search} />
        <FilterDrawerLink />
      </section>

      <FilterChips chips={listChips(state, location.search, organizationName)} />

      {/* With bulk actions the rows are selectable, inside the bulk form; the pager stays outside it. */}
      <PagedTable
        list={list}
        caption={`Applications, ${tab.label}`}
        columns={reviewColumns(bulk.length > 0, scorePreview)}
        rows={list.applications}
        rowKey={(app) => app.applicationId}
        testId="applications-table"
        rowTestId="application-row"
        noun={['application', 'applications']}
        pageSize={{ size: state.pageSize, sizes: LIST_SPEC.pageSizes }}
        wrap={bulk.length > 0 ? (table) => <BulkForm actions={bulk} back={`${location.pathname}${location.search}`}>{table}</BulkForm> : undefined}
      />
    </>
  );
}

export const ErrorBoundary = ShellErrorBoundary;
