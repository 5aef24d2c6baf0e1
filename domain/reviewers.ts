// The reviewers screen's rules (spec 2 /state/reviewers, spec 3 Reviewers list, spec 7 GET review/applications/
// reviewers/all; issue 12 item 8; decision 044), pure: when a review counts as stalled (data), its age, the
// declaration shown beside it, and the values the list's filters accept. Shared by the API (which also writes the
// stalled rule as SQL from the same table) and the screen.
import type { AssignmentStatus } from './workflow';
import { REVIEWER_TYPES, type ReviewerType } from './review-assignments';

export const REVIEW_STATUSES: readonly AssignmentStatus[] = ['PENDING', 'IN_PROGRESS', 'SUBMITTED'];
export const REVIEW_STATUS_LABELS: Readonly<Record<AssignmentStatus, string>> = {
  PENDING: 'Pending', IN_PROGRESS: 'In progress', SUBMITTED: 'Submitted',
};

/**
 * The stalled rule, as data: an open review is stalled when it has stayed in its status longer than this many days
 * (counted from the time it entered that status: assigned, started, or unlocked). A SUBMITTED review is never stalled.
 * PENDING: not even opened within a working week. IN_PROGRESS: two weeks without a submitted decision.
 */
export const STALLED_AFTER_DAYS: Readonly<Partial<Record<AssignmentStatus, number>>> = { PENDING: 5, IN_PROGRESS: 14 };

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether a review in `status` since `since` is stalled at `now`. */
export function isStalled(status: AssignmentStatus, since: Date | string | null, now: Date = new Date()): boolean {
  const days = STALLED_AFTER_DAYS[status];
  if (days === undefined || !since) return false;
  return now.getTime() - new Date(since).getTime() > days * DAY_MS;
}

/**
 * The SQL side of the same rule: per status, the instant before which a review still in it is stalled. The API
 * compares `status_changed_at < cutoff` for each entry; nothing else decides what stalled means.
 */
export function stalledCutoffs(now: Date = new Date()): { status: AssignmentStatus; before: Date }[] {
  return (Object.entries(STALLED_AFTER_DAYS) as [AssignmentStatus, number][]).map(([status, days]) => ({
    status, before: new Date(now.getTime() - days * DAY_MS),
  }));
}

/** Whole days from assignment to submission (a submitted review) or to now (an open one). */
export function ageInDays(assignedAt: Date | string, submittedAt: Date | string | null, now: Date = new Date()): number {
  const end = submittedAt ? new Date(submittedAt) : now;
  return Math.max(0, Math.floor((end.getTime() - new Date(assignedAt).getTime()) / DAY_MS));
}

/** The reviewer's conflict-of-interest declaration for the assignment's stage (decision 038). */
export type Declaration = 'NONE' | 'NO_CONFLICT' | 'CONFLICT';
export const DECLARATION_LABELS: Readonly<Record<Declaration, string>> = {
  NONE: 'Not declared', NO_CONFLICT: 'No conflict', CONFLICT: 'Conflict declared',
};
export const declarationOf = (conflict: boolean | null | undefined): Declaration =>
  conflict === null || conflict === undefined ? 'NONE' : conflict ? 'CONFLICT' : 'NO_CONFLICT';

/**
 * The reviewerType filter takes spec 9's values (CTC_REVIEWER, RSM_REVIEWER, STATE_REVIEWER), in any case: the role
 * names (RSM_Reviewer …) are the same words, so they are accepted too. Anything else: null.
 */
export function parseReviewerType(value: string | null | undefined): ReviewerType | null {
  const upper = (value ?? '').trim().toUpperCase();
  return (REVIEWER_TYPES as readonly string[]).includes(upper) ? (upper as ReviewerType) : null;
}

export const isReviewStatus = (value: unknown): value is AssignmentStatus =>
  typeof value === 'string' && (REVIEW_STATUSES as readonly string[]).includes(value);

/** The screen's two views (a URL parameter, `?view=by-reviewer`). */
export const REVIEWER_VIEWS = ['assignments', 'by-reviewer'] as const;
export type ReviewerView = (typeof REVIEWER_VIEWS)[number];
