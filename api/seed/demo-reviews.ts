// The demo applications' reviews (decision 041): where the walk (api/seed/workflow-walk.ts) has a stage's reviewer
// submit their review, the seed writes the review itself, the rows and history entries the review services write
// (api/services/reviews.ts): the declaration of no conflict, the marks saved per section, each section submitted, the
// decision; and where the office settled the consensus, the State_Admin's values. So an application the demo shows as
// Passed Gating has every gating question at Pass in consensus, and one past Passed Technical a technical score at or
// above the programme's threshold (domain/consensus-guards.ts): the guards hold for the demo data as for any other.
import { MARK_RULES, majority, meanScore, type MarkRule, type PassFail, type ReviewDecision } from '../../domain/review-marks';
import { gatingProblem, technicalProblem, DEFAULT_TECHNICAL_PASS_THRESHOLD } from '../../domain/consensus-guards';
import type { Stage } from '../../domain/permissions';
import type {
  loggedActions, reviewConsensus, reviewDeclarations, reviewDecisions, reviewMarks, reviewSectionSubmissions,
} from '../db/schema';

/** How a demo application's reviewer marks a stage, and what the consensus settled. */
export interface DemoReviewPlan {
  /** Gating: the questions the reviewer failed, with the comment (every other question passes). */
  fails?: Record<string, string>;
  /** Technical: the share of each question's max points given (rounded to half points); default by the application. */
  share?: number;
  /** The State_Admin's consensus values in the stage's consensus, with comments. */
  consensus?: { systemNo: string; passFail?: PassFail; score?: number; comments: string }[];
  /** The decision's comments (else the default of the stage and outcome). */
  comments?: string;
}

/**
 * Per application, how its reviews went. The default: every gating question at Pass; technical scores of 65-89%
 * of the points by the application's place in the seed.
 */
export const DEMO_REVIEW_PLANS: Record<string, Partial<Record<Stage, DemoReviewPlan>>> = {
  // Rejected after the gating consensus: the letter of credit (41) and the matching funds (43) failed.
  'GA-SMT006': {
    GATING: {
      fails: {
        '41': 'The letter of credit commitment covers 18 % of the BEAD request; the programme asks for 25 %.',
        '43': 'The matching funds table does not show where the 25 % match comes from after year one.',
      },
      consensus: [
        { systemNo: '41', passFail: 'FAIL', comments: 'Agreed in the consensus meeting: the commitment letter is short of 25 % of the request.' },
        { systemNo: '43', passFail: 'FAIL', comments: 'Agreed in the consensus meeting: the match is not evidenced.' },
      ],
      comments: 'Two financial requirements are not met: see questions 41 and 43.',
    },
  },
  // Asked for revision from the gating consensus: the letter of credit (42) and the matching funds table (46).
  'GA-LKV007': {
    GATING: {
      fails: {
        '42': 'No signed letter of credit commitment is attached.',
        '46': 'The matching funds table does not add up to the match stated in question 45.',
      },
      comments: 'Financial documents missing: recommend asking for a revision of section 5.',
    },
  },
  // Waiting for the technical consensus with a score under the threshold: Passed Technical is refused until settled.
  'GA-SMT008': { TECHNICAL: { share: 0.52, comments: 'The network design leaves the build schedule and the backhaul capacity unclear.' } },
};

/** The questions of the programme, by system number: id, section. */
export interface DemoQuestion {
  questionId: string;
  sectionId: string;
  sectionName: string;
  sectionOrder: number;
  text: string;
}

export interface DemoReviewRows {
  declarations: (typeof reviewDeclarations.$inferInsert)[];
  marks: (typeof reviewMarks.$inferInsert)[];
  sectionSubmissions: (typeof reviewSectionSubmissions.$inferInsert)[];
  decisions: (typeof reviewDecisions.$inferInsert)[];
  consensus: (typeof reviewConsensus.$inferInsert)[];
}

export const emptyDemoReviewRows = (): DemoReviewRows => ({ declarations: [], marks: [], sectionSubmissions: [], decisions: [], consensus: [] });

type LogRow = typeof loggedActions.$inferInsert;

const halfPoints = (n: number) => Math.round(n * 2) / 2;

/** The application's technical share by its place in the seed (65% to 89%), unless its plan says. */
const defaultShare = (index: number) => 0.65 + ((index * 7) % 25) / 100;

interface ReviewMark {
  rule: MarkRule;
  question: DemoQuestion;
  passFail: PassFail | null;
  score: number | null;
  comment: string | null;
}

/** The reviewer's marks of the stage, in form order. */
function marksOf(stage: Stage, plan: DemoReviewPlan, index: number, questionOf: (systemNo: string) => DemoQuestion): ReviewMark[] {
  return MARK_RULES[stage].map((rule): ReviewMark => {
    const question = questionOf(rule.systemNo);
    if (rule.mode === 'PASS_FAIL') {
      const failed = plan.fails?.[rule.systemNo];
      return { rule, question, passFail: failed ? 'FAIL' : 'PASS', score: null, comment: failed ?? null };
    }
    const max = rule.max ?? 0;
    const score = Math.min(max, halfPoints(max * (plan.share ?? defaultShare(index))));
    return { rule, question, passFail: null, score, comment: score < max / 2 ? `Scored ${score} of ${max}: the answer leaves the requirement partly unmet.` : null };
  }).sort((a, b) => a.question.sectionOrder - b.question.sectionOrder);
}

/**
 * One reviewer's submitted review of a stage, its rows and the history entries the services write, timed evenly
 * between `from` and `to` (after the review was started, before the stage moved on to consensus). `status` is the
 * application's status meanwhile (the stage's REVIEW status).
 */
export function demoReview(opts: {
  applicationId: string; organizationId: string; stage: Stage; status: string; reviewerId: string; index: number;
  from: Date; to: Date; questionOf: (systemNo: string) => DemoQuestion; rows: DemoReviewRows; log: LogRow[];
}): void {
  const { applicationId, organizationId, stage, status, reviewerId, rows, log } = opts;
  const plan = DEMO_REVIEW_PLANS[applicationId]?.[stage] ?? {};
  const marks = marksOf(stage, plan, opts.index, opts.questionOf);
  const sectionIds = [...new Set(marks.map((m) => m.question.sectionId))];
  const steps = 2 + sectionIds.length * 2;
  const span = opts.to.getTime() - opts.from.getTime();
  let step = 0;
  const next = () => new Date(opts.from.getTime() + Math.round((span * ++step) / (steps + 1)));
  const entry = (action: string, at: Date, details: Record<string, unknown>, comments: string | null = null): LogRow => ({
    applicationId, organizationId, userId: reviewerId, action, entity: 'review', fromStatus: status, toStatus: status, comments, createdAt: at, details: { stage, ...details },
  });

  const declaredAt = next();
  rows.declarations.push({ applicationId, reviewerId, stage, conflict: false, note: null, declaredAt });
  log.push(entry('REVIEW_CONFLICT_DECLARED', declaredAt, { conflict: false, assignmentWithdrawn: false }));
  for (const sectionId of sectionIds) {
    const mine = marks.filter((m) => m.question.sectionId === sectionId);
    const sectionName = mine[0]!.question.sectionName;
    const savedAt = next();
    rows.marks.push(...mine.map((m) => ({
      applicationId, reviewerId, stage, questionId: m.question.questionId, passFail: m.passFail, score: m.score, comment: m.comment, updatedAt: savedAt,
    })));
    log.push(entry('REVIEW_MARKS_SAVED', savedAt, {
      sectionId, sectionName, startedReview: false,
      marks: mine.map((m) => ({ systemNo: m.rule.systemNo, passFail: m.passFail, score: m.score, comment: m.comment })),
    }));
    const submittedAt = next();
    rows.sectionSubmissions.push({ applicationId, reviewerId, stage, sectionId, submittedAt });
    log.push(entry('REVIEW_SECTION_SUBMITTED', submittedAt, { sectionId, sectionName }));
  }
  const failed = marks.some((m) => m.passFail === 'FAIL');
  const decision: ReviewDecision = failed || (stage === 'TECHNICAL' && (plan.share ?? 1) < DEFAULT_TECHNICAL_PASS_THRESHOLD / 100) ? 'RECOMMEND_FAIL' : 'RECOMMEND_PASS';
  const comments = plan.comments ?? (stage === 'GATING' ? 'Every gating requirement is met.' : stage === 'TECHNICAL' ? 'A sound network design with a credible build schedule.' : 'Recommended for funding.');
  const decidedAt = next();
  rows.decisions.push({ applicationId, reviewerId, stage, decision, comments, submittedAt: decidedAt });
  log.push(entry('REVIEW_DECISION_SUBMITTED', decidedAt, { decision }, comments));
}

/**
 * The State_Admin's consensus values of a stage (the plan's), with the history entries setConsensus writes, timed
 * between `from` and `to` (while the application is `status`, the stage's IN_STATE_CONSENSUS).
 */
export function demoConsensus(opts: {
  applicationId: string; organizationId: string; stage: Stage; status: string; adminId: string; index: number;
  from: Date; to: Date; questionOf: (systemNo: string) => DemoQuestion; rows: DemoReviewRows; log: LogRow[];
}): void {
  const { applicationId, organizationId, stage, status, adminId, rows, log } = opts;
  const plan = DEMO_REVIEW_PLANS[applicationId]?.[stage];
  if (!plan?.consensus?.length) return;
  const marks = marksOf(stage, plan, opts.index, opts.questionOf);
  const span = opts.to.getTime() - opts.from.getTime();
  plan.consensus.forEach((c, i) => {
    const at = new Date(opts.from.getTime() + Math.round((span * (i + 1)) / (plan.consensus!.length + 1)));
    const mine = marks.filter((m) => m.rule.systemNo === c.systemNo);
    const question = opts.questionOf(c.systemNo);
    const value = { overrideScore: c.score ?? null, overridePassFail: c.passFail ?? null, adminComments: c.comments };
    rows.consensus.push({ applicationId, stage, questionId: question.questionId, ...value, updatedBy: adminId, updatedAt: at });
    log.push({
      applicationId, organizationId, userId: adminId, action: 'REVIEW_CONSENSUS_SET', entity: 'review', fromStatus: status, toStatus: status,
      comments: c.comments, createdAt: at,
      details: {
        stage, systemNo: c.systemNo,
        mean: meanScore(mine.map((m) => m.score).filter((s): s is number => s !== null)),
        majority: majority(mine.map((m) => m.passFail).filter((v): v is PassFail => v !== null)),
        from: null, to: value.overrideScore ?? value.overridePassFail,
      },
    });
  });
}

/**
 * What the guard of the stage answers for the application's seeded review (null: it passes), so the seed refuses a
 * plan that would show a demo application past a consensus the guards refuse.
 */
export function demoGuardProblem(applicationId: string, stage: 'GATING' | 'TECHNICAL', rows: DemoReviewRows, questionOf: (systemNo: string) => DemoQuestion): string | null {
  const marks = rows.marks.filter((m) => m.applicationId === applicationId && m.stage === stage)
    .map((m) => ({ questionId: m.questionId, passFail: (m.passFail ?? null) as PassFail | null, score: m.score ?? null }));
  const consensus = rows.consensus.filter((c) => c.applicationId === applicationId && c.stage === stage)
    .map((c) => ({ questionId: c.questionId, overridePassFail: (c.overridePassFail ?? null) as PassFail | null, overrideScore: c.overrideScore ?? null }));
  const questions = MARK_RULES[stage].map((rule) => ({ ...questionOf(rule.systemNo), systemNo: rule.systemNo, rule }));
  return stage === 'GATING'
    ? gatingProblem(questions, marks, consensus)
    : technicalProblem(questions, marks, consensus, DEFAULT_TECHNICAL_PASS_THRESHOLD);
}
