// Review assignments (review rubric 1), pure: the reviewer type of each stage, and an assignment as the API
// answers it. Shared by the assignment service (api/services/review-assignments.ts) and the review screen.
import { VENDOR_STAGE, type Stage } from './permissions';
import { REVIEWER_ROLES, roleLabel, type RoleName } from './roles';
import type { AssignmentStatus } from './workflow';

/** Spec 9 reviewer-type values, one per reviewer role (CTC_REVIEWER, RSM_REVIEWER, STATE_REVIEWER). */
export type ReviewerType = 'CTC_REVIEWER' | 'RSM_REVIEWER' | 'STATE_REVIEWER';
export const reviewerTypeOf = (role: RoleName) => role.toUpperCase() as ReviewerType;
export const REVIEWER_TYPES: readonly ReviewerType[] = REVIEWER_ROLES.map(reviewerTypeOf);

/** The assignment's messages (the API's answers and refusals; api/services/review-assignments.ts re-exports them). */
export const ASSIGNMENT_MSG = {
  reviewersRequired: 'Please choose at least one reviewer.',
  unknownReviewer: 'One of the chosen reviewers does not exist or is inactive.',
  wrongType: (name: string, stage: Stage, role: RoleName) =>
    `${name} is not a ${roleLabel(role)}: the ${stage.toLowerCase()} stage is reviewed by ${roleLabel(role)}s only.`,
  noPendingReview: 'You have no pending review of this application in its current stage.',
  /** A bulk assignment's row whose stage none of the chosen reviewers reviews. */
  noneOfStage: (stage: Stage) => `None of the chosen reviewers reviews the ${stage.toLowerCase()} stage.`,
  assigned: 'Reviewers assigned successfully',
  inProgress: 'Review marked as in progress',
} as const;

/** 'RSM_REVIEWER' → 'RSM Reviewer'. */
export const reviewerTypeLabel = (type: ReviewerType) => roleLabel(REVIEWER_ROLES.find((r) => reviewerTypeOf(r) === type) ?? type);

/** The reviewer role of a stage (the permissions table's vendor stages: RSM gating, CTC technical, State state). */
export function reviewerRoleOf(stage: Stage): RoleName {
  const role = REVIEWER_ROLES.find((r) => VENDOR_STAGE[r] === stage);
  if (!role) throw new Error(`No reviewer role for the ${stage} stage`);
  return role;
}

/** Assignments still to be done: what a reviewer's "open reviews" count. */
export const OPEN_ASSIGNMENT_STATUSES: readonly AssignmentStatus[] = ['PENDING', 'IN_PROGRESS'];

/** A reviewer assigned to an application (`When`: a Date in the API, its JSON string in the UI). */
export interface AssignedReviewer<When = string> {
  reviewerId: string;
  firstName: string;
  lastName: string;
  email: string;
  reviewerType: ReviewerType;
  status: AssignmentStatus;
  assignedAt: When;
}
