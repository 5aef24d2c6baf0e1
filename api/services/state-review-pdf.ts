// The state review PDF (issue 12 item 9, review rubric 7; decision 046): GET review/applications/{id}/state-review-pdf.
// A cover (application, organization, programme, status, submitted, generated at), the application's answers as the
// printed application writes them (api/services/application-pdf.ts), then per stage that marks questions (gating,
// technical) its review summary (review rubric 3), each question's consensus value (the State_Admin's with comments,
// else the reviewers' mean or majority) with every submitted review's mark and comment, and each reviewer's decision;
// then the BEAD rubric (review rubric 5) from rubric_scores. Everything is read first (a failure is then an ordinary
// error answer); the document is then written straight into the response, page by page, never held whole.
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { ApiContext } from '../context';
import { programs, reviewAssignments, reviewDecisions, rubricScores, users } from '../db/schema';
import { loadApplicationContent, loadProgram, type ApplicationContent, type ApplicationRow } from './application-content';
import { consensusOf, summaryOf, type ConsensusRow, type ReviewSummary } from './reviews';
import {
  BOLD, FONT, ITALIC, MARGIN, MUTED, PORTAL_NAME, SIZE, TEXT, factLines, keepTogether, openPdf, pageFooter, rule, sectionHeading, write, writeSection,
  type Doc,
} from './application-pdf';
import { DECISION_LABELS, MARK_RULES, type ReviewDecision } from '../../domain/review-marks';
import { computedText, markText, summaryText } from '../../domain/review-text';
import { RUBRIC_CRITERIA, rubricMaxPoints, formatPoints } from '../../domain/rubric';
import { formatListDate, formatListDateTime } from '../../domain/dates';
import { statusLabel } from '../../domain/statuses';
import { STAGES } from '../../domain/workflow';
import type { Stage } from '../../domain/permissions';

export const STATE_REVIEW_PDF = {
  title: 'State Review',
  notScored: 'Not scored yet',
  /** A criterion of a saved sheet left empty. */
  criterionNotScored: 'Not scored',
  answersHidden: 'The answers show once you declare that you have no conflict of interest with this organization.',
  noMarks: (stage: string) => `No ${stage.toLowerCase()} review marks yet.`,
  fileName: (applicationId: string) => `state_review_${applicationId}.pdf`,
} as const;

const STAGE_NAME: Record<Stage, string> = { GATING: 'Gating', TECHNICAL: 'Technical', STATE: 'State' };

export interface StageReview {
  stage: Stage;
  name: string;
  summary: ReviewSummary['stages'][number];
  questions: ConsensusRow[];
  decisions: { name: string; decision: ReviewDecision; comments: string; submittedAt: Date }[];
  /** Any submitted mark or consensus value. */
  hasMarks: boolean;
}

export interface RubricSheet {
  criteria: { label: string; max: number; score: number | null }[];
  maxTotal: number;
  total: number;
  updatedAt: Date;
}

export interface StateReview {
  content: ApplicationContent;
  /** A reviewer who has not declared no conflict of interest: the answers are left out (decision 038). */
  answersHidden: boolean;
  generatedAt: Date;
  stages: StageReview[];
  /** null: not scored yet (no rubric_scores row). */
  rubric: RubricSheet | null;
}

/** Everything the PDF shows, read before a byte is written. */
export async function loadStateReview(
  ctx: ApiContext, app: ApplicationRow, opts: { answersHidden?: boolean; now?: Date } = {},
): Promise<StateReview> {
  const program = await loadProgram(ctx.db, app.programId);
  const marking = STAGES.filter((stage) => MARK_RULES[stage].length > 0);
  const [content, summary, consensus, decisions, scores, programRow] = await Promise.all([
    loadApplicationContent(ctx.db, app),
    summaryOf(ctx, app),
    Promise.all(marking.map((stage) => consensusOf(ctx, app, stage, program))),
    ctx.db
      .select({
        stage: reviewDecisions.stage, decision: reviewDecisions.decision, comments: reviewDecisions.comments, submittedAt: reviewDecisions.submittedAt,
        firstName: users.firstName, lastName: users.lastName,
      })
      .from(reviewDecisions)
      .innerJoin(reviewAssignments, and(eq(reviewAssignments.applicationId, reviewDecisions.applicationId), eq(reviewAssignments.reviewerId, reviewDecisions.reviewerId)))
      .innerJoin(users, eq(users.id, reviewDecisions.reviewerId))
      .where(and(eq(reviewDecisions.applicationId, app.id), eq(reviewAssignments.status, 'SUBMITTED')))
      .orderBy(asc(users.lastName), asc(users.firstName)),
    ctx.db.select().from(rubricScores).where(and(eq(rubricScores.applicationId, app.id), isNull(rubricScores.deletedAt))).limit(1),
    ctx.db.select({ rubricMaxPoints: programs.rubricMaxPoints }).from(programs).where(eq(programs.id, app.programId)).limit(1),
  ]);
  const stages = marking.map((stage, i): StageReview => {
    const questions = consensus[i]!.questions;
    return {
      stage,
      name: STAGE_NAME[stage],
      summary: summary.stages.find((s) => s.stage === stage)!,
      questions,
      decisions: decisions.filter((d) => d.stage === stage).map((d) => ({
        name: `${d.firstName} ${d.lastName}`.trim(), decision: d.decision as ReviewDecision, comments: d.comments, submittedAt: d.submittedAt,
      })),
      hasMarks: questions.some((q) => q.reviews.length > 0 || q.consensus !== null),
    };
  });
  const row = scores[0];
  let rubric: RubricSheet | null = null;
  if (row) {
    const max = rubricMaxPoints(programRow[0]?.rubricMaxPoints ?? null);
    rubric = {
      criteria: RUBRIC_CRITERIA.map((c) => ({ label: c.label, max: max[c.field], score: row[c.field] ?? null })),
      maxTotal: RUBRIC_CRITERIA.reduce((a, c) => a + max[c.field], 0),
      total: row.totalScore,
      updatedAt: row.updatedAt,
    };
  }
  return { content, answersHidden: !!opts.answersHidden, generatedAt: opts.now ?? new Date(), stages, rubric };
}

// ---------------------------------------------------------------------------------------------------------------
// Layout

function partHeading(doc: Doc, title: string) {
  write(doc, title, { x: MARGIN, font: BOLD, size: SIZE.title, gapAfter: 4 });
  rule(doc, 8);
}

function line(doc: Doc, text: string, opts: { x?: number; font?: string; color?: string; gapAfter?: number } = {}) {
  write(doc, text, { x: opts.x ?? MARGIN, font: opts.font ?? FONT, size: SIZE.answer, color: opts.color, gapAfter: opts.gapAfter });
}

function cover(doc: Doc, review: StateReview) {
  const app = review.content.application;
  write(doc, PORTAL_NAME, { x: MARGIN, font: BOLD, size: SIZE.portal, color: MUTED, gapAfter: 4 });
  write(doc, STATE_REVIEW_PDF.title, { x: MARGIN, font: BOLD, size: 24, gapAfter: 4 });
  write(doc, `Application ${app.id}`, { x: MARGIN, font: BOLD, size: SIZE.title, gapAfter: 10 });
  factLines(doc, [
    ['Application ID', app.id],
    ['Organization', review.content.organizationName],
    ['Programme', review.content.programName],
    ['Status', statusLabel(app.status)],
    ['Submitted', formatListDate(app.submittedAt)],
    ['Generated at', `${formatListDateTime(review.generatedAt)} (New York time)`],
  ], 90);
  doc.y += 10;
  rule(doc, 10);
  write(doc, 'Contents', { x: MARGIN, font: BOLD, size: SIZE.section, gapAfter: 4 });
  const parts = ['The application\u2019s answers', ...review.stages.map((s) => `${s.name} review`), 'Rubric score'];
  parts.forEach((p, i) => line(doc, `${i + 1}. ${p}`, { gapAfter: 2 }));
}

function consensusLines(doc: Doc, q: ConsensusRow) {
  const x = MARGIN + 12;
  if (q.consensus) {
    const value = markText(q.mode, q.max, q.consensus.overridePassFail, q.consensus.overrideScore);
    line(doc, `Consensus: ${value} (set by the State Admin; reviewers' ${computedText(q.mode, q.majority, q.mean)})`, { x, font: BOLD });
    if (q.consensus.adminComments) line(doc, `State Admin's comments: ${q.consensus.adminComments}`, { x });
  } else if (q.reviews.length > 0) {
    const value = q.mode === 'PASS_FAIL' ? markText(q.mode, q.max, q.majority, null) : markText(q.mode, q.max, null, q.mean);
    line(doc, `Consensus: ${value} (${q.mode === 'PASS_FAIL' ? 'majority' : 'mean'} of the submitted reviews; not set by the State Admin)`, { x, font: BOLD });
  } else {
    line(doc, 'Consensus: no submitted review marked this question.', { x, font: ITALIC, color: MUTED });
  }
  if (q.disagreement) line(doc, 'The reviewers disagree on this question.', { x, font: ITALIC });
  for (const r of q.reviews) {
    line(doc, `${r.name}: ${markText(q.mode, q.max, r.passFail, r.score)}${r.comment ? ` \u2014 ${r.comment}` : ''}`, { x: x + 10 });
  }
}

/** A stage's part; `breathe` lets what is written so far go out (false: the client went away, stop). */
async function stagePart(doc: Doc, s: StageReview, breathe: () => Promise<boolean>): Promise<boolean> {
  partHeading(doc, `${s.name} review`);
  if (!s.hasMarks) {
    line(doc, STATE_REVIEW_PDF.noMarks(s.name), { font: ITALIC, color: MUTED, gapAfter: 8 });
    return true;
  }
  write(doc, 'Review summary', { x: MARGIN, font: BOLD, size: SIZE.section, gapAfter: 3 });
  const { overallScore: score, overallPassFail: pf } = s.summary;
  factLines(doc, [
    ['Summary', summaryText(s.summary)],
    ['Overall score', `${score.actual} of ${score.possible} points (${score.percentage}%)`],
    ['Pass / Fail', `${pf.passCount} Pass, ${pf.failCount} Fail, ${pf.total} questions`],
  ], 90);
  doc.y += 6;
  let section = '';
  for (const q of s.questions) {
    if (q.sectionName !== section) {
      if (section && !(await breathe())) return false;
      section = q.sectionName;
      sectionHeading(doc, section);
    }
    keepTogether(doc, 50);
    line(doc, `${q.systemNo}. ${q.text}${q.mode === 'SCORE' ? ` (score, at most ${q.max})` : ' (pass / fail)'}`, { font: BOLD, gapAfter: 1.5 });
    consensusLines(doc, q);
    doc.y += 6;
  }
  sectionHeading(doc, "Reviewers' decisions");
  if (s.decisions.length === 0) line(doc, 'No decision submitted yet.', { font: ITALIC, color: MUTED });
  for (const d of s.decisions) {
    keepTogether(doc, 30);
    line(doc, `${d.name}: ${DECISION_LABELS[d.decision] ?? d.decision} (${formatListDate(d.submittedAt)})`, { font: BOLD, gapAfter: 1 });
    line(doc, `Comments: ${d.comments}`, { x: MARGIN + 12, gapAfter: 5 });
  }
  return breathe();
}

function rubricPart(doc: Doc, rubric: RubricSheet | null) {
  partHeading(doc, 'Rubric score');
  if (!rubric) {
    line(doc, STATE_REVIEW_PDF.notScored, { font: ITALIC, color: MUTED });
    return;
  }
  const head = (text: string) => ({ text, font: { src: BOLD }, backgroundColor: '#eeeeee', type: 'TH' as const });
  const right = { align: { x: 'right' as const, y: 'top' as const } };
  doc.font(FONT).fontSize(SIZE.table + 1).fillColor(TEXT);
  doc.table({
    position: { x: MARGIN, y: doc.y },
    columnStyles: [{ width: 280 }, { width: 80, ...right }, { width: 100, ...right }],
    defaultStyle: { padding: [3, 4], border: 0.5, borderColor: '#999999' },
    data: [
      [head('Criterion'), head('Max'), head('Score')],
      ...rubric.criteria.map((c) => [c.label, formatPoints(c.max), c.score === null ? STATE_REVIEW_PDF.criterionNotScored : formatPoints(c.score)]),
      [{ text: 'Total', font: { src: BOLD } }, { text: formatPoints(rubric.maxTotal), font: { src: BOLD } }, { text: formatPoints(rubric.total), font: { src: BOLD } }],
    ],
  });
  doc.x = MARGIN;
  doc.y += 6;
  line(doc, `Rubric total: ${formatPoints(rubric.total)} of ${formatPoints(rubric.maxTotal)} points. Last saved ${formatListDateTime(rubric.updatedAt)}.`, { color: MUTED });
}

/**
 * Writes the state review PDF into `out` (an HTTP response) as it is laid out: after each section the pages pdfkit
 * has finished go out, and while `out` is full (a slow client) the layout waits, so memory holds a few pages, never the
 * document. Resolves when the document is written out, or when the client went away (the rest is not laid out);
 * rejects on a layout error.
 */
export async function streamStateReviewPdf(review: StateReview, out: Writable, opts: { onPage?: (page: number) => void } = {}): Promise<void> {
  const id = review.content.application.id;
  const doc = await openPdf({ title: `${STATE_REVIEW_PDF.title}: application ${id}`, author: review.content.organizationName, bufferPages: false });
  let page = 1;
  const footer = () => pageFooter(doc, `${STATE_REVIEW_PDF.title}: application ${id}`, `Page ${page}`);
  doc.on('pageAdded', () => {
    page += 1;
    footer();
    opts.onPage?.(page);
  });
  let gone = false;
  const closed = new Promise<void>((resolve) => out.once('close', () => {
    gone = true;
    resolve();
  }));
  // A failed response (the socket broke) is followed by 'close': the layout stops there.
  out.on('error', () => {
    gone = true;
  });
  const failed = new Promise<never>((_, reject) => doc.once('error', reject));
  failed.catch(() => undefined);
  /** Lets the pipe move what pdfkit has pushed; waits while `out` is full. False once the client has gone. */
  const breathe = async (): Promise<boolean> => {
    await new Promise<void>((resolve) => setImmediate(resolve));
    while (!gone && out.writableNeedDrain) await Promise.race([once(out, 'drain'), closed]);
    return !gone;
  };
  const finished = new Promise<void>((resolve) => {
    out.once('finish', resolve);
    void closed.then(resolve);
  });
  doc.pipe(out);
  const write = async (): Promise<boolean> => {
    footer();
    cover(doc, review);
    doc.addPage();
    partHeading(doc, 'The application\u2019s answers');
    if (review.answersHidden) {
      line(doc, STATE_REVIEW_PDF.answersHidden, { font: ITALIC, color: MUTED });
    } else {
      for (const section of review.content.sections) {
        writeSection(doc, review.content, section);
        if (!(await breathe())) return false;
      }
    }
    for (const stage of review.stages) {
      doc.addPage();
      if (!(await stagePart(doc, stage, breathe))) return false;
    }
    doc.addPage();
    rubricPart(doc, review.rubric);
    return true;
  };
  try {
    const complete = await Promise.race([write(), failed]);
    if (!complete) {
      doc.unpipe(out);
      return;
    }
    doc.end();
    await Promise.race([finished, failed]);
  } catch (err) {
    doc.unpipe(out);
    throw err;
  }
}
