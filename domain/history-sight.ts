// What of the history (logged actions) a caller sees (issue 39 item 2; decision 092). Pure: read from the permissions
// table (domain/permissions.ts) and the review sight (domain/review-sight.ts), never from a role's name. The API's one
// reader of the history (api/routes/history.ts `page()`, and the filter choices) turns a `HistorySight` into its SQL,
// so the three histories (an application's, an organization's, the state's whole one) page and count only what the
// caller may see, and `entryAsSeen` masks what a shown entry carries beyond that (comments, names).
// - Every reader of a history sees the application's status moves, the organization's own work, unlocks and messages.
// - A review entry is seen by the stage's sight (`reviewSight` of the entry's details.stage): whole ('all': the
//   State_Admin, the financial reviewer, a vendor admin in its own stage), the caller's own review ('own': a reviewer),
//   or not at all (the organization, a vendor admin in the other vendor's stage). Assignments, consensus values and a
//   new pass are the stage's management: 'all' only.
// - Rubric entries: those who read the rubric (`readsRubric`, the table's 'read rubric').
// - The state side (a 'read status' holder) reads every comment and name; an organization user reads the comments the
//   state wrote to the applicant (a revision, a rejection, not remediated) and "State office" for a state user.
import { accessLevels, type Stage } from './permissions';
import { readsRubric, widestSight } from './review-sight';
import { HISTORY_ACTIONS } from './history';
import type { RoleName } from './roles';

/** What an entry is about, which decides who sees it (decision 092's table). */
export type HistoryEntryKind =
  /** A move of the application's status (DESIGN 4: who, when, from, to, comments, reason). */
  | 'status'
  /** The organization's own work and account: its applications, sections, profile, documents, members, its status. */
  | 'organization'
  /** A section's unlock: asked, opened, resubmitted (decision 034). */
  | 'unlock'
  | 'message'
  /** The state office's own settings and records: a programme's unlock window, held answers (no organization). */
  | 'office'
  /** One reviewer's review: started, conflict declared, marks, a section or the decision submitted, an unlock of it. */
  | 'review'
  /** A stage's management: reviewers assigned, a consensus value set, a new pass started. */
  | 'review-stage'
  /** The BEAD rubric's scores (decision 042). */
  | 'rubric';

/** Every action the portal writes to the history, by kind. An action not listed is seen only by those who see everything. */
export const HISTORY_ENTRY_KINDS: Readonly<Record<string, HistoryEntryKind>> = {
  STATUS_CHANGED: 'status',
  APPLICATION_CREATED: 'organization',
  APPLICATION_SUBMITTED: 'organization',
  APPLICATION_RESUBMITTED: 'organization',
  APPLICATION_CANCELLED: 'organization',
  APPLICATION_DELETED: 'organization',
  PROFILE_SNAPSHOT: 'organization',
  SECTION_SAVED: 'organization',
  ORGANIZATION_SIGNED_UP: 'organization',
  PROFILE_SAVED: 'organization',
  PROJECT_AREAS_IMPORTED: 'organization',
  DOCUMENT_UPLOADED: 'organization',
  DOCUMENT_DELETED: 'organization',
  DOCUMENT_VERSION_ADDED: 'organization',
  PENDING_UPLOAD_HELD: 'organization',
  UPLOAD_REFUSED_VIRUS: 'organization',
  USER_ADDED: 'organization',
  USER_UPDATED: 'organization',
  USER_DISABLED: 'organization',
  USER_ENABLED: 'organization',
  // The accounts' own rules (issue 39 item 1): an invitation and its answer are the organization's membership.
  USER_INVITED: 'organization',
  USER_INVITATION_ACCEPTED: 'organization',
  USER_INVITATION_DECLINED: 'organization',
  USER_INVITATION_WITHDRAWN: 'organization',
  // A person's own account (decision 093): no organization's, so read in the state's whole history only.
  ACCOUNT_UPDATED: 'organization',
  ACCOUNT_EMAIL_CHANGE_ASKED: 'organization',
  ACCOUNT_EMAIL_CHANGED: 'organization',
  // The organization's own account as the state office sets it (decision 039: in the organization's history).
  ORGANIZATION_DEACTIVATED: 'organization',
  ORGANIZATION_ACTIVATED: 'organization',
  UNLOCK_REQUESTED: 'unlock',
  SECTION_UNLOCKED: 'unlock',
  SECTION_RELOCKED: 'unlock',
  MESSAGE_SENT: 'message',
  UNLOCK_WINDOW_CLOSED: 'office',
  UNLOCK_WINDOW_REOPENED: 'office',
  ANSWERS_HELD: 'office',
  REVIEW_IN_PROGRESS: 'review',
  REVIEW_CONFLICT_DECLARED: 'review',
  REVIEW_MARKS_SAVED: 'review',
  REVIEW_SECTION_SUBMITTED: 'review',
  REVIEW_DECISION_SUBMITTED: 'review',
  REVIEW_UNLOCKED: 'review',
  REVIEWERS_ASSIGNED: 'review-stage',
  REVIEW_CONSENSUS_SET: 'review-stage',
  REVIEW_PASS_STARTED: 'review-stage',
  RUBRIC_SCORE_UPDATED: 'rubric',
};

/** The statuses whose move's comments the state writes to the applicant (the revision asked, the rejection, not remediated). */
export const APPLICANT_COMMENT_STATUSES: readonly string[] = ['REVISION_NEEDED', 'REJECTED', 'NOT_REMEDIATED'];

/**
 * Whether a status move's comments are the applicant's to read (decision 092): a move into REVISION_NEEDED, REJECTED or
 * NOT_REMEDIATED; every other move's comments are the state office's notes. The organization's history and the e-mail
 * of the move (api/services/notifications.ts) both ask.
 */
export const moveCommentsForApplicant = (toStatus: string | null | undefined): boolean => APPLICANT_COMMENT_STATUSES.includes(toStatus ?? '');

/** How an organization user reads the name of a state user (a reviewer, a vendor's or the state's staff). */
export const STATE_OFFICE_NAME = 'State office';

const REVIEW_STAGES: readonly Stage[] = ['GATING', 'TECHNICAL', 'STATE'];

/** The caller as the history reads them. */
export interface HistoryViewer {
  id: string;
  /** Their roles: a state user's, or their roles in their organizations. */
  roles: readonly RoleName[];
  /** Reading the history of one application they are assigned to review ('read rubric' through 'assigned'). */
  assigned?: boolean;
}

/**
 * What a caller sees of the history, as data the SQL reads (api/routes/history.ts):
 *   whole, or: action in `shown`, or (action in `staged` and details.stage in `stages`), or (action in `own` and
 *   details.stage in `ownStages` and the entry is the caller's own review: theirs, or an unlock of theirs).
 */
export interface HistorySight {
  /** Every entry, whatever it is (the roles seeing every kind whole): no condition at all. */
  whole: boolean;
  /** The actions seen whatever their stage or author. */
  shown: string[];
  /** The review actions seen whole in `stages` (the stages the caller's sight is 'all' on). */
  staged: string[];
  stages: Stage[];
  /** The review actions seen in `ownStages` when the entry is the caller's own review (sight 'own'). */
  own: string[];
  ownStages: Stage[];
  /** The state side ('read status'): every comment and every name; else the applicant's comments and "State office". */
  stateSide: boolean;
}

const actionsOf = (kinds: readonly HistoryEntryKind[]) =>
  Object.keys(HISTORY_ENTRY_KINDS).filter((action) => kinds.includes(HISTORY_ENTRY_KINDS[action]!));

export function historySight(viewer: HistoryViewer): HistorySight {
  const { roles } = viewer;
  const stateSide = roles.some((role) => accessLevels(role, 'read', 'status').length > 0);
  const rubric = readsRubric(roles, { assigned: !!viewer.assigned });
  const stages = REVIEW_STAGES.filter((stage) => widestSight(roles, stage) === 'all');
  const ownStages = REVIEW_STAGES.filter((stage) => widestSight(roles, stage) === 'own');
  const shown = actionsOf(['status', 'organization', 'unlock', 'message', ...(stateSide ? ['office' as const] : []), ...(rubric ? ['rubric' as const] : [])]);
  // Every stage whole (and so also a review entry of no stage, as the sight gives those whole), the rubric, the office's.
  const whole = stateSide && rubric && stages.length === REVIEW_STAGES.length;
  return {
    whole,
    shown,
    staged: stages.length ? actionsOf(['review', 'review-stage']) : [],
    stages,
    own: ownStages.length ? actionsOf(['review']) : [],
    ownStages,
    stateSide,
  };
}

/** The actions the history's action filter offers the caller: those they may see, in domain/history.ts's order. */
export function actionsSeen(sight: HistorySight): string[] {
  if (sight.whole) return [...HISTORY_ACTIONS];
  const seen = new Set([...sight.shown, ...sight.staged, ...sight.own]);
  return HISTORY_ACTIONS.filter((action) => seen.has(action));
}

/** A history row as the API reads it, before it is masked. */
export interface HistoryRowSeen {
  action: string;
  toStatus: string | null;
  comments: string | null;
  userId: string | null;
  user: { firstName: string; lastName: string | null; email: string | null } | null;
  /** 'org' | 'state': the author's side (users.role_type), null when no one (the portal) wrote it. */
  userRoleType: string | null;
  reviewerNames?: string[] | null;
}

/**
 * A shown entry as the caller reads it: the state side whole; an organization user reads a status move's comments only
 * when the state wrote them to the applicant, and a state user as "State office" (no name, id or e-mail).
 */
export function entryAsSeen<R extends HistoryRowSeen>(sight: HistorySight, row: R): Omit<R, 'userRoleType'> {
  const { userRoleType, ...entry } = row;
  if (sight.stateSide) return entry;
  const comments = entry.action === 'STATUS_CHANGED' && !moveCommentsForApplicant(entry.toStatus) ? null : entry.comments;
  const byState = userRoleType === 'state';
  return {
    ...entry,
    comments,
    userId: byState ? null : entry.userId,
    user: byState ? { firstName: STATE_OFFICE_NAME, lastName: null, email: null } : entry.user,
    ...('reviewerNames' in entry ? { reviewerNames: null } : {}),
  };
}
