// Issue 41, "Text browsers record choices nobody made": what the screens' "Not chosen" / "Not marked" choices send (an
// empty value, or nothing) is never recorded as a choice. A missing declaration, decision or Reject reason is refused
// with its message; a Pass/Fail mark left unmarked stays empty (not Pass), and a section with one is not submitted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TestApi } from './harness';
import { addApplications, gatingMarks, startReviewApi, stageSections, type QuestionMap } from './fixtures';
import { applications, reviewAssignments, reviewDeclarations, reviewMarks } from '../../api/db/schema';
import { MARK_MSG } from '../../domain/review-marks';
import { WORKFLOW_MSG } from '../../domain/workflow';

const ACCOUNTS = ['state.admin@example.gov', 'rsm.reviewer@example.gov'] as const;
type Email = (typeof ACCOUNTS)[number];

let api: TestApi;
let tokens: Record<Email, string>;
let ids: Record<Email, string>;
let q: QuestionMap;
const APP = 'GA-NC0001';

const call = (who: Email, path: string, body?: unknown, method?: string) =>
  api.call(`/api/v1${path}`, { token: tokens[who], body, method: method ?? (body === undefined ? 'GET' : 'POST') });
const reviewer = 'rsm.reviewer@example.gov' as const;

beforeAll(async () => {
  const started = await startReviewApi(ACCOUNTS);
  ({ api, tokens, ids, q } = started);
  await addApplications(api.database.db, started.program.id, { [APP]: 'GATING_REVIEW' });
  await api.database.db.insert(reviewAssignments).values({ applicationId: APP, reviewerId: ids[reviewer], reviewerType: 'RSM_REVIEWER', status: 'PENDING' });
}, 180_000);

afterAll(async () => {
  await api?.close();
});

describe('a missing choice is never recorded as one', () => {
  it('the conflict-of-interest declaration: none chosen is refused, nothing is declared', async () => {
    for (const body of [{}, { conflict: null }, { conflict: '' }, { note: 'My brother-in-law is on the Lakeview board.' }]) {
      const res = await call(reviewer, `/review/applications/${APP}/conflict-of-interest`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe(MARK_MSG.declareFirst);
    }
    expect(await api.database.db.select().from(reviewDeclarations).where(eq(reviewDeclarations.applicationId, APP))).toEqual([]);
    const declared = await call(reviewer, `/review/applications/${APP}/conflict-of-interest`, { conflict: false });
    expect(declared.status).toBe(200);
  });

  it('Pass/Fail marks left unmarked stay empty, never Pass; the section with them is not submitted', async () => {
    const [sectionId] = stageSections(q, 'GATING');
    const unmarked = gatingMarks(q, sectionId!, () => ({ passFail: null }));
    expect(unmarked.length).toBeGreaterThan(0);
    const saved = await call(reviewer, `/review/applications/${APP}/sections/${sectionId}/marks`, { marks: unmarked }, 'PUT');
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const rows = await api.database.db.select().from(reviewMarks).where(eq(reviewMarks.applicationId, APP));
    expect(rows.filter((m) => m.passFail !== null)).toEqual([]);
    const submitted = await call(reviewer, `/review/applications/${APP}/sections/${sectionId}/submit`, {});
    expect(submitted.status).toBe(400);
    expect(submitted.body.message).toMatch(/^Please mark every question of this section before submitting it\. Not marked: \d/);
  });

  it('the decision: none chosen is refused', async () => {
    for (const body of [{ comments: 'Not decided yet.' }, { decision: '', comments: 'Not decided yet.' }, { decision: null, comments: 'x' }]) {
      const res = await call(reviewer, `/review/applications/${APP}/submit-review-decision`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.body)).toContain(MARK_MSG.decisionRequired);
    }
  });

  it('Reject: no reason chosen is refused and the application stays in Gating Review', async () => {
    for (const body of [{ comments: 'No reason given.' }, { reasonId: '', comments: 'No reason given.' }, { reasonId: null, comments: 'x' }]) {
      const res = await call('state.admin@example.gov', `/review/applications/${APP}/mark-as-rejected`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.body)).toContain(WORKFLOW_MSG.reasonRequired);
    }
    const [row] = await api.database.db.select({ status: applications.status }).from(applications).where(eq(applications.id, APP));
    expect(row!.status).toBe('GATING_REVIEW');
  });
});
