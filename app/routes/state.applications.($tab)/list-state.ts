// The state applications list's URL state (decision 028): the tab (a path segment), page, size, the Application
// ID search and four filters; what the API is asked; the chips. Tabs are status sets (below); the drawer's status
// filter narrows within the tab. No zod: this module runs in the browser too.
import { chip, oneOf, parseListState, text, type Chip, type ListSpec, type ListState } from '../../utils/url-state';
import { PAGE_SIZES, DEFAULT_PAGE_SIZE } from '../../../domain/constants';
import { DATE_RANGES, DATE_RANGE_LABELS, dateRangeBounds, type DateRange } from '../../../domain/dates';
import { stageOf } from '../../../domain/permissions';
import { APPLICATION_STATUSES, isSubmittedOrLater, statusLabel, type ApplicationStatus } from '../../../domain/statuses';
import type { ReviewListQuery } from '../../api/review-list.server';
import { UUID } from '../../../domain/ids';

/** Every status the state side sees (never a draft or a cancelled application, decision 008). */
export const STATE_STATUSES: readonly ApplicationStatus[] = APPLICATION_STATUSES.filter(isSubmittedOrLater);

const inStage = (stage: string) => STATE_STATUSES.filter((s) => stageOf(s) === stage);

export type TabId = 'all' | 'assigned' | 'gating' | 'technical' | 'state-review' | 'decided';

export interface TabDef {
  id: TabId;
  label: string;
  /** The statuses the tab holds; null: every status the caller sees. */
  statuses: readonly ApplicationStatus[] | null;
  /** Only for callers who read their assignments only (reviewers). */
  reviewersOnly?: boolean;
}

/**
 * The tabs (decision 028). A stage's tab holds its review, consensus and passed statuses (domain/permissions.ts
 * stageOf, the same stages the vendor admins act on); Gating also holds what waits for it (SUBMITTED,
 * RESUBMITTED), State review also IN_NEGOTIATION (after passed state, before the award); Decided the outcomes no
 * stage moves on (AWARDED, REJECTED, WITHDRAWN, NOT_REMEDIATED). REVISION_NEEDED is with the organization: All only.
 */
export const TABS: readonly TabDef[] = [
  { id: 'all', label: 'All', statuses: null },
  { id: 'assigned', label: 'Assigned to me', statuses: null, reviewersOnly: true },
  { id: 'gating', label: 'Gating', statuses: ['SUBMITTED', 'RESUBMITTED', ...inStage('GATING')] },
  { id: 'technical', label: 'Technical', statuses: inStage('TECHNICAL') },
  { id: 'state-review', label: 'State review', statuses: [...inStage('STATE'), 'IN_NEGOTIATION'] },
  { id: 'decided', label: 'Decided', statuses: ['AWARDED', 'REJECTED', 'WITHDRAWN', 'NOT_REMEDIATED'] },
];

/** The tabs this caller is offered (Assigned to me: reviewers only). */
export const tabsFor = (reviewer: boolean) => TABS.filter((t) => !t.reviewersOnly || reviewer);

/** The tab a path segment names (none: All); null for an unknown segment (the page answers 404). */
export function tabOf(segment: string | undefined, reviewer: boolean): TabDef | null {
  return tabsFor(reviewer).find((t) => t.id === (segment ?? 'all')) ?? null;
}

export const tabPath = (tab: TabId) => (tab === 'all' ? '/state/applications' : `/state/applications/${tab}`);

export type Filter = 'range' | 'location' | 'organization' | 'status';

/** One or several statuses of the state side, as a comma list (the dashboard links one; a URL may name several). */
export function statusList(raw: string): string | undefined {
  const names = [...new Set(raw.split(',').map((s) => s.trim().toUpperCase()).filter(Boolean))];
  return names.length && names.every((n) => (STATE_STATUSES as readonly string[]).includes(n)) ? names.join(',') : undefined;
}

export const LIST_SPEC: ListSpec<Filter> = {
  pageSizes: PAGE_SIZES,
  defaultPageSize: DEFAULT_PAGE_SIZE,
  search: { max: 20, normalize: (value) => value.toUpperCase() },
  filters: {
    range: oneOf(DATE_RANGES),
    location: text(200),
    organization: (raw) => (UUID.test(raw.trim()) ? raw.trim().toLowerCase() : undefined),
    status: statusList,
  },
};

/** The filters the drawer edits (all of them). */
export const DRAWER_FILTERS = ['range', 'location', 'organization', 'status'] as const;

export type StateListState = ListState<Filter>;

export const readListState = (url: URL): StateListState => parseListState(url.search, LIST_SPEC);

/** The statuses asked for: the filter's within the tab's (none left: the list is empty, 'No data'). */
export function statusesFor(tab: TabDef, state: StateListState): string[] | null {
  const chosen = state.filters.status?.split(',') ?? null;
  if (!tab.statuses) return chosen;
  return chosen ? chosen.filter((s) => (tab.statuses as readonly string[]).includes(s)) : [...tab.statuses];
}

/** The API query; null when the tab and the status filter leave no status (nothing to ask). */
export function listQuery(tab: TabDef, state: StateListState): ReviewListQuery | null {
  const statuses = statusesFor(tab, state);
  if (statuses && statuses.length === 0) return null;
  const range = state.filters.range ? dateRangeBounds(state.filters.range as DateRange) : null;
  return {
    page: state.page,
    limit: state.pageSize,
    status: statuses?.join(','),
    applicationId: state.search || undefined,
    organizationId: state.filters.organization,
    projectLocation: state.filters.location,
    startDate: range?.startDate,
    endDate: range?.endDate,
  };
}

export function listChips(state: StateListState, search: string, organizationName: string | null): Chip[] {
  const { range, location, organization, status } = state.filters;
  const chips: Chip[] = [];
  if (state.search) chips.push(chip(search, 'q', `Application ID: ${state.search}`));
  if (range) chips.push(chip(search, 'range', `Submitted: ${DATE_RANGE_LABELS[range as DateRange]}`));
  if (location) chips.push(chip(search, 'location', `Project location: ${location}`));
  if (organization) chips.push(chip(search, 'organization', `Organization: ${organizationName ?? 'Unknown organization'}`));
  if (status) chips.push(chip(search, 'status', `Status: ${status.split(',').map(statusLabel).join(', ')}`));
  return chips;
}
