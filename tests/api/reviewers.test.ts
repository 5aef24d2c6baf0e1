// The reviewers screen's API (issue 12 item 8, spec 2, 3 Reviewers list, 7; decision 044): GET review/applications/
// reviewers/all (one row per assignment: filters reviewerId, reviewerType, reviewStatus, applicationStatus, stalled,
// search; the paging envelope) and GET review/applications/reviewers/summary (counts per reviewer), State_Admin only;
// the status's times kept by migration 0016's trigger. Played on applications and reviewers made in this file's
// database (GA-RV…); the seed's assignments are only read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { startTestApi, type TestApi } from './harness';
import { addStateUser } from './fixtures';
import { applications, organizations, programs, reviewAssignments, reviewDeclarations } from '../../api/db/schema';
import { listScope } from '../../domain/access';
import { STALLED_AFTER_DAYS } from '../../domain/reviewers';

const SEED_ACCOUNTS = [
  'org.admin@example.org', 'org.staff@example.org', 'summit.admin@example.org',
  'state.admin@example.gov', 'state.reviewer@example.gov', 'ctc.admin@example.gov', 'ctc.reviewer@example.gov',
  'rsm.admin@example.gov', 'rsm.reviewer@example.gov', 'rsm.financial@example.gov',
] as const;

let api: TestApi;
let tokens: Record<string, string>;
let users_: Record<string, any>;
let rita = ''; // RSM reviewer made here
let carl = ''; // CTC reviewer made here
const DAY = 24 * 60 * 60 * 1000;
const ago = (days: number) => new Date(Date.now() - days * DAY);

const list = (query: string, token = tokens['state.admin@example.gov']) => api.call(`/api/v1/review/applications/reviewers/all?${query}`, { token });
const summary = (query: string, token = tokens['state.admin@example.gov']) => api.call(`/api/v1/review/applications/reviewers/summary?${query}`, { token });
const ids = (body: any) => body.reviewers.map((r: any) => r.application.id);

beforeAll(async () => {
  api = await startTestApi({ OTP_EMAIL_LIMIT: '100' });
  const { db } = api.database;
  rita = await addStateUser(db, { email: 'rita.rsm@reviewers-test.example', firstName: 'Rita', lastName: 'Zimmer', role: 'RSM_Reviewer' });
  carl = await addStateUser(db, { email: 'carl.ctc@reviewers-test.example', firstName: 'Carl', lastName: 'Zimmer', role: 'CTC_Reviewer' });
  ({ tokens, profiles: users_ } = await api.signInAll([...SEED_ACCOUNTS, 'rita.rsm@reviewers-test.example']));
  const [program] = await db.select().from(programs).limit(1);
  const [summit] = await db.select().from(organizations).where(sql`${organizations.legalName} like 'Summit%'`);
  const app = (id: string, status: string) => ({ id, programId: program!.id, organizationId: summit!.id, status, submittedAt: ago(40) });
  await db.insert(applications).values([
    app('GA-RV0001', 'GATING_REVIEW'), app('GA-RV0002', 'GATING_REVIEW'), app('GA-RV0003', 'GATING_REVIEW'),
    app('GA-RV0004', 'GATING_AWAITING_STATE_CONSENSUS'), app('GA-RV0005', 'TECHNICAL_REVIEW'), app('GA-RV0006', 'GATING_REVIEW'),
  ]);
  // Rita: a fresh pending review, a pending one past the rule, an in-progress one past it, a submitted one, one left to
  // the trigger test; Carl: one technical review in progress, recent.
  await db.insert(reviewAssignments).values([
    { applicationId: 'GA-RV0001', reviewerId: rita, reviewerType: 'RSM_REVIEWER', status: 'PENDING', assignedAt: ago(1) },
    { applicationId: 'GA-RV0002', reviewerId: rita, reviewerType: 'RSM_REVIEWER', status: 'PENDING', assignedAt: ago(STALLED_AFTER_DAYS.PENDING! + 2) },
    { applicationId: 'GA-RV0003', reviewerId: rita, reviewerType: 'RSM_REVIEWER', status: 'IN_PROGRESS', assignedAt: ago(30), startedAt: ago(29), statusChangedAt: ago(STALLED_AFTER_DAYS.IN_PROGRESS! + 1) },
    { applicationId: 'GA-RV0004', reviewerId: rita, reviewerType: 'RSM_REVIEWER', status: 'SUBMITTED', assignedAt: ago(50), startedAt: ago(48), submittedAt: ago(40), statusChangedAt: ago(40) },
    { applicationId: 'GA-RV0005', reviewerId: carl, reviewerType: 'CTC_REVIEWER', status: 'IN_PROGRESS', assignedAt: ago(3), startedAt: ago(2), statusChangedAt: ago(2) },
    { applicationId: 'GA-RV0006', reviewerId: rita, reviewerType: 'RSM_REVIEWER', status: 'PENDING', assignedAt: ago(0.5) },
  ]);
  await db.insert(reviewDeclarations).values([
    { applicationId: 'GA-RV0003', reviewerId: rita, stage: 'GATING', conflict: false },
    { applicationId: 'GA-RV0004', reviewerId: rita, stage: 'GATING', conflict: true, note: 'Former employer' },
    // Another stage's declaration never shows on the gating assignment.
    { applicationId: 'GA-RV0001', reviewerId: rita, stage: 'TECHNICAL', conflict: true, note: 'not this stage' },
  ]);
}, 180_000);

afterAll(async () => {
  await api?.close();
});

describe('who may read the reviewers list', () => {
  it('answers the State_Admin only (read reviewer over every record); every other role 403, no token 401', async () => {
    for (const email of SEED_ACCOUNTS) {
      const viewer = users_[email];
      const scope = listScope({ roleType: viewer.roleType, roles: viewer.roles, organizations: viewer.organizations } as never, 'read', 'reviewer');
      const expected = scope && 'all' in scope ? 200 : 403;
      expect((await list('limit=1', tokens[email])).status, email).toBe(expected);
      expect((await summary('limit=1', tokens[email])).status, email).toBe(expected);
    }
    expect(SEED_ACCOUNTS.filter((e) => { const s = listScope(users_[e], 'read', 'reviewer'); return !!s && 'all' in s; })).toEqual(['state.admin@example.gov']);
    expect((await list('limit=1', tokens['rsm.financial@example.gov'])).status).toBe(403);
    expect((await api.call('/api/v1/review/applications/reviewers/all')).status).toBe(401);
  });
});

describe('review/applications/reviewers/all', () => {
  it('answers one row per assignment with the spec\'s paging shape, newest assigned first, paged in SQL', async () => {
    const page1 = await list(`reviewerId=${rita}&page=1&limit=2`);
    expect(page1.status, JSON.stringify(page1.body)).toBe(200);
    expect(page1.body).toMatchObject({ page: 1, pageSize: 2, totalRecords: 5, totalPages: 3 });
    expect(ids(page1.body)).toEqual(['GA-RV0006', 'GA-RV0001']);
    const page3 = await list(`reviewerId=${rita}&page=3&pageSize=2`);
    expect(page3.body).toMatchObject({ page: 3, pageSize: 2, totalRecords: 5, totalPages: 3 });
    expect(ids(page3.body)).toEqual(['GA-RV0004']);
    expect((await list(`reviewerId=${rita}&page=9&limit=2`)).body).toMatchObject({ totalRecords: 5, reviewers: [] });
  });

  it('describes each assignment: reviewer, application, stage, status, times, age, declaration, stalled', async () => {
    const rows = (await list(`reviewerId=${rita}&limit=10`)).body.reviewers as any[];
    const row = (id: string) => rows.find((r) => r.application.id === id);
    expect(row('GA-RV0003')).toMatchObject({
      reviewer: { id: rita, firstName: 'Rita', lastName: 'Zimmer', email: 'rita.rsm@reviewers-test.example', role: 'RSM_Reviewer' },
      application: { id: 'GA-RV0003', organizationName: 'Summit Rural Telephone', status: 'GATING_REVIEW' },
      reviewerType: 'RSM_REVIEWER', stage: 'GATING', status: 'IN_PROGRESS', ageInDays: 30, declaration: 'NO_CONFLICT', stalled: true,
    });
    expect(new Date(row('GA-RV0003').startedAt).getTime()).toBeCloseTo(ago(29).getTime(), -5);
    expect(row('GA-RV0003').submittedAt).toBeNull();
    // Submitted: never stalled, its age runs from assignment to submission.
    expect(row('GA-RV0004')).toMatchObject({ status: 'SUBMITTED', ageInDays: 10, declaration: 'CONFLICT', stalled: false });
    expect(row('GA-RV0002')).toMatchObject({ status: 'PENDING', startedAt: null, declaration: 'NONE', stalled: true, ageInDays: STALLED_AFTER_DAYS.PENDING! + 2 });
    // A declaration of another stage is not this assignment's.
    expect(row('GA-RV0001')).toMatchObject({ status: 'PENDING', declaration: 'NONE', stalled: false, ageInDays: 1 });
  });

  it('filters by reviewer type (spec 9 values or the role names), review status, application status, stalled and search', async () => {
    const mine = `reviewerId=${rita}&limit=50`;
    expect(ids((await list(`reviewerType=CTC_REVIEWER&search=GA-RV&limit=50`)).body)).toEqual(['GA-RV0005']);
    expect(ids((await list(`reviewerType=ctc_reviewer&search=RV0&limit=50`)).body)).toEqual(['GA-RV0005']);
    expect(ids((await list(`reviewerType=RSM_Reviewer&search=Zimmer&limit=50`)).body).sort()).toEqual(['GA-RV0001', 'GA-RV0002', 'GA-RV0003', 'GA-RV0004', 'GA-RV0006']);
    expect(ids((await list(`${mine}&reviewStatus=PENDING`)).body)).toEqual(['GA-RV0006', 'GA-RV0001', 'GA-RV0002']);
    expect(ids((await list(`${mine}&reviewStatus=submitted`)).body)).toEqual(['GA-RV0004']);
    expect(ids((await list(`${mine}&applicationStatus=GATING_AWAITING_STATE_CONSENSUS`)).body)).toEqual(['GA-RV0004']);
    expect(ids((await list(`${mine}&stalled=true`)).body)).toEqual(['GA-RV0002', 'GA-RV0003']);
    expect(ids((await list(`${mine}&stalled=true&reviewStatus=IN_PROGRESS`)).body)).toEqual(['GA-RV0003']);
    expect(ids((await list(`search=rita.rsm@reviewers&limit=50`)).body)).toHaveLength(5);
    expect((await list(`search=${encodeURIComponent('Zimmer%')}&limit=50`)).body.totalRecords).toBe(0);
    // Every stalled row of the whole list says so, and only those.
    const all = (await list('limit=100')).body;
    const stalled = (await list('limit=100&stalled=true')).body;
    expect(stalled.reviewers.map((r: any) => r.id).sort()).toEqual(all.reviewers.filter((r: any) => r.stalled).map((r: any) => r.id).sort());
  });

  it('counts and reads a page in one statement (besides authentication), whatever the filters', async () => {
    for (const query of ['limit=10', `reviewerId=${rita}&reviewStatus=PENDING&stalled=true&search=GA-RV&limit=5`, 'applicationStatus=GATING_REVIEW&reviewerType=RSM_REVIEWER']) {
      const recording = api.database.statements.record();
      const res = await list(query);
      const statements = recording.stop();
      expect(res.status).toBe(200);
      expect(statements.length, statements.join('\n\n')).toBeLessThanOrEqual(2);
      expect(statements.filter((s) => s.includes('"review_assignments"'))).toHaveLength(1);
    }
    const recording = api.database.statements.record();
    expect((await summary('limit=10')).status).toBe(200);
    expect(recording.stop().length).toBeLessThanOrEqual(2);
  });

  it('reads the seed\'s assignments with their stage', async () => {
    const seeded = (await list('reviewerType=RSM_REVIEWER&limit=100')).body.reviewers.filter((r: any) => !r.application.id.startsWith('GA-RV'));
    expect(seeded.length).toBeGreaterThan(0);
    for (const r of seeded) expect(r).toMatchObject({ stage: 'GATING', reviewer: { role: 'RSM_Reviewer' } });
  });

  it('refuses unknown filter values (400, named) and bounds the page size', async () => {
    for (const [query, field] of [
      ['reviewerType=LEAD_REVIEWER', 'reviewerType'], ['reviewStatus=DONE', 'reviewStatus'], ['applicationStatus=NOPE', 'applicationStatus'],
      ['reviewerId=not-a-uuid', 'reviewerId'], ['limit=101', 'limit'], ['stalled=maybe', 'stalled'],
    ]) {
      const res = await list(query!);
      expect(res.status, query).toBe(400);
      expect(Object.keys(res.body.errors ?? {}), query).toContain(field);
    }
    expect((await list('reviewStatus=ALL&applicationStatus=ALL&limit=1')).status).toBe(200);
  });
});

describe('review/applications/reviewers/summary', () => {
  it('counts each reviewer\'s assignments by status, the stalled ones and the conflicts declared', async () => {
    const res = await summary('search=Zimmer');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ page: 1, pageSize: 10, totalRecords: 2, totalPages: 1 });
    expect(res.body.reviewers).toEqual([
      { reviewer: { id: carl, firstName: 'Carl', lastName: 'Zimmer', email: 'carl.ctc@reviewers-test.example', role: 'CTC_Reviewer', active: true },
        reviewerType: 'CTC_REVIEWER', stage: 'TECHNICAL', pending: 0, inProgress: 1, submitted: 0, stalled: 0, conflicts: 0 },
      { reviewer: { id: rita, firstName: 'Rita', lastName: 'Zimmer', email: 'rita.rsm@reviewers-test.example', role: 'RSM_Reviewer', active: true },
        reviewerType: 'RSM_REVIEWER', stage: 'GATING', pending: 3, inProgress: 1, submitted: 1, stalled: 2, conflicts: 1 },
    ]);
    expect((await summary('search=Zimmer&reviewerType=RSM_REVIEWER')).body.reviewers.map((r: any) => r.reviewer.id)).toEqual([rita]);
    // Every seeded reviewer role is there, with or without assignments.
    const everyone = (await summary('limit=100')).body.reviewers.map((r: any) => r.reviewer.email);
    expect(everyone).toEqual(expect.arrayContaining(['rsm.reviewer@example.gov', 'ctc.reviewer@example.gov', 'state.reviewer@example.gov']));
    expect(everyone).not.toContain('rsm.financial@example.gov');
  });
});

describe('the status\'s times (migration 0016)', () => {
  const times = async (id: string) => (await api.database.db.select().from(reviewAssignments).where(eq(reviewAssignments.applicationId, id)))[0]!;

  it('a new assignment is PENDING since it was assigned; starting, submitting and unlocking keep the times', async () => {
    const fresh = await times('GA-RV0006');
    expect(fresh.statusChangedAt?.getTime()).toBe(fresh.assignedAt.getTime());
    expect(fresh.startedAt).toBeNull();
    // Started through the API, as a reviewer does.
    const started = await api.call('/api/v1/review/applications/GA-RV0006/mark-review-in-progress', { token: tokens['rita.rsm@reviewers-test.example'], body: {} });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const inProgress = await times('GA-RV0006');
    expect(inProgress.status).toBe('IN_PROGRESS');
    expect(inProgress.startedAt!.getTime()).toBeGreaterThan(fresh.assignedAt.getTime());
    expect(inProgress.statusChangedAt!.getTime()).toBe(inProgress.startedAt!.getTime());
    const { db } = api.database;
    await db.update(reviewAssignments).set({ status: 'SUBMITTED' }).where(eq(reviewAssignments.applicationId, 'GA-RV0006'));
    const submitted = await times('GA-RV0006');
    expect(submitted.submittedAt).not.toBeNull();
    expect(submitted.startedAt!.getTime()).toBe(inProgress.startedAt!.getTime());
    await db.update(reviewAssignments).set({ status: 'IN_PROGRESS' }).where(eq(reviewAssignments.applicationId, 'GA-RV0006'));
    const unlocked = await times('GA-RV0006');
    expect(unlocked.submittedAt).toBeNull();
    expect(unlocked.startedAt!.getTime()).toBe(inProgress.startedAt!.getTime());
    expect(unlocked.statusChangedAt!.getTime()).toBeGreaterThanOrEqual(submitted.statusChangedAt!.getTime());
    // Another column changed: the times stay.
    await db.update(reviewAssignments).set({ assignedAt: ago(2) }).where(eq(reviewAssignments.applicationId, 'GA-RV0006'));
    expect((await times('GA-RV0006')).statusChangedAt!.getTime()).toBe(unlocked.statusChangedAt!.getTime());
  });
});
