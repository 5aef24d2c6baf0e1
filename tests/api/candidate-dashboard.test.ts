// The candidate dashboard's API (issue 12 item 7, review rubric 6, decision 043): GET review/applications/candidate-dashboard
// ranks the applications past gating per project area by BEAD outlay per location, flags the within-15% band, lists
// the areas no eligible application covers, filters and pages over areas in a few statements whatever their number;
// its /export is the same as an XLSX (read back with exceljs). Who may read it comes from domain/permissions.ts.
// Played on applications made in this file's database (GA-CD…) in areas made here ('Candidate …').
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { startTestApi, type TestApi } from './harness';
import { questionMap } from './fixtures';
import { answers, applications, organizations, programs, projectAreas, rubricScores } from '../../api/db/schema';
import { listScope } from '../../domain/access';
import { CANDIDATE_MSG } from '../../domain/candidates';

const ACCOUNTS = [
  'state.admin@example.gov', 'state.reviewer@example.gov', 'rsm.admin@example.gov', 'ctc.admin@example.gov', 'rsm.reviewer@example.gov',
  'rsm.financial@example.gov', 'org.admin@example.org',
] as const;
type Email = (typeof ACCOUNTS)[number];

let api: TestApi;
let tokens: Record<Email, string>;
let profiles: Record<Email, any>;

const ASH = 'Candidate Ash'; // 80 unserved + 20 underserved = 100 locations
const BIRCH = 'Candidate Birch'; // no unserved or underserved location: no outlay
const CEDAR = 'Candidate Cedar'; // no eligible application

/** id → [area, status, BEAD request (28), technology]. */
const APPS: Record<string, [string, string, string | null, string]> = {
  'GA-CD0001': [ASH, 'PASSED_GATING', '398000', 'Fiber to the premises'], // 3,980 per location: lowest
  'GA-CD0002': [ASH, 'PASSED_TECHNICAL', '$457,700.00', 'Licensed fixed wireless'], // 4,577: exactly lowest × 1.15, in
  'GA-CD0003': [ASH, 'STATE_REVIEW', '457701', 'Fiber to the premises'], // 4,577.01: out
  'GA-CD0004': [ASH, 'TECHNICAL_REVIEW', '398000', 'Fiber to the premises'], // ties with GA-CD0001
  'GA-CD0005': [ASH, 'GATING_REVIEW', '100', 'Fiber to the premises'], // not past gating
  'GA-CD0006': [ASH, 'REJECTED', '100', 'Fiber to the premises'], // out of the running
  'GA-CD0007': [BIRCH, 'PASSED_GATING', '100000', 'Fiber to the premises'], // zero locations
  'GA-CD0008': [ASH, 'AWARDED', null, 'Fiber to the premises'], // no BEAD request: no outlay, last
  'GA-CD0009': [CEDAR, 'REVISION_NEEDED', '5000', 'Fiber to the premises'], // with the applicant: Cedar stays uncovered
};

const dashboard = (query = '', who: Email = 'state.admin@example.gov') =>
  api.call(`/api/v1/review/applications/candidate-dashboard${query}`, { token: tokens[who] });
const rowsOf = (body: any) => body.areas.map((a: any) => [a.projectArea, a.applications.map((r: any) => `${r.applicationId}:${r.rank}:${r.withinBand ? 'in' : 'out'}`)]);

async function exportBook(query: string, who: Email = 'state.admin@example.gov') {
  const res = await fetch(`${api.baseUrl}/api/v1/review/applications/candidate-dashboard/export${query}`, { headers: { Authorization: `Bearer ${tokens[who]}` } });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

beforeAll(async () => {
  api = await startTestApi({ OTP_EMAIL_LIMIT: '100' });
  const { db } = api.database;
  ({ tokens, profiles } = await api.signInAll(ACCOUNTS));
  const [program] = await db.select().from(programs).limit(1);
  const [lakeview] = await db.select().from(organizations).limit(1);
  await db.insert(projectAreas).values([
    { name: ASH, unservedLocationsCount: 80, underservedLocationsCount: 20, servedLocationsCount: 5, caiCount: 3 },
    { name: BIRCH, unservedLocationsCount: 0, underservedLocationsCount: 0, servedLocationsCount: 40, caiCount: 1 },
    { name: CEDAR, unservedLocationsCount: 10, underservedLocationsCount: 10, servedLocationsCount: 0, caiCount: 0 },
  ]);
  await db.insert(applications).values(Object.entries(APPS).map(([id, [area, status, , technologyType]]) => ({
    id, programId: program!.id, organizationId: lakeview!.id, status, projectLocation: area, technologyType, submittedAt: new Date(),
  })));
  const q28 = (await questionMap(db, program!.id))['28'];
  await db.insert(answers).values(Object.entries(APPS).filter(([, a]) => a[2] !== null).map(([id, [, , request]]) => ({ applicationId: id, questionId: q28!.id, value: request })));
  await db.insert(rubricScores).values([
    { applicationId: 'GA-CD0001', totalScore: 72.5 },
    { applicationId: 'GA-CD0003', totalScore: 50, deletedAt: new Date() }, // a deleted sheet: not scored
  ]);
}, 180_000);

afterAll(async () => {
  await api?.close();
});

describe('the ranking', () => {
  it('ranks the applications past gating by lowest outlay per location, ties shared, the band to lowest × 1.15 included', async () => {
    const res = await dashboard(`?projectLocation=${encodeURIComponent(ASH)}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(rowsOf(res.body)).toEqual([
      [ASH, ['GA-CD0001:1:in', 'GA-CD0004:1:in', 'GA-CD0002:3:in', 'GA-CD0003:4:out', 'GA-CD0008:null:out']],
    ]);
    const [area] = res.body.areas;
    expect(area.lowestOutlay).toBe(3980);
    expect(area.bandLimit).toBeCloseTo(4577, 6);
    expect(area.applications[0]).toMatchObject({
      applicationId: 'GA-CD0001', organizationName: expect.any(String), status: 'PASSED_GATING', technologyType: 'Fiber to the premises',
      beadRequest: 398000, unserved: 80, underserved: 20, locations: 100, outlayPerLocation: 3980, rubricTotal: 72.5,
    });
    expect(area.applications.find((r: any) => r.applicationId === 'GA-CD0002')).toMatchObject({ beadRequest: 457700, outlayPerLocation: 4577 });
    expect(area.applications.find((r: any) => r.applicationId === 'GA-CD0003').rubricTotal).toBeNull();
    expect(area.applications.at(-1)).toMatchObject({ applicationId: 'GA-CD0008', outlayPerLocation: null, beadRequest: null, rank: null });
    expect(res.body.emptyAreas).toEqual([]);
  });

  it('lists an area whose only application has zero locations, unranked, and the project areas no eligible application covers', async () => {
    const res = await dashboard('?applicationId=CD');
    expect(rowsOf(res.body)).toEqual([
      [ASH, ['GA-CD0001:1:in', 'GA-CD0004:1:in', 'GA-CD0002:3:in', 'GA-CD0003:4:out', 'GA-CD0008:null:out']],
      [BIRCH, ['GA-CD0007:null:out']],
    ]);
    expect(res.body.areas[1]).toMatchObject({ lowestOutlay: null, bandLimit: null });
    expect(res.body.emptyAreas).toContain(CEDAR);
    expect(res.body.emptyAreas).not.toContain(ASH);
    expect(res.body.emptyAreas).not.toContain(BIRCH);
    expect((await dashboard(`?projectLocation=${encodeURIComponent(CEDAR)}`)).body).toMatchObject({ areas: [], emptyAreas: [CEDAR], totalRecords: 0, totalPages: 1 });
  });
});

describe('filters and paging', () => {
  it('filter the rows shown, never the ranks: technology, status, the band, the id search', async () => {
    expect(rowsOf((await dashboard('?applicationId=CD&technologyType=Licensed%20fixed%20wireless')).body)).toEqual([[ASH, ['GA-CD0002:3:in']]]);
    expect(rowsOf((await dashboard('?applicationId=CD&status=PASSED_GATING,AWARDED')).body)).toEqual([
      [ASH, ['GA-CD0001:1:in', 'GA-CD0008:null:out']], [BIRCH, ['GA-CD0007:null:out']],
    ]);
    expect(rowsOf((await dashboard('?applicationId=CD&status=PASSED_GATING&status=STATE_REVIEW')).body)[0][1]).toEqual(['GA-CD0001:1:in', 'GA-CD0003:4:out']);
    expect(rowsOf((await dashboard('?applicationId=CD&withinBand=true')).body)).toEqual([[ASH, ['GA-CD0001:1:in', 'GA-CD0004:1:in', 'GA-CD0002:3:in']]]);
    expect(rowsOf((await dashboard('?applicationId=ga-cd0003')).body)).toEqual([[ASH, ['GA-CD0003:4:out']]]);
    expect((await dashboard('?applicationId=CD0005')).body.areas).toEqual([]); // not past gating
  });

  it('refuses a status that is not past gating (400), and pages over areas', async () => {
    const bad = await dashboard('?status=GATING_REVIEW');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Unknown status filter');
    expect((await dashboard('?status=SUBMITTED')).status).toBe(400);
    expect((await dashboard('?limit=101')).status).toBe(400);
    const first = await dashboard('?applicationId=CD&limit=1');
    expect(first.body).toMatchObject({ page: 1, pageSize: 1, totalRecords: 2, totalPages: 2, totalApplications: 6 });
    // Only the page's areas have their figures read, and they are ranked whole.
    expect(rowsOf(first.body)).toEqual([[ASH, ['GA-CD0001:1:in', 'GA-CD0004:1:in', 'GA-CD0002:3:in', 'GA-CD0003:4:out', 'GA-CD0008:null:out']]]);
    const second = await dashboard('?applicationId=CD&limit=1&page=2');
    expect(rowsOf(second.body)).toEqual([[BIRCH, ['GA-CD0007:null:out']]]);
    expect(second.body.emptyAreas).toContain(CEDAR);
    expect((await dashboard('?applicationId=CD&limit=1&page=3')).body).toMatchObject({ areas: [], totalRecords: 2 });
    // The band filter needs every area's figures: the same envelope.
    const band = await dashboard('?applicationId=CD&withinBand=1&limit=1');
    expect(band.body).toMatchObject({ totalRecords: 1, totalPages: 1, totalApplications: 3 });
    expect(rowsOf(band.body)).toEqual([[ASH, ['GA-CD0001:1:in', 'GA-CD0004:1:in', 'GA-CD0002:3:in']]]);
  });

  it('runs the same few statements for one area or every area', async () => {
    const count = async (query: string) => {
      const recording = api.database.statements.record();
      expect((await dashboard(query)).status).toBe(200);
      return recording.stop().length;
    };
    const one = await count(`?projectLocation=${encodeURIComponent(ASH)}`);
    const all = await count('?limit=100');
    expect(all).toBeLessThanOrEqual(5); // authentication, the eligible applications, their figures, the area names
    expect(all).toBe(one);
  });
});

describe('the XLSX export', () => {
  it('streams a workbook of the filtered rows (area, rank, outlay, band, rubric, locations, status) and the uncovered areas', async () => {
    const { res, bytes } = await exportBook(`?applicationId=CD&projectLocation=${encodeURIComponent(ASH)}&withinBand=true`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="candidate-dashboard-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Candidates')!;
    const rows = sheet.getSheetValues().slice(1).map((r) => (r as unknown[]).slice(1));
    expect(rows[0]).toEqual([
      'Project area', 'Rank', 'Application ID', 'Organization', 'Technology', 'Status', 'BEAD request', 'Unserved locations', 'Underserved locations',
      'Locations covered', 'BEAD outlay per location', 'Lowest in area', 'Within 15%', 'Rubric total', 'Note',
    ]);
    expect(rows.slice(1).map((r) => [r[0], r[1], r[2], r[10], r[12]])).toEqual([
      [ASH, 1, 'GA-CD0001', 3980, 'Yes'], [ASH, 1, 'GA-CD0004', 3980, 'Yes'], [ASH, 3, 'GA-CD0002', 4577, 'Yes'],
    ]);
    expect(rows[1]!.slice(5, 10)).toEqual(['Passed Gating', 398000, 80, 20, 100]);
    expect(rows[1]![11]).toBe(3980);
    expect(rows[1]![13]).toBe(72.5);
    expect(book.getWorksheet('No eligible application')!.getSheetValues().slice(1).map((r) => (r as unknown[])[1])).toEqual(['Project areas with no eligible application']);
  });

  it('writes the unranked with their note, and every uncovered area', async () => {
    const { bytes } = await exportBook('?applicationId=CD');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
    const rows = book.getWorksheet('Candidates')!.getSheetValues().slice(2).map((r) => (r as unknown[]).slice(1));
    expect(rows.map((r) => r[2])).toEqual(['GA-CD0001', 'GA-CD0004', 'GA-CD0002', 'GA-CD0003', 'GA-CD0008', 'GA-CD0007']);
    const birch = rows.find((r) => r[2] === 'GA-CD0007')!;
    expect(birch[1] ?? null).toBeNull();
    expect(birch[12]).toBe('No');
    expect(birch[14]).toBe(CANDIDATE_MSG.noOutlay);
    const empty = book.getWorksheet('No eligible application')!.getSheetValues().slice(2).map((r) => (r as unknown[])[1]);
    expect(empty).toContain(CEDAR);
    expect(empty).not.toContain(ASH);
  });

  it('refuses a bad filter with 400 before writing anything', async () => {
    const { res } = await exportBook('?status=DRAFT');
    expect(res.status).toBe(400);
  });
});

describe('who may read it', () => {
  const readsAll = (who: Email) => { const scope = listScope(profiles[who], 'read', 'candidate'); return !!scope && 'all' in scope; };
  it('answers the roles holding read:candidate (domain/permissions.ts), 403 to the others, the financial reviewer and organization users included', async () => {
    for (const who of ACCOUNTS) {
      const expected = readsAll(who) ? 200 : 403;
      expect((await dashboard('', who)).status, who).toBe(expected);
      expect((await exportBook('', who)).res.status, `${who} export`).toBe(expected);
    }
    expect(ACCOUNTS.filter(readsAll)).toEqual(['state.admin@example.gov']);
  });

  it('refuses a request without a token (401)', async () => {
    expect((await api.call('/api/v1/review/applications/candidate-dashboard')).status).toBe(401);
  });
});
