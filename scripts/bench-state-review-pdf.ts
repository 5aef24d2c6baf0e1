// The state review PDF in `npm run bench` (issue 12's benchmark; decision 046): the fully answered application the
// print bench made is given complete reviews (written straight into the database, as bench data is: two RSM reviewers'
// gating marks and one CTC reviewer's technical scores, every mark with a comment, their decisions, a consensus value
// with comments on every question, a rubric sheet) and moved to Technical In State Consensus, with an earlier pass of
// each stage kept as a revision would have kept it (review_passes, decision 047: the same reviews, ended by the
// State_Admin, back from Resubmitted), which the PDF prints after the current pass (decision 051, addendum); then GET
// review/applications/{id}/state-review-pdf is read over HTTP as it streams, as the State_Admin, PDF_RUNS times after
// a warm-up: time to the first byte and to the last, bytes, pages, and this process's memory (the portal runs in it).
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../api/db/client';
import {
  applications, questions, reviewAssignments, reviewConsensus, reviewDeclarations, reviewDecisions, reviewMarks, reviewPasses, rubricScores, sections, userRoles,
  users,
} from '../api/db/schema';
import { MARK_RULES } from '../domain/review-marks';
import { RUBRIC_CRITERIA, rubricTotal, type RubricScores } from '../domain/rubric';
import { client, signIn, table } from './bench-support';

export interface StateReviewPdfFigures {
  runs: number;
  /** ms, one at a time after a warm-up. */
  firstByte: { median: number; max: number };
  total: { median: number; mean: number; min: number; max: number };
  bytes: number;
  pages: number;
  reviewers: number;
  marks: number;
  /** Earlier passes kept (one per marking stage), printed after the current pass. */
  earlierPasses: number;
  /** MiB: this process's heap before the first request and the highest seen while they ran. */
  heapBefore: number;
  heapPeak: number;
}

const MiB = 1024 * 1024;
const COMMENT = 'Checked against the attachments and the narrative; the figures agree with the budget and the project area. '.repeat(2).trim();

const elapsed = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** Bench reviewers (made once per database). */
async function reviewer(db: Database['db'], email: string, firstName: string, role: 'RSM_Reviewer' | 'CTC_Reviewer'): Promise<string> {
  const [found] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (found) return found.id;
  const [made] = await db.insert(users).values({ email, firstName, lastName: 'Bench', roleType: 'state', status: 'active' }).returning({ id: users.id });
  await db.insert(userRoles).values({ userId: made!.id, role });
  return made!.id;
}

/**
 * Complete gating and technical reviews of `applicationId`, a consensus on every question, a rubric sheet, and an earlier
 * pass of each stage with the same reviews, ended by `stateAdminId`.
 */
async function review(database: Database, applicationId: string, stateAdminId: string): Promise<{ reviewers: number; marks: number; earlierPasses: number }> {
  const db = database.db;
  const [app] = await db.select().from(applications).where(eq(applications.id, applicationId)).limit(1);
  if (!app) throw new Error(`${applicationId} not found`);
  const byNo = new Map((await db.select({ id: questions.id, systemNo: questions.systemNo }).from(questions)
    .innerJoin(sections, eq(sections.id, questions.sectionId)).where(eq(sections.programId, app.programId))).map((q) => [q.systemNo, q.id]));
  const team = [
    { stage: 'GATING', type: 'RSM_REVIEWER', id: await reviewer(db, 'bench.rsm.1@example.gov', 'Rosa', 'RSM_Reviewer') },
    { stage: 'GATING', type: 'RSM_REVIEWER', id: await reviewer(db, 'bench.rsm.2@example.gov', 'Rami', 'RSM_Reviewer') },
    { stage: 'TECHNICAL', type: 'CTC_REVIEWER', id: await reviewer(db, 'bench.ctc.1@example.gov', 'Cora', 'CTC_Reviewer') },
  ] as const;
  const marks: (typeof reviewMarks.$inferInsert)[] = [];
  const consensus: (typeof reviewConsensus.$inferInsert)[] = [];
  for (const stage of ['GATING', 'TECHNICAL'] as const) {
    for (const rule of MARK_RULES[stage]) {
      const questionId = byNo.get(rule.systemNo);
      if (!questionId) continue;
      team.filter((r) => r.stage === stage).forEach((r, i) => {
        marks.push({
          applicationId, reviewerId: r.id, stage, questionId, comment: `${r.stage === 'GATING' ? 'Gating' : 'Technical'} note ${i + 1} on ${rule.systemNo}: ${COMMENT}`,
          passFail: rule.mode === 'PASS_FAIL' ? (i === 0 && rule.systemNo === '40' ? 'FAIL' : 'PASS') : null,
          score: rule.mode === 'SCORE' ? Math.round((rule.max ?? 0) * 0.8 * 2) / 2 : null,
        });
      });
      consensus.push({
        applicationId, stage, questionId, adminComments: `Consensus on ${rule.systemNo}: ${COMMENT}`,
        overridePassFail: rule.mode === 'PASS_FAIL' ? 'PASS' : null, overrideScore: rule.mode === 'SCORE' ? rule.max : null,
      });
    }
  }
  const endedAt = new Date(Date.now() - 7 * 24 * 3600_000);
  const earlier = (['GATING', 'TECHNICAL'] as const).map((stage): typeof reviewPasses.$inferInsert => ({
    applicationId, stage, pass: 1, closedFromStatus: 'RESUBMITTED', closedBy: stateAdminId, closedAt: endedAt, sectionSubmissions: [], unlocks: [],
    // The rows as the live tables held them when the pass ended (api/services/review-passes.ts copies them so).
    assignments: team.filter((r) => r.stage === stage).map((r) => ({ reviewerId: r.id, reviewerType: r.type, status: 'SUBMITTED', submittedAt: endedAt.toISOString() })),
    marks: marks.filter((m) => m.stage === stage),
    decisions: team.filter((r) => r.stage === stage)
      .map((r) => ({ reviewerId: r.id, stage, decision: 'RECOMMEND_PASS', comments: `Recommended. ${COMMENT}`, submittedAt: endedAt.toISOString() })),
    consensus: consensus.filter((c) => c.stage === stage),
  }));
  const scores: RubricScores = Object.fromEntries(RUBRIC_CRITERIA.map((c) => [c.field, Math.round(c.defaultMax * 0.75 * 100) / 100]));
  await db.transaction(async (tx) => {
    const ids = team.map((r) => r.id);
    for (const t of [reviewMarks, reviewDecisions, reviewDeclarations, reviewAssignments] as const) {
      await tx.delete(t).where(and(eq(t.applicationId, applicationId), inArray(t.reviewerId, ids)));
    }
    await tx.delete(reviewConsensus).where(eq(reviewConsensus.applicationId, applicationId));
    await tx.delete(rubricScores).where(eq(rubricScores.applicationId, applicationId));
    await tx.delete(reviewPasses).where(eq(reviewPasses.applicationId, applicationId));
    await tx.insert(reviewPasses).values(earlier);
    await tx.insert(reviewAssignments).values(team.map((r) => ({ applicationId, reviewerId: r.id, reviewerType: r.type, status: 'SUBMITTED' })));
    await tx.insert(reviewDeclarations).values(team.map((r) => ({ applicationId, reviewerId: r.id, stage: r.stage, conflict: false })));
    await tx.insert(reviewMarks).values(marks);
    await tx.insert(reviewDecisions).values(team.map((r) => ({ applicationId, reviewerId: r.id, stage: r.stage, decision: 'RECOMMEND_PASS', comments: `Recommended. ${COMMENT}` })));
    await tx.insert(reviewConsensus).values(consensus);
    await tx.insert(rubricScores).values({ applicationId, ...scores, totalScore: rubricTotal(scores) });
    await tx.update(applications).set({ status: 'TECHNICAL_IN_STATE_CONSENSUS' }).where(eq(applications.id, applicationId));
  });
  return { reviewers: team.length, marks: marks.length, earlierPasses: earlier.length };
}

/** One GET read to its end as it streams: ms to the first byte and to the last, and the bytes. */
async function readPdf(url: string, token: string): Promise<{ firstByte: number; total: number; bytes: Buffer }> {
  const start = process.hrtime.bigint();
  const res = await fetch(url, { headers: { Authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(120_000) });
  if (res.status !== 200 || !res.body) throw new Error(`state-review-pdf answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  let firstByte = 0;
  const chunks: Buffer[] = [];
  const reader = res.body.getReader();
  for (;;) {
    const { done, value: chunk } = await reader.read();
    if (done) break;
    if (!firstByte) firstByte = elapsed(start);
    chunks.push(Buffer.from(chunk));
  }
  return { firstByte, total: elapsed(start), bytes: Buffer.concat(chunks) };
}

export async function measureStateReviewPdf(baseUrl: string, database: Database, applicationId: string, stateAdmin: string, runs: number): Promise<StateReviewPdfFigures> {
  const [admin] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, stateAdmin)).limit(1);
  if (!admin) throw new Error(`${stateAdmin} not found`);
  const reviewed = await review(database, applicationId, admin.id);
  const api = client(baseUrl);
  const token = await signIn(api, stateAdmin);
  const url = `${baseUrl}/api/v1/review/applications/${applicationId}/state-review-pdf`;
  (globalThis as { gc?: () => void }).gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  let heapPeak = heapBefore;
  const sampler = setInterval(() => {
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  }, 20);
  const firstBytes: number[] = [];
  const totals: number[] = [];
  let last: Buffer = Buffer.alloc(0);
  try {
    for (let run = 0; run <= runs; run++) {
      const got = await readPdf(url, token);
      if (run > 0) {
        firstBytes.push(got.firstByte);
        totals.push(got.total);
      }
      last = got.bytes;
    }
  } finally {
    clearInterval(sampler);
  }
  if (last.subarray(0, 5).toString('latin1') !== '%PDF-') throw new Error('state-review-pdf did not answer a PDF');
  const pages = (last.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
  return {
    runs: totals.length,
    firstByte: { median: median(firstBytes), max: Math.max(...firstBytes) },
    total: { median: median(totals), mean: totals.reduce((a, b) => a + b, 0) / totals.length, min: Math.min(...totals), max: Math.max(...totals) },
    bytes: last.length,
    pages,
    ...reviewed,
    heapBefore: heapBefore / MiB,
    heapPeak: heapPeak / MiB,
  };
}

export function reportStateReviewPdf(f: StateReviewPdfFigures) {
  const ms = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));
  console.log('\nThe state review PDF of the fully answered application, reviewed (GET review/applications/{id}/state-review-pdf, streamed; ms)');
  console.log(table(
    ['runs', 'first byte p50', 'first byte max', 'total p50', 'mean', 'min', 'max', 'size', 'pages', 'heap before → peak'],
    [[f.runs, ms(f.firstByte.median), ms(f.firstByte.max), ms(f.total.median), ms(f.total.mean), ms(f.total.min), ms(f.total.max),
      `${(f.bytes / 1024).toFixed(0)} KiB`, f.pages, `${f.heapBefore.toFixed(0)} → ${f.heapPeak.toFixed(0)} MiB`]],
  ));
  console.log(`  (${f.reviewers} reviewers, ${f.marks} marks each with a comment, a consensus value with comments on every question, a rubric sheet;`
    + ` ${f.earlierPasses} earlier passes with the same reviews, printed after them)`);
}
