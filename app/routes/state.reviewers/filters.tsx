// The reviewers screen's filter drawer (decision 044): a GET form in a URL dialog (decision 004). The assignments
// view filters by reviewer, reviewer type, review status, application status and stalled; the by-reviewer view by
// reviewer type. Every choice has a default that means "no filter" (decision 024).
import { FilterDrawer } from '../../components/list-kit';
import { FilterField } from '../../components/list-kit/filter-field';
import { statusLabel } from '../../../domain/statuses';
import { REVIEWER_TYPES, reviewerTypeLabel } from '../../../domain/review-assignments';
import { REVIEW_STATUSES } from '../../../domain/reviewers';
import { roleLabel } from '../../../domain/roles';
import type { ReviewerSummaryRow } from '../../api/reviewers.server';
import { DRAWER_FILTERS, reviewStatusLabel, STATE_STATUSES, type ReviewersState } from './list-state';

export function ReviewerFilters({ open, state, reviewers }: { open: boolean; state: ReviewersState; reviewers: ReviewerSummaryRow[] }) {
  const f = state.filters;
  const typeField = (
    <FilterField
      name="reviewerType" label="Reviewer type" value={f.reviewerType} any="Any reviewer type"
      options={REVIEWER_TYPES.map((t) => ({ value: t, label: reviewerTypeLabel(t) }))}
    />
  );
  if (state.view === 'by-reviewer') {
    return (
      <FilterDrawer open={open} fields={DRAWER_FILTERS['by-reviewer']}>
        {typeField}
      </FilterDrawer>
    );
  }
  // One choice per reviewer (a person holding two reviewer roles is listed once).
  const people = [...new Map(reviewers.map((r) => [r.reviewer.id, r.reviewer])).values()];
  return (
    <FilterDrawer open={open} fields={DRAWER_FILTERS.assignments}>
      <FilterField
        name="reviewerId" label="Reviewer" value={f.reviewerId} any="Any reviewer"
        options={people.map((p) => ({ value: p.id, label: `${p.firstName} ${p.lastName} (${roleLabel(p.role)})` }))}
      />
      {typeField}
      <FilterField
        name="reviewStatus" label="Review status" value={f.reviewStatus} any="Any review status"
        options={REVIEW_STATUSES.map((s) => ({ value: s, label: reviewStatusLabel(s) }))}
      />
      <FilterField
        name="applicationStatus" label="Application status" value={f.applicationStatus} any="Any application status"
        options={STATE_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))}
      />
      <fieldset className="ui-filter-group">
        <legend>Stalled</legend>
        <label>
          <input type="checkbox" name="stalled" value="true" defaultChecked={f.stalled === 'true'} /> Stalled reviews only
        </label>
      </fieldset>
    </FilterDrawer>
  );
}
