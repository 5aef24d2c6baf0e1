// The earlier passes through an application's stages, read-only (decision 051; the passes themselves: decision 047).
// review_passes keeps each ended pass's rows as JSON; this writes them for a person: per stage and pass (stage order,
// newest pass first), when and by whom it ended and the status it came back from, each reviewer (name, assignment
// status, decision, unlocks), each marked question (number, text) with every reviewer's mark and comment and the
// consensus value, and the pass's review summary computed by the live summary's own rule (reviews.ts stageSummary).
// What the caller sees of a pass is the live screen's rule (domain/review-sight.ts): every reviewer and the consensus
// ('all'), or only their own review in the passes they reviewed ('own').
import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { ApiContext } from '../context';
import { reviewPasses, users } from '../db/schema';
import { loadProgram, type ApplicationRow, type Program } from './application-content';
import { markedQuestions, stageSummary, summaryQuestions } from './reviews';
import { widestSight } from '../../domain/review-sight';
import type { PassQuestion } from '../../domain/review-text';
import type { MarkMode, PassFail, ReviewDecision, StageSummary } from '../../domain/review-marks';
import type { Stage } from '../../domain/permissions';
import type { RoleName } from '../../domain/roles';
import { STAGES, type AssignmentStatus } from '../../domain/workflow';

/** A row of a pass as kept in review_passes (the live tables' columns of the time; dates as ISO strings). */
interface KeptAssignment { reviewerId: string; reviewerType: string; status: string; submittedAt?: string | null }
interface KeptMark { reviewerId: string; questionId: string; passFail: string | null; score: number | null; comment: string | null }
interface KeptDecision { reviewerId: string; decision: string; comments: string; submittedAt: string }
interface KeptUnlock { reviewerId: string; unlockedBy: string | null; comment: string; createdAt: string }
interface KeptConsensus { questionId: string; overrideScore: number | null; overridePassFail: string | null; adminComments: string | null }

export interface PassReviewer {
  reviewerId: string;
  name: string;
  /** Their assignment's status when the pass ended (null: they held none then). */
  assignment: AssignmentStatus | null;
  submittedAt: string | null;
  decision: { decision: ReviewDecision; comments: string; submittedAt: string } | null;
  /** The stage admin's unlocks of their submitted review during the pass. */
  unlocks: { comment: string; unlockedAt: string; unlockedBy: string | null }[];
}

export type { PassQuestion };

export interface EarlierPass {
  /** `${stage}-${pass}`, e.g. GATING-1: how the review screen names the open pass in its URL. */
  key: string;
  stage: Stage;
  pass: number;
  endedAt: string;
  endedBy: { id: string; name: string } | null;
  /** The status the application came back from (the move that ended the pass left it). */
  backFrom: string;
  /** 'all': every reviewer and the consensus; 'own': the caller's own review only (no consensus). */
  sight: 'all' | 'own';
  reviewers: PassReviewer[];
  questions: PassQuestion[];
  summary: StageSummary & { stage: Stage; submittedReviews: number };
}

const list = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);
const iso = (value: unknown): string => (value instanceof Date ? value.toISOString() : String(value ?? ''));

/**
 * The application's earlier passes the caller may see (GET review/applications/{id}/passes, and the state review PDF's
 * Earlier reviews); `loaded`: the application's programme when the caller has it already.
 */
export async function earlierPasses(
  ctx: ApiContext, app: ApplicationRow, viewer: { id: string; roles: readonly RoleName[] }, loaded?: Program,
): Promise<EarlierPass[]> {
  const rows = await ctx.db.select().from(reviewPasses).where(eq(reviewPasses.applicationId, app.id)).orderBy(asc(reviewPasses.stage), desc(reviewPasses.pass));
  const seen = rows
    .map((row) => ({ row, stage: row.stage as Stage, sight: widestSight(viewer.roles, row.stage as Stage) }))
    .filter((p): p is typeof p & { sight: 'all' | 'own' } => p.sight !== null)
    // A reviewer sees a pass they reviewed (held an assignment or recorded anything in), and only their own part of it.
    .filter((p) => p.sight === 'all' || [...list<KeptAssignment>(p.row.assignments), ...list<KeptMark>(p.row.marks), ...list<KeptDecision>(p.row.decisions)]
      .some((r) => r.reviewerId === viewer.id))
    .sort((a, b) => STAGES.indexOf(a.stage) - STAGES.indexOf(b.stage) || b.row.pass - a.row.pass);
  if (seen.length === 0) return [];

  const program = loaded ?? (await loadProgram(ctx.db, app.programId));
  const sectionName = new Map(program.sections.map((s) => [s.id, s.name]));
  const people = new Set<string>();
  for (const { row } of seen) {
    if (row.closedBy) people.add(row.closedBy);
    for (const r of [...list<KeptAssignment>(row.assignments), ...list<KeptMark>(row.marks), ...list<KeptDecision>(row.decisions)]) people.add(r.reviewerId);
    for (const u of list<KeptUnlock>(row.unlocks)) if (u.unlockedBy) people.add(u.unlockedBy);
  }
  const named = people.size
    ? await ctx.db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(inArray(users.id, [...people]))
    : [];
  const nameOf = new Map(named.map((u) => [u.id, { name: `${u.firstName} ${u.lastName}`.trim(), sortKey: `${u.lastName} ${u.firstName}` }]));
  const name = (id: string) => nameOf.get(id)?.name ?? 'A former user';

  return seen.map(({ row, stage, sight }) => {
    const shown = (reviewerId: string) => sight === 'all' || reviewerId === viewer.id;
    const assignments = list<KeptAssignment>(row.assignments);
    const marks = list<KeptMark>(row.marks);
    const decisions = list<KeptDecision>(row.decisions);
    const unlocks = list<KeptUnlock>(row.unlocks);
    const consensus = list<KeptConsensus>(row.consensus);
    // The summary of the pass as it was: the marks and decisions of its SUBMITTED reviews and its consensus values (the live rule).
    const submitted = new Set(assignments.filter((a) => a.status === 'SUBMITTED').map((a) => a.reviewerId));
    const summary = stageSummary(
      stage, summaryQuestions(program, stage), marks.filter((m) => submitted.has(m.reviewerId)), consensus, decisions.filter((d) => submitted.has(d.reviewerId)),
    );

    const reviewerIds = [...new Set([...assignments, ...marks, ...decisions].map((r) => r.reviewerId))].filter(shown)
      .sort((a, b) => (nameOf.get(a)?.sortKey ?? '').localeCompare(nameOf.get(b)?.sortKey ?? ''));
    const reviewers: PassReviewer[] = reviewerIds.map((reviewerId) => {
      const assignment = assignments.find((a) => a.reviewerId === reviewerId);
      const decision = decisions.find((d) => d.reviewerId === reviewerId);
      return {
        reviewerId,
        name: name(reviewerId),
        assignment: (assignment?.status as AssignmentStatus | undefined) ?? null,
        submittedAt: assignment?.submittedAt ? iso(assignment.submittedAt) : null,
        decision: decision ? { decision: decision.decision as ReviewDecision, comments: decision.comments, submittedAt: iso(decision.submittedAt) } : null,
        unlocks: unlocks.filter((u) => u.reviewerId === reviewerId)
          .map((u) => ({ comment: u.comment, unlockedAt: iso(u.createdAt), unlockedBy: u.unlockedBy ? name(u.unlockedBy) : null })),
      };
    });
    const questions: PassQuestion[] = markedQuestions(program, stage).map(({ question, sectionId, rule }) => {
      const agreed = sight === 'all' ? consensus.find((c) => c.questionId === question.id) : undefined;
      return {
        questionId: question.id, systemNo: question.systemNo, text: question.text, sectionName: sectionName.get(sectionId) ?? '', mode: rule.mode, max: rule.max,
        marks: marks.filter((m) => m.questionId === question.id && reviewerIds.includes(m.reviewerId)).map((m) => ({
          reviewerId: m.reviewerId, passFail: m.passFail as PassFail | null, score: m.score, comment: m.comment,
        })),
        consensus: agreed
          ? { overrideScore: agreed.overrideScore, overridePassFail: agreed.overridePassFail as PassFail | null, adminComments: agreed.adminComments }
          : null,
      };
    });
    return {
      key: `${stage}-${row.pass}`,
      stage,
      pass: row.pass,
      endedAt: iso(row.closedAt),
      endedBy: row.closedBy ? { id: row.closedBy, name: name(row.closedBy) } : null,
      backFrom: row.closedFromStatus,
      sight,
      reviewers,
      questions,
      summary,
    };
  });
}
