// The state's whole history (issue 10 item 5, decision 031): every logged action the caller may read, newest first,
// with the list kit's URL state: the Application ID search (a prefix, upper-cased), the filter drawer (organization,
// action, user, from and to dates), chips under 'Applied filters', page size and pager (components/history-list.tsx,
// shared with /org/history). The menu shows History to the roles holding read:history (domain/permissions.ts); the
// others are sent to their first menu item, as by the shell.
import { redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData, useLocation } from '@remix-run/react';
import { requirePortalUser } from '../utils/auth.server';
import { readOrFail } from '../utils/api-errors.server';
import { parseListState } from '../utils/url-state';
import { apiSession } from '../api/client.server';
import { historyFilterChoices, wholeHistory } from '../api/history.server';
import { clampPage } from '../components/list-kit/paging.server';
import { HistoryTable } from '../components/history-table';
import { HISTORY_LIST_SPEC, HistoryTools, historyQuery, namesChoices, NO_CHOICES } from '../components/history-list';
import { ShellErrorBoundary } from '../components/error-boundary';
import { redirectForMenuPath } from '../../domain/menu';
import '../chunks/signed-in'; // shared modules in one file (decision 102)

export { refuseMethod as action } from '../utils/form-data.server';

export const meta: MetaFunction = () => [{ title: 'History | Broadband Grants Portal' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requirePortalUser(request, context, 'state');
  const url = new URL(request.url);
  // The shell sends a role without History to its first menu item; this loader runs beside it and must not ask first.
  const elsewhere = redirectForMenuPath(url.pathname, user.role, 'state');
  if (elsewhere) throw redirect(elsewhere, { headers: { 'Set-Cookie': user.cookie } });
  const state = parseListState(url.search, HISTORY_LIST_SPEC);
  const api = apiSession(context, user);
  // The organizations and people are read when the drawer shows them or a chip names one of them.
  const [history, choices] = await readOrFail(
    { request, context },
    Promise.all([wholeHistory(api, historyQuery(state)), namesChoices(url, state, true) ? historyFilterChoices(api) : NO_CHOICES]),
  );
  clampPage(request, state.page, history.totalPages);
  return { state, history, choices };
}

export default function StateHistory() {
  const { state, history, choices } = useLoaderData<typeof loader>();
  const location = useLocation();
  const open = new URLSearchParams(location.search).get('filters') === 'open';
  return (
    <>
      <h1 className="ui-h1">History</h1>
      <p className="ui-lead">Every change made to the submitted applications and the organizations, newest first.</p>
      <HistoryTools open={open} state={state} choices={choices} search={location.search} organizations />
      <HistoryTable
        history={history}
        caption="History"
        applicationHref={(id) => `/state/applications/view-history/${encodeURIComponent(id)}`}
        pageSize={{ size: state.pageSize, sizes: HISTORY_LIST_SPEC.pageSizes }}
      />
    </>
  );
}

export const ErrorBoundary = ShellErrorBoundary;
