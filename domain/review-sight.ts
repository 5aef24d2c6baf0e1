// How much of a stage's reviews a state role sees (decision 051), read from the permissions table's 'read review'.
// Pure: the review screen (marking.server.ts: the reviews panel and the consensus table), the consensus route
// (api/services/reviews.ts consensusSeenBy), the earlier passes (api/services/review-pass-history.ts) and the state
// review PDF apply this one rule. The history (domain/history-sight.ts) and the exports (the state list's XLSX) ask it
// too, with the rubric's own rule below (`readsRubric`): a part the caller may not see is left out (decision 092).
// - 'all': every reviewer's marks, decisions and the consensus ('submitted' or 'any': the State_Admin, the financial
//   reviewer; 'stage': a vendor admin, in its own stage only, so never on an application outside the stages);
// - 'own': only the caller's own review ('assigned': a reviewer), never the other reviewers' marks nor the consensus;
// - null: none of the stage's reviews.
import { accessLevels, VENDOR_STAGE, type Stage } from './permissions';
import type { RoleName } from './roles';

export type ReviewSight = 'all' | 'own' | null;

/**
 * What `role` sees of the reviews of `stage` (the route's own check has already let the caller read the application's
 * review). `stage` null: an application in no review stage (submitted, or past the stages), whose reviews only the
 * roles reading every stage's ('submitted'/'any') see whole.
 */
export function reviewSight(role: RoleName, stage: Stage | null): ReviewSight {
  const levels = accessLevels(role, 'read', 'review');
  if (levels.includes('any') || levels.includes('submitted')) return 'all';
  if (levels.includes('stage') && VENDOR_STAGE[role] === stage) return 'all';
  return levels.includes('assigned') ? 'own' : null;
}

/** The widest sight any of the caller's roles gives on `stage`. */
export function widestSight(roles: readonly RoleName[], stage: Stage): ReviewSight {
  const sights = roles.map((role) => reviewSight(role, stage));
  return sights.includes('all') ? 'all' : sights.includes('own') ? 'own' : null;
}

/**
 * Whether `roles` read the BEAD rubric (its scores and total) of an application: the permissions table's 'read rubric'
 * (review rubric 5; decision 042), through 'submitted' or 'any' on every application the state reads, through
 * 'assigned' only on one the caller is assigned to review (`on.assigned`: a reviewer's own application, or a list of
 * only the caller's assignments). GET rubric-scores/… answers by the same table (403 to the others).
 */
export function readsRubric(roles: readonly RoleName[], on: { assigned: boolean }): boolean {
  return roles.some((role) => accessLevels(role, 'read', 'rubric').some((access) =>
    access === 'any' || access === 'submitted' || (access === 'assigned' && on.assigned)));
}

/**
 * Whether `roles` see a stage's review summary (its score and pass/fail figures) in a list of many applications (the
 * state list's XLSX): any sight on the stage (a reviewer's 'own' sight shows the summary, decision 046 addendum), none
 * for a vendor admin on the other vendor's stage (decision 092).
 */
export function seesStageSummary(roles: readonly RoleName[], stage: Stage): boolean {
  return widestSight(roles, stage) !== null;
}
