// The reviewers screen's URL state (decision 044): the view (?view=by-reviewer), page, size, the search and the
// filters (named as the API names them: reviewerId, reviewerType, reviewStatus, applicationStatus, and stalled),
// what the API is asked, and the chips. No zod: this module runs in the browser too.
import { chip, oneOf, parseListState, withParams, type Chip, type ListSpec, type ListState } from '../../utils/url-state';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../../domain/constants';
import { APPLICATION_STATUSES, isSubmittedOrLater, statusLabel } from '../../../domain/statuses';
import { REVIEWER_TYPES, reviewerTypeLabel, type ReviewerType } from '../../../domain/review-assignments';
import { REVIEW_STATUSES, REVIEW_STATUS_LABELS, type ReviewerView } from '../../../domain/reviewers';
import type { AssignmentStatus } from '../../../domain/workflow';
import type { ReviewerAssignmentsQuery } from '../../api/reviewers.server';
import { UUID } from '../../../domain/ids';

export type Filter = 'reviewerId' | 'reviewerType' | 'reviewStatus' | 'applicationStatus' | 'stalled';

/** Every status the state side sees (never a draft or a cancelled application). */
export const STATE_STATUSES = APPLICATION_STATUSES.filter(isSubmittedOrLater);

export const LIST_SPEC: ListSpec<Filter> = {
  pageSizes: PAGE_SIZES,
  defaultPageSize: DEFAULT_PAGE_SIZE,
  search: { max: 100 },
  filters: {
    reviewerId: (raw) => (UUID.test(raw.trim()) ? raw.trim().toLowerCase() : undefined),
    reviewerType: oneOf(REVIEWER_TYPES),
    reviewStatus: oneOf(REVIEW_STATUSES),
    applicationStatus: oneOf(STATE_STATUSES),
    stalled: oneOf(['true']),
  },
};

/** The drawer's fields in each view: the summary lists reviewers, so only their type narrows it. */
export const DRAWER_FILTERS: Readonly<Record<ReviewerView, readonly Filter[]>> = {
  assignments: ['reviewerId', 'reviewerType', 'reviewStatus', 'applicationStatus', 'stalled'],
  'by-reviewer': ['reviewerType'],
};

export type ReviewersState = ListState<Filter> & { view: ReviewerView };

export function readReviewersState(search: string | URLSearchParams): ReviewersState {
  const params = new URLSearchParams(search);
  return { ...parseListState(params, LIST_SPEC), view: params.get('view') === 'by-reviewer' ? 'by-reviewer' : 'assignments' };
}

/** What GET review/applications/reviewers/all is asked. */
export function assignmentsQuery(state: ReviewersState): ReviewerAssignmentsQuery {
  const f = state.filters;
  return {
    page: state.page,
    limit: state.pageSize,
    reviewerId: f.reviewerId,
    reviewerType: f.reviewerType,
    reviewStatus: f.reviewStatus,
    applicationStatus: f.applicationStatus,
    stalled: f.stalled === 'true' || undefined,
    search: state.search || undefined,
  };
}

/** What GET review/applications/reviewers/summary is asked. */
export const summaryQuery = (state: ReviewersState) => ({
  page: state.page, limit: state.pageSize, reviewerType: state.filters.reviewerType, search: state.search || undefined,
});

export const reviewStatusLabel = (status: AssignmentStatus) => REVIEW_STATUS_LABELS[status];

/** The applied filters of the view as chips ("Reviewer: Rita Zimmer" …); `reviewerName` names the reviewerId. */
export function reviewerChips(state: ReviewersState, search: string, reviewerName: string | null): Chip[] {
  const f = state.filters;
  const chips: Chip[] = [];
  if (state.search) chips.push(chip(search, 'q', `Search: ${state.search}`));
  const shown = new Set(DRAWER_FILTERS[state.view]);
  if (f.reviewerId && shown.has('reviewerId')) chips.push(chip(search, 'reviewerId', `Reviewer: ${reviewerName ?? 'Unknown reviewer'}`));
  if (f.reviewerType) chips.push(chip(search, 'reviewerType', `Reviewer type: ${reviewerTypeLabel(f.reviewerType as ReviewerType)}`));
  if (f.reviewStatus && shown.has('reviewStatus')) chips.push(chip(search, 'reviewStatus', `Review status: ${reviewStatusLabel(f.reviewStatus as AssignmentStatus)}`));
  if (f.applicationStatus && shown.has('applicationStatus')) chips.push(chip(search, 'applicationStatus', `Application status: ${statusLabel(f.applicationStatus)}`));
  if (f.stalled && shown.has('stalled')) chips.push(chip(search, 'stalled', 'Stalled only'));
  return chips;
}

export const REVIEWERS_PATH = '/state/reviewers';
const at = (query: string) => (query === '?' ? REVIEWERS_PATH : `${REVIEWERS_PATH}${query}`);
/** The assignments of one reviewer (the summary's links), optionally narrowed further. */
export const reviewerAssignmentsPath = (reviewerId: string, more: Record<string, string> = {}) =>
  at(withParams('', { reviewerId, ...more }));
/** The view's tab link: the other view keeps the search and the reviewer type, and starts at page 1. */
export function viewPath(view: ReviewerView, state: ReviewersState): string {
  return at(withParams('', {
    view: view === 'by-reviewer' ? 'by-reviewer' : null, q: state.search || null, reviewerType: state.filters.reviewerType ?? null,
  }));
}
