// Reviewer assignments (review rubric 1): who reviews an application in its current stage, each with PENDING →
// IN_PROGRESS → SUBMITTED; the reviewers an admin may choose from with how many open reviews each holds. Who may
// assign or mark in progress, and from which status, is domain/workflow.ts (checked by the route's
// applicationMoveRoute); this applies it: the reviewers must be active and of the stage's type, re-assigning keeps
// the reviews already started, and the reviewers newly assigned are emailed after the transaction commits.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { ApiContext } from '../context';
import { ApiError, badRequest } from '../http';
import { applications, reviewAssignments, userRoles, users } from '../db/schema';
import { audit } from './audit';
import type { ApplicationRow } from './application-content';
import { notifyAssignment } from './notifications';
import { stageOf, type Stage } from '../../domain/permissions';
import type { RoleName } from '../../domain/roles';
import { WORKFLOW_MSG, type AssignmentStatus } from '../../domain/workflow';
import {
  ASSIGNMENT_MSG, OPEN_ASSIGNMENT_STATUSES, reviewerRoleOf, reviewerTypeOf, type AssignedReviewer as AssignedReviewerOf, type ReviewerType,
} from '../../domain/review-assignments';

export { ASSIGNMENT_MSG, REVIEWER_TYPES, reviewerRoleOf, reviewerTypeOf, type ReviewerType } from '../../domain/review-assignments';

/** Assignments still to be done (what "open reviews" counts). */
const OPEN = OPEN_ASSIGNMENT_STATUSES;


export type AssignedReviewer = AssignedReviewerOf<Date>;

/** The reviewers assigned to an application (every stage), first assigned first. */
export async function assignedReviewers(ctx: ApiContext, applicationId: string): Promise<AssignedReviewer[]> {
  const rows = await ctx.db
    .select({
      reviewerId: reviewAssignments.reviewerId, firstName: users.firstName, lastName: users.lastName, email: users.email,
      reviewerType: reviewAssignments.reviewerType, status: reviewAssignments.status, assignedAt: reviewAssignments.assignedAt,
    })
    .from(reviewAssignments)
    .innerJoin(users, eq(users.id, reviewAssignments.reviewerId))
    .where(eq(reviewAssignments.applicationId, applicationId))
    .orderBy(asc(reviewAssignments.assignedAt), asc(users.lastName));
  return rows.map((r) => ({ ...r, reviewerType: r.reviewerType as ReviewerType, status: r.status as AssignmentStatus }));
}

export interface ReviewerChoice {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: RoleName;
  reviewerType: ReviewerType;
  /** PENDING and IN_PROGRESS assignments held on any application. */
  openReviews: number;
}

/** Active users holding one of `roles` (reviewer roles), with their open reviews, by last then first name. */
export async function reviewersByRoles(ctx: ApiContext, roles: readonly RoleName[]): Promise<ReviewerChoice[]> {
  if (roles.length === 0) return [];
  const open = ctx.db
    .select({ reviewerId: reviewAssignments.reviewerId, count: sql<number>`count(*)::int`.as('count') })
    .from(reviewAssignments)
    .where(inArray(reviewAssignments.status, [...OPEN]))
    .groupBy(reviewAssignments.reviewerId)
    .as('open');
  const rows = await ctx.db
    .select({
      id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, role: userRoles.role,
      openReviews: sql<number>`coalesce(${open.count}, 0)::int`,
    })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .leftJoin(open, eq(open.reviewerId, users.id))
    .where(and(eq(users.status, 'active'), eq(users.roleType, 'state'), inArray(userRoles.role, [...roles])))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
  return rows.map((r) => ({ ...r, role: r.role as RoleName, reviewerType: reviewerTypeOf(r.role as RoleName), openReviews: Number(r.openReviews) }));
}

export interface AssignmentResult {
  stage: Stage;
  added: string[];
  removed: string[];
  kept: string[];
}

/**
 * Make `reviewerIds` the reviewers of the application's current stage (the route has checked that the caller may
 * assign now). Each must be an active user of the stage's reviewer role (else 400, nothing changes). Assignments of
 * the stage already started (IN_PROGRESS, SUBMITTED) stay whatever the list says; PENDING ones not in the list go;
 * new ones start PENDING. One transaction, guarded by the status the route saw (409 when it moved meanwhile), with a
 * history entry; the newly assigned reviewers are emailed after it commits.
 */
export async function assignReviewers(ctx: ApiContext, app: ApplicationRow, userId: string, reviewerIds: readonly string[]): Promise<AssignmentResult> {
  const stage = stageOf(app.status);
  if (!stage) throw new ApiError(409, WORKFLOW_MSG.stale);
  const role = reviewerRoleOf(stage);
  const wanted = [...new Set(reviewerIds)];
  if (wanted.length === 0) throw badRequest(ASSIGNMENT_MSG.reviewersRequired, { reviewerIds: [ASSIGNMENT_MSG.reviewersRequired] });

  const found = await ctx.db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, roles: sql<string[]>`array_agg(${userRoles.role})` })
    .from(users)
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .where(and(inArray(users.id, wanted), eq(users.status, 'active'), eq(users.roleType, 'state')))
    .groupBy(users.id);
  if (found.length !== wanted.length) throw badRequest(ASSIGNMENT_MSG.unknownReviewer, { reviewerIds: [ASSIGNMENT_MSG.unknownReviewer] });
  const wrong = found.find((u) => !u.roles.includes(role));
  if (wrong) {
    const message = ASSIGNMENT_MSG.wrongType(`${wrong.firstName} ${wrong.lastName}`.trim(), stage, role);
    throw badRequest(message, { reviewerIds: [message] });
  }

  const reviewerType = reviewerTypeOf(role);
  const result = await ctx.db.transaction(async (tx) => {
    // The status the route decided on, held for the transaction: a move made meanwhile answers 409.
    const held = await tx
      .select({ id: applications.id })
      .from(applications)
      .where(and(eq(applications.id, app.id), eq(applications.status, app.status)))
      .for('update');
    if (held.length === 0) throw new ApiError(409, WORKFLOW_MSG.stale);
    const current = await tx
      .select({ reviewerId: reviewAssignments.reviewerId, status: reviewAssignments.status })
      .from(reviewAssignments)
      .where(and(eq(reviewAssignments.applicationId, app.id), eq(reviewAssignments.reviewerType, reviewerType)));
    const removed = current.filter((a) => a.status === 'PENDING' && !wanted.includes(a.reviewerId)).map((a) => a.reviewerId);
    const kept = current.filter((a) => !removed.includes(a.reviewerId)).map((a) => a.reviewerId);
    const added = wanted.filter((id) => !current.some((a) => a.reviewerId === id));
    if (removed.length > 0) {
      await tx.delete(reviewAssignments).where(and(
        eq(reviewAssignments.applicationId, app.id), inArray(reviewAssignments.reviewerId, removed), eq(reviewAssignments.status, 'PENDING'),
      ));
    }
    if (added.length > 0) {
      await tx.insert(reviewAssignments).values(added.map((reviewerId) => ({ applicationId: app.id, reviewerId, reviewerType, status: 'PENDING' })));
    }
    await audit(tx, {
      action: 'REVIEWERS_ASSIGNED', entity: 'review-assignment', userId, applicationId: app.id, organizationId: app.organizationId,
      fromStatus: app.status, toStatus: app.status,
      details: { stage, reviewerType, reviewerIds: [...kept, ...added], added, removed },
    });
    return { stage, added, removed, kept };
  });
  // After the commit: a mail failure is logged by the notifier and never undoes the assignment.
  if (result.added.length > 0) await notifyAssignment(ctx, { applicationId: app.id, reviewerIds: result.added });
  return result;
}

/** The caller's own PENDING assignment of the application's current stage becomes IN_PROGRESS (409 when there is none). */
export async function markReviewInProgress(ctx: ApiContext, app: ApplicationRow, userId: string): Promise<void> {
  const stage = stageOf(app.status);
  if (!stage) throw new ApiError(409, ASSIGNMENT_MSG.noPendingReview);
  const reviewerType = reviewerTypeOf(reviewerRoleOf(stage));
  await ctx.db.transaction(async (tx) => {
    const moved = await tx
      .update(reviewAssignments)
      .set({ status: 'IN_PROGRESS' })
      .where(and(
        eq(reviewAssignments.applicationId, app.id), eq(reviewAssignments.reviewerId, userId),
        eq(reviewAssignments.reviewerType, reviewerType), eq(reviewAssignments.status, 'PENDING'),
      ))
      .returning({ id: reviewAssignments.id });
    if (moved.length === 0) throw new ApiError(409, WORKFLOW_MSG.reviewAlreadyStarted);
    await audit(tx, {
      action: 'REVIEW_IN_PROGRESS', entity: 'review-assignment', userId, applicationId: app.id, organizationId: app.organizationId,
      fromStatus: app.status, toStatus: app.status, details: { stage, reviewerType, from: 'PENDING', to: 'IN_PROGRESS' },
    });
  });
}
