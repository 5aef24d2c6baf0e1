// Who sees how much of a stage's reviews (decision 051, domain/review-sight.ts): read from the permissions table.
import { describe, expect, it } from 'vitest';
import { reviewSight, widestSight } from '../../domain/review-sight';
import { accessLevels, PERMISSIONS, VENDOR_STAGE, type Stage } from '../../domain/permissions';
import { REVIEWER_ROLES, ORG_ROLES, type RoleName } from '../../domain/roles';

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

  it('gives an application in no review stage whole only to the roles reading every stage', () => {
    expect(reviewSight('State_Admin', null)).toBe('all');
    expect(reviewSight('RSM_Financial_Reviewer', null)).toBe('all');
    expect(reviewSight('RSM_Admin', null)).toBeNull();
    expect(reviewSight('CTC_Admin', null)).toBeNull();
    for (const reviewer of REVIEWER_ROLES) expect(reviewSight(reviewer, null)).toBe('own');
  });

  // The review screen (marking.server.ts) showed the reviews panel and the consensus table to every role reading
  // reviews beyond its assignments, whatever the stage; it now asks reviewSight(role, stage) === 'all'. Every role of
  // the permissions table: the State_Admin and the financial reviewer see what they saw; a vendor admin loses only the
  // stages not its own; reviewers and organization roles saw and see none.
  it('changes the review screen only for a vendor admin outside its own stage', () => {
    const before = (role: RoleName) => accessLevels(role, 'read', 'review').some((level) => level !== 'assigned');
    for (const role of Object.keys(PERMISSIONS) as RoleName[]) {
      for (const stage of ['GATING', 'TECHNICAL', 'STATE', null] as (Stage | null)[]) {
        const now = reviewSight(role, stage) === 'all';
        const vendorAdmin = accessLevels(role, 'read', 'review').includes('stage');
        expect(now, `${role} on ${stage}`).toBe(vendorAdmin ? stage === VENDOR_STAGE[role] : before(role));
      }
    }
    for (const role of ['State_Admin', 'RSM_Financial_Reviewer'] as const) expect(before(role)).toBe(true);
    for (const role of [...REVIEWER_ROLES, ...ORG_ROLES]) expect(before(role)).toBe(false);
  });
});
