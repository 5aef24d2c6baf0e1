// Passes through a stage's review (docs/decisions/047). The live review tables hold the current pass only, so every
// reader (the review summary and summariesOf, the consensus table, the consensus guards, the automatic move, the
// state review PDF, the exports, the rubric's technical figure, the reviewers list) reads the current pass without a
// filter of its own. This is the one place a pass ends: when a move restarts a stage (domain/review-passes.ts
// stagesRestarted, read from the application's status moves in logged_actions), its rows are copied to review_passes as they were and cleared, in the move's transaction.
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  loggedActions, reviewAssignments, reviewConsensus, reviewDecisions, reviewMarks, reviewPasses, reviewSectionSubmissions, reviewUnlocks,
} from '../db/schema';
import { audit } from './audit';
import type { ApplicationRow, Tx } from './application-content';
import type { Db } from '../db/client';
import { currentPass, stageReviewEntered, stagesRestarted, type StatusMove } from '../../domain/review-passes';
import { reviewerRoleOf, reviewerTypeOf } from '../../domain/review-assignments';
import type { Stage } from '../../domain/permissions';
import type { ApplicationStatus } from '../../domain/statuses';

/** How many passes of each stage of the application were closed (the current pass is one more: currentPass). */
export async function closedPasses(db: Tx, applicationId: string): Promise<Map<Stage, number>> {
  const rows = await db.select({ stage: reviewPasses.stage, passes: sql<number>`max(${reviewPasses.pass})::int` })
    .from(reviewPasses).where(eq(reviewPasses.applicationId, applicationId)).groupBy(reviewPasses.stage);
  return new Map(rows.map((r) => [r.stage as Stage, r.passes]));
}

/** The application's status moves, oldest first (its history's order: created_at, then seq), the move just made included. */
export async function statusMoves(db: Tx | Db, applicationId: string): Promise<StatusMove[]> {
  return db.select({ from: loggedActions.fromStatus, to: loggedActions.toStatus }).from(loggedActions)
    .where(and(eq(loggedActions.applicationId, applicationId), ne(loggedActions.fromStatus, loggedActions.toStatus)))
    .orderBy(asc(loggedActions.createdAt), asc(loggedActions.seq));
}

/**
 * The move `from` → `to` of `app` (inside its transaction, after the status changed and its history entry): close the current pass of every
 * stage it restarts that has anything recorded. The entered stage's reviewers keep their assignments, back to PENDING
 * (not started, not submitted, assigned now) and keep their declarations (the organization is the same); a later
 * stage's assignments are closed with its pass (that stage is assigned again when the application gets there).
 * Returns the stages restarted, with their new pass.
 */
export async function restartPasses(
  tx: Tx, app: Pick<ApplicationRow, 'id' | 'organizationId'>, from: ApplicationStatus, to: ApplicationStatus | null, userId: string | null,
): Promise<{ stage: Stage; pass: number }[]> {
  // Only a move into a stage's review can restart one; the history is read for those alone.
  if (from === to || !stageReviewEntered(to)) return [];
  const stages = stagesRestarted(await statusMoves(tx, app.id));
  if (stages.length === 0) return [];
  const closed = await closedPasses(tx, app.id);
  const restarted: { stage: Stage; pass: number }[] = [];
  for (const [index, stage] of stages.entries()) {
    const ofStage = <T extends typeof reviewMarks | typeof reviewSectionSubmissions | typeof reviewDecisions | typeof reviewUnlocks | typeof reviewConsensus>(t: T) =>
      and(eq(t.applicationId, app.id), eq(t.stage, stage));
    const assignmentsOfStage = and(eq(reviewAssignments.applicationId, app.id), eq(reviewAssignments.reviewerType, reviewerTypeOf(reviewerRoleOf(stage))));
    const [assignments, marks, sectionSubmissions, decisions, unlocks, consensus] = await Promise.all([
      tx.select().from(reviewAssignments).where(assignmentsOfStage),
      tx.select().from(reviewMarks).where(ofStage(reviewMarks)),
      tx.select().from(reviewSectionSubmissions).where(ofStage(reviewSectionSubmissions)),
      tx.select().from(reviewDecisions).where(ofStage(reviewDecisions)),
      tx.select().from(reviewUnlocks).where(ofStage(reviewUnlocks)),
      tx.select().from(reviewConsensus).where(ofStage(reviewConsensus)),
    ]);
    const recorded = marks.length + sectionSubmissions.length + decisions.length + unlocks.length + consensus.length > 0
      || assignments.some((a) => a.status !== 'PENDING');
    if (!recorded) continue;
    const pass = currentPass(closed.get(stage) ?? 0);
    await tx.insert(reviewPasses).values({
      applicationId: app.id, stage, pass, assignments, marks, sectionSubmissions, decisions, unlocks, consensus, closedFromStatus: from, closedBy: userId,
    });
    await Promise.all([
      tx.delete(reviewMarks).where(ofStage(reviewMarks)),
      tx.delete(reviewSectionSubmissions).where(ofStage(reviewSectionSubmissions)),
      tx.delete(reviewDecisions).where(ofStage(reviewDecisions)),
      tx.delete(reviewUnlocks).where(ofStage(reviewUnlocks)),
      tx.delete(reviewConsensus).where(ofStage(reviewConsensus)),
    ]);
    if (index === 0) {
      // The trigger of migration 0016 sets status_changed_at and clears submitted_at on the status change; the start is
      // cleared here (the trigger keeps a start it finds).
      await tx.update(reviewAssignments).set({ status: 'PENDING', startedAt: null, assignedAt: new Date() }).where(assignmentsOfStage);
    } else if (assignments.length > 0) {
      await tx.delete(reviewAssignments).where(inArray(reviewAssignments.id, assignments.map((a) => a.id)));
    }
    await audit(tx, {
      action: 'REVIEW_PASS_STARTED', entity: 'application', userId, applicationId: app.id, organizationId: app.organizationId,
      // The status it entered, unchanged by this entry (the move has its own): the history shows no second move.
      fromStatus: to, toStatus: to, details: {
        stage, pass: pass + 1, archivedPass: pass, reviewers: assignments.map((a) => a.reviewerId), kept: index === 0 ? 'PENDING' : 'unassigned',
      },
    });
    restarted.push({ stage, pass: pass + 1 });
  }
  return restarted;
}
