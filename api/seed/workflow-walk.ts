// The demo applications' way through the status machine (issue 10, Seed; decision 029). Each demo application
// names where it stops; its way there is WALKED through domain/workflow.ts, never written by hand: the main line of
// review (SUBMITTED → gating → technical → state → PASSED_STATE, found by a breadth-first search over the table's
// moves), then any moves that leave it (revision, resubmit, reject, withdraw...). Every step is checked with
// allowedActions for the seed account that makes it, so a history that the machine refuses cannot be seeded.
// Entering a stage's review, the stage's admin assigns the stage's reviewer (review rubric 1); the reviewer marks
// the review in progress before the application leaves the review, and has submitted it when the stage moves to
// awaiting consensus.
import {
  WORKFLOW_ACTIONS, allowedActions, stageAdmins, stageReviewStatuses, workflowAction, type ActionId, type AssignmentStatus,
} from '../../domain/workflow';
import { VENDOR_STAGE, type Stage } from '../../domain/permissions';
import { REVIEWER_ROLES, type RoleName } from '../../domain/roles';
import type { ApplicationStatus } from '../../domain/statuses';

/** A move after the main line: its action and body (sections by slug). */
export interface SeedStep {
  action: ActionId;
  comments?: string;
  reasonId?: number;
  sections?: string[];
  status?: ApplicationStatus;
}

export interface WalkPlan {
  /** Where the main line of review takes it (after its submit). */
  reach: ApplicationStatus;
  /** Moves after that, in order. */
  then?: SeedStep[];
  /** Ending in a stage's review: the reviewer has already marked the review in progress. */
  reviewStarted?: boolean;
  /** Comments of the main line's moves, by action (else the defaults below). */
  comments?: Partial<Record<ActionId, string>>;
}

/** One thing that happened, in order: a status move, an assignment or a reviewer starting a review. */
export type WalkEvent =
  | { kind: 'move'; action: ActionId; role: RoleName; from: ApplicationStatus; to: ApplicationStatus; comments: string | null; reasonId: number | null; sections: string[] }
  | { kind: 'assign'; action: ActionId; role: RoleName; status: ApplicationStatus; stage: Stage; reviewerRole: RoleName }
  | { kind: 'in-progress'; action: ActionId; role: RoleName; status: ApplicationStatus; stage: Stage };

export interface WalkAssignment {
  stage: Stage;
  reviewerRole: RoleName;
  /** review_assignments.reviewer_type: RSM_REVIEWER, CTC_REVIEWER, STATE_REVIEWER. */
  reviewerType: string;
  status: AssignmentStatus;
  /** Index of the assign event in `events`. */
  assignedAt: number;
}

export interface Walk {
  status: ApplicationStatus;
  events: WalkEvent[];
  assignments: WalkAssignment[];
  /** The sections (slugs) a revision left open: REVISION_NEEDED only. */
  reopened: string[];
}

/** Moves the main line does not take: they leave it, loop back, or are the State_Admin's override. */
const OFF_MAIN_LINE = new Set<ActionId>([
  'change-status', 'withdraw', 'mark-as-rejected', 'mark-as-revision-needed', 'mark-as-not-remediated',
  'mark-as-gating-review-state', 'mark-as-technical-review-state',
]);

/** What the state office writes with a main-line move (a demo's own comments replace these). */
const DEFAULT_COMMENTS: Partial<Record<ActionId, string>> = {
  'mark-as-gating-review': 'Complete on intake: sent to the gating review.',
  'mark-as-gating-awaiting-consensus': 'Gating review submitted by the assigned reviewer.',
  'mark-as-gating-in-consensus': 'Consensus meeting scheduled for the gating questions.',
  'mark-as-passed-gating': 'Every gating question passed in consensus.',
  'mark-as-technical-review': 'Sent to the technical review.',
  'mark-as-technical-awaiting-consensus': 'Technical review submitted by the assigned engineer.',
  'mark-as-technical-in-consensus': 'Technical consensus under way.',
  'mark-as-passed-technical': 'Technical score above the programme threshold.',
  'mark-as-state-review': 'Sent to the state review for scoring against the rubric.',
  'mark-as-state-awaiting-consensus': 'State review submitted.',
  'mark-as-state-in-consensus': 'Rubric consensus under way.',
  'mark-as-passed-state': 'Recommended for funding in the state review.',
  'mark-as-in-negotiation': 'Negotiating the final budget and the build schedule.',
  'mark-as-awarded': 'Awarded: the subgrant agreement follows.',
};

/** The seed account of each state role (DESIGN 3). */
export const STATE_ACCOUNT: Partial<Record<RoleName, string>> = {
  State_Admin: 'state.admin@example.gov',
  State_Reviewer: 'state.reviewer@example.gov',
  CTC_Admin: 'ctc.admin@example.gov',
  CTC_Reviewer: 'ctc.reviewer@example.gov',
  RSM_Admin: 'rsm.admin@example.gov',
  RSM_Reviewer: 'rsm.reviewer@example.gov',
};

const MOVES = WORKFLOW_ACTIONS.filter((a) => a.kind === 'move' && a.side === 'state');

/** The main line's actions from one status to another (breadth-first over the table's moves). */
export function mainLine(from: ApplicationStatus, to: ApplicationStatus): ActionId[] {
  const edges = MOVES.filter((a) => !OFF_MAIN_LINE.has(a.id) && typeof a.to === 'string' && a.to !== 'CHOSEN' && a.to !== 'REMOVED');
  const previous = new Map<string, { status: string; action: ActionId } | null>([[from, null]]);
  const queue: string[] = [from];
  while (queue.length > 0) {
    const status = queue.shift()!;
    if (status === to) break;
    for (const edge of edges.filter((e) => (e.from as readonly string[]).includes(status))) {
      if (!previous.has(edge.to as string)) {
        previous.set(edge.to as string, { status, action: edge.id });
        queue.push(edge.to as string);
      }
    }
  }
  if (!previous.has(to)) throw new Error(`The status machine has no main-line way from ${from} to ${to}`);
  const path: ActionId[] = [];
  for (let at = previous.get(to); at; at = previous.get(at.status)) path.unshift(at.action);
  return path;
}

/**
 * Of the roles the table names for an action, the one the demo acts as: the State_Admin sends an application into
 * a stage's review (the office decides when a stage starts); within the stage its vendor admin acts where allowed.
 */
function actingRole(action: ActionId, status: ApplicationStatus): RoleName {
  const row = WORKFLOW_ACTIONS.find((a) => a.id === action && (a.from as readonly string[]).includes(status)) ?? workflowAction(action);
  const intoStage = row.stage !== null && row.to === stageReviewStatuses(row.stage)[0];
  const candidates: RoleName[] = row.who === 'organization-admin' ? ['Organization_Admin']
    : row.who === 'stage-admins' && row.stage && !intoStage ? [...stageAdmins(row.stage)].reverse()
      : ['State_Admin'];
  const role = candidates.find((r) => allowedActions({ status, role: r }).includes(action));
  if (!role) throw new Error(`The status machine refuses ${action} from ${status} to ${candidates.join(', ')}`);
  return role;
}

const reviewerRoleOf = (stage: Stage): RoleName => REVIEWER_ROLES.find((r) => VENDOR_STAGE[r] === stage)!;
const stageInReview = (status: ApplicationStatus): Stage | null =>
  (['GATING', 'TECHNICAL', 'STATE'] as const).find((stage) => stageReviewStatuses(stage)[0] === status) ?? null;

/** Walks a submitted application from SUBMITTED along `plan`, checking every step with the machine. */
export function walk(plan: WalkPlan): Walk {
  const events: WalkEvent[] = [];
  const assignments: WalkAssignment[] = [];
  let status = 'SUBMITTED' as ApplicationStatus;
  let reopened: string[] = [];
  const current = (stage: Stage) => assignments.find((a) => a.stage === stage);

  const startReview = (stage: Stage) => {
    const assignment = current(stage)!;
    if (assignment.status !== 'PENDING') return;
    const role = assignment.reviewerRole;
    if (!allowedActions({ status, role, assignment: 'PENDING' }).includes('mark-review-in-progress')) {
      throw new Error(`The status machine refuses mark-review-in-progress from ${status} to ${role}`);
    }
    events.push({ kind: 'in-progress', action: 'mark-review-in-progress', role, status, stage });
    assignment.status = 'IN_PROGRESS';
  };

  const move = (step: SeedStep) => {
    const role = actingRole(step.action, status);
    const row = workflowAction(step.action);
    const to = row.to === 'CHOSEN' ? step.status! : row.to as ApplicationStatus;
    const leaving = stageInReview(status);
    if (leaving) {
      // The reviewer worked on it before it left the review; moving on to consensus means the review was submitted.
      startReview(leaving);
      if (to === stageReviewStatuses(leaving)[1]) current(leaving)!.status = 'SUBMITTED';
    }
    const comments = step.comments ?? plan.comments?.[step.action] ?? DEFAULT_COMMENTS[step.action] ?? null;
    events.push({ kind: 'move', action: step.action, role, from: status, to, comments, reasonId: step.reasonId ?? null, sections: step.sections ?? [] });
    if (to === 'REVISION_NEEDED') reopened = step.sections ?? [];
    status = to;
    const entering = stageInReview(status);
    if (entering && !current(entering)) {
      const assigner = [...stageAdmins(entering)].reverse().find((r) => allowedActions({ status, role: r }).includes('assign-reviewers'));
      if (!assigner) throw new Error(`Nobody may assign reviewers in ${status}`);
      const reviewerRole = reviewerRoleOf(entering);
      events.push({ kind: 'assign', action: 'assign-reviewers', role: assigner, status, stage: entering, reviewerRole });
      assignments.push({ stage: entering, reviewerRole, reviewerType: reviewerRole.toUpperCase(), status: 'PENDING', assignedAt: events.length - 1 });
    }
  };

  for (const action of mainLine('SUBMITTED', plan.reach)) move({ action });
  for (const step of plan.then ?? []) move(step);
  const inReview = stageInReview(status);
  if (inReview && plan.reviewStarted) startReview(inReview);
  // The reopened sections stay open only while the revision is awaited (a resubmit or not-remediated closes them).
  return { status, events, assignments, reopened: status === 'REVISION_NEEDED' ? reopened : [] };
}
