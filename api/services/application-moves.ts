// The one executor of every application move (DESIGN 4; decision 027): the state's moves (api/routes/review-moves.ts)
// and the organization's submit, resubmit, cancel and delete (api/routes/sections.ts, applications.ts). The rule is
// domain/workflow.ts; this applies it to one row in one transaction:
// 1. the machine allows the action for the caller's role from the current status (else 403/409, nothing changes);
// 2. the body has what the action needs (else 400 with the field's message);
// 3. a conditional update `where id = $1 and status = $from` (0 rows: someone moved it first → 409);
// 3a. a move into PASSED_GATING / PASSED_TECHNICAL needs its stage's consensus (api/services/consensus-guards.ts: 409);
// 4. the move's side effects (revision needed unlocks the chosen sections; leaving REVISION_NEEDED, or submitting,
//    locks every section again; the caller's own effects, e.g. submit's profile snapshot);
// 5. the history entry (api/services/audit.ts) with from, to, comments and details {reasonId, sectionIds};
// 5a. a revised application entering a stage's review starts a new pass of it (api/services/review-passes.ts; decision 047);
// and after the commit, the organization's admins are told of every move, and the state of a resubmission (api/services/notifications.ts).
import { and, eq } from 'drizzle-orm';
import type { ApiContext } from '../context';
import { ApiError, badRequest } from '../http';
import { applicationSections, applications } from '../db/schema';
import { audit } from './audit';
import { loadProgram, type ApplicationRow, type Tx } from './application-content';
import { notifyResubmitted, notifyStatusMove } from './notifications';
import { guardProblem } from './consensus-guards';
import { restartPasses } from './review-passes';
import { releaseApplicationHolds, removeStoredBytes } from './pending-uploads';
import { lockOpenUnlocks } from './unlocks';
import {
  allowedActionsOfRoles, moveInputProblems, refusal, rejectReasonText, targetStatus, workflowAction, WORKFLOW_MSG,
  type ActionId, type AssignmentStatus, type MoveInput,
} from '../../domain/workflow';
import type { RoleName } from '../../domain/roles';
import type { ApplicationStatus } from '../../domain/statuses';

export interface MoveActor {
  /** null for a system move (`system`). */
  userId: string | null;
  /**
   * A move the portal makes by itself (the stage's last review submitted → AWAITING_STATE_CONSENSUS, decision 038):
   * the machine's status rule still holds (the conditional update), the role rule does not; the history has no user.
   */
  system?: boolean;
  /** The role the move is made through (the organization role, or the state role the route found allowed). */
  role: RoleName;
  /** The caller's own review assignment on the application, if any. */
  assignment?: AssignmentStatus | null;
  /** Every role of the caller (a state user may hold several), for what they may do next; default [role]. */
  roles?: readonly RoleName[];
}

export interface MoveOptions {
  /** Columns set together with the status (submit: submitted at/by, the profile snapshot; cancel: the reason). */
  set?: Partial<typeof applications.$inferInsert>;
  /** Work done in the move's transaction after the status changed and before its history entry. */
  effects?: (tx: Tx) => Promise<void>;
  /** The history entry's details (default: {actionId, reasonId, reason, sectionIds, sectionNames} for state moves). */
  details?: Record<string, unknown> | null;
}

export interface MoveResult {
  id: string;
  fromStatus: ApplicationStatus;
  /** The new status; null when the application was removed (delete). */
  status: ApplicationStatus | null;
  /** What the same caller may do next (domain/workflow.ts allowedActions). */
  allowedActions: ActionId[];
}

/** Refuse the action with the machine's answer (403 role, 409 status) unless the role may take it from the current status. */
export function checkMove(app: Pick<ApplicationRow, 'status'>, actor: Pick<MoveActor, 'role' | 'assignment'>, actionId: ActionId): void {
  const refused = refusal({ status: app.status, role: actor.role, assignment: actor.assignment ?? null }, actionId);
  if (refused) throw new ApiError(refused.status, refused.message);
}

/** 400 with every field the body lacks or gets wrong; section ids are checked against the application's programme. */
async function checkInput(ctx: ApiContext, app: ApplicationRow, actionId: ActionId, input: MoveInput): Promise<string[]> {
  const problems = moveInputProblems(actionId, input, app.status);
  const reopens = targetStatus(actionId, input) === 'REVISION_NEEDED';
  let sectionNames: string[] = [];
  if (reopens && !problems.sectionIds) {
    const program = await loadProgram(ctx.db, app.programId);
    const reopenable = new Map(program.sections.filter((s) => !s.isEntityProfile).map((s) => [s.id, s.name]));
    const ids = [...new Set(input.sectionIds ?? [])];
    if (ids.length === 0) problems.sectionIds = WORKFLOW_MSG.sectionsRequired;
    else if (ids.some((id) => !reopenable.has(id))) problems.sectionIds = WORKFLOW_MSG.sectionsUnknown;
    else sectionNames = ids.map((id) => reopenable.get(id)!);
  }
  const fields = Object.entries(problems);
  if (fields[0]) throw badRequest(fields[0][1], Object.fromEntries(fields.map(([field, message]) => [field, [message]])));
  return sectionNames;
}

/**
 * Make the move `actionId` on `app` (as loaded through api/services/application-access.ts) for `actor`. Throws the
 * machine's 403/409, 400 for the body, 409 when the status changed under it; else returns the new status and what
 * the caller may do next.
 */
export async function executeMove(
  ctx: ApiContext, app: ApplicationRow, actor: MoveActor, actionId: ActionId, input: MoveInput = {}, options: MoveOptions = {},
): Promise<MoveResult> {
  const action = workflowAction(actionId);
  if (action.kind !== 'move') throw new Error(`${actionId} is not a status move`);
  if (!actor.system) checkMove(app, actor, actionId);
  else if (!(action.from as readonly string[]).includes(app.status)) throw new ApiError(409, action.conflict);
  const sectionNames = await checkInput(ctx, app, actionId, input);
  const from = app.status as ApplicationStatus;
  const to = targetStatus(actionId, input);
  const comments = input.comments?.trim() || null;
  const reopened = to === 'REVISION_NEEDED' ? [...new Set(input.sectionIds ?? [])] : [];
  const reasonId = action.needs.reasonId ? Number(input.reasonId) : null;
  const now = new Date();
  const stale = () => new ApiError(409, action.conflict);

  let released: { storageKey: string }[] = [];
  await ctx.db.transaction(async (tx) => {
    const where = and(eq(applications.id, app.id), eq(applications.status, from));
    if (to === null) {
      // Its pending uploads would go by cascade and leave their bytes stored: taken here, their bytes after the commit.
      released = await releaseApplicationHolds(tx, app.id);
      const removed = await tx.delete(applications).where(where).returning({ id: applications.id });
      if (removed.length === 0) throw stale();
    } else {
      const updated = await tx.update(applications).set({ ...options.set, status: to, updatedAt: now }).where(where).returning({ id: applications.id });
      if (updated.length === 0) throw stale();
      // The consensus guards (PASSED_GATING, PASSED_TECHNICAL; decision 041), whatever the path (the move, change-status,
      // bulk): read after the row is held by the update, so a consensus value set meanwhile is seen or waits.
      const guarded = await guardProblem(tx, app, to);
      if (guarded) throw new ApiError(409, guarded);
      // Sections are open only while REVISION_NEEDED, and then only those the state reopened.
      if (from === 'REVISION_NEEDED' || reopened.length > 0 || to === 'SUBMITTED' || to === 'RESUBMITTED') {
        await tx.update(applicationSections).set({ unlocked: false, updatedAt: now }).where(eq(applicationSections.applicationId, app.id));
        // …and the unlocks open on them end with them (an unlock approved during the revision is resubmitted with it).
        await lockOpenUnlocks(tx, app, actor.userId, actionId);
      }
      if (reopened.length > 0) {
        // An upsert: an application made outside the API (bulk data) may have no row for a section yet.
        await tx
          .insert(applicationSections)
          .values(reopened.map((sectionId) => ({ applicationId: app.id, sectionId, status: 'COMPLETED', unlocked: true, updatedAt: now })))
          .onConflictDoUpdate({ target: [applicationSections.applicationId, applicationSections.sectionId], set: { unlocked: true, updatedAt: now } });
      }
    }
    await options.effects?.(tx);
    const details = options.details !== undefined
      ? options.details
      : {
        actionId,
        ...(reasonId ? { reasonId, reason: rejectReasonText(reasonId) } : {}),
        ...(reopened.length ? { sectionIds: reopened, sectionNames } : {}),
      };
    await audit(tx, {
      action: action.auditAction, entity: 'application', userId: actor.userId, applicationId: app.id, organizationId: app.organizationId,
      fromStatus: from, toStatus: to, comments, details,
    });
    // A revised application back in a stage's review starts that stage (and every later one) again, after the move's own
    // entry: the earlier pass's reviews move to review_passes (decision 047), so everything that reads reviews reads the new pass.
    await restartPasses(tx, app, from, to, actor.userId);
  });

  await removeStoredBytes(ctx, released, "a deleted application's pending upload");
  if (to !== null) {
    // After the commit: a mail failure is logged by the notifier and never undoes the move. Every move, the
    // organization's own too (review rubric 7; issue 41): its admins; a resubmission also tells the state.
    await notifyStatusMove(ctx, { applicationId: app.id, fromStatus: from, toStatus: to, comments, reasonId, sectionIds: reopened });
    if (to === 'RESUBMITTED') await notifyResubmitted(ctx, app.id);
  }
  return {
    id: app.id,
    fromStatus: from,
    status: to,
    allowedActions: to === null ? [] : allowedActionsOfRoles(actor.roles ?? [actor.role], { status: to, assignment: actor.assignment ?? null }),
  };
}
