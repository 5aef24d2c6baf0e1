// The state review PDF (issue 12 item 9, review rubric 7; decision 046): GET review/applications/{id}/state-review-pdf
// and its signed link. The reviewed state is built through the API here: the demo application GA-LKV002 (submitted,
// answered) goes to gating, two RSM reviewers declare, mark (one Fail with a comment), submit sections and decisions,
// the State_Admin moves it to consensus and settles the split question with comments; a second application (made in
// this file's database) is scored in technical review by the CTC reviewer. The PDF's text (poppler's pdftotext) shows
// the cover, the answers, each stage's summary figures, the consensus and reviewers' comments, the decisions, and the
// rubric ("Not scored yet", then its total); it is streamed (no Content-Length), an attachment named with the id; who
// may read it follows the table (the same answer as the review summary's); a reviewer who has not declared gets it
// without the answers; each reviewer's copy of the current pass holds only their own marks, comments and decision, no
// consensus (the screen's sight, domain/review-sight.ts), the State_Admin's, the RSM admin's and the financial
// reviewer's every reviewer's. A third application goes through gating, a revision, the resubmission and gating again: its PDF
// prints the earlier pass after the current one (decision 051, addendum), whole to the State_Admin and the financial
// reviewer, and to each reviewer only their own review of it (no other reviewer's marks, no consensus).
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TRANSPORT, type TestApi } from './harness';
import { addApplications, markGating, organizationNamed, RSM_MARKER, startReviewApi, submitStageMarks, type QuestionMap } from './fixtures';
import { pdfToText } from '../support/pdf';
import { reviewStage, type ReviewCall } from '../support/reviews';
import { applications, rubricScores, users } from '../../api/db/schema';
import { MARK_RULES } from '../../domain/review-marks';
import { EARLIER_REVIEWS } from '../../domain/review-text';
import { loadStateReview, STATE_REVIEW_PDF, streamStateReviewPdf } from '../../api/services/state-review-pdf';
import type { ApiContext } from '../../api/context';

const ACCOUNTS = [
  'state.admin@example.gov', 'rsm.admin@example.gov', 'ctc.admin@example.gov', 'rsm.reviewer@example.gov', 'ctc.reviewer@example.gov',
  'rsm.financial@example.gov', 'state.reviewer@example.gov', 'org.admin@example.org', 'org.staff@example.org', 'rsm.marker@example.gov',
] as const;
type Email = (typeof ACCOUNTS)[number];

const GATING_APP = 'GA-LKV002';
const TECH_APP = 'GA-PDF0001';
const REVISED_APP = 'GA-PDF0002';

let api: TestApi;
let tokens: Record<Email, string>;
let ids: Record<Email, string>;
let q: QuestionMap;
let names: Record<Email, string>;

const call = (who: Email, path: string, body?: unknown, method?: string) =>
  api.call(`/api/v1${path}`, { token: tokens[who], body, method: method ?? (body === undefined ? 'GET' : 'POST') });
async function ok(who: Email, path: string, body?: unknown, method?: string) {
  const res = await call(who, path, body, method);
  expect(res.status, `${who} ${path}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body;
}

/**
 * The PDF with its headers: over HTTP, or in the in-process run through the transport's `stream` (the UI's download
 * route reads it that way; `send` carries text, not bytes).
 */
async function fetchPdf(who: Email | null, path: string) {
  const headers: Record<string, string> = who ? { Authorization: `Bearer ${tokens[who]}` } : {};
  if (TRANSPORT === 'inprocess') {
    const res = await api.transport.stream({ method: 'GET', path, headers });
    const chunks: Buffer[] = [];
    for await (const chunk of res.body) chunks.push(Buffer.from(chunk as Uint8Array));
    return { status: res.status, headers: new Headers(res.headers), bytes: Buffer.concat(chunks) };
  }
  const res = await fetch(`${api.baseUrl}/api/v1${path}`, { headers });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}
async function pdfText(who: Email, id: string) {
  const res = await fetchPdf(who, `/review/applications/${id}/state-review-pdf`);
  expect(res.status, res.bytes.toString('utf8').slice(0, 300)).toBe(200);
  expect(res.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  // pdftotext -layout keeps columns: one space between words makes the checks readable.
  return pdfToText(res.bytes).replace(/[ \t]+/g, ' ');
}

beforeAll(async () => {
  const started = await startReviewApi(ACCOUNTS, [RSM_MARKER]);
  ({ api, tokens, ids, q } = started);
  names = Object.fromEntries(ACCOUNTS.map((e) => [e, `${started.profiles[e].firstName} ${started.profiles[e].lastName}`.trim()])) as Record<Email, string>;
  await addApplications(api.database.db, started.program.id, { [REVISED_APP]: 'GATING_REVIEW' });
  const summit = await organizationNamed(api.database.db, 'Summit');
  await api.database.db.insert(applications).values({ id: TECH_APP, programId: started.program.id, organizationId: summit.id, status: 'TECHNICAL_REVIEW', submittedAt: new Date() });

  // Gating, through the API: two reviewers, Ravi fails 40 with a comment; the last decision moves it to consensus.
  await ok('state.admin@example.gov', `/review/applications/${GATING_APP}/mark-as-gating-review`, { comments: 'Opening gating.' });
  await ok('state.admin@example.gov', `/review/applications/${GATING_APP}/assign-reviewers`, { reviewerIds: [ids['rsm.reviewer@example.gov'], ids['rsm.marker@example.gov']] });
  await markGating(api, tokens['rsm.reviewer@example.gov'], GATING_APP, q, (n) => (n === '40' ? { passFail: 'FAIL', comment: 'The 2023 statement is missing.' } : { passFail: 'PASS' }));
  await ok('rsm.reviewer@example.gov', `/review/applications/${GATING_APP}/submit-review-decision`, { decision: 'RECOMMEND_FAIL', comments: 'Financial statements incomplete.' });
  await markGating(api, tokens['rsm.marker@example.gov'], GATING_APP, q, () => ({ passFail: 'PASS', comment: 'Meets the requirement.' }));
  const last = await ok('rsm.marker@example.gov', `/review/applications/${GATING_APP}/submit-review-decision`, { decision: 'RECOMMEND_PASS', comments: 'All in order.' });
  expect(last.movedTo).toBe('GATING_AWAITING_STATE_CONSENSUS');
  await ok('state.admin@example.gov', `/review/applications/${GATING_APP}/mark-as-gating-in-consensus`, { comments: 'Consensus meeting.' });
  await ok('state.admin@example.gov', `/review/applications/${GATING_APP}/questions/${q['40']!.id}/average-score`,
    { overridePassFail: 'PASS', adminComments: 'The 2023 statement was found in the annex.' }, 'PUT');

  // Technical, on the second application: the CTC reviewer scores every question (25 low, with a comment).
  await ok('state.admin@example.gov', `/review/applications/${TECH_APP}/assign-reviewers`, { reviewerIds: [ids['ctc.reviewer@example.gov']] });
}, 240_000);

afterAll(async () => {
  await api?.close();
});

describe('the state review PDF', () => {
  it('shows the cover, the answers, the gating summary, consensus and reviewers’ comments, decisions, and "Not scored yet"', async () => {
    const detail = await ok('state.admin@example.gov', `/review/applications/${GATING_APP}`);
    const text = await pdfText('state.admin@example.gov', GATING_APP);
    // Cover.
    expect(text).toContain(STATE_REVIEW_PDF.title);
    expect(text).toContain(`Application ID: ${GATING_APP}`);
    expect(text).toContain(`Organization: ${detail.application.organization.legalName}`);
    expect(text).toContain(`Programme: ${detail.application.program.name}`);
    expect(text).toContain('Status: Gating In State Consensus');
    expect(text).toMatch(/Submitted: \d\d-\d\d-\d{4}/);
    expect(text).toMatch(/Generated at: \d\d-\d\d-\d{4} \d{1,2}:\d\d [AP]M/);
    // Answers: a written answer of the application as the review screen shows it.
    const answered = (detail.sections as any[]).flatMap((s) => s.questions)
      .find((x: any) => x.type === 'Text' && x.responseType === 'Multiline' && typeof x.answer === 'string' && x.answer.length > 20);
    expect(answered, 'a long text answer in GA-LKV002').toBeTruthy();
    expect(text).toContain(`${answered.systemNo}. `);
    expect(text).toContain(answered.answer.split(/\s+/).slice(0, 4).join(' '));
    // Gating: the summary (every question Pass with the consensus of 40), the consensus and the reviewers' marks.
    const n = MARK_RULES.GATING.length;
    expect(text).toContain('Gating review');
    expect(text).toContain(`Summary: ${n} Pass, 0 Fail of ${n} questions, 2 submitted reviews`);
    expect(text).toContain('Overall score: 0 of 0 points (0%)');
    expect(text).toContain(`Pass / Fail: ${n} Pass, 0 Fail, ${n} questions`);
    expect(text).toContain('Consensus: Pass (set by the State Admin; reviewers\' Majority: Fail)');
    expect(text).toContain("State Admin's comments: The 2023 statement was found in the annex.");
    expect(text).toContain('Ravi Gatekeeper: Fail — The 2023 statement is missing.');
    expect(text).toContain('Mara Marker: Pass — Meets the requirement.');
    expect(text).toContain('The reviewers disagree on this question.');
    expect(text).toContain('Consensus: Pass (majority of the submitted reviews; not set by the State Admin)');
    // Decisions.
    expect(text).toMatch(/Ravi Gatekeeper: Recommend Fail \(\d\d-\d\d-\d{4}\)/);
    expect(text).toContain('Comments: Financial statements incomplete.');
    expect(text).toContain('Comments: All in order.');
    // Technical has no marks; the rubric has no row.
    expect(text).toContain(STATE_REVIEW_PDF.noMarks('Technical'));
    expect(text).toContain('Rubric score');
    expect(text).toContain(STATE_REVIEW_PDF.notScored);
    expect(text).toMatch(/Page 3\b/);
    // No pass has ended: no earlier reviews.
    expect(text).not.toContain(EARLIER_REVIEWS.title);
  });

  it("shows a reviewer of the current pass only their own marks, comments and decision, no consensus; the State_Admin's copy all", async () => {
    const n = MARK_RULES.GATING.length;
    const ravi = 'rsm.reviewer@example.gov';
    const mara = 'rsm.marker@example.gov';
    // Both reviewers marked and decided GATING_APP's current pass; the State_Admin settled 40 in consensus.
    for (const [me, other, mine, theirs] of [
      [ravi, mara, ['Ravi Gatekeeper: Fail — The 2023 statement is missing.', 'Comments: Financial statements incomplete.'], ['Meets the requirement.', 'All in order.']],
      [mara, ravi, ['Mara Marker: Pass — Meets the requirement.', 'Comments: All in order.'], ['The 2023 statement is missing.', 'Financial statements incomplete.']],
    ] as const) {
      const text = await pdfText(me, GATING_APP);
      const gating = text.slice(text.lastIndexOf('Gating review\n'), text.lastIndexOf('Technical review\n'));
      // The stage's summary stays (the screen's summary panel shows it to a reviewer), then their own review only.
      expect(gating, me).toContain(`Summary: ${n} Pass, 0 Fail of ${n} questions, 2 submitted reviews`);
      expect(gating, me).toContain(EARLIER_REVIEWS.ownOnly);
      for (const own of mine) expect(gating, me).toContain(own);
      expect(gating, me).toMatch(new RegExp(`${names[me]}: Recommend (Pass|Fail) \\(\\d\\d-\\d\\d-\\d{4}\\)`));
      for (const other of theirs) expect(text, me).not.toContain(other);
      expect(text, me).not.toContain(names[other]);
      expect(text, me).not.toContain('Consensus:');
      expect(text, me).not.toContain('The 2023 statement was found in the annex.');
      expect(text, me).not.toContain('The reviewers disagree on this question.');
    }
    // The State_Admin's copy: both reviewers' marks and decisions, the consensus with its comments.
    const whole = await pdfText('state.admin@example.gov', GATING_APP);
    expect(whole).not.toContain(EARLIER_REVIEWS.ownOnly);
    for (const seen of [
      'Ravi Gatekeeper: Fail — The 2023 statement is missing.', 'Mara Marker: Pass — Meets the requirement.', 'Comments: Financial statements incomplete.',
      'Comments: All in order.', "State Admin's comments: The 2023 statement was found in the annex.", 'The reviewers disagree on this question.',
    ]) expect(whole).toContain(seen);
    // The stage's vendor admin and the financial reviewer see the whole stage too, as on the screen.
    for (const who of ['rsm.admin@example.gov', 'rsm.financial@example.gov'] as const) {
      const text = await pdfText(who, GATING_APP);
      expect(text, who).toContain('Mara Marker: Pass — Meets the requirement.');
      expect(text, who).toContain('Ravi Gatekeeper: Fail — The 2023 statement is missing.');
      expect(text, who).toContain("State Admin's comments: The 2023 statement was found in the annex.");
    }
  });

  it("shows a vendor admin another vendor's stage by its summary only (the sight null: no marks, consensus or decisions)", async () => {
    // The route lets the CTC admin read an application in technical only; the layout is checked straight on GA-LKV002,
    // whose gating stage (marked, settled) the CTC admin has no sight on.
    const [app] = await api.database.db.select().from(applications).where(eq(applications.id, GATING_APP));
    const review = await loadStateReview({ db: api.database.db } as unknown as ApiContext, app!, { viewer: { id: ids['ctc.admin@example.gov'], roles: ['CTC_Admin'] } });
    const gating = review.stages.find((s) => s.stage === 'GATING')!;
    expect([gating.sight, gating.decisions, gating.questions.flatMap((x) => x.reviews), gating.questions.filter((x) => x.consensus)]).toEqual([null, [], [], []]);
    const chunks: Buffer[] = [];
    await streamStateReviewPdf(review, new Writable({ write(chunk: Buffer, _encoding, done) { chunks.push(chunk); done(); } }));
    const text = pdfToText(Buffer.concat(chunks)).replace(/[ \t]+/g, ' ');
    const n = MARK_RULES.GATING.length;
    expect(text).toContain(`Summary: ${n} Pass, 0 Fail of ${n} questions, 2 submitted reviews`);
    expect(text).toContain(STATE_REVIEW_PDF.marksNotShown);
    for (const hidden of ['Ravi Gatekeeper', 'Mara Marker', 'Consensus:', 'The 2023 statement', 'Financial statements incomplete.']) expect(text).not.toContain(hidden);
  });

  it('is streamed as an attachment named with the application id', async () => {
    const res = await fetchPdf('state.admin@example.gov', `/review/applications/${GATING_APP}/state-review-pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="state_review_${GATING_APP}\\.pdf"`));
    // Written as it goes: no length known up front.
    expect(res.headers.get('content-length')).toBeNull();
    expect(res.headers.get('transfer-encoding')).toBe('chunked');
    expect(res.bytes.subarray(-6).toString('latin1')).toMatch(/%%EOF/);
  });

  it('waits for a slow client, and stops laying out when the client goes away', async () => {
    const [app] = await api.database.db.select().from(applications).where(eq(applications.id, GATING_APP));
    const review = await loadStateReview({ db: api.database.db } as unknown as ApiContext, app!, { viewer: { id: ids['state.admin@example.gov'], roles: ['State_Admin'] } });
    // A slow client (one byte of buffer, a pause per chunk): the layout waits for it, so the first pages have reached
    // it before the last is laid out (laid out at once, nothing would have been written by then); everything arrives.
    const slow: Buffer[] = [];
    const receivedAtPage: number[] = [];
    await streamStateReviewPdf(review, new Writable({
      highWaterMark: 1,
      write(chunk: Buffer, _encoding, done) {
        slow.push(chunk);
        setTimeout(done, 1);
      },
    }), { onPage: () => receivedAtPage.push(slow.length) });
    const whole = Buffer.concat(slow);
    expect(receivedAtPage.length).toBeGreaterThan(4);
    expect(receivedAtPage.at(-1)).toBeGreaterThan(0);
    expect(receivedAtPage.at(-1)).toBeLessThan(slow.length);
    expect(whole.toString('latin1')).toMatch(/%%EOF\s*$/);
    expect(pdfToText(whole)).toContain('The 2023 statement was found in the annex.');
    // A client gone after its first chunk: the promise ends, the rest is never written.
    const got: Buffer[] = [];
    await streamStateReviewPdf(review, new Writable({
      write(chunk: Buffer, _encoding, done) {
        got.push(chunk);
        done();
        this.destroy();
      },
    }));
    expect(Buffer.concat(got).length).toBeLessThan(whole.length / 2);
  });

  it('shows the technical scores, the mean as consensus, and the rubric with its total once scored', async () => {
    const who = 'ctc.reviewer@example.gov';
    // Before the declaration the reviewer's copy leaves the answers out.
    expect(await pdfText(who, TECH_APP)).toContain(STATE_REVIEW_PDF.answersHidden);
    await ok(who, `/review/applications/${TECH_APP}/conflict-of-interest`, { conflict: false });
    expect(await pdfText(who, TECH_APP)).not.toContain(STATE_REVIEW_PDF.answersHidden);
    const scores: Record<string, number> = { 23: 10, 25: 2, 30: 15, 31: 10, 32: 5, 33: 5, 34: 5, 35: 10, 74: 10, 75: 5, 76: 5 };
    await submitStageMarks(api, tokens[who], TECH_APP, q, 'TECHNICAL', (n) => ({ score: scores[n], comment: n === '25' ? 'Few anchor institutions served.' : null }));
    await ok(who, `/review/applications/${TECH_APP}/submit-review-decision`, { decision: 'RECOMMEND_PASS', comments: 'Sound network design.' });
    const possible = MARK_RULES.TECHNICAL.reduce((a, r) => a + r.max!, 0);
    const actual = possible - 3;
    const percentage = Math.round((actual / possible) * 1000) / 10;

    const text = await pdfText('state.admin@example.gov', TECH_APP);
    expect(text).toContain(STATE_REVIEW_PDF.noMarks('Gating'));
    expect(text).toContain('Technical review');
    expect(text).toContain(`Summary: ${actual} of ${possible} points (${percentage}%), 1 submitted review`);
    expect(text).toContain(`Overall score: ${actual} of ${possible} points (${percentage}%)`);
    expect(text).toContain('Consensus: 2 of 5 (mean of the submitted reviews; not set by the State Admin)');
    expect(text).toContain(`${await reviewerName(who)}: 2 of 5 — Few anchor institutions served.`);
    expect(text).toContain('Comments: Sound network design.');
    expect(text).toContain(STATE_REVIEW_PDF.notScored);

    // Scored: every criterion with its max and score, and the total (the server's, from rubric_scores).
    await api.database.db.insert(rubricScores).values({
      applicationId: TECH_APP, totalOutlayFundsScore: 36.5, affordabilityScore: 20, laborLawsComplianceScore: 10, speedToDeploymentScore: 7.5,
      communityGovernmentSupportScore: null, communityAnchorInstitutionsScore: 4, technicalCapabilityScore: 2.76, universalityScore: 3, totalScore: 83.76,
    });
    const scored = await pdfText('state.admin@example.gov', TECH_APP);
    expect(scored).toMatch(/Minimal BEAD outlay 40 36\.5/);
    expect(scored).toMatch(/Local government support 5 Not scored\n/);
    expect(scored).toMatch(/Technical capability 3 2\.76/);
    expect(scored).toMatch(/Total 100 83\.76/);
    expect(scored).toContain('Rubric total: 83.76 of 100 points.');
  });

  it('prints the earlier pass after the current one: whole to the State_Admin, each reviewer only their own review', async () => {
    const admin = 'state.admin@example.gov';
    const ravi = 'rsm.reviewer@example.gov';
    const mara = 'rsm.marker@example.gov';
    const RAVI_COMMENT = 'The audited statements cover 2022 and 2023.';
    const MARA_FAIL = 'The opinion letter is qualified.';
    const CONSENSUS_COMMENT = 'Settled in consensus: the qualification is about a subsidiary.';
    const viaApi: ReviewCall = (method, path, token, body) => api.call(`/api/v1${path}`, { token, body, method });
    // Pass 1: Ravi passes 40 with a comment, Mara fails 41 with one; the State_Admin settles 41 at Pass with comments.
    await reviewStage(viaApi, {
      applicationId: REVISED_APP, stage: 'GATING', adminToken: tokens[admin],
      reviewers: [{ token: tokens[ravi], id: ids[ravi] }, { token: tokens[mara], id: ids[mara] }],
      mark: (no, who) => (no === '40' && who === 0 ? { passFail: 'PASS', comment: RAVI_COMMENT } : no === '41' && who === 1 ? { passFail: 'FAIL', comment: MARA_FAIL } : undefined),
    });
    await ok(admin, `/review/applications/${REVISED_APP}/questions/${q['41']!.id}/average-score`, { overridePassFail: 'PASS', adminComments: CONSENSUS_COMMENT }, 'PUT');
    // Revision, the resubmission (the State_Admin's Assign Status stands for the organization's), gating again.
    await ok(admin, `/review/applications/${REVISED_APP}/mark-as-revision-needed`, { sectionIds: [q['42']!.sectionId], comments: 'Please add the audited statements.' });
    await ok(admin, `/review/applications/${REVISED_APP}/change-status`, { status: 'RESUBMITTED', comments: 'Resubmitted.' });
    await ok(admin, `/review/applications/${REVISED_APP}/mark-as-gating-review`, { comments: 'Gating again.' });
    const passes = (await ok(admin, `/review/applications/${REVISED_APP}/passes`)).passes as any[];
    expect(passes.map((p) => p.key)).toEqual(['GATING-1']);

    const n = MARK_RULES.GATING.length;
    const whole = await pdfText(admin, REVISED_APP);
    // The current pass has no marks yet; the earlier one comes after the rubric, named in the contents.
    expect(whole).toContain(STATE_REVIEW_PDF.noMarks('Gating'));
    expect(whole).toMatch(/\d\. Earlier reviews\n\s*Gating review, pass 1\n/);
    const earlier = whole.slice(whole.lastIndexOf(`${EARLIER_REVIEWS.title}\n`));
    expect(whole.indexOf(STATE_REVIEW_PDF.notScored)).toBeLessThan(whole.lastIndexOf(`${EARLIER_REVIEWS.title}\n`));
    expect(earlier).toContain(EARLIER_REVIEWS.intro.split(' ').slice(0, 6).join(' '));
    expect(earlier).toContain('Gating review, pass 1');
    expect(earlier).toMatch(new RegExp(`This pass ended \\d\\d-\\d\\d-\\d{4} by ${names[admin]}, back from Resubmitted\\.\\n`));
    expect(earlier).not.toContain(EARLIER_REVIEWS.ownOnly);
    // Its summary (the figure the pass ended on), the consensus with the admin's comments, every reviewer's marks.
    expect(earlier).toContain(`Summary: ${n} Pass, 0 Fail of ${n} questions, 2 submitted reviews`);
    expect(earlier).toContain('Consensus: Pass (set by the State Admin)');
    expect(earlier).toContain(`State Admin's comments: ${CONSENSUS_COMMENT}`);
    expect(earlier).toContain(`Consensus: ${EARLIER_REVIEWS.consensusNotSet}`);
    expect(earlier).toContain(`${names[mara]}: Fail — ${MARA_FAIL}`);
    expect(earlier).toContain(`${names[ravi]}: Pass — ${RAVI_COMMENT}`);
    // The decisions: each reviewer's status when the pass ended, decision, date and comments.
    expect(earlier).toMatch(new RegExp(`${names[ravi]} \\(Review Completed\\): Recommend Pass on \\d\\d-\\d\\d-\\d{4}\\n`));
    expect(earlier).toMatch(new RegExp(`${names[mara]} \\(Review Completed\\): Recommend Pass on \\d\\d-\\d\\d-\\d{4}\\n`));
    expect(earlier).toContain('Comments: Reviewed in the test.');
    // The financial reviewer sees it whole too.
    expect(await pdfText('rsm.financial@example.gov', REVISED_APP)).toContain(`State Admin's comments: ${CONSENSUS_COMMENT}`);

    // Each reviewer: their own review of the pass, no other reviewer's marks or decision, no consensus.
    for (const [me, other, mine, theirs] of [[ravi, mara, RAVI_COMMENT, MARA_FAIL], [mara, ravi, MARA_FAIL, RAVI_COMMENT]] as const) {
      const text = await pdfText(me, REVISED_APP);
      const own = text.slice(text.lastIndexOf(`${EARLIER_REVIEWS.title}\n`));
      expect(own, me).toContain('Gating review, pass 1');
      expect(own, me).toContain(EARLIER_REVIEWS.ownOnly);
      expect(own, me).toContain(`Summary: ${n} Pass, 0 Fail of ${n} questions, 2 submitted reviews`);
      expect(own, me).toContain(mine);
      expect(own, me).toMatch(new RegExp(`${names[me]} \\(Review Completed\\): Recommend Pass on`));
      expect(text, me).not.toContain(theirs);
      expect(text, me).not.toContain(names[other]);
      expect(text, me).not.toContain(CONSENSUS_COMMENT);
      expect(own, me).not.toContain('Consensus');
    }
  });

  it('answers whoever reads the reviews, as the review summary does: organization users 403, an unassigned reviewer 404', async () => {
    const expected: Record<Email, number> = {
      'state.admin@example.gov': 200, 'rsm.admin@example.gov': 200, 'rsm.financial@example.gov': 200, 'rsm.reviewer@example.gov': 200,
      'rsm.marker@example.gov': 200, 'ctc.admin@example.gov': 403, 'ctc.reviewer@example.gov': 404, 'state.reviewer@example.gov': 404,
      'org.admin@example.org': 403, 'org.staff@example.org': 403,
    };
    for (const who of ACCOUNTS) {
      const res = await fetchPdf(who, `/review/applications/${GATING_APP}/state-review-pdf`);
      const summary = await call(who, `/review/applications/${GATING_APP}/review-summary`);
      expect([who, res.status]).toEqual([who, expected[who]]);
      expect([who, summary.status]).toEqual([who, expected[who]]);
      if (res.status !== 200) expect(res.headers.get('content-type')).toMatch(/json/);
    }
    expect((await fetchPdf('state.admin@example.gov', '/review/applications/GA-NOPE999/state-review-pdf')).status).toBe(404);
    expect((await fetchPdf(null, `/review/applications/${GATING_APP}/state-review-pdf`)).status).toBe(401);
  });
});

async function reviewerName(email: Email): Promise<string> {
  const [row] = await api.database.db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.email, email));
  return `${row!.firstName} ${row!.lastName}`.trim();
}
