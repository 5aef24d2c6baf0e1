// The State Admin's reviewers screen (spec 2 /state/reviewers; spec 7 GET review/applications/reviewers/all; issue 12
// item 8; decision 044): who reviews what, with the review's status, times, age, declaration and a Stalled flag, so an
// admin can spot a stalled review and open the application; a second view (?view=by-reviewer) counts each reviewer's
// reviews by status, each count a link to that reviewer's filtered list. The list kit: search, the filter drawer,
// chips, the pager and page size, all in the URL; every control is a link or a GET form, so it works without
// JavaScript. Who sees it is the permissions table's 'read reviewer' (the menu's Reviewers item; the API decides too).
import { redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData, useLocation } from '@remix-run/react';
import { requirePortalUser } from '../../utils/auth.server';
import { readOrFail } from '../../utils/api-errors.server';
import { apiSession } from '../../api/client.server';
import { listReviewerAssignments, listReviewerSummary, type ReviewerAssignmentsPage, type ReviewerSummaryPage } from '../../api/reviewers.server';
import { FilterChips, FilterDrawerLink, ListTabs, PagedTable, SearchForm } from '../../components/list-kit';
import { clampPage } from '../../components/list-kit/paging.server';
import { ShellErrorBoundary } from '../../components/error-boundary';
import { redirectForMenuPath } from '../../../domain/menu';
import { PAGE_SIZES } from '../../../domain/constants';
import { STALLED_AFTER_DAYS } from '../../../domain/reviewers';
import { assignmentsQuery, readReviewersState, reviewerChips, summaryQuery, viewPath } from './list-state';
import { assignmentColumns, summaryColumns } from './columns';
import { ReviewerFilters } from './filters';
import '../../chunks/signed-in'; // shared modules in one file (decision 102)

export { refuseMethod as action } from '../../utils/form-data.server';

export const meta: MetaFunction = () => [{ title: 'Reviewers | Broadband Grants Portal' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requirePortalUser(request, context, 'state');
  const url = new URL(request.url);
  const elsewhere = redirectForMenuPath(url.pathname, user.role, 'state');
  if (elsewhere) throw redirect(elsewhere, { headers: { 'Set-Cookie': user.cookie } });
  const state = readReviewersState(url.search);
  const api = apiSession(context, user);
  const byReviewer = state.view === 'by-reviewer';
  // The reviewers' names are read for the drawer's Reviewer choice and for the chip naming a chosen reviewer.
  const naming = !byReviewer && (url.searchParams.get('filters') === 'open' || !!state.filters.reviewerId);
  const [list, people] = await readOrFail(
    { request, context },
    Promise.all([
      byReviewer ? listReviewerSummary(api, summaryQuery(state)) : listReviewerAssignments(api, assignmentsQuery(state)),
      naming ? listReviewerSummary(api, { page: 1, limit: 100 }) : null,
    ]),
  );
  clampPage(request, state.page, list.totalPages);
  const chosen = people?.reviewers.find((r) => r.reviewer.id === state.filters.reviewerId)?.reviewer ?? null;
  return { state, list, people: people?.reviewers ?? [], reviewerName: chosen ? `${chosen.firstName} ${chosen.lastName}`.trim() : null };
}

export default function StateReviewers() {
  const { state, list, people, reviewerName } = useLoaderData<typeof loader>();
  const location = useLocation();
  const filtering = new URLSearchParams(location.search).get('filters') === 'open';
  const byReviewer = state.view === 'by-reviewer';
  const tabs = [
    { label: 'Assignments', to: viewPath('assignments', state) },
    { label: 'By reviewer', to: viewPath('by-reviewer', state) },
  ];
  const paging = { list, pageSize: { size: state.pageSize, sizes: PAGE_SIZES } };
  return (
    <>
      <h1 className="ui-h1">Reviewers</h1>
      <p className="ui-lead">
        Who reviews what, and where each review stands. A review is stalled when it has been pending for more than {STALLED_AFTER_DAYS.PENDING} days or in progress for more
        than {STALLED_AFTER_DAYS.IN_PROGRESS} days.
      </p>
      <ReviewerFilters open={filtering} state={state} reviewers={people} />
      <ListTabs label="Reviewers views" tabs={tabs} current={viewPath(state.view, state)} />
      <section aria-label="Search and filter reviewers" className="ui-list-tools">
        <SearchForm
          id="reviewers-search"
          label={byReviewer ? 'Search Reviewer Name or Email' : 'Search Application ID or Reviewer'}
          value={state.search}
          maxLength={100}
        />
        <FilterDrawerLink />
      </section>
      <FilterChips chips={reviewerChips(state, location.search, reviewerName)} />
      {byReviewer ? (
        <PagedTable
          {...paging}
          caption="Reviewers"
          columns={summaryColumns}
          rows={(list as ReviewerSummaryPage).reviewers}
          rowKey={(r) => `${r.reviewer.id}-${r.reviewerType}`}
          testId="reviewer-summary-table"
          rowTestId="reviewer-summary-row"
          noun={['reviewer', 'reviewers']}
        />
      ) : (
        <PagedTable
          {...paging}
          caption="Review assignments"
          columns={assignmentColumns}
          rows={(list as ReviewerAssignmentsPage).reviewers}
          rowKey={(r) => r.id}
          testId="reviewer-assignments-table"
          rowTestId="reviewer-assignment-row"
          noun={['assignment', 'assignments']}
        />
      )}
    </>
  );
}

export const ErrorBoundary = ShellErrorBoundary;
