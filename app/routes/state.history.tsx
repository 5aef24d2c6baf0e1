// The state's whole history (issue 10 item 5, decision 031): every logged action the caller may read, newest first,
// with the list kit's URL state: the Application ID search (a prefix, upper-cased), the filter drawer (organization,
// action, user, from and to dates), chips under 'Applied filters', page size and pager. The menu shows History to the
// roles holding read:history (domain/permissions.ts); the others are sent to their first menu item, as by the shell.
import { redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData, useLocation } from '@remix-run/react';
import { requirePortalUser } from '../utils/auth.server';
import { readOrFail } from '../utils/api-errors.server';
import { chip, oneOf, parseListState, type Chip, type FilterRule, type ListSpec, type ListState } from '../utils/url-state';
import { apiSession } from '../api/client.server';
import { historyFilterChoices, wholeHistory, type HistoryFilterChoices, type HistoryQuery } from '../api/history.server';
import { FilterChips, FilterDrawer, FilterDrawerLink, SearchForm } from '../components/list-kit';
import { FilterField } from '../components/list-kit/filter-field';
import { clampPage } from '../components/list-kit/paging.server';
import { HistoryTable } from '../components/history-table';
import { ShellErrorBoundary } from '../components/error-boundary';
import { redirectForMenuPath } from '../../domain/menu';
import { actionLabel, HISTORY_ACTIONS } from '../../domain/history';
import { formatListDate } from '../../domain/dates';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../domain/constants';

export { refuseMethod as action } from '../utils/form-data.server';

export const meta: MetaFunction = () => [{ title: 'History | Broadband Grants Portal' }];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuid: FilterRule = (raw) => (UUID.test(raw.trim()) ? raw.trim().toLowerCase() : undefined);
/** A calendar day yyyy-MM-dd that exists (what a date input sends). */
const day: FilterRule = (raw) => {
  const value = raw.trim();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) ? value : undefined;
};

type Filter = 'organization' | 'action' | 'user' | 'from' | 'to';

const LIST_SPEC: ListSpec<Filter> = {
  pageSizes: PAGE_SIZES,
  defaultPageSize: DEFAULT_PAGE_SIZE,
  search: { max: 20, normalize: (value) => value.toUpperCase() },
  filters: { organization: uuid, action: oneOf(HISTORY_ACTIONS), user: uuid, from: day, to: day },
};
const DRAWER_FILTERS: readonly Filter[] = ['organization', 'action', 'user', 'from', 'to'];
type HistoryListState = ListState<Filter>;

function historyQuery(state: HistoryListState): HistoryQuery {
  const { organization, action, user, from, to } = state.filters;
  return {
    page: state.page,
    limit: state.pageSize,
    applicationId: state.search || undefined,
    organizationId: organization,
    action,
    userId: user,
    startDate: from,
    endDate: to,
  };
}

const NO_CHOICES: HistoryFilterChoices = { organizations: [], users: [] };
const personName = (u: HistoryFilterChoices['users'][number]) => `${u.firstName} ${u.lastName}`.trim();

function historyChips(state: HistoryListState, search: string, choices: HistoryFilterChoices): Chip[] {
  const { organization, action, user, from, to } = state.filters;
  const chips: Chip[] = [];
  if (state.search) chips.push(chip(search, 'q', `Application ID: ${state.search}`));
  if (organization) chips.push(chip(search, 'organization', `Organization: ${choices.organizations.find((o) => o.id === organization)?.name ?? 'unknown'}`));
  if (action) chips.push(chip(search, 'action', `Action: ${actionLabel(action)}`));
  if (user) {
    const person = choices.users.find((u) => u.id === user);
    chips.push(chip(search, 'user', `User: ${person ? personName(person) : 'unknown'}`));
  }
  if (from) chips.push(chip(search, 'from', `From: ${formatListDate(`${from}T12:00:00Z`)}`));
  if (to) chips.push(chip(search, 'to', `To: ${formatListDate(`${to}T12:00:00Z`)}`));
  return chips;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requirePortalUser(request, context, 'state');
  const url = new URL(request.url);
  // The shell sends a role without History to its first menu item; this loader runs beside it and must not ask first.
  const elsewhere = redirectForMenuPath(url.pathname, user.role, 'state');
  if (elsewhere) throw redirect(elsewhere, { headers: { 'Set-Cookie': user.cookie } });
  const state = parseListState(url.search, LIST_SPEC);
  const api = apiSession(context, user);
  // The organizations and people are read when the drawer shows them or a chip names one of them.
  const naming = url.searchParams.get('filters') === 'open' || !!state.filters.organization || !!state.filters.user;
  const [history, choices] = await readOrFail(
    { request, context },
    Promise.all([wholeHistory(api, historyQuery(state)), naming ? historyFilterChoices(api) : NO_CHOICES]),
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

      <HistoryFilters open={open} state={state} choices={choices} />

      <section aria-label="Search and filter" className="ui-list-tools">
        <SearchForm id="history-search" label="Search Application ID" value={state.search} maxLength={20} />
        <FilterDrawerLink />
      </section>

      <FilterChips chips={historyChips(state, location.search, choices)} />

      <HistoryTable
        history={history}
        caption="History"
        applicationHref={(id) => `/state/applications/view-history/${encodeURIComponent(id)}`}
        pageSize={{ size: state.pageSize, sizes: LIST_SPEC.pageSizes }}
      />
    </>
  );
}

/** The drawer's fields: every choice has an empty "any" default, so submitting it as it is asks for everything. */
function HistoryFilters({ open, state, choices }: { open: boolean; state: HistoryListState; choices: HistoryFilterChoices }) {
  const f = state.filters;
  const organizations = choices.organizations.map((o) => ({ value: o.id, label: o.name }));
  const actions = HISTORY_ACTIONS.map((a) => ({ value: a, label: actionLabel(a) }));
  const people = choices.users.map((u) => ({ value: u.id, label: `${personName(u)} (${u.email})` }));
  return (
    <FilterDrawer open={open} fields={DRAWER_FILTERS}>
      <FilterField name="organization" label="Organization" value={f.organization} any="Any organization" options={organizations} />
      <FilterField name="action" label="Action" value={f.action} any="Any action" options={actions} />
      <FilterField name="user" label="User" value={f.user} any="Anyone" options={people} />
      <FilterField name="from" label="From" value={f.from} />
      <FilterField name="to" label="To" value={f.to} />
    </FilterDrawer>
  );
}

export const ErrorBoundary = ShellErrorBoundary;
