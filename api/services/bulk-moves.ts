// Bulk workflow actions from the state's list (issue 10 item 7; decision 027 "Bulk moves"): one action on up to
// BULK_MAX applications, each row checked and made exactly as the single-application route would (one rule, one
// place): checkApplicationMove (api/services/application-access.ts, applicationMoveRoute's own check) for who may see
// and move it, then the executor (executeMove) or the assignment services (assignReviewers, markReviewInProgress).
// - previewBulk: what each row would answer now, writing nothing.
// - executeBulk: the body's row-independent problems first (400, nothing moves), then each row in order, each in its
//   own transaction; a refused row (any ApiError) is reported and the next row is tried. Any other error (the
//   database is down) propagates: the rows made before it stay made (each committed).
// - assign-reviewers in bulk adds: per row the chosen reviewers of the row's stage type join those already assigned.
import type { Request } from 'express';
import { eq, inArray } from 'drizzle-orm';
import type { ApiContext } from '../context';
import { ApiError, badRequest } from '../http';
import { currentAuth } from '../guard';
import { applications, organizations } from '../db/schema';
import type { ApplicationRow } from './application-content';
import { checkApplicationMove } from './application-access';
import { executeMove } from './application-moves';
import { moveGuardProblem } from './consensus-guards';
import {
  assignedReviewers, assignReviewers, ASSIGNMENT_MSG, markReviewInProgress, reviewerRoleOf, reviewersByRoles, reviewerTypeOf, type ReviewerType,
} from './review-assignments';
import { APPLICATION_MSG } from '../../domain/messages';
import { stageOf } from '../../domain/permissions';
import { REVIEWER_ROLES, type RoleName } from '../../domain/roles';
import {
  BULK_MAX, BULK_MSG, isBulkActionId, moveInputProblems, workflowAction, type ActionId, type MoveInput, type Refusal,
} from '../../domain/workflow';
import { statusLabel } from '../../domain/statuses';
// What a bulk action answers, one shape for the API and the UI: the schemas the API documents (decision 098).
import type { BulkAction, BulkPreviewRow, BulkResult } from '../../domain/api-schemas';
import { UUID } from '../../domain/ids';

export type { BulkAction, BulkPreviewRow, BulkResult } from '../../domain/api-schemas';

/** A bulk move's body: the single move's ({comments, reasonId, sectionIds, status}) and assign-reviewers' reviewerIds. */
export interface BulkInput extends MoveInput {
  reviewerIds?: readonly string[] | null;
}

export const bulkAction = (id: ActionId): BulkAction => ({ id, label: workflowAction(id).label });

/** Trimmed, upper-cased, de-duplicated, in the order given; a string may be a comma list. */
export function normaliseBulkIds(raw: readonly string[]): string[] {
  return [...new Set(raw.flatMap((s) => s.split(',')).map((s) => s.trim().toUpperCase()).filter(Boolean))];
}

function throwProblems(problems: Record<string, string>): void {
  const fields = Object.entries(problems);
  if (fields[0]) throw badRequest(fields[0][1], Object.fromEntries(fields.map(([field, message]) => [field, [message]])));
}

/** The action (400 field `action` unless bulk-able) and the ids (400 field `applicationIds` for none or more than BULK_MAX). */
export function bulkTarget(action: string | null | undefined, rawIds: readonly string[]): { actionId: ActionId; ids: string[] } {
  const problems: Record<string, string> = {};
  const actionId = action?.trim() ?? '';
  if (!actionId) problems.action = BULK_MSG.actionRequired;
  else if (!isBulkActionId(actionId)) problems.action = BULK_MSG.notBulk;
  const ids = normaliseBulkIds(rawIds);
  if (ids.length === 0) problems.applicationIds = BULK_MSG.applicationsRequired;
  else if (ids.length > BULK_MAX) problems.applicationIds = BULK_MSG.tooMany;
  throwProblems(problems);
  return { actionId: actionId as ActionId, ids };
}

const reviewerTypeOfStatus = (status: string): ReviewerType | null => {
  const stage = stageOf(status);
  return stage ? reviewerTypeOf(reviewerRoleOf(stage)) : null;
};

/**
 * Why a row is refused, as the bulk pages say it: the machine's refusal, except that a status the action does not
 * start from is named (the single route's 409 is the 'changed while you were looking' message, right for a menu
 * that never offers it, wrong for a row someone ticked).
 */
function refusalMessage(actionId: ActionId, status: string, refused: Refusal): string {
  const action = workflowAction(actionId);
  return refused.status === 409 && refused.message === action.conflict ? BULK_MSG.notFromStatus(action.label, statusLabel(status)) : refused.message;
}

/** What each row would answer now (nothing is written): the single route's 404 as 'Application not found', its 403/409 as the refusal. */
export async function previewBulk(ctx: ApiContext, req: Request, actionId: ActionId, ids: readonly string[]): Promise<BulkPreviewRow[]> {
  const found: { applicationId: string; organizationId: string | null; status: string | null; message: string | null }[] = [];
  for (const applicationId of ids) {
    try {
      const checked = await checkApplicationMove(ctx, req, applicationId, actionId);
      // A move the machine allows may still be refused by its stage's consensus (decision 041): the executor's own message.
      const guarded = checked.refused ? null : await moveGuardProblem(ctx.db, checked.app, actionId);
      found.push({
        applicationId, organizationId: checked.app.organizationId, status: checked.app.status,
        message: checked.refused ? refusalMessage(actionId, checked.app.status, checked.refused) : guarded,
      });
    } catch (err) {
      // Unknown, or not the caller's to see: the same answer (never leak existence).
      if (!(err instanceof ApiError) || err.status !== 404) throw err;
      found.push({ applicationId, organizationId: null, status: null, message: APPLICATION_MSG.notFound });
    }
  }
  const orgIds = [...new Set(found.map((r) => r.organizationId).filter((id): id is string => !!id))];
  const names = new Map(orgIds.length
    ? (await ctx.db.select({ id: organizations.id, name: organizations.legalName }).from(organizations).where(inArray(organizations.id, orgIds)))
      .map((o) => [o.id, o.name] as const)
    : []);
  return found.map(({ applicationId, organizationId, status, message }) => ({
    applicationId,
    organization: organizationId ? { id: organizationId, name: names.get(organizationId) ?? '' } : null,
    status,
    allowed: status !== null && message === null,
    message,
    reviewerType: status ? reviewerTypeOfStatus(status) : null,
  }));
}

/** The chosen reviewers (active state users holding a reviewer role) with their reviewer roles. */
type Chosen = Map<string, Set<RoleName>>;

/**
 * The body's problems that do not depend on the row, once, before any row (400 with the fields, the single routes'
 * messages: domain/workflow.ts moveInputProblems without a current status; assign-reviewers' reviewerIds).
 */
async function prepareBulk(ctx: ApiContext, actionId: ActionId, input: BulkInput): Promise<Chosen> {
  const problems = moveInputProblems(actionId, input);
  const chosen: Chosen = new Map();
  if (actionId === 'assign-reviewers') {
    const wanted = [...new Set(input.reviewerIds ?? [])];
    if (wanted.length === 0) problems.reviewerIds = ASSIGNMENT_MSG.reviewersRequired;
    else if (!wanted.every((id) => UUID.test(id))) problems.reviewerIds = ASSIGNMENT_MSG.unknownReviewer;
    else {
      const reviewers = (await reviewersByRoles(ctx, REVIEWER_ROLES)).filter((r) => wanted.includes(r.id));
      for (const r of reviewers) chosen.set(r.id, (chosen.get(r.id) ?? new Set<RoleName>()).add(r.role));
      if (chosen.size !== wanted.length) problems.reviewerIds = ASSIGNMENT_MSG.unknownReviewer;
    }
  }
  throwProblems(problems);
  return chosen;
}

async function currentStatus(ctx: ApiContext, applicationId: string): Promise<string | null> {
  const [row] = await ctx.db.select({ status: applications.status }).from(applications).where(eq(applications.id, applicationId)).limit(1);
  return row?.status ?? null;
}

/** assign-reviewers on one row: adds the chosen reviewers of its stage's type to those already assigned of that type. */
async function addReviewers(ctx: ApiContext, app: ApplicationRow, userId: string, chosen: Chosen): Promise<void> {
  const stage = stageOf(app.status);
  if (!stage) throw new ApiError(409, workflowAction('assign-reviewers').conflict);
  const role = reviewerRoleOf(stage);
  const ofType = [...chosen].filter(([, roles]) => roles.has(role)).map(([id]) => id);
  if (ofType.length === 0) throw new ApiError(409, ASSIGNMENT_MSG.noneOfStage(stage));
  const type = reviewerTypeOf(role);
  const already = (await assignedReviewers(ctx, app.id)).filter((r) => r.reviewerType === type).map((r) => r.reviewerId);
  await assignReviewers(ctx, app, userId, [...new Set([...already, ...ofType])]);
}

async function bulkRow(ctx: ApiContext, req: Request, actionId: ActionId, applicationId: string, input: BulkInput, chosen: Chosen): Promise<BulkResult> {
  const { profile } = currentAuth(req);
  const refused = (status: string | null, message: string): BulkResult => ({ applicationId, ok: false, fromStatus: status, status, message });
  let checked;
  try {
    checked = await checkApplicationMove(ctx, req, applicationId, actionId);
  } catch (err) {
    if (err instanceof ApiError) return refused(null, err.message);
    throw err;
  }
  const { app } = checked;
  if (checked.refused) return refused(app.status, refusalMessage(actionId, app.status, checked.refused));
  const { done, kind } = workflowAction(actionId);
  try {
    if (kind === 'move') {
      const actor = { userId: profile.id, role: checked.role, roles: profile.roles.map((r) => r.name), assignment: checked.assignment };
      const { comments, reasonId, sectionIds, status } = input;
      const moved = await executeMove(ctx, app, actor, actionId, { comments, reasonId, sectionIds, status });
      return { applicationId, ok: true, fromStatus: moved.fromStatus, status: moved.status, message: done };
    }
    if (actionId === 'assign-reviewers') await addReviewers(ctx, app, profile.id, chosen);
    else if (actionId === 'mark-review-in-progress') await markReviewInProgress(ctx, app, profile.id);
    else throw new Error(`${actionId} is not a bulk action`);
    return { applicationId, ok: true, fromStatus: app.status, status: app.status, message: done };
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    return refused(await currentStatus(ctx, app.id), err.message);
  }
}

/** Each row in order, each in its own transaction; 400 before any row when the body lacks what the action needs. */
export async function executeBulk(ctx: ApiContext, req: Request, actionId: ActionId, ids: readonly string[], input: BulkInput): Promise<BulkResult[]> {
  const chosen = await prepareBulk(ctx, actionId, input);
  const results: BulkResult[] = [];
  for (const applicationId of ids) results.push(await bulkRow(ctx, req, actionId, applicationId, input, chosen));
  return results;
}
