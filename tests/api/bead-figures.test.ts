// The BEAD figures of applications (api/services/bead-figures.ts; review rubric 5-7, decision 042) on the seeded
// database: the figures of applications made here (GA-BF…) and of the seed's demo applications, read in one statement
// for any number of ids; the lowest figures per project area among the round's open applications in two.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { startTestApi, type TestApi } from './harness';
import { questionMap, type QuestionMap } from './fixtures';
import { answers, applications, organizations, programs, projectAreas } from '../../api/db/schema';
import { areaComparisons, beadFigures } from '../../api/services/bead-figures';

let api: TestApi;
let programId = '';
let q: QuestionMap;

const AREA = 'Alderbrook County - North'; // 1240 unserved, 860 underserved, 14 CAIs
const EMPTY_AREA = 'Cedarvale County - Lakeshore'; // 0 and 0
const APPS = {
  'GA-BF0001': { status: 'SUBMITTED', area: AREA, answers: { '26': '3000000', '28': '2100000', '70': '65.50', '74': '24', '60': ['Certified'], '23': 'Yes', '25': '7' } },
  'GA-BF0002': { status: 'GATING_REVIEW', area: AREA, answers: { '26': '2000000', '28': '1050000', '70': '70', '74': '12', '60': [], '23': 'No' } },
  'GA-BF0003': { status: 'REJECTED', area: AREA, answers: { '28': '210000', '70': '10' } }, // final: not compared
  'GA-BF0004': { status: 'SUBMITTED', area: EMPTY_AREA, answers: { '28': '500000', '70': '55' } },
  'GA-BF0005': { status: 'SUBMITTED', area: null, answers: {} },
} as const;

beforeAll(async () => {
  api = await startTestApi();
  const { db } = api.database;
  const [program] = await db.select().from(programs).limit(1);
  programId = program!.id;
  q = await questionMap(db, programId);
  const [org] = await db.select().from(organizations).where(sql`${organizations.legalName} like 'Lakeview%'`);
  await db.insert(applications).values(Object.entries(APPS).map(([id, a]) => ({
    id, programId, organizationId: org!.id, status: a.status, projectLocation: a.area, submittedAt: new Date(),
  })));
  await db.insert(answers).values(Object.entries(APPS).flatMap(([id, a]) =>
    Object.entries(a.answers).map(([no, value]) => ({ applicationId: id, questionId: q[no]!.id, value }))));
}, 180_000);

afterAll(async () => {
  await api?.close();
});

describe('beadFigures', () => {
  it('reads every figure of the stored answers and the area’s counts', async () => {
    const figures = await beadFigures(api.database.db, Object.keys(APPS));
    expect(figures.get('GA-BF0001')).toEqual({
      applicationId: 'GA-BF0001', programId, status: 'SUBMITTED', projectArea: AREA,
      projectCost: 3_000_000, beadRequest: 2_100_000, unserved: 1240, underserved: 860, cais: 14, locations: 2100,
      outlayPerLocation: 1000, planPrice: 65.5, monthsToDeploy: 24, laborCertified: true, universal: true, universalAnswer: 'Yes', caisServed: 7,
    });
    expect(figures.get('GA-BF0002')).toMatchObject({ outlayPerLocation: 500, laborCertified: false, universal: false, universalAnswer: 'No', caisServed: null });
    // A zero-location area: no outlay per location.
    expect(figures.get('GA-BF0004')).toMatchObject({ locations: 0, beadRequest: 500_000, outlayPerLocation: null, cais: 9 });
    // No area and no answers: nulls, never an error.
    expect(figures.get('GA-BF0005')).toMatchObject({
      projectArea: null, unserved: null, locations: null, outlayPerLocation: null, beadRequest: null, planPrice: null, laborCertified: false, universal: false,
    });
  });

  it('reads the seed’s demo applications as their answers say', async () => {
    const { db } = api.database;
    const demo = await db.select({ id: applications.id, area: applications.projectLocation }).from(applications)
      .where(sql`${applications.id} not like 'GA-BF%' and ${applications.status} <> 'DRAFT'`);
    expect(demo.length).toBeGreaterThan(10);
    const figures = await beadFigures(db, demo.map((d) => d.id));
    expect(figures.size).toBe(demo.length);
    const one = demo.find((d) => d.area)!;
    const [area] = await db.select().from(projectAreas).where(eq(projectAreas.name, one.area!));
    const [bead] = await db.select({ v: sql<string>`${answers.value} #>> '{}'` }).from(answers)
      .where(sql`${answers.applicationId} = ${one.id} and ${answers.questionId} = ${q['28']!.id}`);
    const f = figures.get(one.id)!;
    expect(f.beadRequest).toBe(Number(bead!.v));
    expect(f.locations).toBe(area!.unservedLocationsCount + area!.underservedLocationsCount);
    expect(f.outlayPerLocation).toBeCloseTo(Number(bead!.v) / f.locations!, 6);
    expect(f).toMatchObject({ laborCertified: true, universal: true, planPrice: 65 });
  });

  it('takes one statement for any number of ids, none for no ids; unknown ids are left out', async () => {
    const { db } = api.database;
    const ids = [...Object.keys(APPS), ...Array.from({ length: 3000 }, (_, i) => `GA-ZZ${String(i).padStart(4, '0')}`)];
    const recording = api.database.statements.record();
    const figures = await beadFigures(db, ids);
    const statements = recording.stop();
    expect(statements.length, statements.join('\n\n')).toBe(1);
    expect([...figures.keys()].sort()).toEqual(Object.keys(APPS).sort());
    const none = api.database.statements.record();
    expect((await beadFigures(db, [])).size).toBe(0);
    expect(none.stop()).toEqual([]);
  });
});

describe('areaComparisons', () => {
  it('takes the lowest figures among the round’s open applications of each area, in two statements', async () => {
    const { db } = api.database;
    const recording = api.database.statements.record();
    const areas = await areaComparisons(db, programId, [AREA, EMPTY_AREA, 'Nowhere', null]);
    expect(recording.stop().length).toBe(2);
    const north = areas.get(AREA)!;
    // GA-BF0003 (REJECTED) has the lowest outlay and price but no longer competes.
    expect(north.applicationIds).not.toContain('GA-BF0003');
    expect(north.applicationIds).toEqual(expect.arrayContaining(['GA-BF0001', 'GA-BF0002']));
    const open = await db.select({ id: applications.id }).from(applications)
      .where(sql`${applications.projectLocation} = ${AREA} and ${applications.status} not in ('DRAFT','CANCELLED','WITHDRAWN','REJECTED','NOT_REMEDIATED')`);
    expect(north.applications).toBe(open.length);
    const figures = await beadFigures(db, open.map((o) => o.id));
    const outlays = [...figures.values()].map((f) => f.outlayPerLocation).filter((n): n is number => n !== null);
    expect(north.lowestOutlayPerLocation).toBe(Math.min(...outlays));
    expect(north.lowestOutlayPerLocation).toBeLessThanOrEqual(500);
    expect(areas.get(EMPTY_AREA)).toMatchObject({ lowestOutlayPerLocation: null, lowestPlanPrice: expect.any(Number) });
    expect(areas.get('Nowhere')).toEqual({ lowestOutlayPerLocation: null, lowestPlanPrice: null, applications: 0, applicationIds: [] });
  });
});
