// Who sees how much of a stage's reviews (decision 051, domain/review-sight.ts): read from the permissions table.
import { describe, expect, it } from 'vitest';
import { readsOthersReviews, reviewSight, widestSight } from '../../domain/review-sight';
import { REVIEWER_ROLES, STATE_ROLES, ORG_ROLES } from '../../domain/roles';

describe('reviewSight', () => {
  it('gives the State_Admin and the financial reviewer every stage, a vendor admin its own stage, a reviewer its own review', () => {
    for (const stage of ['GATING', 'TECHNICAL', 'STATE'] as const) {
      expect(reviewSight('State_Admin', stage)).toBe('all');
      expect(reviewSight('RSM_Financial_Reviewer', stage)).toBe('all');
      for (const reviewer of REVIEWER_ROLES) expect(reviewSight(reviewer, stage)).toBe('own');
      for (const org of ORG_ROLES) expect(reviewSight(org, stage)).toBeNull();
    }
    expect(reviewSight('RSM_Admin', 'GATING')).toBe('all');
    expect(reviewSight('RSM_Admin', 'TECHNICAL')).toBeNull();
    expect(reviewSight('CTC_Admin', 'TECHNICAL')).toBe('all');
    expect(reviewSight('CTC_Admin', 'GATING')).toBeNull();
  });

  it('takes the widest of several roles', () => {
    expect(widestSight(['RSM_Reviewer', 'CTC_Admin'], 'TECHNICAL')).toBe('all');
    expect(widestSight(['RSM_Reviewer', 'CTC_Admin'], 'GATING')).toBe('own');
    expect(widestSight([], 'GATING')).toBeNull();
  });

  it('lets every state role but the reviewers read other reviewers\' reviews (the live screen\'s reviews panel and consensus)', () => {
    for (const role of STATE_ROLES) expect(readsOthersReviews(role), role).toBe(!REVIEWER_ROLES.includes(role));
    expect(readsOthersReviews(null)).toBe(false);
    expect(readsOthersReviews('Organization_Admin')).toBe(false);
  });
});
