// The org applications list's URL state (decision 004, 015): page, size, the Application ID search and three
// filters; what the API is asked; the chips that show what is applied.
import { chip, oneOf, parseListState, text, type Chip, type ListSpec, type ListState } from '../../utils/url-state';
import { PAGE_SIZES, DEFAULT_PAGE_SIZE } from '../../../domain/constants';
import { DATE_RANGES, DATE_RANGE_LABELS, dateRangeBounds, type DateRange } from '../../../domain/dates';
import { statusLabel } from '../../../domain/statuses';
import type { ApplicationListQuery } from '../../api/applications.server';

export type Filter = 'range' | 'location' | 'status';

export const LIST_SPEC: ListSpec<Filter> = {
  pageSizes: PAGE_SIZES,
  defaultPageSize: DEFAULT_PAGE_SIZE,
  search: { max: 20, normalize: (value) => value.toUpperCase() },
  filters: { range: oneOf(DATE_RANGES), location: text(200), status: text(40) },
};

/** The filters the drawer edits (the status comes from the dashboard's links and its chip). */
export const DRAWER_FILTERS = ['range', 'location'] as const;

export type OrgListState = ListState<Filter>;

export const readListState = (url: URL): OrgListState => parseListState(url.search, LIST_SPEC);

export function listQuery(state: OrgListState): ApplicationListQuery {
  const range = state.filters.range ? dateRangeBounds(state.filters.range as DateRange) : null;
  return {
    page: state.page,
    limit: state.pageSize,
    applicationId: state.search || undefined,
    projectLocation: state.filters.location,
    status: state.filters.status,
    startDate: range?.startDate,
    endDate: range?.endDate,
  };
}

export function listChips(state: OrgListState, search: string): Chip[] {
  const { range, location, status } = state.filters;
  const chips: Chip[] = [];
  if (state.search) chips.push(chip(search, 'q', `Application ID: ${state.search}`));
  if (range) chips.push(chip(search, 'range', DATE_RANGE_LABELS[range as DateRange]));
  if (location) chips.push(chip(search, 'location', `Project location: ${location}`));
  if (status) chips.push(chip(search, 'status', `Status: ${status === 'SUBMITTED_ANY' ? 'Submitted (any stage)' : statusLabel(status)}`));
  return chips;
}
