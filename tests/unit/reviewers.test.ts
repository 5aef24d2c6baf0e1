// The reviewers screen's rules (decision 044): the stalled rule as data and its SQL cutoffs, the age, the declaration,
// the reviewerType filter's values, and the screen's URL state (view, filters, API query, chips, links).
import { describe, expect, it } from 'vitest';
import {
  ageInDays, declarationOf, isStalled, parseReviewerType, STALLED_AFTER_DAYS, stalledCutoffs,
} from '../../domain/reviewers';
import {
  assignmentsQuery, readReviewersState, reviewerAssignmentsPath, reviewerChips, summaryQuery, viewPath,
} from '../../app/routes/state.reviewers/list-state';

const DAY = 24 * 60 * 60 * 1000;
const now = new Date('2026-11-25T12:00:00Z');
const before = (days: number) => new Date(now.getTime() - days * DAY);

describe('the stalled rule', () => {
  it('holds open reviews only, past their status\'s days (strictly more than)', () => {
    expect(STALLED_AFTER_DAYS).toEqual({ PENDING: 5, IN_PROGRESS: 14 });
    expect(isStalled('PENDING', before(5), now)).toBe(false);
    expect(isStalled('PENDING', new Date(before(5).getTime() - 1), now)).toBe(true);
    expect(isStalled('IN_PROGRESS', before(10), now)).toBe(false);
    expect(isStalled('IN_PROGRESS', before(14.01), now)).toBe(true);
    expect(isStalled('SUBMITTED', before(400), now)).toBe(false);
    expect(isStalled('PENDING', null, now)).toBe(false);
    expect(isStalled('PENDING', before(6).toISOString(), now)).toBe(true);
  });

  it('gives the SQL side the same instants, one per open status', () => {
    const cutoffs = stalledCutoffs(now);
    expect(cutoffs).toEqual([
      { status: 'PENDING', before: before(5) },
      { status: 'IN_PROGRESS', before: before(14) },
    ]);
    // A time just before a cutoff is stalled by both sides, just after it by neither.
    for (const c of cutoffs) {
      expect(isStalled(c.status, new Date(c.before.getTime() - 1), now)).toBe(true);
      expect(isStalled(c.status, new Date(c.before.getTime() + 1), now)).toBe(false);
    }
  });

  it('ages a review in whole days from assignment to submission, or to now', () => {
    expect(ageInDays(before(3.9), null, now)).toBe(3);
    expect(ageInDays(before(50), before(40), now)).toBe(10);
    expect(ageInDays(now, null, now)).toBe(0);
    expect(ageInDays(new Date(now.getTime() + DAY), null, now)).toBe(0);
  });

  it('names the declaration and reads reviewer types in spec 9\'s words or the role names', () => {
    expect([declarationOf(null), declarationOf(undefined), declarationOf(false), declarationOf(true)]).toEqual(['NONE', 'NONE', 'NO_CONFLICT', 'CONFLICT']);
    expect(parseReviewerType('RSM_REVIEWER')).toBe('RSM_REVIEWER');
    expect(parseReviewerType('CTC_Reviewer')).toBe('CTC_REVIEWER');
    expect(parseReviewerType(' state_reviewer ')).toBe('STATE_REVIEWER');
    expect(parseReviewerType('RSM')).toBeNull();
    expect(parseReviewerType('RSM_Financial_Reviewer')).toBeNull();
    expect(parseReviewerType('')).toBeNull();
  });
});

describe('the reviewers screen\'s URL state', () => {
  const ID = '6f1c1d1e-2a3b-4c5d-8e9f-0a1b2c3d4e5f';

  it('reads the view, page, size, search and the five filters; anything malformed is no filter', () => {
    const state = readReviewersState(`?reviewerId=${ID.toUpperCase()}&reviewerType=CTC_REVIEWER&reviewStatus=IN_PROGRESS&applicationStatus=GATING_REVIEW&stalled=true&page=2&size=25&q=LKV`);
    expect(state).toMatchObject({
      view: 'assignments', page: 2, pageSize: 25, search: 'LKV',
      filters: { reviewerId: ID, reviewerType: 'CTC_REVIEWER', reviewStatus: 'IN_PROGRESS', applicationStatus: 'GATING_REVIEW', stalled: 'true' },
    });
    const bad = readReviewersState('?reviewerId=nope&reviewerType=RSM&reviewStatus=DONE&applicationStatus=DRAFT&stalled=yes&size=7&page=-1&view=other');
    expect(bad).toMatchObject({ view: 'assignments', page: 1, pageSize: 10, search: '', filters: {} });
    expect(readReviewersState('?view=by-reviewer').view).toBe('by-reviewer');
  });

  it('asks the API what the URL says', () => {
    const state = readReviewersState(`?reviewerId=${ID}&reviewStatus=PENDING&stalled=true&q=GA-LKV&size=50`);
    expect(assignmentsQuery(state)).toEqual({
      page: 1, limit: 50, reviewerId: ID, reviewerType: undefined, reviewStatus: 'PENDING', applicationStatus: undefined, stalled: true, search: 'GA-LKV',
    });
    expect(assignmentsQuery(readReviewersState('')).stalled).toBeUndefined();
    expect(summaryQuery(readReviewersState('?view=by-reviewer&reviewerType=RSM_REVIEWER&q=rita'))).toEqual({
      page: 1, limit: 10, reviewerType: 'RSM_REVIEWER', search: 'rita',
    });
  });

  it('shows each applied filter as a chip whose link drops it and goes back to page 1', () => {
    const search = `?reviewerId=${ID}&reviewerType=RSM_REVIEWER&reviewStatus=PENDING&applicationStatus=GATING_REVIEW&stalled=true&q=LKV&page=3`;
    const chips = reviewerChips(readReviewersState(search), search, 'Rita Zimmer');
    expect(chips.map((c) => c.label)).toEqual([
      'Search: LKV', 'Reviewer: Rita Zimmer', 'Reviewer type: RSM Reviewer', 'Review status: Pending', 'Application status: Gating Review', 'Stalled only',
    ]);
    const status = chips.find((c) => c.label.startsWith('Review status'))!;
    expect(new URLSearchParams(status.remove).get('reviewStatus')).toBeNull();
    expect(new URLSearchParams(status.remove).get('page')).toBeNull();
    expect(new URLSearchParams(status.remove).get('stalled')).toBe('true');
    // The by-reviewer view shows only what it filters by.
    const summary = `?view=by-reviewer&reviewerType=CTC_REVIEWER&reviewStatus=PENDING`;
    expect(reviewerChips(readReviewersState(summary), summary, null).map((c) => c.label)).toEqual(['Reviewer type: CTC Reviewer']);
  });

  it('links the views and a reviewer\'s filtered list', () => {
    const state = readReviewersState(`?q=rita&reviewerType=RSM_REVIEWER&reviewStatus=PENDING&page=2`);
    expect(viewPath('by-reviewer', state)).toBe('/state/reviewers?view=by-reviewer&q=rita&reviewerType=RSM_REVIEWER');
    expect(viewPath('assignments', readReviewersState(''))).toBe('/state/reviewers');
    expect(reviewerAssignmentsPath(ID)).toBe(`/state/reviewers?reviewerId=${ID}`);
    expect(reviewerAssignmentsPath(ID, { stalled: 'true' })).toBe(`/state/reviewers?reviewerId=${ID}&stalled=true`);
  });
});
