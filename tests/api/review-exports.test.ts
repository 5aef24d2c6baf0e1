// The state's streamed downloads (issue 12 item 9; decision 045): GET review/applications/all-applications/export (the
// XLSX of the state list's filtered rows, read back with exceljs) and GET review/applications/{id}/documents/download
// (the ZIP of an application's file answers, read back with yauzl). The workbook's rows are compared with the list's
// own answer (GET review/applications) for the same filters, over the demo seed plus 1,500 bench applications (three
// keyset batches, with ties on submitted_at); figures, review percentages and the rubric total are put in place here.
// Downloads go through the run's transport (HTTP, or the UI's in-process client) as streams.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, isNull, like, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import yauzl from 'yauzl';
import { startTestApi, TRANSPORT, type TestApi } from './harness';
import { questionMap, uploadDocument } from './fixtures';
import { answers, applications, documents, projectAreas, questions, reviewAssignments, reviewConsensus, rubricScores, sections } from '../../api/db/schema';
import { seedLarge } from '../../scripts/seed-large';
import { APPLICATION_EXPORT_COLUMNS, attachmentsFileName, type ApplicationExportKey } from '../../domain/exports';
import { MARK_RULES } from '../../domain/review-marks';
import { zonedToday } from '../../domain/dates';

const ACCOUNTS = [
  'state.admin@example.gov', 'rsm.reviewer@example.gov', 'ctc.reviewer@example.gov', 'rsm.financial@example.gov', 'org.admin@example.org',
] as const;
type Email = (typeof ACCOUNTS)[number];

let api: TestApi;
let tokens: Record<Email, string>;
let userIds: Record<Email, string>;

/** A GET streamed through the run's transport, its body read whole (the test's side: the API never holds it). */
async function download(path: string, who: Email): Promise<{ status: number; headers: Record<string, string>; bytes: Buffer }> {
  const headers = { Authorization: `Bearer ${tokens[who]}`, Accept: '*/*' };
  const answer = TRANSPORT === 'inprocess'
    ? await api.transport.stream({ method: 'GET', path, headers })
    : await (async () => {
      const res = await fetch(`${api.baseUrl}/api/v1${path}`, { headers });
      const h: Record<string, string> = {};
      res.headers.forEach((v, k) => { h[k] = v; });
      return { status: res.status, headers: h, body: Buffer.from(await res.arrayBuffer()) };
    })();
  if (Buffer.isBuffer(answer.body)) return { status: answer.status, headers: answer.headers, bytes: answer.body };
  const chunks: Buffer[] = [];
  for await (const chunk of answer.body) chunks.push(Buffer.from(chunk));
  return { status: answer.status, headers: answer.headers, bytes: Buffer.concat(chunks) };
}

/** The workbook's header and rows, each row keyed by its column (a caller's workbook may leave columns out: decision 092). */
async function readWorkbook(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  const keys = header.map((h) => APPLICATION_EXPORT_COLUMNS.find((c) => c.header === h)!.key);
  const rows: Record<ApplicationExportKey, unknown>[] = [];
  sheet.eachRow((row, n) => {
    if (n === 1) return;
    const values = (row.values as unknown[]).slice(1);
    rows.push(Object.fromEntries(keys.map((key, i) => [key, values[i] ?? null])) as Record<ApplicationExportKey, unknown>);
  });
  return { sheet, header, rows };
}

/** Every row of the list for these filters, in its order (pages of 1000). */
async function listIds(who: Email, query: Record<string, string>, path = '/review/applications'): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const res = await api.call(`/api/v1${path}?${new URLSearchParams({ ...query, page: String(page), limit: '1000' })}`, { token: tokens[who] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    ids.push(...res.body.applications.map((a: { applicationId: string }) => a.applicationId));
    if (page >= res.body.totalPages) return ids;
  }
}

const exportPath = (query: Record<string, string> = {}) => `/review/applications/all-applications/export?${new URLSearchParams(query)}`;

interface ZipEntry { name: string; bytes: Buffer }
function readZip(bytes: Buffer): Promise<ZipEntry[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const entries: ZipEntry[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            entries.push({ name: entry.fileName, bytes: Buffer.concat(chunks) });
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** Uploads a file to the organization's library as Lakeview's admin: its document id, name and bytes. */
async function upload(organizationId: string, programId: string, sectionId: string, fileName: string, text: string) {
  const bytes = Buffer.from(`%PDF-1.4 ${text}`);
  return { ...(await uploadDocument(api, tokens['org.admin@example.org'], { organizationId, programId, sectionId, fileName }, bytes)), bytes };
}

const FIGURES_APP = 'GA-LKV002';
const ZIP_APP = 'GA-LKV003';
let expectedFiles: { path: string; bytes: Buffer }[] = [];

beforeAll(async () => {
  api = await startTestApi({ OTP_EMAIL_LIMIT: '100' });
  const { db } = api.database;
  // 1,500 bench applications (about 1,100 the state sees): the workbook is written from three batches of 500. Many share a submitted_at (to the
  // microsecond), so the keyset's tie on the id is played.
  await seedLarge(db, { organizations: 3, applications: 1500, bigOrgShare: 0.5 });
  await db.execute(sql`update applications set submitted_at = date_trunc('day', submitted_at) + interval '123456 microseconds' where id like 'GA-B%' and submitted_at is not null`);
  // A few without a submitted_at (listed last, after every dated row): the export's second keyset run.
  await db.execute(sql`update applications set submitted_at = null where id in (select id from applications where id like 'GA-B%' and status = 'GATING_REVIEW' order by id limit 3)`);
  ({ tokens, ids: userIds } = await api.signInAll(ACCOUNTS));

  // Figures of GA-LKV002: cost (26), BEAD request (28); its area's locations come from the project areas table.
  const q = await questionMap(db);
  for (const [systemNo, value] of [['26', '1250000.00'], ['28', '900000.00']] as const) {
    const question = q[systemNo]!;
    await db.delete(answers).where(and(eq(answers.applicationId, FIGURES_APP), eq(answers.questionId, question.id)));
    await db.insert(answers).values({ applicationId: FIGURES_APP, questionId: question.id, value });
  }
  await db.delete(rubricScores).where(eq(rubricScores.applicationId, FIGURES_APP));
  await db.insert(rubricScores).values({ applicationId: FIGURES_APP, totalScore: 61.5 });
  // Review marks of GA-LKV002 through the consensus values (the summary reads them whatever the reviews): gating, two
  // passes and one fail; technical, 12 of 15 on question 30.
  const gating = MARK_RULES.GATING.slice(0, 3).map((r) => q[r.systemNo]!);
  const technical = q['30']!;
  await db.delete(reviewConsensus).where(eq(reviewConsensus.applicationId, FIGURES_APP));
  await db.insert(reviewConsensus).values([
    ...gating.map((question, i) => ({ applicationId: FIGURES_APP, stage: 'GATING', questionId: question.id, overridePassFail: i < 2 ? 'PASS' : 'FAIL', updatedBy: userIds['state.admin@example.gov'] })),
    { applicationId: FIGURES_APP, stage: 'TECHNICAL', questionId: technical.id, overrideScore: 12, updatedBy: userIds['state.admin@example.gov'] },
  ] as (typeof reviewConsensus.$inferInsert)[]);

  // File answers of GA-LKV003 (in gating review, assigned to the RSM reviewer only): two files of the same name in one
  // section, one in another; each File question without a condition (always shown).
  await db.update(applications).set({ status: 'GATING_REVIEW' }).where(eq(applications.id, ZIP_APP));
  await db.delete(reviewAssignments).where(eq(reviewAssignments.applicationId, ZIP_APP));
  await db.insert(reviewAssignments).values({ applicationId: ZIP_APP, reviewerId: userIds['rsm.reviewer@example.gov'], reviewerType: 'RSM_REVIEWER', status: 'PENDING' });
  const [app] = await db.select().from(applications).where(eq(applications.id, ZIP_APP));
  const fileQuestions = await db
    .select({ id: questions.id, sectionId: questions.sectionId, sectionName: sections.name, sectionOrder: sections.displayOrder, profile: sections.isEntityProfile })
    .from(questions)
    .innerJoin(sections, eq(sections.id, questions.sectionId))
    .where(and(eq(questions.type, 'File'), isNull(questions.dependentSystemNo), eq(sections.programId, app!.programId), eq(sections.isEntityProfile, false)))
    .orderBy(sections.displayOrder, questions.displayOrder);
  const allSections = await db.select().from(sections).where(eq(sections.programId, app!.programId)).orderBy(sections.displayOrder);
  const bySection = new Map<string, typeof fileQuestions>();
  for (const fq of fileQuestions) bySection.set(fq.sectionId, [...(bySection.get(fq.sectionId) ?? []), fq]);
  const twoInOne = [...bySection.values()].find((list) => list.length >= 2)!;
  const other = fileQuestions.find((fq) => fq.sectionId !== twoInOne[0]!.sectionId)!;
  const placed = [
    { question: twoInOne[0]!, name: 'plan.pdf', text: 'first plan' },
    { question: twoInOne[1]!, name: 'plan.pdf', text: 'second plan' },
    { question: other, name: 'budget: final?.pdf', text: 'budget' },
  ];
  const allFileIds = (await db.select({ id: questions.id }).from(questions).where(eq(questions.type, 'File'))).map((r) => r.id);
  await db.delete(answers).where(and(eq(answers.applicationId, ZIP_APP), inArray(answers.questionId, allFileIds)));
  expectedFiles = [];
  for (const p of placed) {
    const doc = await upload(app!.organizationId, app!.programId, p.question.sectionId, p.name, p.text);
    await db.insert(answers).values({ applicationId: ZIP_APP, questionId: p.question.id, value: { documentId: doc.id, fileName: doc.fileName } });
    const position = allSections.findIndex((s) => s.id === p.question.sectionId) + 1;
    expectedFiles.push({ path: `${String(position).padStart(2, '0')} ${p.question.sectionName}`, bytes: doc.bytes });
  }
  // Names as the ZIP writes them: unique per folder, no ':' or '?'.
  expectedFiles[0]!.path += '/plan.pdf';
  expectedFiles[1]!.path += '/plan (2).pdf';
  expectedFiles[2]!.path += '/budget_ final_.pdf';
}, 240_000);

afterAll(async () => {
  await api?.close();
});

describe('GET review/applications/all-applications/export', () => {
  it('streams every application of the state list as a workbook: header frozen, rows in the list order, a dated attachment', async () => {
    const res = await download(exportPath(), 'state.admin@example.gov');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="applications-${zonedToday()}.xlsx"`);
    const { sheet, header, rows } = await readWorkbook(res.bytes);
    expect(header).toEqual(APPLICATION_EXPORT_COLUMNS.map((c) => c.header));
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const ids = await listIds('state.admin@example.gov', {});
    expect(ids.length).toBeGreaterThan(1000);
    expect(rows.map((r) => r.id)).toEqual(ids);
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
  });

  it('narrows to the same rows as the list for each filter and their combination', async () => {
    const [area] = await api.database.db.select({ name: projectAreas.name }).from(projectAreas).limit(1);
    const queries: Record<string, string>[] = [
      { status: 'SUBMITTED' },
      { status: 'GATING_REVIEW,TECHNICAL_REVIEW', projectLocation: area!.name },
      { applicationId: 'LKV' },
      { startDate: '2020-01-01', endDate: zonedToday(), status: 'AWARDED' },
    ];
    for (const query of queries) {
      const res = await download(exportPath(query), 'state.admin@example.gov');
      expect(res.status).toBe(200);
      const { rows } = await readWorkbook(res.bytes);
      const ids = await listIds('state.admin@example.gov', query);
      expect(rows.map((r) => r.id), JSON.stringify(query)).toEqual(ids);
    }
    const narrowed = await readWorkbook((await download(exportPath({ status: 'SUBMITTED' }), 'state.admin@example.gov')).bytes);
    const all = await readWorkbook((await download(exportPath(), 'state.admin@example.gov')).bytes);
    expect(narrowed.rows.length).toBeGreaterThan(0);
    expect(narrowed.rows.length).toBeLessThan(all.rows.length);
    expect(narrowed.rows.every((r) => r.status === 'Submitted')).toBe(true);
  });

  it('writes the figures, review percentages and rubric total in their columns, as numbers, money and dates', async () => {
    const { rows } = await readWorkbook((await download(exportPath({ applicationId: FIGURES_APP }), 'state.admin@example.gov')).bytes);
    const row = rows.find((r) => r.id === FIGURES_APP)!;
    const [app] = await api.database.db.select().from(applications).where(eq(applications.id, FIGURES_APP));
    const [area] = await api.database.db.select().from(projectAreas).where(eq(projectAreas.name, app!.projectLocation!));
    const locations = (area!.unservedLocationsCount ?? 0) + (area!.underservedLocationsCount ?? 0);
    expect(row).toMatchObject({
      projectCost: 1_250_000, beadRequest: 900_000, locations, gatingPass: 2, gatingFail: 1, technicalPercentage: 80, rubricTotal: 61.5,
      projectLocation: app!.projectLocation, technology: app!.technologyType,
    });
    expect(row.outlayPerLocation).toBeCloseTo(900_000 / locations, 2);
    expect(row.submittedAt).toBeInstanceOf(Date);
    expect(row.createdAt).toBeInstanceOf(Date);
    const { sheet } = await readWorkbook((await download(exportPath({ applicationId: FIGURES_APP }), 'state.admin@example.gov')).bytes);
    const money = APPLICATION_EXPORT_COLUMNS.findIndex((c) => c.key === 'beadRequest') + 1;
    expect(sheet.getRow(2).getCell(money).numFmt).toBe('"$"#,##0.00');
    // Applications nobody reviewed or scored (DESIGN 4: a SUBMITTED one has not entered gating): those cells are empty,
    // not zeros. The seed holds several.
    // (FIGURES_APP is submitted too: this file gave it the marks and scores read above.)
    const submitted = (await readWorkbook((await download(exportPath({ status: 'SUBMITTED' }), 'state.admin@example.gov')).bytes)).rows
      .filter((r) => r.id !== FIGURES_APP);
    expect(submitted.length).toBeGreaterThan(0);
    for (const unreviewed of submitted) {
      expect(unreviewed, String(unreviewed.id)).toMatchObject({ status: 'Submitted', gatingPass: null, gatingFail: null, technicalPercentage: null, rubricTotal: null });
    }
  });

  it('answers a reviewer with their assignments only, the financial reviewer with everything, and refuses organization users and bad filters', async () => {
    const assigned = await readWorkbook((await download(exportPath(), 'rsm.reviewer@example.gov')).bytes);
    expect(assigned.rows.map((r) => r.id)).toEqual(await listIds('rsm.reviewer@example.gov', {}));
    expect(assigned.rows.map((r) => r.id)).toContain(ZIP_APP);
    const financial = await download(exportPath({ status: 'SUBMITTED' }), 'rsm.financial@example.gov');
    expect(financial.status).toBe(200);
    expect((await readWorkbook(financial.bytes)).rows.map((r) => r.id)).toEqual(await listIds('state.admin@example.gov', { status: 'SUBMITTED' }));
    const org = await api.call(`/api/v1${exportPath()}`, { token: tokens['org.admin@example.org'] });
    expect(org.status).toBe(403);
    const bad = await api.call(`/api/v1${exportPath({ status: 'NOPE' })}`, { token: tokens['state.admin@example.gov'] });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBeTruthy();
    expect((await api.call(`/api/v1${exportPath()}`)).status).toBe(401);
  });

  it('answers every seed account as the permissions table says: the state list\'s readers 200, everyone else 403', async () => {
    // Written by hand from DESIGN 5: every state role reads the state's list (reviewers their assignments), so each may
    // export it; organization users have no state side (403).
    const expectedBySeedAccount: Record<string, 200 | 403> = {
      'org.admin@example.org': 403, 'org.staff@example.org': 403, 'summit.admin@example.org': 403,
      'state.admin@example.gov': 200, 'state.reviewer@example.gov': 200, 'ctc.admin@example.gov': 200, 'ctc.reviewer@example.gov': 200,
      'rsm.admin@example.gov': 200, 'rsm.reviewer@example.gov': 200, 'rsm.financial@example.gov': 200,
    };
    const outcomes = new Set<number>();
    for (const [email, expected] of Object.entries(expectedBySeedAccount)) {
      const { token } = await api.signIn(email);
      const res = await fetch(`${api.baseUrl}/api/v1${exportPath({ status: 'AWARDED' })}`, { headers: { Authorization: `Bearer ${token}` } });
      await res.arrayBuffer();
      expect(res.status, email).toBe(expected);
      outcomes.add(res.status);
    }
    expect([...outcomes].sort()).toEqual([200, 403]);
  });
});

describe('GET review/applications/{id}/documents/download', () => {
  it('streams every file answer in a folder per section, names made unique, bytes as uploaded', async () => {
    const res = await download(`/review/applications/${ZIP_APP}/documents/download`, 'state.admin@example.gov');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${attachmentsFileName(ZIP_APP)}"`);
    const entries = await readZip(res.bytes);
    expect(entries.map((e) => e.name).sort()).toEqual(expectedFiles.map((f) => f.path).sort());
    for (const file of expectedFiles) expect(entries.find((e) => e.name === file.path)!.bytes.equals(file.bytes), file.path).toBe(true);
  });

  it('answers an application without files with an empty ZIP', async () => {
    const [bench] = await api.database.db.select({ id: applications.id }).from(applications)
      .where(and(like(applications.id, 'GA-B%'), eq(applications.status, 'SUBMITTED'))).limit(1);
    const res = await download(`/review/applications/${bench!.id}/documents/download`, 'state.admin@example.gov');
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${attachmentsFileName(bench!.id)}"`);
    expect(await readZip(res.bytes)).toEqual([]);
  });

  it('leaves out a file whose document was deleted from the library', async () => {
    const [doc] = await api.database.db.select({ id: documents.id }).from(documents).where(eq(documents.fileName, 'budget: final?.pdf')).limit(1);
    await api.database.db.update(documents).set({ deletedAt: new Date() }).where(eq(documents.id, doc!.id));
    try {
      const entries = await readZip((await download(`/review/applications/${ZIP_APP}/documents/download`, 'state.admin@example.gov')).bytes);
      expect(entries.map((e) => e.name).sort()).toEqual(expectedFiles.slice(0, 2).map((f) => f.path).sort());
    } finally {
      await api.database.db.update(documents).set({ deletedAt: null }).where(eq(documents.id, doc!.id));
    }
  });

  it('is the state view of the application: organization users 403, a reviewer not assigned 404, the financial reviewer may read', async () => {
    const path = `/review/applications/${ZIP_APP}/documents/download`;
    expect((await api.call(`/api/v1${path}`, { token: tokens['org.admin@example.org'] })).status).toBe(403);
    expect((await api.call(`/api/v1${path}`, { token: tokens['ctc.reviewer@example.gov'] })).status).toBe(404);
    expect((await api.call('/api/v1/review/applications/GA-NOPE00/documents/download', { token: tokens['state.admin@example.gov'] })).status).toBe(404);
    const financial = await download(path, 'rsm.financial@example.gov');
    expect(financial.status).toBe(200);
    expect((await readZip(financial.bytes)).length).toBe(expectedFiles.length);
  });

  it('holds nothing for an assigned reviewer until they declare no conflict of interest, then every file', async () => {
    const path = `/review/applications/${ZIP_APP}/documents/download`;
    const before = await download(path, 'rsm.reviewer@example.gov');
    expect(before.status).toBe(200);
    expect(await readZip(before.bytes)).toEqual([]);
    const declared = await api.call(`/api/v1/review/applications/${ZIP_APP}/conflict-of-interest`, { token: tokens['rsm.reviewer@example.gov'], body: { conflict: false } });
    expect(declared.status, JSON.stringify(declared.body)).toBe(200);
    const after = await download(path, 'rsm.reviewer@example.gov');
    expect((await readZip(after.bytes)).map((e) => e.name).sort()).toEqual(expectedFiles.map((f) => f.path).sort());
  });
});

describe('the bench rows', () => {
  it('are all visible to the export (sanity of the fixture)', async () => {
    const [n] = await api.database.db.select({ n: sql<number>`count(*)::int` }).from(applications)
      .where(and(like(applications.id, 'GA-B%'), sql`${applications.status} not in ('DRAFT', 'CANCELLED')`));
    expect(n!.n).toBeGreaterThan(1000);
  });
});
