// The state list's filter drawer (spec 2: date range, project location, organization for state users, and the
// state's status filter): a GET form in a URL dialog (decision 004). Every choice has a checked or selected
// default that means "no filter" (decision 024).
import { FilterDrawer } from '../../components/list-kit';
import { FilterField } from '../../components/list-kit/filter-field';
import { DateRangeField } from '../../components/list-kit/date-range-field';
import { statusLabel } from '../../../domain/statuses';
import type { OrganizationChoice } from '../../api/review-list.server';
import { DRAWER_FILTERS, STATE_STATUSES, type StateListState, type TabDef } from './list-state';

export function StateListFilters({ open, state, tab, areas, organizations }: {
  open: boolean; state: StateListState; tab: TabDef; areas: string[]; organizations: OrganizationChoice[];
}) {
  // The status choice lists the tab's statuses; a URL naming several keeps them until a single one is chosen.
  const statuses = tab.statuses ?? STATE_STATUSES;
  const status = state.filters.status ?? '';
  const statusOptions: { value: string; label: string }[] = statuses.map((s) => ({ value: s, label: statusLabel(s) }));
  if (status.includes(',')) statusOptions.unshift({ value: status, label: status.split(',').map(statusLabel).join(', ') });
  return (
    <FilterDrawer open={open} fields={DRAWER_FILTERS}>
      <DateRangeField legend="Submitted" value={state.filters.range} />
      <FilterField name="location" label="Project location" value={state.filters.location} any="Any location" options={areas.map((a) => ({ value: a, label: a }))} />
      <FilterField
        name="organization" label="Organization" value={state.filters.organization} any="Any organization"
        options={organizations.map((o) => ({ value: o.id, label: o.status === 'active' ? o.name : `${o.name} (${o.status})` }))}
      />
      <FilterField name="status" label="Status" value={status} any="Any status" options={statusOptions} />
    </FilterDrawer>
  );
}
