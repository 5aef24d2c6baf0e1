// The state stage's reviews in the review summary and the state review PDF (issue 41 item 6). Every stage that has
// reviews appears in both: the State stage marks no questions, its review is the State_Reviewer's decision. The seed's
// GA-SMT005 (awarded) went through every stage: Ravi Gatekeeper's gating review, Chris Engineer's technical review and
// Steve Reviewer's state review ("Recommended for funding."). GA-LKV010 (in the state consensus) is sent back for a
// revision, resubmitted and opened for gating again, so its gating, technical and state passes become earlier passes:
// the PDF prints them as the screen's Earlier reviews lists them (stage order; each pass's summary, decisions, marks).
// The sight rule (decision 092): a person reads in the PDF the decisions the review summary (the screen) shows them.
// Expected strings are written by hand from the seed and the issue.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSPORT, type TestApi } from './harness';
import { startReviewApi, type QuestionMap } from './fixtures';
import { pdfToText } from '../support/pdf';

const ACCOUNTS = [
  'state.admin@example.gov', 'state.reviewer@example.gov', 'rsm.reviewer@example.gov', 'rsm.financial@example.gov', 'ctc.reviewer@example.gov',
] as const;
type Email = (typeof ACCOUNTS)[number];

const AWARDED = 'GA-SMT005';
const REVISED = 'GA-LKV010';
const DATE = '\\d\\d-\\d\\d-\\d{4}';

let api: TestApi;
let tokens: Record<Email, string>;
let q: QuestionMap;

const call = (who: Email, path: string, body?: unknown, method?: string) =>
  api.call(`/api/v1${path}`, { token: tokens[who], body, method: method ?? (body === undefined ? 'GET' : 'POST') });
async function ok(who: Email, path: string, body?: unknown, method?: string) {
  const res = await call(who, path, body, method);
  expect(res.status, `${who} ${path}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body;
}

async function pdfText(who: Email, id: string): Promise<string> {
  const path = `/review/applications/${id}/state-review-pdf`;
  const headers = { Authorization: `Bearer ${tokens[who]}` };
  let bytes: Buffer;
  if (TRANSPORT === 'inprocess') {
    const res = await api.transport.stream({ method: 'GET', path, headers });
    expect(res.status).toBe(200);
    const chunks: Buffer[] = [];
    for await (const chunk of res.body) chunks.push(Buffer.from(chunk as Uint8Array));
    bytes = Buffer.concat(chunks);
  } else {
    const res = await fetch(`${api.baseUrl}/api/v1${path}`, { headers });
    expect(res.status, who).toBe(200);
    bytes = Buffer.from(await res.arrayBuffer());
  }
  // One space between words; a page break (form feed) read as a line break, so a part's heading is a line of its own.
  return pdfToText(bytes).replace(/[ \t]+/g, ' ').replace(/\f/g, '\n');
}

/** The part of the PDF from its heading line to the next part's heading (or the end). */
function part(text: string, heading: string, next: string | null): string {
  const start = text.lastIndexOf(`\n${heading}\n`);
  expect(start, `${heading} in the PDF`).toBeGreaterThan(-1);
  const end = next ? text.indexOf(`\n${next}\n`, start + 1) : text.length;
  return text.slice(start, end === -1 ? text.length : end);
}

/** The reviewers' names of each stage's decisions in GET review-summary (what the review screen's Review summary lists). */
async function summaryDecisions(who: Email, id: string): Promise<Record<string, string[]>> {
  const body = await ok(who, `/review/applications/${id}/review-summary`);
  return Object.fromEntries((body.stages as any[]).map((s) => [s.stage, (s.decisions as any[]).map((d) => d.name)]));
}

beforeAll(async () => {
  ({ api, tokens, q } = await startReviewApi(ACCOUNTS));
}, 180_000);

afterAll(async () => {
  await api?.close();
});

describe('the state stage in the review summary', () => {
  it('lists the State stage with its submitted review and Steve Reviewer\'s decision', async () => {
    const body = await ok('state.admin@example.gov', `/review/applications/${AWARDED}/review-summary`);
    expect((body.stages as any[]).map((s) => s.stage)).toEqual(['GATING', 'TECHNICAL', 'STATE']);
    const state = (body.stages as any[]).find((s) => s.stage === 'STATE');
    expect(state).toMatchObject({ submittedReviews: 1, markedQuestions: 0 });
    expect(state.decisions).toHaveLength(1);
    expect(state.decisions[0]).toMatchObject({ name: 'Steve Reviewer', decision: 'RECOMMEND_PASS', comments: 'Recommended for funding.' });
    // The other stages carry their decisions too.
    expect((body.stages as any[]).find((s) => s.stage === 'GATING').decisions.map((d: any) => d.name)).toEqual(['Ravi Gatekeeper']);
    expect((body.stages as any[]).find((s) => s.stage === 'TECHNICAL').decisions.map((d: any) => d.name)).toEqual(['Chris Engineer']);
  });
});

describe('the state stage in the state review PDF', () => {
  it('prints a State review part with its summary and Steve Reviewer\'s decision, named in the contents', async () => {
    const text = await pdfText('state.admin@example.gov', AWARDED);
    expect(text).toMatch(/\n ?3\. Technical review\n ?4\. State review\n ?5\. Rubric score\n/);
    const state = part(text, 'State review', 'Rubric score');
    expect(state).toContain('Summary: 1 submitted review');
    // No questions are marked in the state stage: no score nor pass/fail count.
    expect(state).not.toContain('Overall score');
    expect(state).toMatch(new RegExp(`Steve Reviewer: Recommend Pass \\(${DATE}\\)\\n`));
    expect(state).toContain('Comments: Recommended for funding.');
    expect(state).not.toContain('No decision submitted yet.');
  });

  it('shows each person the decisions their review summary shows them, and no other', async () => {
    // Hand-written (decision 092, review rubric 1): the State_Admin and the financial reviewer every stage's reviewers;
    // a reviewer only their own decision, in any stage.
    const expected: Record<Email, Record<string, string[]>> = {
      'state.admin@example.gov': { GATING: ['Ravi Gatekeeper'], TECHNICAL: ['Chris Engineer'], STATE: ['Steve Reviewer'] },
      'rsm.financial@example.gov': { GATING: ['Ravi Gatekeeper'], TECHNICAL: ['Chris Engineer'], STATE: ['Steve Reviewer'] },
      'state.reviewer@example.gov': { GATING: [], TECHNICAL: [], STATE: ['Steve Reviewer'] },
      'rsm.reviewer@example.gov': { GATING: ['Ravi Gatekeeper'], TECHNICAL: [], STATE: [] },
      'ctc.reviewer@example.gov': { GATING: [], TECHNICAL: ['Chris Engineer'], STATE: [] },
    };
    for (const who of ACCOUNTS) {
      expect([who, await summaryDecisions(who, AWARDED)]).toEqual([who, expected[who]]);
      const text = await pdfText(who, AWARDED);
      const parts = { GATING: part(text, 'Gating review', 'Technical review'), TECHNICAL: part(text, 'Technical review', 'State review'), STATE: part(text, 'State review', null) };
      for (const [stage, names] of Object.entries(expected[who])) {
        for (const name of ['Ravi Gatekeeper', 'Chris Engineer', 'Steve Reviewer']) {
          const decision = new RegExp(`${name}: Recommend (Pass|Fail) \\(${DATE}\\)`);
          if (names.includes(name)) expect(parts[stage as keyof typeof parts], `${who} ${stage}`).toMatch(decision);
          else expect(parts[stage as keyof typeof parts], `${who} ${stage}`).not.toMatch(decision);
        }
      }
      // Every reader sees that the state stage has a submitted review (its summary), whoever's it is.
      expect(parts.STATE, who).toContain('Summary: 1 submitted review');
      if (expected[who].STATE!.length === 0) expect(text, who).not.toContain('Recommended for funding.');
    }
  });
});

describe('the earlier passes in the state review PDF', () => {
  it('prints every stage\'s earlier pass as the screen lists them, the state pass with its decision', async () => {
    const admin = 'state.admin@example.gov';
    await ok(admin, `/review/applications/${REVISED}/mark-as-revision-needed`, { sectionIds: [q['42']!.sectionId], comments: 'Please update the budget.' });
    await ok(admin, `/review/applications/${REVISED}/change-status`, { status: 'RESUBMITTED', comments: 'Resubmitted.' });
    await ok(admin, `/review/applications/${REVISED}/mark-as-gating-review`, { comments: 'Gating again.' });
    // The screen's Earlier reviews lists these, in this order.
    const passes = (await ok(admin, `/review/applications/${REVISED}/passes`)).passes as any[];
    expect(passes.map((p) => p.key)).toEqual(['GATING-1', 'TECHNICAL-1', 'STATE-1']);

    const text = await pdfText(admin, REVISED);
    // The contents name the passes in the screen's order.
    expect(text).toMatch(/Earlier reviews\n ?Gating review, pass 1\n ?Technical review, pass 1\n ?State review, pass 1\n/);
    const earlier = text.slice(text.lastIndexOf('\nEarlier reviews\n'));
    const gating = earlier.indexOf('\nGating review, pass 1\n');
    const technical = earlier.indexOf('\nTechnical review, pass 1\n');
    const state = earlier.indexOf('\nState review, pass 1\n');
    expect(gating).toBeGreaterThan(-1);
    expect(technical).toBeGreaterThan(gating);
    expect(state).toBeGreaterThan(technical);

    // Each pass as the screen shows it: how it ended, its summary, the decisions, then the marks.
    const gatingPass = earlier.slice(gating, technical);
    expect(gatingPass).toMatch(new RegExp(`Ravi Gatekeeper \\(Review Completed\\): Recommend Pass on ${DATE}\\n`));
    expect(gatingPass.indexOf('\nDecisions\n')).toBeGreaterThan(gatingPass.indexOf('Summary: '));
    expect(gatingPass.indexOf('\nMarks\n')).toBeGreaterThan(gatingPass.indexOf('\nDecisions\n'));
    const statePass = earlier.slice(state);
    expect(statePass).toMatch(new RegExp(`This pass ended ${DATE} by Stella Admin, back from Resubmitted\\.`));
    expect(statePass).toContain('Summary: 1 submitted review');
    expect(statePass).toContain('\nDecisions\n');
    expect(statePass).toMatch(new RegExp(`Steve Reviewer \\(Review Completed\\): Recommend Pass on ${DATE}\\n`));
    expect(statePass).toContain('Comments: Recommended for funding.');
    // The state stage marks no questions: no marks part.
    expect(statePass).not.toContain('\nMarks\n');

    // The review summary of the new pass: the stages have no reviews yet.
    const summary = await ok(admin, `/review/applications/${REVISED}/review-summary`);
    expect((summary.stages as any[]).map((s) => [s.stage, s.submittedReviews, s.decisions.length])).toEqual([['GATING', 0, 0], ['TECHNICAL', 0, 0], ['STATE', 0, 0]]);
  });
});
