// The BEAD rubric API (issue 12 item 6, review rubric 5, decision 042): GET rubric-scores/application/{id}/score's
// shape (the spec's fields, per criterion max, suggestion with its figures, saved value), the PUT's bounds (400 naming
// the field, nothing saved), the server's total (a client-sent total is ignored), the history's old and new values,
// and who may: State_Admin scores; the financial reviewer, the vendor admins and an assigned State reviewer 403 on the
// write; organization users 403 on their own application, 404 on another's. Played on applications made here (GA-RS…)
// in project areas of its own, so the comparison set is known.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { TestApi } from './harness';
import { organizationNamed, startReviewApi, type QuestionMap } from './fixtures';
import {
  answers, applications, loggedActions, programs, projectAreas, reviewAssignments, reviewConsensus, rubricScores,
} from '../../api/db/schema';
import { RUBRIC_FIELDS, RUBRIC_MSG } from '../../domain/rubric';
import { describeAction } from '../../domain/history';

const ACCOUNTS = [
  'state.admin@example.gov', 'state.reviewer@example.gov', 'rsm.financial@example.gov', 'ctc.admin@example.gov', 'rsm.reviewer@example.gov',
  'org.admin@example.org', 'summit.admin@example.org',
] as const;
type Email = (typeof ACCOUNTS)[number];

let api: TestApi;
let tokens: Record<Email, string>;
let ids: Record<Email, string>;
let q: QuestionMap;
let area = { name: '', locations: 0, cais: 0 };
let alone = '';
const ZERO_AREA = 'Cedarvale County - Lakeshore';

const call = (who: Email, id: string, body?: unknown) =>
  api.call(`/api/v1/rubric-scores/application/${id}/score`, { token: tokens[who], body, method: body === undefined ? 'GET' : 'PUT' });

beforeAll(async () => {
  const started = await startReviewApi(ACCOUNTS);
  ({ api, tokens, ids, q } = started);
  const { db } = api.database;
  // Two project areas of this file's own, so the comparison set is known.
  await db.insert(projectAreas).values([
    { name: 'Rubric Test Area - North', unservedLocationsCount: 300, underservedLocationsCount: 200, servedLocationsCount: 900, caiCount: 6 },
    { name: 'Rubric Test Area - South', unservedLocationsCount: 120, underservedLocationsCount: 0, servedLocationsCount: 50, caiCount: 2 },
  ]);
  area = { name: 'Rubric Test Area - North', locations: 500, cais: 6 };
  alone = 'Rubric Test Area - South';
  const lakeview = await organizationNamed(db, 'Lakeview');
  const L = area.locations;
  const apps: { id: string; status: string; area: string; answers: Record<string, unknown> }[] = [
    { id: 'GA-RS0001', status: 'PASSED_TECHNICAL', area: area.name, answers: { '28': String(L * 4210), '70': '65', '74': '24', '60': ['Certified'], '23': 'Yes', '25': String(area.cais) } },
    { id: 'GA-RS0002', status: 'GATING_REVIEW', area: area.name, answers: { '28': String(L * 3980), '70': '50', '74': '12', '60': ['Certified'], '23': 'No' } },
    { id: 'GA-RS0003', status: 'REJECTED', area: area.name, answers: { '28': String(L * 1000), '70': '10' } },
    { id: 'GA-RS0004', status: 'SUBMITTED', area: ZERO_AREA, answers: { '28': '500000', '70': '55' } },
    { id: 'GA-RS0005', status: 'SUBMITTED', area: alone, answers: { '28': '900000', '70': '80', '74': '48' } },
  ];
  await db.insert(applications).values(apps.map((a) => ({
    id: a.id, programId: started.program.id, organizationId: lakeview.id, status: a.status, projectLocation: a.area, technologyType: 'Fiber to the premises', submittedAt: new Date(),
  })));
  await db.insert(answers).values(apps.flatMap((a) => Object.entries(a.answers).map(([no, value]) => ({ applicationId: a.id, questionId: q[no]!.id, value }))));
  // A technical consensus of 12 of 15 on question 30: the technical percentage is 80.
  await db.insert(reviewConsensus).values({ applicationId: 'GA-RS0001', stage: 'TECHNICAL', questionId: q['30']!.id, overrideScore: 12 });
  await db.insert(reviewAssignments).values({ applicationId: 'GA-RS0001', reviewerId: ids['state.reviewer@example.gov'], reviewerType: 'STATE_REVIEWER', status: 'PENDING' });
}, 180_000);

afterAll(async () => {
  await api?.close();
});

describe('GET the sheet', () => {
  it('answers the spec’s fields, and per criterion the max, the suggestion with its figures, and the saved value', async () => {
    const res = await call('state.admin@example.gov', 'GA-RS0001');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = res.body;
    for (const key of ['id', 'applicationId', 'technologyType', 'scoringContext', ...RUBRIC_FIELDS, 'totalScore', 'lastModifiedBy', 'createdAt', 'updatedAt', 'deletedAt']) {
      expect(body, key).toHaveProperty(key);
    }
    expect(body).toMatchObject({ id: null, applicationId: 'GA-RS0001', technologyType: 'Fiber to the premises', totalScore: 0, scored: false, maxTotal: 100, technicalPercentage: 80 });
    const by = Object.fromEntries(body.criteria.map((c: any) => [c.field, c]));
    expect(body.criteria.map((c: any) => c.field)).toEqual([...RUBRIC_FIELDS]);
    expect(by.totalOutlayFundsScore).toMatchObject({ label: 'Minimal BEAD outlay', max: 40, suggestion: 37.81, basis: 'outlay $4,210/location; lowest in area $3,980', saved: null });
    expect(by.affordabilityScore).toMatchObject({ max: 25, suggestion: 19.23, basis: 'plan price $65/month; lowest in area $50' });
    expect(by.laborLawsComplianceScore).toMatchObject({ max: 10, suggestion: 10 });
    expect(by.speedToDeploymentScore).toMatchObject({ max: 10, suggestion: 6.67 });
    expect(by.communityGovernmentSupportScore).toMatchObject({ max: 5, suggestion: null, basis: 'No suggestion: judged by the office.' });
    expect(by.communityAnchorInstitutionsScore).toMatchObject({ max: 4, suggestion: 4 });
    expect(by.technicalCapabilityScore).toMatchObject({ max: 3, suggestion: 2.4, basis: 'technical review 80%' });
    expect(by.universalityScore).toMatchObject({ max: 3, suggestion: 3 });
    // The REJECTED application's lower figures are not compared.
    expect(body.comparison).toEqual({ lowestOutlayPerLocation: 3980, lowestPlanPrice: 50, applications: 2 });
    expect(body.figures).toMatchObject({ outlayPerLocation: 4210, planPrice: 65, locations: area.locations });
  });

  it('gives the lowest applicant and the only applicant in an area full points; a zero-location area no outlay suggestion, saying why', async () => {
    const lowest = (await call('state.admin@example.gov', 'GA-RS0002')).body.criteria;
    expect(lowest.find((c: any) => c.field === 'totalOutlayFundsScore').suggestion).toBe(40);
    expect(lowest.find((c: any) => c.field === 'universalityScore').suggestion).toBe(0);
    expect(lowest.find((c: any) => c.field === 'technicalCapabilityScore')).toMatchObject({ suggestion: null, basis: 'No suggestion: the technical review has no scores yet.' });
    const single = (await call('state.admin@example.gov', 'GA-RS0005')).body;
    expect(single.criteria.find((c: any) => c.field === 'totalOutlayFundsScore').suggestion).toBe(40);
    expect(single.criteria.find((c: any) => c.field === 'totalOutlayFundsScore').basis).toMatch(/the only open application in the area/);
    expect(single.criteria.find((c: any) => c.field === 'speedToDeploymentScore').suggestion).toBe(0);
    const zero = (await call('state.admin@example.gov', 'GA-RS0004')).body.criteria.find((c: any) => c.field === 'totalOutlayFundsScore');
    expect(zero.suggestion).toBeNull();
    expect(zero.basis).toMatch(/no unserved or underserved locations/);
  });

  it('takes the programme’s max points when set', async () => {
    const { db } = api.database;
    const [program] = await db.select().from(programs).limit(1);
    await db.update(programs).set({ rubricMaxPoints: { totalOutlayFundsScore: 50 } }).where(eq(programs.id, program!.id));
    try {
      const body = (await call('state.admin@example.gov', 'GA-RS0001')).body;
      expect(body.criteria[0]).toMatchObject({ max: 50, suggestion: 47.27 });
      expect(body.maxTotal).toBe(110);
    } finally {
      await db.update(programs).set({ rubricMaxPoints: null }).where(eq(programs.id, program!.id));
    }
  });
});

describe('PUT the scores', () => {
  it('refuses a score outside 0..max with 400 naming the field, and saves nothing', async () => {
    const res = await call('state.admin@example.gov', 'GA-RS0001', { totalOutlayFundsScore: 41, affordabilityScore: -1, laborLawsComplianceScore: 5 });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      totalOutlayFundsScore: ['Minimal BEAD outlay must be between 0 and 40.'],
      affordabilityScore: ['Affordability must be between 0 and 25.'],
    });
    expect(res.body.message).toBe('Minimal BEAD outlay must be between 0 and 40.');
    expect((await call('state.admin@example.gov', 'GA-RS0001', { speedToDeploymentScore: 'fast' })).body.errors).toEqual({ speedToDeploymentScore: [RUBRIC_MSG.notNumber] });
    expect((await call('state.admin@example.gov', 'GA-RS0001', { speedToDeploymentScore: 1.234 })).body.errors).toEqual({ speedToDeploymentScore: [RUBRIC_MSG.tooPrecise] });
    expect((await call('state.admin@example.gov', 'GA-RS0001', { bonusScore: 3 })).status).toBe(400);
    expect(await api.database.db.select().from(rubricScores).where(eq(rubricScores.applicationId, 'GA-RS0001'))).toEqual([]);
  });

  it('computes the total itself (a client total is ignored), answers the spec’s message, and records old and new values', async () => {
    const first = await call('state.admin@example.gov', 'GA-RS0001', {
      totalOutlayFundsScore: 37.81, affordabilityScore: 19.23, laborLawsComplianceScore: 10, speedToDeploymentScore: 6.67,
      communityGovernmentSupportScore: 4, communityAnchorInstitutionsScore: 4, technicalCapabilityScore: 2.4, universalityScore: 3, totalScore: 1000,
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ message: 'Rubrics score updated successfully', totalScore: 87.11, scored: true, lastModifiedBy: ids['state.admin@example.gov'] });
    expect(first.body.changed).toHaveLength(8);
    const [row] = await api.database.db.select().from(rubricScores).where(eq(rubricScores.applicationId, 'GA-RS0001'));
    expect(row).toMatchObject({ totalScore: 87.11, totalOutlayFundsScore: 37.81, technologyType: 'Fiber to the premises' });

    // A criterion left out keeps its value; null clears one; numeric text is read.
    const second = await call('state.admin@example.gov', 'GA-RS0001', { totalOutlayFundsScore: '40', communityGovernmentSupportScore: null, totalScore: 0 });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body).toMatchObject({ totalScore: 85.3, totalOutlayFundsScore: 40, communityGovernmentSupportScore: null, affordabilityScore: 19.23, changed: ['totalOutlayFundsScore', 'communityGovernmentSupportScore'] });
    expect((await call('state.admin@example.gov', 'GA-RS0001')).body.criteria[0]).toMatchObject({ saved: 40, suggestion: 37.81 });

    const history = await api.database.db.select().from(loggedActions)
      .where(and(eq(loggedActions.applicationId, 'GA-RS0001'), eq(loggedActions.action, 'RUBRIC_SCORE_UPDATED'))).orderBy(loggedActions.seq);
    expect(history).toHaveLength(2);
    expect(history[1]!.details).toEqual({
      changes: [
        { field: 'totalOutlayFundsScore', label: 'Minimal BEAD outlay', from: 37.81, to: 40 },
        { field: 'communityGovernmentSupportScore', label: 'Local government support', from: 4, to: null },
      ],
      totalFrom: 87.11, totalTo: 85.3,
    });
    expect(history[1]!.userId).toBe(ids['state.admin@example.gov']);
    expect(describeAction(history[1]! as any)).toBe(
      'Updated the rubric scores of GA-RS0001 (Minimal BEAD outlay: 37.81 → 40; Local government support: 4 → not scored; total 87.11 → 85.3)',
    );
    // Shown in words in the state's history.
    const listed = await api.call('/api/v1/logged-actions?limit=50&action=RUBRIC_SCORE_UPDATED', { token: tokens['state.admin@example.gov'] });
    expect(listed.status).toBe(200);
    expect(listed.body.loggedActions.filter((e: any) => e.applicationId === 'GA-RS0001')).toHaveLength(2);

    // Nothing changed: nothing written.
    expect((await call('state.admin@example.gov', 'GA-RS0001', { totalOutlayFundsScore: 40 })).body.changed).toEqual([]);
    expect((await api.database.db.select().from(loggedActions).where(and(eq(loggedActions.applicationId, 'GA-RS0001'), eq(loggedActions.action, 'RUBRIC_SCORE_UPDATED'))))).toHaveLength(2);
  });
});

describe('who may', () => {
  it('the financial reviewer and an assigned State reviewer read but may not score (403); a vendor admin may do neither (403)', async () => {
    for (const who of ['rsm.financial@example.gov', 'state.reviewer@example.gov'] as const) {
      expect((await call(who, 'GA-RS0001')).status, who).toBe(200);
      const res = await call(who, 'GA-RS0001', { totalOutlayFundsScore: 1 });
      expect(res.status, who).toBe(403);
    }
    expect((await call('ctc.admin@example.gov', 'GA-RS0001')).status).toBe(403);
    expect((await call('ctc.admin@example.gov', 'GA-RS0001', { totalOutlayFundsScore: 1 })).status).toBe(403);
    const [row] = await api.database.db.select().from(rubricScores).where(eq(rubricScores.applicationId, 'GA-RS0001'));
    expect(row!.totalOutlayFundsScore).toBe(40);
  });

  it('a reviewer not assigned sees nothing (404); organization users: 403 on their own application, 404 on another’s', async () => {
    expect((await call('state.reviewer@example.gov', 'GA-RS0002')).status).toBe(404);
    expect((await call('rsm.reviewer@example.gov', 'GA-RS0001')).status).toBe(404);
    expect((await call('org.admin@example.org', 'GA-RS0001')).status).toBe(403);
    expect((await call('org.admin@example.org', 'GA-RS0001', { totalOutlayFundsScore: 1 })).status).toBe(403);
    expect((await call('summit.admin@example.org', 'GA-RS0001')).status).toBe(404);
    expect((await call('state.admin@example.gov', 'GA-NOPE00')).status).toBe(404);
  });
});
