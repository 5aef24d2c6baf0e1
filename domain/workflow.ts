// The application status machine as data (DESIGN 4 and 5, review rubric 1, spec 4 "Transition actions" and
// "Action menu labels", spec 7 "State and review" paths). Pure: the API refuses what it does not allow
// (api/services/application-moves.ts, the one executor), the UI's menus show exactly `allowedActions`. The unit and
// API move matrices read their expectations from WORKFLOW_ACTIONS; tests/fixtures/status-moves.ts pins the machine's
// answers by hand from DESIGN 4-5 (statuses written so far: RESUBMITTED, REVISION_NEEDED). Decision 027.
//
// The API of this module:
// - WORKFLOW_ACTIONS: every action, in menu order: id (the spec 7 path slug), label (spec 4 menu label), side
//   (organization or state), kind (a status move, or an assignment action that moves no status), from (the
//   statuses it starts from), to (the status it ends in; 'CHOSEN' for change-status, 'REMOVED' for delete), who
//   (the roles, through the vendor stage for RSM/CTC admins and reviewers), needs (comments, reasonId 1-9,
//   sectionIds, status), and its messages (failed: spec 8's failure toast, done: the success toast).
// - allowedActions({status, role, assignment?}): the action ids this role may take now (menus, the payload's
//   `allowedActions`); allowedActionsOfRoles(roles, {status, assignment?}) for a caller holding several roles.
// - refusal({status, role, assignment?}, actionId): null when allowed, else {status: 403 | 409, message}: the
//   same answer the API gives and the UI can show.
// - moveInputProblems(action, input, currentStatus?): the missing or wrong fields of a move's body, with messages
//   (without currentStatus: the checks that hold for any row, as a bulk move makes them once).
// - BULK_ACTION_IDS, BULK_MAX, BULK_MSG, bulkActionLabel: what the state's list takes on several applications at once.
// - REJECT_REASONS (spec 3, ids 1-9), FINAL_STATUSES, CHANGE_STATUS_TARGETS, WORKFLOW_MSG.
import { APPLICATION_MSG, MSG } from './messages';
import { isReadOnly, VENDOR_STAGE, type Stage } from './permissions';
import { ADMIN_ROLES_GROUP, REVIEWER_ROLES, type RoleName } from './roles';
import { APPLICATION_STATUSES, statusLabel, type ApplicationStatus } from './statuses';

export const WORKFLOW_MSG = {
  /** A move from a status it does not start from: almost always a page showing an older status. */
  stale: 'This application changed while you were looking at it. Reload to see its current status.',
  commentsRequired: 'Please enter your comments.',
  reasonRequired: 'Please choose a reason for rejecting.',
  sectionsRequired: 'Please choose at least one section to reopen.',
  sectionsUnknown: 'Please choose sections of this application form (the entity information cannot be reopened).',
  statusRequired: 'Please choose a status.',
  statusSame: 'Please choose a status other than the current one.',
  commentsTooLong: 'Comments can be at most 2000 characters.',
  reviewAlreadyStarted: 'Your review of this application is already in progress or submitted.',
} as const;

export const COMMENTS_MAX = 2000;

/** Spec 3 "Reject reasons (id 1-9)", verbatim. */
export const REJECT_REASONS = [
  { id: 1, text: 'Did not meet eligibility criteria per program guidelines.' },
  { id: 2, text: 'Incomplete application or missing required documentation, data, and information.' },
  { id: 3, text: 'Poor project design - lack of well-defined plan.' },
  { id: 4, text: 'Unrealistic cost estimates.' },
  { id: 5, text: 'Did not meet Gating criteria.' },
  { id: 6, text: 'Did not meet Technical criteria.' },
  { id: 7, text: 'Non-compliance with regulations.' },
  { id: 8, text: 'No response for remediation.' },
  { id: 9, text: 'Not recommended for funding.' },
] as const;
export type RejectReasonId = (typeof REJECT_REASONS)[number]['id'];

export function rejectReasonText(id: unknown): string | null {
  return REJECT_REASONS.find((r) => r.id === id)?.text ?? null;
}

/** DESIGN 4: only change-status leaves these. */
export const FINAL_STATUSES: readonly ApplicationStatus[] = ['AWARDED', 'REJECTED', 'WITHDRAWN', 'CANCELLED'];

export const STAGES: readonly Stage[] = ['GATING', 'TECHNICAL', 'STATE'];
/** A stage as a word ('Gating'): its review's name on the screen, in the history and in the state review PDF. */
export const STAGE_WORD: Record<Stage, string> = { GATING: 'Gating', TECHNICAL: 'Technical', STATE: 'State' };
const stageSlug = (stage: Stage) => stage.toLowerCase();

/** A stage's review and consensus statuses (DESIGN 4 "any review/consensus status"). */
export function stageReviewStatuses(stage: Stage): [review: ApplicationStatus, awaiting: ApplicationStatus, inConsensus: ApplicationStatus] {
  return [`${stage}_REVIEW`, `${stage}_AWAITING_STATE_CONSENSUS`, `${stage}_IN_STATE_CONSENSUS`] as [ApplicationStatus, ApplicationStatus, ApplicationStatus];
}

/** Submitted or later and not final: where reject and withdraw start from. */
const OPEN_SUBMITTED: readonly ApplicationStatus[] = APPLICATION_STATUSES.filter((s) => s !== 'DRAFT' && !FINAL_STATUSES.includes(s));

/**
 * The statuses change-status may start from and end in: every status the state sees (a draft and a cancelled
 * application are never the state's, decision 008), so the State_Admin can also reopen a final one.
 */
export const CHANGE_STATUS_TARGETS: readonly ApplicationStatus[] = APPLICATION_STATUSES.filter((s) => s !== 'DRAFT' && s !== 'CANCELLED');

/**
 * Who may take an action:
 * - organization-admin: the application's Organization_Admin;
 * - state-admin: State_Admin (consensus outcomes and final decisions, DESIGN 5);
 * - stage-admins: State_Admin and the admin of the action's vendor stage (RSM_Admin gating, CTC_Admin technical);
 * - stage-reviewer: a reviewer of the action's stage's type holding a PENDING assignment on it.
 */
export type Who = 'organization-admin' | 'state-admin' | 'stage-admins' | 'stage-reviewer';

export type ActionId =
  | 'submit' | 'resubmit' | 'cancel' | 'delete'
  | 'mark-as-gating-review' | 'mark-as-gating-awaiting-consensus' | 'mark-as-gating-in-consensus' | 'mark-as-passed-gating' | 'mark-as-gating-review-state'
  | 'mark-as-technical-review' | 'mark-as-technical-awaiting-consensus' | 'mark-as-technical-in-consensus' | 'mark-as-passed-technical' | 'mark-as-technical-review-state'
  | 'mark-as-state-review' | 'mark-as-state-awaiting-consensus' | 'mark-as-state-in-consensus' | 'mark-as-passed-state'
  | 'mark-as-revision-needed' | 'mark-as-not-remediated' | 'mark-as-in-negotiation' | 'mark-as-awarded' | 'mark-as-rejected'
  | 'withdraw' | 'change-status'
  | 'assign-reviewers' | 'mark-review-in-progress';

export interface ActionNeeds {
  /** Comments must be given (else they are optional). */
  comments: boolean;
  /** A reject reason id 1-9 (REJECT_REASONS). */
  reasonId: boolean;
  /** One or more sections of the application form to reopen. */
  sectionIds: boolean;
  /** The status to move to (change-status). */
  status: boolean;
}

export interface WorkflowAction {
  id: ActionId;
  /** The menu label (spec 4 "Action menu labels"; the organization's buttons for its own moves). */
  label: string;
  side: 'organization' | 'state';
  /** move: changes the status (through the executor); assignment: a review assignment action (no status change). */
  kind: 'move' | 'assignment';
  from: readonly ApplicationStatus[];
  /** The status after the move; 'CHOSEN': the body's status (change-status); 'REMOVED': the row is deleted; null: no move. */
  to: ApplicationStatus | 'CHOSEN' | 'REMOVED' | null;
  /** The vendor stage of stage-admins and stage-reviewer actions. */
  stage: Stage | null;
  who: Who;
  needs: ActionNeeds;
  /** The history entry's action (logged_actions.action). */
  auditAction: string;
  /** Spec 8 failure toast. */
  failed: string;
  /** Success toast. */
  done: string;
  /** The 409 message when the status does not allow it. */
  conflict: string;
}

const NEEDS_NOTHING: ActionNeeds = { comments: false, reasonId: false, sectionIds: false, status: false };

function stateMove(
  id: ActionId, label: string, from: readonly ApplicationStatus[], to: ApplicationStatus | 'CHOSEN', who: Who,
  opts: { stage?: Stage; needs?: Partial<ActionNeeds>; failed?: string; done?: string } = {},
): WorkflowAction {
  return {
    id, label, side: 'state', kind: 'move', from, to, stage: opts.stage ?? null, who,
    needs: { ...NEEDS_NOTHING, ...opts.needs },
    auditAction: 'STATUS_CHANGED',
    failed: opts.failed ?? `Failed to mark as ${label}`,
    done: opts.done ?? (to === 'CHOSEN' ? 'Status changed successfully' : `Application marked as ${statusLabel(to)}`),
    conflict: WORKFLOW_MSG.stale,
  };
}

/** A stage's moves: into review, awaiting consensus, in consensus, passed, and (gating, technical) back to review from consensus. */
function stageMoves(stage: Stage, entry: readonly ApplicationStatus[]): WorkflowAction[] {
  const word = STAGE_WORD[stage];
  const slug = stageSlug(stage);
  const [review, awaiting, inConsensus] = stageReviewStatuses(stage);
  const moves = [
    stateMove(`mark-as-${slug}-review` as ActionId, `${word} Review`, entry, review, 'stage-admins', { stage }),
    stateMove(`mark-as-${slug}-awaiting-consensus` as ActionId, `${word} Awaiting Consensus`, [review], awaiting, 'stage-admins', { stage }),
    stateMove(`mark-as-${slug}-in-consensus` as ActionId, `${word} In Consensus`, [awaiting], inConsensus, 'state-admin', { stage }),
    stateMove(`mark-as-passed-${slug}` as ActionId, `Passed ${word}`, [inConsensus], `PASSED_${stage}` as ApplicationStatus, 'state-admin', { stage }),
  ];
  if (stage !== 'STATE') {
    // Spec 7's mark-as-{gating,technical}-review-state: the State_Admin sends a stage back to its reviewers from consensus.
    moves.push(stateMove(`mark-as-${slug}-review-state` as ActionId, `${word} Review`, [awaiting, inConsensus], review, 'state-admin', { stage }));
  }
  return moves;
}

function assignmentAction(id: ActionId, label: string, who: Who, failed: string, done: string): WorkflowAction[] {
  return STAGES.map((stage) => ({
    id, label, side: 'state' as const, kind: 'assignment' as const, from: [`${stage}_REVIEW` as ApplicationStatus], to: null, stage, who,
    needs: NEEDS_NOTHING, auditAction: id === 'assign-reviewers' ? 'REVIEWERS_ASSIGNED' : 'REVIEW_IN_PROGRESS', failed, done, conflict: WORKFLOW_MSG.stale,
  }));
}

/**
 * Every action, in menu order. An action id may have one row per stage (the assignment actions, whose who depends
 * on the stage); every other id has exactly one row.
 */
export const WORKFLOW_ACTIONS: readonly WorkflowAction[] = [
  {
    id: 'submit', label: 'Submit', side: 'organization', kind: 'move', from: ['DRAFT'], to: 'SUBMITTED', stage: null, who: 'organization-admin',
    needs: NEEDS_NOTHING, auditAction: 'APPLICATION_SUBMITTED', failed: APPLICATION_MSG.incomplete, done: APPLICATION_MSG.submitted, conflict: APPLICATION_MSG.onlyDraftSubmitted,
  },
  {
    id: 'resubmit', label: 'Resubmit', side: 'organization', kind: 'move', from: ['REVISION_NEEDED'], to: 'RESUBMITTED', stage: null, who: 'organization-admin',
    needs: NEEDS_NOTHING, auditAction: 'APPLICATION_RESUBMITTED', failed: APPLICATION_MSG.incomplete, done: APPLICATION_MSG.resubmitted, conflict: APPLICATION_MSG.onlyDraftSubmitted,
  },
  {
    id: 'cancel', label: 'Cancel', side: 'organization', kind: 'move', from: ['DRAFT'], to: 'CANCELLED', stage: null, who: 'organization-admin',
    needs: { ...NEEDS_NOTHING, comments: true }, auditAction: 'APPLICATION_CANCELLED', failed: APPLICATION_MSG.cancelFailed, done: APPLICATION_MSG.cancelled,
    conflict: APPLICATION_MSG.onlyDraftCancelled,
  },
  {
    id: 'delete', label: 'Delete', side: 'organization', kind: 'move', from: ['DRAFT'], to: 'REMOVED', stage: null, who: 'organization-admin',
    needs: NEEDS_NOTHING, auditAction: 'APPLICATION_DELETED', failed: APPLICATION_MSG.deleteFailed, done: APPLICATION_MSG.deleted, conflict: APPLICATION_MSG.onlyDraftDeleted,
  },
  ...assignmentAction('assign-reviewers', 'Assign Reviewer', 'stage-admins', 'Failed to assign reviewers', 'Reviewers assigned successfully'),
  ...assignmentAction('mark-review-in-progress', 'Mark Review In Progress', 'stage-reviewer', 'Failed to mark as In Progress', 'Review marked as in progress'),
  // DESIGN 4: a stage's review starts from the stage before it passed, and a resubmitted application goes back to
  // gating, whichever stage asked for the revision, so every stage's entry guard applies again (Passed Gating, the
  // Passed Technical threshold) and decision 047 restarts gating, technical and state on the revised answers.
  // Only Assign Status (the State_Admin's audited any → any) goes elsewhere. Decision 027, addendum for issue 39.
  ...stageMoves('GATING', ['SUBMITTED', 'RESUBMITTED']),
  ...stageMoves('TECHNICAL', ['PASSED_GATING']),
  ...stageMoves('STATE', ['PASSED_TECHNICAL']),
  stateMove('mark-as-in-negotiation', 'In Negotiation', ['PASSED_STATE'], 'IN_NEGOTIATION', 'state-admin'),
  stateMove('mark-as-awarded', 'Awarded', ['PASSED_STATE', 'IN_NEGOTIATION'], 'AWARDED', 'state-admin'),
  stateMove('mark-as-revision-needed', 'Revision Needed', STAGES.flatMap(stageReviewStatuses), 'REVISION_NEEDED', 'state-admin', {
    needs: { sectionIds: true, comments: true }, failed: 'Failed to mark for revision',
  }),
  stateMove('mark-as-not-remediated', 'Not Remediated', ['REVISION_NEEDED'], 'NOT_REMEDIATED', 'state-admin'),
  stateMove('mark-as-rejected', 'Reject', OPEN_SUBMITTED, 'REJECTED', 'state-admin', { needs: { reasonId: true, comments: true } }),
  // Withdrawal is recorded by the State_Admin (on the applicant's request): the route is on the state's review path.
  stateMove('withdraw', 'Withdraw', OPEN_SUBMITTED, 'WITHDRAWN', 'state-admin', { failed: 'Failed to withdraw application', done: 'Application withdrawn successfully' }),
  stateMove('change-status', 'Assign Status', CHANGE_STATUS_TARGETS, 'CHOSEN', 'state-admin', { needs: { status: true, comments: true } }),
];

export const ACTION_IDS: readonly ActionId[] = [...new Set(WORKFLOW_ACTIONS.map((a) => a.id))];
/** The state's status moves: one route each, POST review/applications/{id}/{actionId}. */
export const STATE_MOVE_IDS: readonly ActionId[] = [...new Set(WORKFLOW_ACTIONS.filter((a) => a.side === 'state' && a.kind === 'move').map((a) => a.id))];

/** What the state's list may take on many applications at once (POST review/applications/bulk): every state-side action id, in menu order. */
export const BULK_ACTION_IDS: readonly ActionId[] = [...new Set(WORKFLOW_ACTIONS.filter((a) => a.side === 'state').map((a) => a.id))];
/** At most this many application ids in one bulk preview or move. */
export const BULK_MAX = 100;

export const BULK_MSG = {
  actionRequired: 'Please choose an action for the selected applications.',
  notBulk: 'This action cannot be taken on several applications at once.',
  applicationsRequired: 'Please select at least one application.',
  tooMany: `Please select at most ${BULK_MAX} applications at a time.`,
  /** A selected row whose status the action does not start from (the single route's 409 says "changed while you were looking"). */
  notFromStatus: (label: string, status: string) => `${label} is not possible while the application is ${status}.`,
} as const;

export function isBulkActionId(value: unknown): value is ActionId {
  return typeof value === 'string' && (BULK_ACTION_IDS as readonly string[]).includes(value);
}

export function isActionId(value: unknown): value is ActionId {
  return typeof value === 'string' && (ACTION_IDS as readonly string[]).includes(value);
}

/**
 * An action's label in the state list's bulk bar (issue 41 item 13): its menu label, but a stage's move back to its
 * review from consensus (spec 7 mark-as-{gating,technical}-review-state) says so, as it shares the menu label
 * 'Gating Review' ('Technical Review') with the move into that review. One row's menu never offers both; the bar can.
 */
export function bulkActionLabel(id: ActionId): string {
  const { label } = workflowAction(id);
  return id.endsWith('-review-state') ? `${label} (back from consensus)` : label;
}

/** The rows of an action (one, or one per stage for the assignment actions). */
export function actionRows(id: ActionId): WorkflowAction[] {
  return WORKFLOW_ACTIONS.filter((a) => a.id === id);
}

/** The action's first row: its label, needs and messages (the same on every row of an id). */
export function workflowAction(id: ActionId): WorkflowAction {
  const row = WORKFLOW_ACTIONS.find((a) => a.id === id);
  if (!row) throw new Error(`Unknown workflow action ${id}`);
  return row;
}

/** The admins of a vendor stage: State_Admin everywhere, and the admin-group roles (not read-only) whose vendor stage it is. */
export function stageAdmins(stage: Stage): RoleName[] {
  return ['State_Admin', ...ADMIN_ROLES_GROUP.filter((r) => r !== 'State_Admin' && !isReadOnly(r) && VENDOR_STAGE[r] === stage)];
}

/** The roles an action row names (stage-reviewer rows also need a PENDING assignment). */
export function rolesOf(action: WorkflowAction): RoleName[] {
  switch (action.who) {
    case 'organization-admin': return ['Organization_Admin'];
    case 'state-admin': return ['State_Admin'];
    case 'stage-admins': return action.stage ? stageAdmins(action.stage) : ['State_Admin'];
    case 'stage-reviewer': return REVIEWER_ROLES.filter((r) => action.stage && VENDOR_STAGE[r] === action.stage);
  }
}

export type AssignmentStatus = 'PENDING' | 'IN_PROGRESS' | 'SUBMITTED';

export interface WorkflowFacts {
  /** The application's current status. */
  status: string;
  /** The caller's role for this application (their organization role, or their state role). */
  role: RoleName | null | undefined;
  /** The caller's own review assignment on it, when they hold one (mark-review-in-progress needs PENDING). */
  assignment?: AssignmentStatus | null;
}

function rowAllows(action: WorkflowAction, facts: WorkflowFacts): boolean {
  if (!facts.role || !(action.from as readonly string[]).includes(facts.status)) return false;
  if (!rolesOf(action).includes(facts.role)) return false;
  return action.who !== 'stage-reviewer' || facts.assignment === 'PENDING';
}

/** The action ids this role may take on an application in this status now, in menu order. Read-only roles: none. */
export function allowedActions(facts: WorkflowFacts): ActionId[] {
  if (!facts.role || isReadOnly(facts.role)) return [];
  return [...new Set(WORKFLOW_ACTIONS.filter((a) => rowAllows(a, facts)).map((a) => a.id))];
}

/** The union of allowedActions over a caller's roles (a state user may hold several), in menu order. */
export function allowedActionsOfRoles(roles: readonly RoleName[], facts: Omit<WorkflowFacts, 'role'>): ActionId[] {
  const mine = new Set(roles.flatMap((role) => allowedActions({ ...facts, role })));
  return ACTION_IDS.filter((id) => mine.has(id));
}

export function isAllowed(facts: WorkflowFacts, id: ActionId): boolean {
  return allowedActions(facts).includes(id);
}

/** The first of `roles` through which the action is allowed (a state user may hold several roles). */
export function roleAllowing(roles: readonly RoleName[], facts: Omit<WorkflowFacts, 'role'>, id: ActionId): RoleName | null {
  return roles.find((role) => isAllowed({ ...facts, role }, id)) ?? null;
}

export interface Refusal {
  status: 403 | 409;
  message: string;
}

/**
 * Why the action is refused, or null when it is allowed. 403 'Action not allowed for your role' when the role may
 * never take it, or when the status allows it to other roles only; 409 (the action's conflict message) when the role
 * takes it from other statuses; a reviewer whose assignment is no longer PENDING gets 409 too.
 */
export function refusal(facts: WorkflowFacts, id: ActionId): Refusal | null {
  if (isAllowed(facts, id)) return null;
  const forbidden: Refusal = { status: 403, message: MSG.actionNotAllowed };
  if (!facts.role || isReadOnly(facts.role)) return forbidden;
  const rows = actionRows(id);
  const fromHere = rows.filter((a) => (a.from as readonly string[]).includes(facts.status));
  const mine = rows.filter((a) => rolesOf(a).includes(facts.role!));
  if (fromHere.some((a) => rolesOf(a).includes(facts.role!))) {
    // The role and status fit: only the reviewer's assignment is not PENDING.
    return { status: 409, message: WORKFLOW_MSG.reviewAlreadyStarted };
  }
  if (fromHere.length > 0 || !mine[0]) return forbidden;
  return { status: 409, message: mine[0].conflict };
}

/** The body of a move (spec 7: {comments?}, rejected {reasonId, comments}, revision-needed {sectionIds, comments}, change-status {status, comments}). */
export interface MoveInput {
  comments?: string | null;
  reasonId?: number | null;
  sectionIds?: readonly string[] | null;
  status?: string | null;
}

/**
 * The fields a move's body lacks or gets wrong, with their messages (empty: fine). Section ids are checked against
 * the programme by the executor. Without `currentStatus` only what holds whatever the application's status is checked
 * (a bulk move's body, before any row): change-status to the current status is then the row's own 400.
 */
export function moveInputProblems(id: ActionId, input: MoveInput, currentStatus?: string | null): Record<string, string> {
  const { needs } = workflowAction(id);
  const problems: Record<string, string> = {};
  const comments = (input.comments ?? '').trim();
  if (comments.length > COMMENTS_MAX) problems.comments = WORKFLOW_MSG.commentsTooLong;
  if (needs.status) {
    if (!input.status || !(CHANGE_STATUS_TARGETS as readonly string[]).includes(input.status)) problems.status = WORKFLOW_MSG.statusRequired;
    else if (currentStatus != null && input.status === currentStatus) problems.status = WORKFLOW_MSG.statusSame;
  }
  if (needs.reasonId && !rejectReasonText(input.reasonId)) problems.reasonId = WORKFLOW_MSG.reasonRequired;
  // change-status to REVISION_NEEDED reopens sections too: without any, the organization could change nothing.
  const reopens = needs.sectionIds || (needs.status && input.status === 'REVISION_NEEDED');
  if (reopens && !(input.sectionIds && input.sectionIds.length > 0)) problems.sectionIds = WORKFLOW_MSG.sectionsRequired;
  if (needs.comments && !comments) problems.comments = WORKFLOW_MSG.commentsRequired;
  return problems;
}

/** The status a move ends in (change-status: the chosen one; delete: null). */
export function targetStatus(id: ActionId, input: MoveInput): ApplicationStatus | null {
  const { to } = workflowAction(id);
  if (to === 'REMOVED' || to === null) return null;
  return to === 'CHOSEN' ? (input.status as ApplicationStatus) : to;
}

/** For each status, the actions that start from it (DESIGN 4's table read by status). */
export function actionsFrom(status: string): ActionId[] {
  return [...new Set(WORKFLOW_ACTIONS.filter((a) => (a.from as readonly string[]).includes(status)).map((a) => a.id))];
}
