// The unlock requests lists of both sides (docs/decisions/034): the list kit's URL state (Application ID search,
// the filter drawer's status and, for the state, organization; chips; pager), the columns. Plain kit elements.
import type { ReactNode } from 'react';
import { Link } from '@remix-run/react';
import { FilterChips, FilterDrawer, FilterDrawerLink, PagedTable, SearchForm, type Column } from './list-kit';
import { FilterField } from './list-kit/filter-field';
import { statusPalette } from './status-badge';
import { chip, oneOf, type Chip, type FilterRule, type ListSpec, type ListState } from '../utils/url-state';
import { formatListDateTime } from '../../domain/dates';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../domain/constants';
import { UNLOCK_STATUS_LABEL, UNLOCK_STATUSES } from '../../domain/unlock-requests';
import type { UnlockListPage, UnlockListQuery, UnlockRow } from '../api/unlock-requests.server';
import { UUID } from '../../domain/ids';

const uuid: FilterRule = (raw) => (UUID.test(raw.trim()) ? raw.trim().toLowerCase() : undefined);

export type UnlockFilter = 'status' | 'organization';
export const UNLOCK_LIST_SPEC: ListSpec<UnlockFilter> = {
  pageSizes: PAGE_SIZES,
  defaultPageSize: DEFAULT_PAGE_SIZE,
  search: { max: 20, normalize: (value) => value.toUpperCase() },
  filters: { status: oneOf(UNLOCK_STATUSES), organization: uuid },
};
export type UnlockListState = ListState<UnlockFilter>;

export function unlockQuery(state: UnlockListState): UnlockListQuery {
  return {
    page: state.page,
    limit: state.pageSize,
    status: state.filters.status,
    organizationId: state.filters.organization,
    applicationId: state.search || undefined,
  };
}

export function unlockChips(state: UnlockListState, search: string, organizations: { id: string; name: string }[]): Chip[] {
  const chips: Chip[] = [];
  if (state.search) chips.push(chip(search, 'q', `Application ID: ${state.search}`));
  if (state.filters.status) chips.push(chip(search, 'status', `Status: ${UNLOCK_STATUS_LABEL[state.filters.status as keyof typeof UNLOCK_STATUS_LABEL]}`));
  if (state.filters.organization) {
    chips.push(chip(search, 'organization', `Organization: ${organizations.find((o) => o.id === state.filters.organization)?.name ?? 'unknown'}`));
  }
  return chips;
}

export function UnlockStatusTag({ status }: { status: UnlockRow['status'] }) {
  const label = UNLOCK_STATUS_LABEL[status] ?? status;
  return (
    <span className="ui-status-tag" data-palette={statusPalette(status === 'RELOCKED' ? 'review completed' : label)}>
      {label}
    </span>
  );
}

const person = (p: UnlockRow['requestedBy']) => (p ? `${p.firstName} ${p.lastName ?? ''}`.trim() : '—');

/** The columns both sides show; `organization` adds the organization, `actions` the row's actions. */
export function unlockColumns(opts: { organization: boolean; applicationHref: (row: UnlockRow) => string; actions?: (row: UnlockRow) => ReactNode }): Column<UnlockRow>[] {
  return [
    { header: 'Application ID', cell: (r) => <Link to={opts.applicationHref(r)} className="ui-link">{r.applicationId}</Link> },
    ...(opts.organization ? [{ header: 'Organization', cell: (r: UnlockRow) => r.organizationName }] : []),
    { header: 'Section', cell: (r) => r.sectionName },
    { header: 'Message', cell: (r) => r.message },
    { header: 'Requested By', cell: (r) => `${person(r.requestedBy)}${r.kind === 'ADMIN_UNLOCK' ? ' (State Admin unlock)' : r.requestedBySide === 'state' ? ' (reviewer request)' : ''}` },
    { header: 'Requested', cell: (r) => formatListDateTime(r.createdAt), nowrap: true },
    { header: 'Status', cell: (r) => <UnlockStatusTag status={r.status} /> },
    { header: 'Decided', cell: (r) => (r.decidedAt ? `${formatListDateTime(r.decidedAt)} by ${person(r.decidedBy)}` : '—') },
    ...(opts.actions ? [{ header: 'Actions', cell: opts.actions }] : []),
  ];
}

export function UnlockListTools({ state, search, open, organizations, caption }: {
  state: UnlockListState; search: string; open: boolean; organizations: { id: string; name: string }[] | null; caption: string;
}) {
  const statuses = UNLOCK_STATUSES.map((s) => ({ value: s, label: UNLOCK_STATUS_LABEL[s] }));
  return (
    <>
      <FilterDrawer open={open} fields={organizations ? ['status', 'organization'] : ['status']}>
        <FilterField name="status" label="Status" value={state.filters.status} any="Any status" options={statuses} />
        {organizations ? (
          <FilterField name="organization" label="Organization" value={state.filters.organization} any="Any organization" options={organizations.map((o) => ({ value: o.id, label: o.name }))} />
        ) : null}
      </FilterDrawer>
      <section aria-label={`Search and filter ${caption}`} className="ui-list-tools">
        <SearchForm id="unlock-search" label="Search Application ID" value={state.search} maxLength={20} />
        <FilterDrawerLink />
      </section>
      <FilterChips chips={unlockChips(state, search, organizations ?? [])} />
    </>
  );
}

export function UnlockTable({ page, state, columns, caption }: { page: UnlockListPage; state: UnlockListState; columns: Column<UnlockRow>[]; caption: string }) {
  return (
    <>
      <PagedTable
        list={page}
        caption={caption}
        columns={columns}
        rows={page.requests}
        rowKey={(r) => r.id}
        testId="unlock-table"
        rowTestId="unlock-row"
        noun={['request', 'requests']}
        pageSize={{ size: state.pageSize, sizes: UNLOCK_LIST_SPEC.pageSizes }}
      />
    </>
  );
}
