// The consensus guards of PASSED_GATING and PASSED_TECHNICAL (review rubric 4; decision 041) read from the database: the
// rules are domain/consensus-guards.ts. `guardProblem` is asked by the one move executor inside the move's transaction
// (so a consensus value set meanwhile waits for the move's row lock, and the move sees what it guards), by the bulk
// preview, and by the review screen's detail (`moveGuards`), so the refusal shown before posting is the API's own.
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { programs, questions, reviewAssignments, reviewConsensus, reviewMarks, sections } from '../db/schema';
import type { ApplicationRow, Tx } from './application-content';
import { gatingProblem, GUARD_MSG, guardedStage, GUARDED, passThreshold, technicalProblem } from '../../domain/consensus-guards';
import { staleStages } from '../../domain/review-passes';
import { statusMoves } from './review-passes';
import { MARK_RULES, type PassFail } from '../../domain/review-marks';
import { targetStatus, type ActionId, type MoveInput } from '../../domain/workflow';
import type { Stage } from '../../domain/permissions';

type Reader = Db | Tx;

/** The stage's marked questions of the programme, in form order, with the consensus values and the submitted reviews' marks. */
async function stageFacts(db: Reader, app: Pick<ApplicationRow, 'id' | 'programId'>, stage: Stage) {
  const rules = MARK_RULES[stage];
  const systemNos = rules.map((r) => r.systemNo);
  const [qs, marks, agreed] = await Promise.all([
    db.select({ id: questions.id, systemNo: questions.systemNo, text: questions.text, sectionOrder: sections.displayOrder, order: questions.displayOrder })
      .from(questions)
      .innerJoin(sections, eq(sections.id, questions.sectionId))
      .where(and(eq(sections.programId, app.programId), inArray(questions.systemNo, systemNos))),
    // The submitted reviews only (an unlocked review counts again once submitted again), as the summary reads them.
    db.select({ questionId: reviewMarks.questionId, passFail: reviewMarks.passFail, score: reviewMarks.score })
      .from(reviewMarks)
      .innerJoin(reviewAssignments, and(eq(reviewAssignments.applicationId, reviewMarks.applicationId), eq(reviewAssignments.reviewerId, reviewMarks.reviewerId)))
      .where(and(eq(reviewMarks.applicationId, app.id), eq(reviewMarks.stage, stage), eq(reviewAssignments.status, 'SUBMITTED'))),
    db.select({ questionId: reviewConsensus.questionId, overrideScore: reviewConsensus.overrideScore, overridePassFail: reviewConsensus.overridePassFail })
      .from(reviewConsensus)
      .where(and(eq(reviewConsensus.applicationId, app.id), eq(reviewConsensus.stage, stage))),
  ]);
  qs.sort((a, b) => a.sectionOrder - b.sectionOrder || a.order - b.order);
  const ruleOf = new Map(rules.map((r) => [r.systemNo, r]));
  return {
    questions: qs.map((q) => ({ questionId: q.id, systemNo: q.systemNo, text: q.text, rule: ruleOf.get(q.systemNo)! })),
    marks: marks.map((m) => ({ questionId: m.questionId, passFail: m.passFail as PassFail | null, score: m.score })),
    consensus: agreed.map((c) => ({ questionId: c.questionId, overrideScore: c.overrideScore, overridePassFail: c.overridePassFail as PassFail | null })),
  };
}

/**
 * Why a move of `app` into `status` is refused by its stage's consensus (the 409 message), or null: a status no guard
 * holds, every gating question at Pass, or the technical percentage at or above the programme's threshold.
 */
export async function guardProblem(db: Reader, app: Pick<ApplicationRow, 'id' | 'programId'>, status: string | null): Promise<string | null> {
  const stage = guardedStage(status);
  if (!stage) return null;
  // Reviews from before a revision do not pass a stage, whatever the path here (decision 047).
  if (staleStages(await statusMoves(db, app.id)).has(stage)) return GUARD_MSG.stale(stage);
  const facts = await stageFacts(db, app, stage);
  if (stage === 'GATING') return gatingProblem(facts.questions, facts.marks, facts.consensus);
  const [program] = await db.select({ threshold: programs.technicalPassThreshold }).from(programs).where(eq(programs.id, app.programId)).limit(1);
  return technicalProblem(facts.questions, facts.marks, facts.consensus, passThreshold(program?.threshold));
}

/** The guard of an action with its body (change-status: the chosen status), or null. */
export async function moveGuardProblem(db: Reader, app: Pick<ApplicationRow, 'id' | 'programId'>, actionId: ActionId, input: MoveInput = {}): Promise<string | null> {
  let to: string | null = null;
  try {
    to = targetStatus(actionId, input);
  } catch {
    return null;
  }
  return guardProblem(db, app, to);
}

/** For the review screen: the message of each guarded action among `actionIds` (null: it would pass), the others left out. */
export async function moveGuards(db: Reader, app: Pick<ApplicationRow, 'id' | 'programId'>, actionIds: readonly ActionId[]): Promise<Partial<Record<ActionId, string | null>>> {
  const out: Partial<Record<ActionId, string | null>> = {};
  for (const [status] of Object.entries(GUARDED)) {
    const actionId = `mark-as-${status.toLowerCase().replace(/_/g, '-')}` as ActionId;
    if (actionIds.includes(actionId)) out[actionId] = await guardProblem(db, app, status);
  }
  return out;
}
