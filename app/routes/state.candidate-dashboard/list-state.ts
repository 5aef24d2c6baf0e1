// The candidate dashboard's URL state (decision 043): page and size (of project areas), the Application ID search
// and four filters (project area, technology, status, within 15% only); what the API is asked; the chips; the export
// link's query. No zod: this module runs in the browser too.
import { chip, oneOf, parseListState, text, type Chip, type ListSpec, type ListState } from '../../utils/url-state';
import { PAGE_SIZES, DEFAULT_PAGE_SIZE } from '../../../domain/constants';
import { PAST_GATING_STATUSES } from '../../../domain/candidates';
import { TECHNOLOGY_TYPES } from '../../../domain/technology';
import { statusLabel } from '../../../domain/statuses';
import type { CandidateQuery } from '../../api/candidates.server';

export type Filter = 'area' | 'technology' | 'status' | 'band';

/** The band filter's one value: only the applications within 15% of their area's lowest outlay. */
export const BAND_ONLY = 'within';

export const LIST_SPEC: ListSpec<Filter> = {
  pageSizes: PAGE_SIZES,
  defaultPageSize: DEFAULT_PAGE_SIZE,
  search: { max: 20, normalize: (value) => value.toUpperCase() },
  filters: {
    area: text(200),
    technology: oneOf(TECHNOLOGY_TYPES),
    status: oneOf(PAST_GATING_STATUSES),
    band: oneOf([BAND_ONLY]),
  },
};

export const DRAWER_FILTERS = ['area', 'technology', 'status', 'band'] as const;

export type CandidateListState = ListState<Filter>;

export const readListState = (url: URL): CandidateListState => parseListState(url.search, LIST_SPEC);

/** The filters as the API names them (the page's query and the export's). */
function filterQuery(state: CandidateListState): Omit<CandidateQuery, 'page' | 'limit'> {
  const { area, technology, status, band } = state.filters;
  return {
    projectLocation: area, technologyType: technology, status, withinBand: band === BAND_ONLY ? 'true' : undefined, applicationId: state.search || undefined,
  };
}

export const listQuery = (state: CandidateListState): CandidateQuery => ({ page: state.page, limit: state.pageSize, ...filterQuery(state) });

/** The export link: the same filters and search, every area (no page). */
export function exportHref(state: CandidateListState): string {
  const params = new URLSearchParams();
  const { area, technology, status, band } = state.filters;
  for (const [name, value] of [['area', area], ['technology', technology], ['status', status], ['band', band], ['q', state.search]] as const) {
    if (value) params.set(name, value);
  }
  const query = params.toString();
  return `/state/candidate-dashboard/export${query ? `?${query}` : ''}`;
}

export { filterQuery as exportQuery };

export function listChips(state: CandidateListState, search: string): Chip[] {
  const { area, technology, status, band } = state.filters;
  const chips: Chip[] = [];
  if (state.search) chips.push(chip(search, 'q', `Application ID: ${state.search}`));
  if (area) chips.push(chip(search, 'area', `Project area: ${area}`));
  if (technology) chips.push(chip(search, 'technology', `Technology: ${technology}`));
  if (status) chips.push(chip(search, 'status', `Status: ${statusLabel(status)}`));
  if (band) chips.push(chip(search, 'band', 'Within 15% only'));
  return chips;
}
