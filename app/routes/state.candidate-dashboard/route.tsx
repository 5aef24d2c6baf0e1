// The candidate dashboard (spec 2 /state/candidate-dashboard; review rubric 6, the Benefit of the Bargain view; issue 12
// item 7; decision 043): per project area, the applications past gating ranked by BEAD outlay per location, the
// within-15% band flagged, rubric totals and the locations covered; the areas no eligible application covers; the
// Application ID search, the filter drawer, chips and the pager over areas, all in the URL; "Export to XLSX", a plain
// link carrying the same filters. Only roles holding read:candidate (domain/permissions.ts) open it.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData, useLocation } from '@remix-run/react';
import { requirePortalUser } from '../../utils/auth.server';
import { readOrFail } from '../../utils/api-errors.server';
import { apiSession } from '../../api/client.server';
import { listProjectAreas } from '../../api/applications.server';
import { candidateDashboard } from '../../api/candidates.server';
import { FilterChips, FilterDrawerLink, Pager, SearchForm } from '../../components/list-kit';
import { clampPage } from '../../components/list-kit/paging.server';
import { ShellErrorBoundary } from '../../components/error-boundary';
import { requireCandidateReader } from './access.server';
import { exportHref, LIST_SPEC, listChips, listQuery, readListState } from './list-state';
import { CandidateFilters } from './filters';
import { AreaRanking, EmptyAreas } from './area-table';
import '../../chunks/signed-in'; // shared modules in one file (decision 102)

export { refuseMethod as action } from '../../utils/form-data.server';

export const meta: MetaFunction = () => [{ title: 'Candidate Dashboard | Broadband Grants Portal' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requirePortalUser(request, context, 'state');
  // Not a menu item (spec 2's menu table does not list it): a role that may not read it goes where the menu would send it.
  requireCandidateReader(user);
  const url = new URL(request.url);
  const state = readListState(url);
  const api = apiSession(context, user);
  const picking = url.searchParams.get('filters') === 'open';
  const [list, areas] = await readOrFail({ request, context }, Promise.all([candidateDashboard(api, listQuery(state)), picking ? listProjectAreas(api) : []]));
  clampPage(request, state.page, list.totalPages);
  return { state, list, areas };
}

export default function CandidateDashboard() {
  const { state, list, areas } = useLoaderData<typeof loader>();
  const location = useLocation();
  const filtersOpen = new URLSearchParams(location.search).get('filters') === 'open';
  return (
    <>
      <div className="ui-list-head">
        <h1 className="ui-list-title">Candidate Dashboard</h1>
        {/* A plain link (a download, not a page): works without JavaScript and carries the filters. */}
        <a href={exportHref(state)} className="ui-btn-outline" data-testid="export-xlsx" download>
          Export to XLSX
        </a>
      </div>
      <p className="ui-lead">
        Applications past gating, per project area, ranked by lowest BEAD outlay per location. Those within 15% of the area’s lowest are
        flagged: among them the office may weigh other factors, such as speed to deployment and technical capability.
      </p>

      <CandidateFilters open={filtersOpen} state={state} areas={areas} />

      <section aria-label="Search and filter" className="ui-list-tools">
        <SearchForm id="candidate-search" label="Search Application ID" value={state.search} />
        <FilterDrawerLink />
      </section>

      <FilterChips chips={listChips(state, location.search)} />

      {list.areas.length === 0 ? <p data-testid="no-candidates">No application past gating matches.</p> : null}
      {list.areas.map((area) => (
        <AreaRanking key={area.projectArea ?? ''} area={area} />
      ))}

      <Pager
        page={list.page}
        totalPages={list.totalPages}
        totalRecords={list.totalRecords}
        noun={['project area', 'project areas']}
        label="Project area pages"
        pageSize={{ size: state.pageSize, sizes: LIST_SPEC.pageSizes }}
      />

      <EmptyAreas names={list.emptyAreas} />
    </>
  );
}

export const ErrorBoundary = ShellErrorBoundary;
