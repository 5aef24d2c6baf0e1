// A reviewer's review of one application in its current stage (review rubric 1-3, issue 12 items 1-3 and 5; decision
// 038): the conflict-of-interest declaration made before the answers are shown, the marks per question (the rules are
// domain/review-marks.ts), each section's submission, the decision, the stage admin's unlock of a submitted review,
// and the review summary. When the last assigned reviewer of the stage submits, the application moves to the stage's
// AWAITING_STATE_CONSENSUS status through the one executor (api/services/application-moves.ts) as a system move.
// Every write is one transaction with its history entry; emails go after the commit.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { ApiContext } from '../context';
import { ApiError, badRequest, forbidden } from '../http';
import {
  applications, reviewAssignments, reviewConsensus, reviewDeclarations, reviewDecisions, reviewMarks,
  reviewSectionSubmissions, reviewUnlocks, userRoles, users,
} from '../db/schema';
import { audit } from './audit';
import { checkVersion, versionOf, type VersionedValue } from './edit-versions';
import { loadProgram, type ApplicationRow, type Program, type ProgramQuestion, type Tx } from './application-content';
import { executeMove } from './application-moves';
import { notifyReviewUnlocked, portalLink, reviewApplicationPath, sendAll } from './notifications';
import { reviewerRoleOf, reviewerTypeOf } from '../../domain/review-assignments';
import {
  CONSENSUS_MSG, consensusProblem, disagreement, isMarked, majority, MARK_MSG, markProblem, markRule, meanScore, reviewSummary,
  type ConsensusInput, type MarkInput, type MarkRule, type PassFail, type ReviewDecision, type StageSummary, type SummaryQuestion,
} from '../../domain/review-marks';
import { stageOf, type Stage } from '../../domain/permissions';
import { widestSight, type ReviewSight } from '../../domain/review-sight';
import type { RoleName } from '../../domain/roles';
import { stageAdmins, stageReviewStatuses, STAGES, type ActionId, type AssignmentStatus } from '../../domain/workflow';
import { statusLabel } from '../../domain/statuses';
import type { MailMessage } from '../mail';

const SIGNATURE = ['', '--', 'Broadband Grants Portal. This email was sent automatically: please do not reply to it.'];

/** A question the stage marks, with its section and rule. */
export interface MarkedQuestion {
  question: ProgramQuestion;
  sectionId: string;
  rule: MarkRule;
}

/** The questions each stage marks in this programme, in form order. */
export function markedQuestions(program: Program, stage: Stage): MarkedQuestion[] {
  const out: MarkedQuestion[] = [];
  for (const section of program.sections) {
    for (const question of program.bySection.get(section.id) ?? []) {
      const rule = markRule(stage, question.systemNo);
      if (rule) out.push({ question, sectionId: section.id, rule });
    }
  }
  return out;
}

/** The sections holding a question the stage marks, in form order. */
export function markedSections(program: Program, stage: Stage): { id: string; name: string }[] {
  const ids = new Set(markedQuestions(program, stage).map((q) => q.sectionId));
  return program.sections.filter((s) => ids.has(s.id)).map((s) => ({ id: s.id, name: s.name }));
}

export interface MyReview {
  stage: Stage;
  assignment: AssignmentStatus;
  declaration: { conflict: boolean; note: string | null; declaredAt: Date } | null;
  marks: { questionId: string; passFail: PassFail | null; score: number | null; comment: string | null }[];
  submittedSectionIds: string[];
  decision: { decision: ReviewDecision; comments: string; submittedAt: Date } | null;
  /** Per section the stage marks, the version of the reviewer's marks of it: a save sends the one it started from (decision 099). */
  markVersions: Record<string, string>;
}

type MarkRow = typeof reviewMarks.$inferSelect;

/** The reviewer's marks of a section as the version (decision 099) is made of them: the reviewer saved each. */
function markValues(rows: readonly MarkRow[], inSection: ReadonlySet<string>): VersionedValue[] {
  return rows
    .filter((m) => inSection.has(m.questionId))
    .map((m) => ({ key: m.questionId, value: { passFail: m.passFail, score: m.score, comment: m.comment }, by: m.reviewerId, at: m.updatedAt }));
}

const sectionQuestionIds = (program: Program, sectionId: string) => new Set((program.bySection.get(sectionId) ?? []).map((q) => q.id));

/** The caller's assignment on the application in its current stage, or null. */
async function assignmentInStage(db: ApiContext['db'] | Tx, app: ApplicationRow, reviewerId: string, stage: Stage) {
  const [row] = await db
    .select({ status: reviewAssignments.status })
    .from(reviewAssignments)
    .where(and(
      eq(reviewAssignments.applicationId, app.id), eq(reviewAssignments.reviewerId, reviewerId),
      eq(reviewAssignments.reviewerType, reviewerTypeOf(reviewerRoleOf(stage))),
    ))
    .limit(1);
  return (row?.status as AssignmentStatus | undefined) ?? null;
}

/** The reviewer's review of the application's current stage (null when they hold no assignment of it). */
export async function myReview(ctx: ApiContext, app: ApplicationRow, reviewerId: string): Promise<MyReview | null> {
  const stage = stageOf(app.status);
  if (!stage) return null;
  const assignment = await assignmentInStage(ctx.db, app, reviewerId, stage);
  if (!assignment) return null;
  const mine = <T extends typeof reviewMarks | typeof reviewSectionSubmissions | typeof reviewDecisions | typeof reviewDeclarations>(t: T) =>
    and(eq(t.applicationId, app.id), eq(t.reviewerId, reviewerId), eq(t.stage, stage));
  const [program, declarations, marks, sections, decisions] = await Promise.all([
    loadProgram(ctx.db, app.programId),
    ctx.db.select().from(reviewDeclarations).where(mine(reviewDeclarations)).limit(1),
    ctx.db.select().from(reviewMarks).where(mine(reviewMarks)),
    ctx.db.select({ sectionId: reviewSectionSubmissions.sectionId }).from(reviewSectionSubmissions).where(mine(reviewSectionSubmissions)),
    ctx.db.select().from(reviewDecisions).where(mine(reviewDecisions)).limit(1),
  ]);
  const d = declarations[0];
  const decision = decisions[0];
  return {
    stage,
    assignment,
    declaration: d ? { conflict: d.conflict, note: d.note, declaredAt: d.declaredAt } : null,
    marks: marks.map((m) => ({ questionId: m.questionId, passFail: m.passFail as PassFail | null, score: m.score, comment: m.comment })),
    submittedSectionIds: sections.map((s) => s.sectionId),
    decision: decision ? { decision: decision.decision as ReviewDecision, comments: decision.comments, submittedAt: decision.submittedAt } : null,
    markVersions: Object.fromEntries(markedSections(program, stage).map((s) => [s.id, versionOf(markValues(marks, sectionQuestionIds(program, s.id)))])),
  };
}

/**
 * Decision 038: a reviewer of the current stage sees the answers (and their files) once they declared no conflict of
 * interest; before that, or after declaring one, they are hidden from them.
 */
export const hidesAnswers = (review: MyReview | null): boolean => !!review && !(review.declaration && !review.declaration.conflict);

/** Every declaration made on the application (admins see them beside the assignments), first first. */
export async function declarationsOf(ctx: ApiContext, applicationId: string) {
  return ctx.db
    .select({
      reviewerId: reviewDeclarations.reviewerId, firstName: users.firstName, lastName: users.lastName, stage: reviewDeclarations.stage,
      conflict: reviewDeclarations.conflict, note: reviewDeclarations.note, declaredAt: reviewDeclarations.declaredAt,
    })
    .from(reviewDeclarations)
    .innerJoin(users, eq(users.id, reviewDeclarations.reviewerId))
    .where(eq(reviewDeclarations.applicationId, applicationId))
    .orderBy(reviewDeclarations.declaredAt);
}

/**
 * The reviewer's open review of the application's current stage, for a write: the application in the stage's REVIEW
 * status, an assignment of the stage not yet submitted (409 otherwise) and, unless `declaring`, a declaration of no
 * conflict (409 'declare first').
 */
async function openReview(ctx: ApiContext, app: ApplicationRow, reviewerId: string, opts: { declaring?: boolean } = {}) {
  const stage = stageOf(app.status);
  if (!stage || app.status !== stageReviewStatuses(stage)[0]) throw new ApiError(409, MARK_MSG.notReviewing);
  const review = await myReview(ctx, app, reviewerId);
  if (!review) throw new ApiError(409, MARK_MSG.notReviewing);
  if (review.assignment === 'SUBMITTED') throw new ApiError(409, MARK_MSG.reviewSubmitted);
  if (opts.declaring) {
    if (review.declaration) throw new ApiError(409, MARK_MSG.alreadyDeclared);
  } else if (!review.declaration || review.declaration.conflict) {
    throw new ApiError(409, MARK_MSG.declareFirst);
  }
  return { stage, review };
}

/** Holds the application in the status the route saw for the transaction (409 when it moved meanwhile). */
async function holdStatus(tx: Tx, app: ApplicationRow): Promise<void> {
  const held = await tx.select({ id: applications.id }).from(applications)
    .where(and(eq(applications.id, app.id), eq(applications.status, app.status))).for('update');
  if (held.length === 0) throw new ApiError(409, MARK_MSG.notReviewing);
}

const who = (reviewerId: string) => ({ userId: reviewerId });

// --- 1. Conflict of interest -------------------------------------------------------------------------------------

/**
 * The reviewer declares no conflict of interest with the organization (the answers are then shown), or a conflict
 * with a note: the assignment is withdrawn, the stage's admins are emailed, the history records it.
 */
export async function declareConflict(
  ctx: ApiContext, app: ApplicationRow, reviewerId: string, input: { conflict: boolean; note?: string | null },
): Promise<{ conflict: boolean; stage: Stage }> {
  const note = input.note?.trim() || null;
  if (input.conflict && !note) throw badRequest(MARK_MSG.conflictNoteRequired, { note: [MARK_MSG.conflictNoteRequired] });
  const { stage } = await openReview(ctx, app, reviewerId, { declaring: true });
  await ctx.db.transaction(async (tx) => {
    await holdStatus(tx, app);
    await tx.insert(reviewDeclarations).values({ applicationId: app.id, reviewerId, stage, conflict: input.conflict, note });
    if (input.conflict) {
      await tx.delete(reviewAssignments).where(and(eq(reviewAssignments.applicationId, app.id), eq(reviewAssignments.reviewerId, reviewerId)));
    }
    await audit(tx, {
      action: 'REVIEW_CONFLICT_DECLARED', entity: 'review', ...who(reviewerId), applicationId: app.id, organizationId: app.organizationId,
      fromStatus: app.status, toStatus: app.status, comments: note,
      details: { stage, conflict: input.conflict, assignmentWithdrawn: input.conflict },
    });
  });
  if (input.conflict) {
    await notifyConflict(ctx, app, reviewerId, stage, note!);
    // The others may all have submitted already: the stage's reviews are then complete.
    await moveWhenAllSubmitted(ctx, app, stage);
  }
  return { conflict: input.conflict, stage };
}

// --- 2. Marks ------------------------------------------------------------------------------------------------------

export interface MarkBody extends MarkInput {
  questionId: string;
}

/** Field names of a mark's messages: `mark.{questionId}` (the value) and `comment.{questionId}`. */
export const markField = (questionId: string, field: 'value' | 'comment') => `${field === 'value' ? 'mark' : 'comment'}.${questionId}`;

/**
 * Saves marks of one section (any subset; a mark with neither value nor comment is cleared). A question of another
 * stage answers 403; one not in the section, or a mark its rule refuses, 400 with the question's field; a submitted
 * section 409. The first saved mark of a PENDING review makes it IN_PROGRESS.
 */
export async function saveMarks(ctx: ApiContext, app: ApplicationRow, reviewerId: string, sectionId: string, marks: readonly MarkBody[], expected?: string) {
  const { stage, review } = await openReview(ctx, app, reviewerId);
  const program = await loadProgram(ctx.db, app.programId);
  const section = program.sections.find((s) => s.id === sectionId);
  if (!section) throw badRequest('Unknown section', { sectionId: ['Unknown section'] });
  const inSection = new Map((program.bySection.get(sectionId) ?? []).map((q) => [q.id, q]));
  const byId = new Map([...program.bySection.values()].flat().map((q) => [q.id, q]));
  const errors: Record<string, string[]> = {};
  const rows: (MarkBody & { rule: MarkRule })[] = [];
  for (const mark of marks) {
    const question = byId.get(mark.questionId);
    if (!question) throw badRequest('Unknown question', { [markField(mark.questionId, 'value')]: ['Unknown question'] });
    const rule = markRule(stage, question.systemNo);
    if (!rule) throw forbidden(MARK_MSG.otherStage);
    if (!inSection.has(mark.questionId)) throw badRequest('This question is not in this section.', { [markField(mark.questionId, 'value')]: ['This question is not in this section.'] });
    const problem = markProblem(rule, mark);
    if (problem) errors[markField(mark.questionId, problem.field)] = [problem.message];
    rows.push({ ...mark, rule });
  }
  const first = Object.values(errors)[0];
  if (first) throw badRequest(first[0]!, errors);
  if (review.submittedSectionIds.includes(sectionId)) throw new ApiError(409, MARK_MSG.sectionSubmitted);

  const startsReview = review.assignment === 'PENDING' && rows.some((m) => isMarked(m.rule, m));
  const now = new Date();
  const sectionMarks = async (tx: Tx) => markValues(await tx.select().from(reviewMarks).where(and(
    eq(reviewMarks.applicationId, app.id), eq(reviewMarks.reviewerId, reviewerId), eq(reviewMarks.stage, stage),
  )), new Set(inSection.keys()));
  const version = await ctx.db.transaction(async (tx) => {
    await holdStatus(tx, app);
    const done = await tx.select({ id: reviewSectionSubmissions.sectionId }).from(reviewSectionSubmissions).where(and(
      eq(reviewSectionSubmissions.applicationId, app.id), eq(reviewSectionSubmissions.reviewerId, reviewerId),
      eq(reviewSectionSubmissions.stage, stage), eq(reviewSectionSubmissions.sectionId, sectionId),
    ));
    if (done.length > 0) throw new ApiError(409, MARK_MSG.sectionSubmitted);
    // holdStatus holds the application's row until commit: the reviewer's saves (two tabs) come one after another.
    if (expected) await checkVersion(tx, expected, await sectionMarks(tx));
    for (const m of rows) {
      const comment = m.comment?.trim() || null;
      const value = { passFail: m.rule.mode === 'PASS_FAIL' ? (m.passFail ?? null) : null, score: m.rule.mode === 'SCORE' ? (m.score ?? null) : null };
      if (value.passFail === null && value.score === null && comment === null) {
        await tx.delete(reviewMarks).where(and(
          eq(reviewMarks.applicationId, app.id), eq(reviewMarks.reviewerId, reviewerId), eq(reviewMarks.stage, stage), eq(reviewMarks.questionId, m.questionId),
        ));
        continue;
      }
      await tx.insert(reviewMarks)
        .values({ applicationId: app.id, reviewerId, stage, questionId: m.questionId, ...value, comment, updatedAt: now })
        .onConflictDoUpdate({
          target: [reviewMarks.applicationId, reviewMarks.reviewerId, reviewMarks.stage, reviewMarks.questionId],
          set: { ...value, comment, updatedAt: now },
        });
    }
    if (startsReview) {
      await tx.update(reviewAssignments).set({ status: 'IN_PROGRESS' }).where(and(
        eq(reviewAssignments.applicationId, app.id), eq(reviewAssignments.reviewerId, reviewerId), eq(reviewAssignments.status, 'PENDING'),
      ));
    }
    await audit(tx, {
      action: 'REVIEW_MARKS_SAVED', entity: 'review', ...who(reviewerId), applicationId: app.id, organizationId: app.organizationId,
      fromStatus: app.status, toStatus: app.status,
      details: {
        stage, sectionId, sectionName: section.name, startedReview: startsReview,
        marks: rows.map((m) => ({ systemNo: byId.get(m.questionId)!.systemNo, passFail: m.passFail ?? null, score: m.score ?? null, comment: m.comment?.trim() || null })),
      },
    });
    return versionOf(await sectionMarks(tx));
  });
  return { stage, sectionId, assignment: (startsReview ? 'IN_PROGRESS' : review.assignment) as AssignmentStatus, version };
}

/** Submits a section of the review: every question the stage marks in it marked acceptably (else 400 naming them). */
export async function submitSection(ctx: ApiContext, app: ApplicationRow, reviewerId: string, sectionId: string) {
  const { stage, review } = await openReview(ctx, app, reviewerId);
  const program = await loadProgram(ctx.db, app.programId);
  const section = program.sections.find((s) => s.id === sectionId);
  if (!section) throw badRequest('Unknown section', { sectionId: ['Unknown section'] });
  const toMark = markedQuestions(program, stage).filter((q) => q.sectionId === sectionId);
  if (toMark.length === 0) throw forbidden(MARK_MSG.otherStageSection);
  if (review.submittedSectionIds.includes(sectionId)) throw new ApiError(409, MARK_MSG.sectionSubmitted);
  const byQuestion = new Map(review.marks.map((m) => [m.questionId, m]));
  const unmarked = toMark.filter((q) => !isMarked(q.rule, byQuestion.get(q.question.id)) || markProblem(q.rule, byQuestion.get(q.question.id)!));
  if (unmarked.length > 0) {
    const message = MARK_MSG.unmarked(unmarked.map((q) => q.question.systemNo));
    throw badRequest(message, Object.fromEntries(unmarked.map((q) => {
      const mark = byQuestion.get(q.question.id);
      const problem = mark && isMarked(q.rule, mark) ? markProblem(q.rule, mark) : null;
      return [markField(q.question.id, problem?.field ?? 'value'), [problem?.message ?? 'Not marked yet.']];
    })));
  }
  await ctx.db.transaction(async (tx) => {
    await holdStatus(tx, app);
    const inserted = await tx.insert(reviewSectionSubmissions).values({ applicationId: app.id, reviewerId, stage, sectionId })
      .onConflictDoNothing().returning({ sectionId: reviewSectionSubmissions.sectionId });
    if (inserted.length === 0) throw new ApiError(409, MARK_MSG.sectionSubmitted);
    await audit(tx, {
      action: 'REVIEW_SECTION_SUBMITTED', entity: 'review', ...who(reviewerId), applicationId: app.id, organizationId: app.organizationId,
      fromStatus: app.status, toStatus: app.status, details: { stage, sectionId, sectionName: section.name },
    });
  });
  return { stage, sectionId };
}

// --- Decision, and the move to consensus ---------------------------------------------------------------------------

/**
 * The reviewer's decision (every marked section submitted, else 400 naming the others): the review becomes SUBMITTED
 * and read-only. When it was the stage's last open review, the application moves to AWAITING_STATE_CONSENSUS.
 */
export async function submitDecision(
  ctx: ApiContext, app: ApplicationRow, reviewerId: string, input: { decision: ReviewDecision; comments: string },
): Promise<{ stage: Stage; movedTo: string | null }> {
  const { stage, review } = await openReview(ctx, app, reviewerId);
  const program = await loadProgram(ctx.db, app.programId);
  const missing = markedSections(program, stage).filter((s) => !review.submittedSectionIds.includes(s.id));
  if (missing.length > 0) {
    const message = MARK_MSG.sectionsUnsubmitted(missing.map((s) => s.name));
    throw badRequest(message, { sections: [message] });
  }
  const comments = input.comments.trim();
  await ctx.db.transaction(async (tx) => {
    // The application row is held: two reviewers' decisions are taken one after the other, so the later sees both.
    await holdStatus(tx, app);
    const moved = await tx.update(reviewAssignments).set({ status: 'SUBMITTED' }).where(and(
      eq(reviewAssignments.applicationId, app.id), eq(reviewAssignments.reviewerId, reviewerId), inArray(reviewAssignments.status, ['PENDING', 'IN_PROGRESS']),
    )).returning({ id: reviewAssignments.id });
    if (moved.length === 0) throw new ApiError(409, MARK_MSG.reviewSubmitted);
    await tx.insert(reviewDecisions).values({ applicationId: app.id, reviewerId, stage, decision: input.decision, comments })
      .onConflictDoUpdate({
        target: [reviewDecisions.applicationId, reviewDecisions.reviewerId, reviewDecisions.stage],
        set: { decision: input.decision, comments, submittedAt: new Date() },
      });
    await audit(tx, {
      action: 'REVIEW_DECISION_SUBMITTED', entity: 'review', ...who(reviewerId), applicationId: app.id, organizationId: app.organizationId,
      fromStatus: app.status, toStatus: app.status, comments, details: { stage, decision: input.decision },
    });
  });
  const movedTo = await moveWhenAllSubmitted(ctx, app, stage);
  return { stage, movedTo };
}

export const CONSENSUS_MOVE_COMMENT = 'Every assigned reviewer submitted their review.';

/**
 * When every reviewer assigned in the stage has submitted (and there is at least one), the application moves to the
 * stage's AWAITING_STATE_CONSENSUS status through the executor, as a system move, and the State_Admins are emailed.
 * Someone moving it first (409) is not an error: the move is then not needed. Returns the new status, or null.
 */
export async function moveWhenAllSubmitted(ctx: ApiContext, app: ApplicationRow, stage: Stage): Promise<string | null> {
  const [review] = stageReviewStatuses(stage);
  const rows = await ctx.db.select({ status: reviewAssignments.status }).from(reviewAssignments).where(and(
    eq(reviewAssignments.applicationId, app.id), eq(reviewAssignments.reviewerType, reviewerTypeOf(reviewerRoleOf(stage))),
  ));
  if (rows.length === 0 || rows.some((r) => r.status !== 'SUBMITTED')) return null;
  const [current] = await ctx.db.select().from(applications).where(eq(applications.id, app.id)).limit(1);
  if (!current || current.status !== review) return null;
  const actionId = `mark-as-${stage.toLowerCase()}-awaiting-consensus` as ActionId;
  try {
    const result = await executeMove(ctx, current, { userId: null, role: 'State_Admin', system: true }, actionId, { comments: CONSENSUS_MOVE_COMMENT }, {
      details: { actionId, system: true, reason: 'all-reviews-submitted', reviewers: rows.length },
    });
    await notifyConsensusReady(ctx, current, stage, result.status!);
    return result.status;
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) return null;
    throw error;
  }
}

// --- Unlock --------------------------------------------------------------------------------------------------------

/**
 * The stage admin unlocks a reviewer's submitted review (comment required): the assignment is IN_PROGRESS again, its
 * sections open again (the marks stay), in the stage's REVIEW status only (409 otherwise).
 */
export async function unlockReview(ctx: ApiContext, app: ApplicationRow, adminId: string, reviewerId: string, comment: string) {
  const text = comment.trim();
  if (!text) throw badRequest(MARK_MSG.unlockCommentRequired, { comment: [MARK_MSG.unlockCommentRequired] });
  const stage = stageOf(app.status);
  if (!stage || app.status !== stageReviewStatuses(stage)[0]) {
    throw new ApiError(409, `A review can be unlocked while the application is in ${stage ? statusLabel(stageReviewStatuses(stage)[0]) : 'a review status'}.`);
  }
  const assignment = await assignmentInStage(ctx.db, app, reviewerId, stage);
  if (assignment !== 'SUBMITTED') throw new ApiError(409, MARK_MSG.notSubmitted);
  await ctx.db.transaction(async (tx) => {
    await holdStatus(tx, app);
    const moved = await tx.update(reviewAssignments).set({ status: 'IN_PROGRESS' }).where(and(
      eq(reviewAssignments.applicationId, app.id), eq(reviewAssignments.reviewerId, reviewerId), eq(reviewAssignments.status, 'SUBMITTED'),
    )).returning({ id: reviewAssignments.id });
    if (moved.length === 0) throw new ApiError(409, MARK_MSG.notSubmitted);
    await tx.delete(reviewSectionSubmissions).where(and(
      eq(reviewSectionSubmissions.applicationId, app.id), eq(reviewSectionSubmissions.reviewerId, reviewerId), eq(reviewSectionSubmissions.stage, stage),
    ));
    await tx.insert(reviewUnlocks).values({ applicationId: app.id, reviewerId, stage, unlockedBy: adminId, comment: text });
    await audit(tx, {
      action: 'REVIEW_UNLOCKED', entity: 'review-assignment', userId: adminId, applicationId: app.id, organizationId: app.organizationId,
      fromStatus: app.status, toStatus: app.status, comments: text, details: { stage, reviewerId, from: 'SUBMITTED', to: 'IN_PROGRESS' },
    });
  });
  // After the commit: the reviewer is told (issue 41); a mail failure never undoes the unlock.
  await notifyReviewUnlocked(ctx, { applicationId: app.id, reviewerId, stage, comment: text });
  return { stage, reviewerId, status: 'IN_PROGRESS' as AssignmentStatus };
}

// --- 5. Summary ----------------------------------------------------------------------------------------------------

export interface ReviewSummary extends Omit<StageSummary, 'markedQuestions'> {
  applicationId: string;
  programId: string;
  /**
   * Per stage (domain/workflow.ts STAGES, issue 41 item 6): its own figures (none for the State stage, which marks no
   * questions) and how many reviews were submitted.
   */
  stages: (StageSummary & { stage: Stage; submittedReviews: number })[];
}

/** A submitted decision of a stage's current pass, as its reader may see it (decisionsSeen). */
export interface DecisionSeen {
  reviewerId: string;
  name: string;
  decision: ReviewDecision;
  comments: string;
  submittedAt: Date;
}

/** A stage's questions as its summary reads them (form order). */
export const summaryQuestions = (program: Program, stage: Stage): SummaryQuestion[] =>
  markedQuestions(program, stage).map((q) => ({ questionId: q.question.id, systemNo: q.question.systemNo, rule: q.rule }));

/** A stage's mark or consensus row as stored (the live tables' columns, or an earlier pass's rows kept as JSON). */
type StoredMark = { questionId: string; reviewerId: string; passFail: string | null; score: number | null };
type StoredConsensus = { questionId: string; overrideScore: number | null; overridePassFail: string | null };

/**
 * One stage's review summary from its rows (review rubric 3, domain/review-marks.ts reviewSummary): `marks` are those
 * of the stage's SUBMITTED reviews only, `consensus` its consensus values, `decided` the reviewers whose review is
 * SUBMITTED with a decision (the State stage marks no questions: its reviews are counted by them). The live summary
 * (summariesOf, whose query keeps the submitted reviews' marks) and an earlier pass's
 * (api/services/review-pass-history.ts) both come from here.
 */
export function stageSummary(
  stage: Stage, questions: readonly SummaryQuestion[], marks: readonly StoredMark[], consensus: readonly StoredConsensus[],
  decided: readonly { reviewerId: string }[] = [],
) {
  const summary = reviewSummary(
    questions,
    marks.map((m) => ({ questionId: m.questionId, passFail: m.passFail as PassFail | null, score: m.score })),
    consensus.map((c) => ({ questionId: c.questionId, overrideScore: c.overrideScore, overridePassFail: c.overridePassFail as PassFail | null })),
  );
  return { stage, ...summary, submittedReviews: new Set([...marks, ...decided].map((m) => m.reviewerId)).size };
}

/**
 * Review rubric 3: over each stage's questions, the consensus value where set, else the mean (majority) of the
 * submitted reviews. The top level is over every stage (scores come from the technical stage, pass/fail from gating).
 */
export async function summaryOf(ctx: ApiContext, app: ApplicationRow): Promise<ReviewSummary> {
  return (await summariesOf(ctx, [app])).get(app.id)!;
}

/**
 * summaryOf for many applications at once (the state list's XLSX reads them 500 at a time): two statements for the
 * marks and consensus values of every id, each programme's questions read once (`programs` may be kept across calls).
 */
export async function summariesOf(
  ctx: ApiContext, apps: readonly Pick<ApplicationRow, 'id' | 'programId'>[], programs = new Map<string, Program>(),
): Promise<Map<string, ReviewSummary>> {
  const out = new Map<string, ReviewSummary>();
  if (apps.length === 0) return out;
  const ids = apps.map((a) => a.id);
  for (const programId of new Set(apps.map((a) => a.programId))) {
    if (!programs.has(programId)) programs.set(programId, await loadProgram(ctx.db, programId));
  }
  const [marks, consensus, decided] = await Promise.all([
    ctx.db
      .select({
        applicationId: reviewMarks.applicationId, questionId: reviewMarks.questionId, stage: reviewMarks.stage, passFail: reviewMarks.passFail,
        score: reviewMarks.score, reviewerId: reviewMarks.reviewerId,
      })
      .from(reviewMarks)
      .innerJoin(reviewAssignments, and(eq(reviewAssignments.applicationId, reviewMarks.applicationId), eq(reviewAssignments.reviewerId, reviewMarks.reviewerId)))
      .where(and(inArray(reviewMarks.applicationId, ids), eq(reviewAssignments.status, 'SUBMITTED'))),
    ctx.db.select().from(reviewConsensus).where(inArray(reviewConsensus.applicationId, ids)),
    ctx.db
      .select({ applicationId: reviewDecisions.applicationId, stage: reviewDecisions.stage, reviewerId: reviewDecisions.reviewerId })
      .from(reviewDecisions)
      .innerJoin(reviewAssignments, and(eq(reviewAssignments.applicationId, reviewDecisions.applicationId), eq(reviewAssignments.reviewerId, reviewDecisions.reviewerId)))
      .where(and(inArray(reviewDecisions.applicationId, ids), eq(reviewAssignments.status, 'SUBMITTED'))),
  ]);
  const stageQuestions = new Map<string, Map<Stage, SummaryQuestion[]>>();
  for (const [programId, program] of programs) {
    stageQuestions.set(programId, new Map(STAGES.map((stage) => [stage, summaryQuestions(program, stage)])));
  }
  for (const app of apps) {
    const appMarks = marks.filter((m) => m.applicationId === app.id);
    const appConsensus = consensus.filter((c) => c.applicationId === app.id);
    const appDecided = decided.filter((d) => d.applicationId === app.id);
    const stages = STAGES.map((stage) => stageSummary(
      stage, stageQuestions.get(app.programId)!.get(stage)!, appMarks.filter((m) => m.stage === stage), appConsensus.filter((c) => c.stage === stage),
      appDecided.filter((d) => d.stage === stage),
    ));
    const actual = Math.round(stages.reduce((a, s) => a + s.overallScore.actual, 0) * 100) / 100;
    const possible = stages.reduce((a, s) => a + s.overallScore.possible, 0);
    const passCount = stages.reduce((a, s) => a + s.overallPassFail.passCount, 0);
    const failCount = stages.reduce((a, s) => a + s.overallPassFail.failCount, 0);
    out.set(app.id, {
      applicationId: app.id,
      programId: app.programId,
      overallScore: { actual, possible, percentage: possible > 0 ? Math.round((actual / possible) * 1000) / 10 : 0 },
      overallPassFail: { passCount, failCount, total: passCount + failCount },
      stages,
    });
  }
  return out;
}

/**
 * The submitted decisions of the application's current pass that `viewer` sees, per stage (domain/workflow.ts STAGES),
 * by the review sight of each stage (domain/review-sight.ts, decision 051): every reviewer's ('all'), their own ('own'),
 * none (null). Reviewers by last name. The review summary route (the review screen's Review summary) and the state
 * review PDF both read them here, so the two show a person the same decisions (decision 092).
 */
export async function decisionsSeen(
  ctx: ApiContext, app: Pick<ApplicationRow, 'id'>, viewer: { id: string; roles: readonly RoleName[] },
): Promise<Map<Stage, DecisionSeen[]>> {
  const rows = await ctx.db
    .select({
      stage: reviewDecisions.stage, reviewerId: reviewDecisions.reviewerId, decision: reviewDecisions.decision, comments: reviewDecisions.comments,
      submittedAt: reviewDecisions.submittedAt, firstName: users.firstName, lastName: users.lastName,
    })
    .from(reviewDecisions)
    .innerJoin(reviewAssignments, and(eq(reviewAssignments.applicationId, reviewDecisions.applicationId), eq(reviewAssignments.reviewerId, reviewDecisions.reviewerId)))
    .innerJoin(users, eq(users.id, reviewDecisions.reviewerId))
    .where(and(eq(reviewDecisions.applicationId, app.id), eq(reviewAssignments.status, 'SUBMITTED')))
    .orderBy(asc(users.lastName), asc(users.firstName));
  return new Map(STAGES.map((stage) => {
    const sight = widestSight(viewer.roles, stage);
    const shown = rows.filter((d) => d.stage === stage && (sight === 'all' || (sight === 'own' && d.reviewerId === viewer.id)));
    return [stage, shown.map((d) => ({
      reviewerId: d.reviewerId, name: `${d.firstName} ${d.lastName}`.trim(), decision: d.decision as ReviewDecision, comments: d.comments, submittedAt: d.submittedAt,
    }))];
  }));
}

// --- 4. Consensus --------------------------------------------------------------------------------------------------

export interface ConsensusRow {
  questionId: string;
  systemNo: string;
  text: string;
  sectionName: string;
  mode: MarkRule['mode'];
  max: number | null;
  /** Every submitted review's mark and comment, side by side. */
  reviews: { reviewerId: string; name: string; passFail: PassFail | null; score: number | null; comment: string | null }[];
  mean: number | null;
  majority: PassFail | null;
  /** Null in a reviewer's own sight (consensusSeenBy): it would tell them how the others marked. */
  disagreement: boolean | null;
  consensus: { overrideScore: number | null; overridePassFail: PassFail | null; adminComments: string | null; updatedAt: Date } | null;
}

/**
 * Review rubric 4: per question of the application's current stage (or of `stage`: the state review PDF reads every
 * stage's), the submitted reviews' marks side by side.
 */
export async function consensusOf(
  ctx: ApiContext, app: ApplicationRow, stage: Stage | null = stageOf(app.status), loaded?: Program,
): Promise<{ stage: Stage | null; questions: ConsensusRow[] }> {
  if (!stage) return { stage: null, questions: [] };
  const program = loaded ?? await loadProgram(ctx.db, app.programId);
  const [marks, agreed] = await Promise.all([
    ctx.db
      .select({
        questionId: reviewMarks.questionId, reviewerId: reviewMarks.reviewerId, passFail: reviewMarks.passFail, score: reviewMarks.score,
        comment: reviewMarks.comment, firstName: users.firstName, lastName: users.lastName,
      })
      .from(reviewMarks)
      .innerJoin(reviewAssignments, and(eq(reviewAssignments.applicationId, reviewMarks.applicationId), eq(reviewAssignments.reviewerId, reviewMarks.reviewerId)))
      .innerJoin(users, eq(users.id, reviewMarks.reviewerId))
      .where(and(eq(reviewMarks.applicationId, app.id), eq(reviewMarks.stage, stage), eq(reviewAssignments.status, 'SUBMITTED')))
      .orderBy(users.lastName, users.firstName),
    ctx.db.select().from(reviewConsensus).where(and(eq(reviewConsensus.applicationId, app.id), eq(reviewConsensus.stage, stage))),
  ]);
  const sectionName = new Map(program.sections.map((s) => [s.id, s.name]));
  return {
    stage,
    questions: markedQuestions(program, stage).map(({ question, sectionId, rule }) => {
      const reviews = marks.filter((m) => m.questionId === question.id).map((m) => ({
        reviewerId: m.reviewerId, name: `${m.firstName} ${m.lastName}`.trim(), passFail: m.passFail as PassFail | null, score: m.score, comment: m.comment,
      }));
      const c = agreed.find((x) => x.questionId === question.id);
      return {
        questionId: question.id, systemNo: question.systemNo, text: question.text, sectionName: sectionName.get(sectionId) ?? '', mode: rule.mode, max: rule.max,
        reviews,
        mean: rule.mode === 'SCORE' ? meanScore(reviews.map((r) => r.score).filter((x): x is number => typeof x === 'number')) : null,
        majority: rule.mode === 'PASS_FAIL' ? majority(reviews.map((r) => r.passFail).filter((x): x is PassFail => x === 'PASS' || x === 'FAIL')) : null,
        disagreement: disagreement(rule, reviews),
        consensus: c ? { overrideScore: c.overrideScore, overridePassFail: c.overridePassFail as PassFail | null, adminComments: c.adminComments, updatedAt: c.updatedAt } : null,
      };
    }),
  };
}

/**
 * GET review/applications/{id}/consensus as the caller may see it (decision 051 addendum): the sight of
 * domain/review-sight.ts on the current stage, as the review screen, the earlier passes and the state review PDF.
 * 'all' (the State_Admin, the financial reviewer, the stage's vendor admin): consensusOf whole. 'own' (a reviewer):
 * each question with only the caller's own submitted mark and comment; no mean, majority, disagreement nor consensus
 * value (null), which would tell them how the others marked. No sight on the stage: 403. No stage: no questions.
 */
export async function consensusSeenBy(
  ctx: ApiContext, app: ApplicationRow, viewer: { id: string; roles: readonly RoleName[] },
): Promise<{ stage: Stage | null; sight: ReviewSight; questions: ConsensusRow[] }> {
  const stage = stageOf(app.status);
  if (!stage) return { stage: null, sight: null, questions: [] };
  const sight = widestSight(viewer.roles, stage);
  if (!sight) throw forbidden(CONSENSUS_MSG.notShown);
  const whole = await consensusOf(ctx, app, stage);
  return { stage, sight, questions: consensusInSight(whole.questions, sight, viewer.id) };
}

/**
 * A stage's consensus rows as `sight` shows them to `viewerId` (the consensus route and the state review PDF): whole
 * ('all'), or only the viewer's own marks with no mean, majority, disagreement nor consensus value ('own'), which would
 * tell a reviewer how the others marked.
 */
export function consensusInSight(rows: ConsensusRow[], sight: 'all' | 'own', viewerId: string): ConsensusRow[] {
  if (sight === 'all') return rows;
  return rows.map((row) => ({
    ...row, reviews: row.reviews.filter((r) => r.reviewerId === viewerId), mean: null, majority: null, disagreement: null, consensus: null,
  }));
}

/**
 * The State_Admin sets the consensus value of one question (PUT …/questions/{qid}/average-score) while the application
 * is in the stage's IN_STATE_CONSENSUS status: the question's mode decides the value, comments are required when it
 * differs from the reviewers' mean or majority. One transaction with the history entry.
 */
export async function setConsensus(ctx: ApiContext, app: ApplicationRow, userId: string, roles: readonly string[], questionId: string, input: ConsensusInput) {
  if (!roles.includes('State_Admin')) throw forbidden(CONSENSUS_MSG.stateAdminOnly);
  const stage = stageOf(app.status);
  if (!stage || app.status !== stageReviewStatuses(stage)[2]) throw new ApiError(409, CONSENSUS_MSG.notInConsensus);
  const { questions } = await consensusOf(ctx, app);
  const row = questions.find((q) => q.questionId === questionId);
  if (!row) throw badRequest(CONSENSUS_MSG.notMarked, { questionId: [CONSENSUS_MSG.notMarked] });
  const rule: MarkRule = { systemNo: row.systemNo, mode: row.mode, max: row.max };
  const problem = consensusProblem(rule, input, { mean: row.mean, majority: row.majority });
  if (problem) throw badRequest(problem.message, { [problem.field]: [problem.message] });
  const value = {
    overrideScore: rule.mode === 'SCORE' ? (input.overrideScore ?? null) : null,
    overridePassFail: rule.mode === 'PASS_FAIL' ? (input.overridePassFail ?? null) : null,
    adminComments: input.adminComments?.trim() || null,
  };
  await ctx.db.transaction(async (tx) => {
    await holdStatus(tx, app);
    const now = new Date();
    await tx.insert(reviewConsensus).values({ applicationId: app.id, stage, questionId, ...value, updatedBy: userId, updatedAt: now })
      .onConflictDoUpdate({ target: [reviewConsensus.applicationId, reviewConsensus.stage, reviewConsensus.questionId], set: { ...value, updatedBy: userId, updatedAt: now } });
    await audit(tx, {
      action: 'REVIEW_CONSENSUS_SET', entity: 'review', userId, applicationId: app.id, organizationId: app.organizationId,
      fromStatus: app.status, toStatus: app.status, comments: value.adminComments,
      details: {
        stage, systemNo: row.systemNo, mean: row.mean, majority: row.majority,
        from: row.consensus ? (row.consensus.overrideScore ?? row.consensus.overridePassFail) : null, to: value.overrideScore ?? value.overridePassFail,
      },
    });
  });
  return { stage, questionId, ...value };
}

// --- Emails (after the commit; never throw) -------------------------------------------------------------------------

async function activeUsersWithRoles(ctx: ApiContext, roles: readonly string[]) {
  return ctx.db
    .selectDistinct({ email: users.email, firstName: users.firstName })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .where(and(eq(users.status, 'active'), eq(users.roleType, 'state'), inArray(userRoles.role, [...roles])))
    .orderBy(users.email);
}

async function notifyConflict(ctx: ApiContext, app: ApplicationRow, reviewerId: string, stage: Stage, note: string) {
  const what = `${app.id} conflict of interest`;
  let emails: MailMessage[];
  try {
    const [reviewer] = await ctx.db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, reviewerId));
    const name = `${reviewer?.firstName ?? ''} ${reviewer?.lastName ?? ''}`.trim();
    const link = portalLink(ctx, reviewApplicationPath(app.id));
    emails = (await activeUsersWithRoles(ctx, stageAdmins(stage))).map((admin) => ({
      to: admin.email,
      subject: `Conflict of interest declared on application ${app.id}`,
      text: [
        `Hello ${admin.firstName},`, '',
        `${name} declared a conflict of interest with the organization of application ${app.id} and was withdrawn from its ${stage.toLowerCase()} review.`,
        '', `Their note: ${note}`, '', `Assign another reviewer: ${link}`, ...SIGNATURE,
      ].join('\n'),
    }));
  } catch (err) {
    ctx.log(`Notification not sent (${what}): could not read its recipients`, err);
    return;
  }
  await sendAll(ctx, what, emails);
}

async function notifyConsensusReady(ctx: ApiContext, app: ApplicationRow, stage: Stage, status: string) {
  const what = `${app.id} ready for consensus`;
  let emails: MailMessage[];
  try {
    const link = portalLink(ctx, reviewApplicationPath(app.id));
    emails = (await activeUsersWithRoles(ctx, ['State_Admin'])).map((admin) => ({
      to: admin.email,
      subject: `Application ${app.id} is now ${statusLabel(status)}`,
      text: [
        `Hello ${admin.firstName},`, '',
        `Every assigned reviewer has submitted the ${stage.toLowerCase()} review of application ${app.id}: it is now ${statusLabel(status)}.`,
        '', `Open the application: ${link}`, ...SIGNATURE,
      ].join('\n'),
    }));
  } catch (err) {
    ctx.log(`Notification not sent (${what}): could not read its recipients`, err);
    return;
  }
  await sendAll(ctx, what, emails);
}
