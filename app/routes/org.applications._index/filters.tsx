// The org list's filter drawer fields: date range and project location (decision 004: a GET form in a URL dialog).
// Every choice has a checked default that means "no filter" (issue 9 item 17): a browser that submits the form as
// it is (lynx checks a radio group's first option when none is) asks for everything, not for Today.
import { FilterDrawer } from '../../components/list-kit';
import { DateRangeField } from '../../components/list-kit/date-range-field';
import { DRAWER_FILTERS, type OrgListState } from './list-state';

export function ApplicationFilters({ open, state, areas }: { open: boolean; state: OrgListState; areas: string[] }) {
  return (
    <FilterDrawer open={open} fields={DRAWER_FILTERS}>
      <DateRangeField legend="Date range" value={state.filters.range} />
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
