// The org list's filter drawer fields: date range and project location (decision 004: a GET form in a URL dialog).
// Every choice has a checked default that means "no filter" (issue 9 item 17): a browser that submits the form as
// it is (lynx checks a radio group's first option when none is) asks for everything, not for Today.
import { FilterDrawer } from '../../components/list-kit';
import { DATE_RANGES, DATE_RANGE_LABELS } from '../../../domain/dates';
import { DRAWER_FILTERS, type OrgListState } from './list-state';

/** The date range's "no filter" choice: an empty value, which the list state reads as no date range. */
export const ANY_TIME = { value: '', label: 'Any time' } as const;

export function ApplicationFilters({ open, state, areas }: { open: boolean; state: OrgListState; areas: string[] }) {
  const range = state.filters.range ?? ANY_TIME.value;
  return (
    <FilterDrawer open={open} fields={DRAWER_FILTERS}>
      <fieldset className="ui-filter-group">
        <legend>Date range</legend>
        {[ANY_TIME, ...DATE_RANGES.map((value) => ({ value, label: DATE_RANGE_LABELS[value] }))].map((choice) => (
          <label key={choice.value || 'any'}>
            <input type="radio" name="range" value={choice.value} defaultChecked={range === choice.value} />
            {choice.label}
          </label>
        ))}
      </fieldset>
      <div className="ui-filter-group">
        <label htmlFor="filter-location" className="ui-filter-label">
          Project location
        </label>
        <select id="filter-location" name="location" defaultValue={state.filters.location ?? ''} className="ui-select">
          <option value="">Any location</option>
          {areas.map((a) => (
            <option key={a} value={a}>
              {a}
            </option>
          ))}
        </select>
      </div>
    </FilterDrawer>
  );
}
