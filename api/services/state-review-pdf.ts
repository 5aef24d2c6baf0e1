// The state review PDF (issue 12 item 9, review rubric 7; decision 046): GET review/applications/{id}/state-review-pdf.
// A cover (application, organization, programme, status, submitted, generated at), the application's answers as the
// printed application writes them (api/services/application-pdf.ts), then per stage (domain/workflow.ts STAGES: gating,
// technical, state; issue 41 item 6) its review summary (review rubric 3), each question's consensus value (the
// State_Admin's with comments, else the reviewers' mean or majority) with every submitted review's mark and comment (the
// State stage marks none), and each reviewer's decision (read by decisionsSeen, as the review screen's Review summary),
// as far as the caller's sight on the stage goes (domain/review-sight.ts, as the review screen: a reviewer only their
// own marks and decision, no consensus; a vendor admin none of another stage's; decision 046, addendum);
// then the BEAD rubric (review rubric 5) from rubric_scores, for a caller who reads the rubric (`readsRubric`, the
// permissions table's 'read rubric', as GET rubric-scores/…: else the part is left out, not blanked; decision 092);
// then the earlier passes the caller may see (decision 051,
// addendum): each pass's end, summary, reviewers' decisions and marks, read by the passes route's own service
// (review-pass-history.ts, the sight rule of domain/review-sight.ts) and written in the screen's words
// (domain/review-text.ts). Everything is read first (a failure is then an ordinary error answer); the document is then
// written straight into the response, page by page, never held whole.
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { and, eq, isNull } from 'drizzle-orm';
import type { ApiContext } from '../context';
import { programs, rubricScores } from '../db/schema';
import { loadApplicationContent, loadProgram, type ApplicationContent, type ApplicationRow } from './application-content';
import { consensusInSight, consensusOf, decisionsSeen, summaryOf, type ConsensusRow, type DecisionSeen, type ReviewSummary } from './reviews';
import { earlierPasses, type EarlierPass } from './review-pass-history';
import { readsRubric, widestSight, type ReviewSight } from '../../domain/review-sight';
import {
  BOLD, FONT, ITALIC, MARGIN, MUTED, PORTAL_NAME, SIZE, TEXT, factLines, keepTogether, openPdf, pageFooter, rule, sectionHeading, write, writeSection,
  type Doc,
} from './application-pdf';
import type { MarkMode } from '../../domain/review-marks';
import {
  computedText, decisionText, EARLIER_REVIEWS, markText, marksQuestions, passEnded, passMarkRows, passReviewerText, passTitle, stageHasReviews,
  summaryText,
} from '../../domain/review-text';
import { RUBRIC_CRITERIA, rubricMaxPoints, formatPoints } from '../../domain/rubric';
import { formatListDate, formatListDateTime } from '../../domain/dates';
import { statusLabel } from '../../domain/statuses';
import { STAGE_WORD, STAGES } from '../../domain/workflow';
import type { Stage } from '../../domain/permissions';
import type { RoleName } from '../../domain/roles';

export const STATE_REVIEW_PDF = {
  title: 'State Review',
  notScored: 'Not scored yet',
  /** A criterion of a saved sheet left empty. */
  criterionNotScored: 'Not scored',
  answersHidden: 'The answers show once you declare that you have no conflict of interest with this organization.',
  noMarks: (stage: string) => `No ${stage.toLowerCase()} review marks yet.`,
  /** A stage marking no questions (State) with no submitted review yet. */
  noReviews: (stage: string) => `No ${stage.toLowerCase()} review submitted yet.`,
  /** A stage whose reviews the caller does not see (a vendor admin, another vendor's stage): its summary only. */
  marksNotShown: "The reviewers' marks and decisions of this stage are not shown to you.",
  /** A reviewer who has no submitted mark in a stage that has marks. */
  noOwnMarks: 'You have no submitted marks in this stage.',
  fileName: (applicationId: string) => `state_review_${applicationId}.pdf`,
} as const;

export interface StageReview {
  stage: Stage;
  name: string;
  /** What the caller sees of the stage's reviews (domain/review-sight.ts): `questions` and `decisions` hold only that. */
  sight: ReviewSight;
  summary: ReviewSummary['stages'][number];
  /** 'all': every submitted review's mark and the consensus; 'own': the caller's marks only (no consensus, mean, majority, disagreement); null: no marks. */
  questions: ConsensusRow[];
  /** The decisions the caller sees: every submitted reviewer's ('all'), their own ('own'), none (null). */
  decisions: DecisionSeen[];
  /** Any submitted mark, consensus value or submitted review in the stage (domain/review-text.ts stageHasReviews): its summary, which every reader of the reviews sees, then shows. */
  hasReviews: boolean;
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
  /** Whether the caller reads the rubric (domain/review-sight.ts readsRubric): else the rubric part is left out. */
  showsRubric: boolean;
  /** null: not scored yet (no rubric_scores row), or not shown to the caller. */
  rubric: RubricSheet | null;
  /** The earlier passes the caller may see (stage order, newest first), as GET review/applications/{id}/passes answers them. */
  earlier: EarlierPass[];
}

/**
 * Everything the PDF shows to `opts.viewer` (the caller: what they see of each stage, of the earlier passes and of the
 * rubric; `assigned`: they are assigned to review the application), read before a byte is written.
 */
export async function loadStateReview(
  ctx: ApiContext, app: ApplicationRow,
  opts: { viewer: { id: string; roles: readonly RoleName[]; assigned?: boolean }; answersHidden?: boolean; now?: Date },
): Promise<StateReview> {
  const program = await loadProgram(ctx.db, app.programId);
  const showsRubric = readsRubric(opts.viewer.roles, { assigned: !!opts.viewer.assigned });
  // Every stage (domain/workflow.ts STAGES), the State stage too, whose review is its reviewers' decisions (issue 41 item 6).
  const [content, summary, consensus, decisions, scores, programRow, earlier] = await Promise.all([
    loadApplicationContent(ctx.db, app),
    summaryOf(ctx, app),
    Promise.all(STAGES.map((stage) => consensusOf(ctx, app, stage, program))),
    decisionsSeen(ctx, app, opts.viewer),
    showsRubric ? ctx.db.select().from(rubricScores).where(and(eq(rubricScores.applicationId, app.id), isNull(rubricScores.deletedAt))).limit(1) : [],
    showsRubric ? ctx.db.select({ rubricMaxPoints: programs.rubricMaxPoints }).from(programs).where(eq(programs.id, app.programId)).limit(1) : [],
    earlierPasses(ctx, app, opts.viewer, program),
  ]);
  const stages = STAGES.map((stage, i): StageReview => {
    const all = consensus[i]!.questions;
    // The screen's sight (the reviews panel, the consensus table, the Review summary's decisions): whole, the caller's
    // own review only, or none.
    const sight = widestSight(opts.viewer.roles, stage);
    const stageSummary = summary.stages.find((s) => s.stage === stage)!;
    return {
      stage,
      name: STAGE_WORD[stage],
      sight,
      summary: stageSummary,
      questions: sight ? consensusInSight(all, sight, opts.viewer.id) : [],
      decisions: decisions.get(stage) ?? [],
      hasReviews: stageHasReviews(stageSummary) || all.some((q) => q.reviews.length > 0 || q.consensus !== null),
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
  return { content, answersHidden: !!opts.answersHidden, generatedAt: opts.now ?? new Date(), stages, showsRubric, rubric, earlier };
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
  const parts = ['The application\u2019s answers', ...review.stages.map((s) => `${s.name} review`), ...(review.showsRubric ? ['Rubric score'] : [])];
  if (review.earlier.length > 0) parts.push(EARLIER_REVIEWS.title);
  parts.forEach((p, i) => line(doc, `${i + 1}. ${p}`, { gapAfter: 2 }));
  for (const p of review.earlier) line(doc, passTitle(p), { x: MARGIN + 14, gapAfter: 2 });
}

/** A review summary (a stage's current pass, or an earlier pass): its line, the overall score, the pass/fail count. */
function summaryFacts(doc: Doc, heading: string, summary: Pick<StageReview['summary'], 'stage' | 'overallScore' | 'overallPassFail' | 'submittedReviews'>) {
  write(doc, heading, { x: MARGIN, font: BOLD, size: SIZE.section, gapAfter: 3 });
  const { overallScore: score, overallPassFail: pf } = summary;
  // A stage marking no questions (State) has no score nor pass/fail count: its summary line only.
  factLines(doc, [
    ['Summary', summaryText(summary)],
    ...(marksQuestions(summary.stage) ? [
      ['Overall score', `${score.actual} of ${score.possible} points (${score.percentage}%)`],
      ['Pass / Fail', `${pf.passCount} Pass, ${pf.failCount} Fail, ${pf.total} questions`],
    ] as [string, string][] : []),
  ], 90);
  doc.y += 6;
}

/**
 * Questions under their sections' headings, each written by `each`; between sections the pages written so far go out
 * (`breathe`; false: the client went away, stop).
 */
async function questionsBySection<Q extends { sectionName: string }>(
  doc: Doc, questions: readonly Q[], breathe: () => Promise<boolean>, each: (q: Q) => void,
): Promise<boolean> {
  let section = '';
  for (const q of questions) {
    if (q.sectionName !== section) {
      if (section && !(await breathe())) return false;
      section = q.sectionName;
      sectionHeading(doc, section);
    }
    keepTogether(doc, 50);
    each(q);
    doc.y += 6;
  }
  return true;
}

/** A question's line: '40. Its text (pass / fail)'. */
function questionLine(doc: Doc, q: { systemNo: string; text: string; mode: MarkMode; max: number | null }) {
  line(doc, `${q.systemNo}. ${q.text}${q.mode === 'SCORE' ? ` (score, at most ${q.max})` : ' (pass / fail)'}`, { font: BOLD, gapAfter: 1.5 });
}

const MARK_X = MARGIN + 12;

/** A consensus value the State Admin set (`beside`: the reviewers' majority or mean, when shown) and their comments. */
function consensusSet(doc: Doc, value: string, beside: string | null, comments: string | null) {
  line(doc, `Consensus: ${value} (set by the State Admin${beside ? `; ${beside}` : ''})`, { x: MARK_X, font: BOLD });
  if (comments) line(doc, `State Admin's comments: ${comments}`, { x: MARK_X });
}

/** A reviewer's mark and comment: 'Ravi Gatekeeper: Fail \u2014 The 2023 statement is missing.' */
function markLine(doc: Doc, name: string, value: string, comment: string | null) {
  line(doc, `${name}: ${value}${comment ? ` \u2014 ${comment}` : ''}`, { x: MARK_X + 10 });
}

function consensusLines(doc: Doc, q: ConsensusRow) {
  if (q.consensus) {
    const value = markText(q.mode, q.max, q.consensus.overridePassFail, q.consensus.overrideScore);
    consensusSet(doc, value, `reviewers' ${computedText(q.mode, q.majority, q.mean)}`, q.consensus.adminComments);
  } else if (q.reviews.length > 0) {
    const value = q.mode === 'PASS_FAIL' ? markText(q.mode, q.max, q.majority, null) : markText(q.mode, q.max, null, q.mean);
    line(doc, `Consensus: ${value} (${q.mode === 'PASS_FAIL' ? 'majority' : 'mean'} of the submitted reviews; not set by the State Admin)`, { x: MARK_X, font: BOLD });
  } else {
    line(doc, 'Consensus: no submitted review marked this question.', { x: MARK_X, font: ITALIC, color: MUTED });
  }
  if (q.disagreement) line(doc, 'The reviewers disagree on this question.', { x: MARK_X, font: ITALIC });
}

/** A reviewer's decision: its headline, then its comments and any notes (an earlier pass's unlocks) under it. */
function decisionEntry(doc: Doc, headline: string, comments: string | null, notes: readonly string[] = []) {
  keepTogether(doc, 30);
  line(doc, headline, { font: BOLD, gapAfter: 1 });
  const under = [...(comments === null ? [] : [`Comments: ${comments}`]), ...notes];
  under.forEach((text, i) => line(doc, text, { x: MARK_X, gapAfter: i === under.length - 1 ? 5 : 1 }));
  if (under.length === 0) doc.y += 4;
}

/** A stage's part; `breathe` lets what is written so far go out (false: the client went away, stop). */
async function stagePart(doc: Doc, s: StageReview, breathe: () => Promise<boolean>): Promise<boolean> {
  partHeading(doc, `${s.name} review`);
  const marking = marksQuestions(s.stage);
  if (!s.hasReviews) {
    line(doc, marking ? STATE_REVIEW_PDF.noMarks(s.name) : STATE_REVIEW_PDF.noReviews(s.name), { font: ITALIC, color: MUTED, gapAfter: 8 });
    return true;
  }
  summaryFacts(doc, 'Review summary', s.summary);
  if (s.sight === null) {
    line(doc, STATE_REVIEW_PDF.marksNotShown, { gapAfter: 8 });
    return breathe();
  }
  // A reviewer: the questions they marked, their marks only (the consensus is the State Admin's and the stage's admins').
  if (s.sight === 'own') line(doc, EARLIER_REVIEWS.ownOnly, { gapAfter: 8 });
  const questions = s.sight === 'all' ? s.questions : s.questions.filter((q) => q.reviews.length > 0);
  if (marking && questions.length === 0) line(doc, STATE_REVIEW_PDF.noOwnMarks, { font: ITALIC, color: MUTED, gapAfter: 8 });
  const written = await questionsBySection(doc, questions, breathe, (q) => {
    questionLine(doc, q);
    if (s.sight === 'all') consensusLines(doc, q);
    for (const r of q.reviews) markLine(doc, r.name, markText(q.mode, q.max, r.passFail, r.score), r.comment);
  });
  if (!written) return false;
  sectionHeading(doc, "Reviewers' decisions");
  if (s.decisions.length === 0) line(doc, 'No decision submitted yet.', { font: ITALIC, color: MUTED });
  for (const d of s.decisions) decisionEntry(doc, decisionText(d), d.comments);
  return breathe();
}

/**
 * The earlier passes the caller may see (decision 051), as the review screen's Earlier reviews shows them: in its order
 * (stage order, newest pass first), each from a new page with its title, how it ended (when, by whom, the status it
 * came back from), its summary, each reviewer's decision, then its marks (the consensus for those who see it; none for
 * a stage marking no questions, the State stage).
 */
async function earlierPart(doc: Doc, passes: readonly EarlierPass[], breathe: () => Promise<boolean>): Promise<boolean> {
  partHeading(doc, EARLIER_REVIEWS.title);
  line(doc, EARLIER_REVIEWS.intro, { color: MUTED, gapAfter: 10 });
  for (const [i, p] of passes.entries()) {
    if (i > 0) doc.addPage();
    write(doc, passTitle(p), { x: MARGIN, font: BOLD, size: SIZE.title - 2, gapAfter: 3 });
    line(doc, `This pass ${passEnded(p)}.${p.sight === 'own' ? ` ${EARLIER_REVIEWS.ownOnly}` : ''}`, { gapAfter: 8 });
    summaryFacts(doc, EARLIER_REVIEWS.summary, p.summary);
    sectionHeading(doc, EARLIER_REVIEWS.decisions);
    for (const r of p.reviewers) {
      const said = passReviewerText(r);
      decisionEntry(doc, `${r.name} (${said.status}): ${said.decision}`, said.comments, said.unlocks);
    }
    const rows = passMarkRows(p);
    if (rows.length > 0) {
      sectionHeading(doc, EARLIER_REVIEWS.marks);
      const written = await questionsBySection(doc, rows, breathe, (q) => {
        questionLine(doc, q);
        if (q.consensus) consensusSet(doc, q.consensus.value, null, q.consensus.comment);
        else if (p.sight === 'all') line(doc, `Consensus: ${EARLIER_REVIEWS.consensusNotSet}`, { x: MARK_X, font: ITALIC, color: MUTED });
        for (const m of q.marks) markLine(doc, m.name, m.value, m.comment);
      });
      if (!written) return false;
    }
    if (!(await breathe())) return false;
  }
  return true;
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
    // The pipe pauses the document while `out` is full and lets it flow again on 'drain' (readableFlowing, Node's
    // public stream state): the same on a socket and on the in-process transport's response, whose writableNeedDrain
    // no socket ever clears.
    while (!gone && doc.readableFlowing === false) await Promise.race([once(out, 'drain'), closed]);
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
    if (review.showsRubric) {
      doc.addPage();
      rubricPart(doc, review.rubric);
    }
    if (review.earlier.length > 0) {
      doc.addPage();
      if (!(await earlierPart(doc, review.earlier, breathe))) return false;
    }
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
