// The whole history's list state (decision 031), for /state/history and /org/history (decision 039): the Application
// ID search (a prefix, upper-cased), the filter drawer (organization on the state side, action, user, from and to
// dates), chips under 'Applied filters', page size and pager, all in the URL. The action filter offers the actions the
// caller may see (the API's filter choices, domain/history-sight.ts; decision 092), in domain/history.ts's words.
import { chip, oneOf, type Chip, type FilterRule, type ListSpec, type ListState } from '../utils/url-state';
import { FilterChips, FilterDrawer, FilterDrawerLink, SearchForm } from './list-kit';
import { FilterField } from './list-kit/filter-field';
import type { HistoryFilterChoices, HistoryQuery } from '../api/history.server';
import { actionLabel, HISTORY_ACTIONS } from '../../domain/history';
import { formatListDate } from '../../domain/dates';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../domain/constants';
import { UUID } from '../../domain/ids';

const uuid: FilterRule = (raw) => (UUID.test(raw.trim()) ? raw.trim().toLowerCase() : undefined);
/** A calendar day yyyy-MM-dd that exists (what a date input sends). */
const day: FilterRule = (raw) => {
  const value = raw.trim();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) ? value : undefined;
};

type Filter = 'organization' | 'action' | 'user' | 'from' | 'to';

export const HISTORY_LIST_SPEC: ListSpec<Filter> = {
  pageSizes: PAGE_SIZES,
  defaultPageSize: DEFAULT_PAGE_SIZE,
  search: { max: 20, normalize: (value) => value.toUpperCase() },
  filters: { organization: uuid, action: oneOf(HISTORY_ACTIONS), user: uuid, from: day, to: day },
};
export type HistoryListState = ListState<Filter>;

/** The API's query; `organizationId` given: one organization's history (the URL's organization is not read). */
export function historyQuery(state: HistoryListState, organizationId?: string): HistoryQuery {
  const { organization, action, user, from, to } = state.filters;
  return {
    page: state.page,
    limit: state.pageSize,
    applicationId: state.search || undefined,
    organizationId: organizationId ?? organization,
    action,
    userId: user,
    startDate: from,
    endDate: to,
  };
}

export const NO_CHOICES: HistoryFilterChoices = { organizations: [], actions: [], users: [] };
const personName = (u: HistoryFilterChoices['users'][number]) => `${u.firstName} ${u.lastName}`.trim();

/** Whether the page must read the filter choices: the drawer shows them, or a chip names one. */
export const namesChoices = (url: URL, state: HistoryListState, organizations: boolean) =>
  url.searchParams.get('filters') === 'open' || (organizations && !!state.filters.organization) || !!state.filters.user;

function historyChips(state: HistoryListState, search: string, choices: HistoryFilterChoices, organizations: boolean): Chip[] {
  const { organization, action, user, from, to } = state.filters;
  const chips: Chip[] = [];
  if (state.search) chips.push(chip(search, 'q', `Application ID: ${state.search}`));
  if (organizations && organization) chips.push(chip(search, 'organization', `Organization: ${choices.organizations.find((o) => o.id === organization)?.name ?? 'unknown'}`));
  if (action) chips.push(chip(search, 'action', `Action: ${actionLabel(action)}`));
  if (user) {
    const person = choices.users.find((u) => u.id === user);
    chips.push(chip(search, 'user', `User: ${person ? personName(person) : 'unknown'}`));
  }
  if (from) chips.push(chip(search, 'from', `From: ${formatListDate(`${from}T12:00:00Z`)}`));
  if (to) chips.push(chip(search, 'to', `To: ${formatListDate(`${to}T12:00:00Z`)}`));
  return chips;
}

/** The drawer, the search and Filter, the chips. `organizations`: the Organization filter (the state's history). */
export function HistoryTools({ open, state, choices, search, organizations }: {
  open: boolean; state: HistoryListState; choices: HistoryFilterChoices; search: string; organizations: boolean;
}) {
  const f = state.filters;
  const actions = choices.actions.map((a) => ({ value: a, label: actionLabel(a) }));
  const people = choices.users.map((u) => ({ value: u.id, label: `${personName(u)} (${u.email})` }));
  const fields: readonly Filter[] = organizations ? ['organization', 'action', 'user', 'from', 'to'] : ['action', 'user', 'from', 'to'];
  // Every choice has an empty "any" default, so submitting the drawer as it is asks for everything.
  return (
    <>
      <FilterDrawer open={open} fields={fields}>
        {organizations ? (
          <FilterField name="organization" label="Organization" value={f.organization} any="Any organization" options={choices.organizations.map((o) => ({ value: o.id, label: o.name }))} />
        ) : null}
        <FilterField name="action" label="Action" value={f.action} any="Any action" options={actions} />
        <FilterField name="user" label="User" value={f.user} any="Anyone" options={people} />
        <FilterField name="from" label="From" value={f.from} />
        <FilterField name="to" label="To" value={f.to} />
      </FilterDrawer>
      <section aria-label="Search and filter" className="ui-list-tools">
        <SearchForm id="history-search" label="Search Application ID" value={state.search} maxLength={20} />
        <FilterDrawerLink />
      </section>
      <FilterChips chips={historyChips(state, search, choices, organizations)} />
    </>
  );
}
