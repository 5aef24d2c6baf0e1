// The candidate dashboard's filter drawer (decision 043): project area, technology, status (past gating) and the band,
// a GET form in a URL dialog (decision 004); every choice has a default meaning "no filter" (decision 024).
import { FilterDrawer } from '../../components/list-kit';
import { FilterField } from '../../components/list-kit/filter-field';
import { PAST_GATING_STATUSES } from '../../../domain/candidates';
import { TECHNOLOGY_TYPES } from '../../../domain/technology';
import { statusLabel } from '../../../domain/statuses';
import { BAND_ONLY, DRAWER_FILTERS, type CandidateListState } from './list-state';

export function CandidateFilters({ open, state, areas }: { open: boolean; state: CandidateListState; areas: string[] }) {
  return (
    <FilterDrawer open={open} fields={DRAWER_FILTERS}>
      <FilterField name="area" label="Project area" value={state.filters.area} any="Any project area" options={areas.map((a) => ({ value: a, label: a }))} />
      <FilterField name="technology" label="Technology" value={state.filters.technology} any="Any technology" options={TECHNOLOGY_TYPES.map((t) => ({ value: t, label: t }))} />
      <FilterField name="status" label="Status" value={state.filters.status} any="Any status past gating" options={PAST_GATING_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))} />
      <FilterField name="band" label="Within 15%" value={state.filters.band} any="All applications" options={[{ value: BAND_ONLY, label: 'Within 15% of the lowest only' }]} />
    </FilterDrawer>
  );
}
