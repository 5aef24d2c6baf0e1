// The org list's filter drawer fields: date range and project location (decision 004: a GET form in a URL dialog).
import { Box, Stack } from '@chakra-ui/react';
import { FilterDrawer } from '../../components/list-kit';
import { nativeSelectStyle } from '../../components/forms';
import { DATE_RANGES, DATE_RANGE_LABELS } from '../../../domain/dates';
import { DRAWER_FILTERS, type OrgListState } from './list-state';

export function ApplicationFilters({ open, state, areas }: { open: boolean; state: OrgListState; areas: string[] }) {
  return (
    <FilterDrawer open={open} fields={DRAWER_FILTERS}>
      <Box as="fieldset" mb={6}>
        <Box as="legend" fontWeight="semibold" mb={2}>
          Date range
        </Box>
        <Stack gap={2}>
          {DATE_RANGES.map((range) => (
            <label key={range} style={{ display: 'flex', gap: '0.5rem', alignItems: 'center' }}>
              <input type="radio" name="range" value={range} defaultChecked={state.filters.range === range} />
              {DATE_RANGE_LABELS[range]}
            </label>
          ))}
        </Stack>
      </Box>
      <Box mb={6}>
        <label htmlFor="filter-location" style={{ display: 'block', fontWeight: 600, marginBottom: '0.5rem' }}>
          Project location
        </label>
        <select id="filter-location" name="location" defaultValue={state.filters.location ?? ''} style={nativeSelectStyle}>
          <option value="">Any location</option>
          {areas.map((a) => (
            <option key={a} value={a}>
              {a}
            </option>
          ))}
        </select>
      </Box>
    </FilterDrawer>
  );
}
