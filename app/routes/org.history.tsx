// The organization's whole history (issue 11 item 10, decision 039): every logged action of the organization
// (applications, profile, documents, users, unlocks, messages), newest first, with the state's history's list state
// (components/history-list.tsx: Application ID search, the drawer's action, user and dates, chips, page size, pager;
// all in the URL) over GET logged-actions?organizationId=, the organization signed into.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData, useLocation } from '@remix-run/react';
import { requirePortalUser } from '../utils/auth.server';
import { readOrFail } from '../utils/api-errors.server';
import { parseListState } from '../utils/url-state';
import { apiSession } from '../api/client.server';
import { historyFilterChoices, wholeHistory } from '../api/history.server';
import { HistoryTable } from '../components/history-table';
import { HISTORY_LIST_SPEC, HistoryTools, historyQuery, namesChoices, NO_CHOICES } from '../components/history-list';
import { clampPage } from '../components/list-kit/paging.server';
import { ShellErrorBoundary } from '../components/error-boundary';
import '../chunks/signed-in'; // shared modules in one file (decision 102)

export { refuseMethod as action } from '../utils/form-data.server';

export const meta: MetaFunction = () => [{ title: 'History | Broadband Grants Portal' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requirePortalUser(request, context, 'org');
  const url = new URL(request.url);
  const state = parseListState(url.search, HISTORY_LIST_SPEC);
  const organizationId = user.organization!.id;
  const api = apiSession(context, user);
  const [history, choices] = await readOrFail(
    { request, context },
    Promise.all([
      wholeHistory(api, historyQuery(state, organizationId)),
      namesChoices(url, state, false) ? historyFilterChoices(api, organizationId) : NO_CHOICES,
    ]),
  );
  clampPage(request, state.page, history.totalPages);
  return { state, history, choices, organizationName: user.organization!.name };
}

export default function OrganizationHistory() {
  const { state, history, choices, organizationName } = useLoaderData<typeof loader>();
  const location = useLocation();
  const open = new URLSearchParams(location.search).get('filters') === 'open';
  return (
    <>
      <h1 className="ui-h1">History</h1>
      <p className="ui-lead">Every change made to the applications and the account of {organizationName}, newest first.</p>
      <HistoryTools open={open} state={state} choices={choices} search={location.search} organizations={false} />
      <HistoryTable
        history={history}
        caption={`History of ${organizationName}`}
        applicationHref={(id) => `/org/applications/view-history/${encodeURIComponent(id)}`}
        pageSize={{ size: state.pageSize, sizes: HISTORY_LIST_SPEC.pageSizes }}
      />
    </>
  );
}

export const ErrorBoundary = ShellErrorBoundary;
