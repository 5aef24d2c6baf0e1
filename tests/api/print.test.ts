// Print (spec 7: POST organization/{orgId}/generate-pdf/{applicationId} → {pdfBase64}; spec 4: Print
// only when SUBMITTED). The PDF's text is read back with poppler's pdftotext. Every case: happy path
// (admin and staff), a draft or reviewed application (409), another organization (404), unknown id
// (404), no token (401); reading audits nothing but the one-time snapshot of a seeded application's
// entity profile, which later profile edits do not change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { startTestApi, type TestApi } from './harness';
import { signInOrganizationSide } from './fixtures';
import { pdfToText } from '../support/pdf';
import { answers, profileAnswers, questions, sections } from '../../api/db/schema';
import { APPLICATION_MSG } from '../../domain/messages';
import { addressText, answerText, pdfText, totalsRow } from '../../api/services/application-pdf';

let api: TestApi;
let admin: { token: string; user: any };
let staff: { token: string };
let summit: { token: string; user: any };
let lakeviewId: string;
let summitId: string;

const SUBMITTED = 'GA-LKV002';
const DRAFT = 'GA-LKV001';
const IN_REVIEW = 'GA-LKV003';

/** Question ids by system number (the seeded programme has one question per number). */
async function questionId(systemNo: string): Promise<string> {
  const [row] = await api.database.db.select({ id: questions.id }).from(questions).where(eq(questions.systemNo, systemNo)).limit(1);
  if (!row) throw new Error(`No question ${systemNo}`);
  return row.id;
}

async function answer(systemNo: string, value: unknown, applicationId = SUBMITTED) {
  await api.database.db
    .insert(answers)
    .values({ applicationId, questionId: await questionId(systemNo), value })
    .onConflictDoUpdate({ target: [answers.applicationId, answers.questionId], set: { value: sql`excluded.value` } });
}

async function profileAnswer(systemNo: string, value: unknown) {
  await api.database.db
    .insert(profileAnswers)
    .values({ organizationId: lakeviewId, questionId: await questionId(systemNo), value })
    .onConflictDoUpdate({ target: [profileAnswers.organizationId, profileAnswers.questionId], set: { value: sql`excluded.value` } });
}

const print = (applicationId: string, token?: string, orgId = lakeviewId) =>
  api.call(`/api/v1/organization/${orgId}/generate-pdf/${applicationId}`, { method: 'POST', token });

async function printedText(applicationId = SUBMITTED, token = admin.token): Promise<string> {
  const res = await print(applicationId, token);
  expect(res.status).toBe(200);
  const pdf = Buffer.from(res.body.pdfBase64, 'base64');
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return pdfToText(pdf);
}

async function snapshotOf(applicationId: string): Promise<{ organizationName: string; answers: Record<string, unknown> } | null> {
  const rows = (await api.database.db.execute(sql`select profile_snapshot from applications where id = ${applicationId}`)) as any;
  return rows.rows[0].profile_snapshot;
}

async function historyOf(applicationId: string, action: string): Promise<any[]> {
  const res = await api.call(`/api/v1/logged-actions/${applicationId}/application?limit=100`, { token: admin.token });
  expect(res.status).toBe(200);
  return res.body.loggedActions.filter((e: any) => e.action === action);
}

async function auditCount(): Promise<number> {
  const rows = (await api.database.db.execute(sql`select count(*)::int as n from logged_actions`)) as any;
  return Number(rows.rows[0].n);
}

beforeAll(async () => {
  api = await startTestApi({ OTP_EMAIL_LIMIT: '100' });
  ({ admin, staff, summit, lakeviewId } = await signInOrganizationSide(api));
  summitId = summit.user.organizations[0].id;
  // The seed keeps each submitted application's profile as a submit does; GA-LKV002 here is one submitted before
  // snapshots existed, so its first read takes one.
  await api.database.db.execute(sql`update applications set profile_snapshot = null, profile_snapshot_at = null where id = ${SUBMITTED}`);
  await api.database.db.execute(sql`delete from logged_actions where application_id = ${SUBMITTED} and action = 'PROFILE_SNAPSHOT'`);
  // Lakeview's profile before anything reads the seeded submitted application (which has no snapshot yet).
  await profileAnswer('5', {
    country: 'United States', street_address_1: '200 Harbor Road', street_address_2: 'Suite 5', city: 'Lakeview', state: 'Wisconsin', zip: '537031234',
  });
  await profileAnswer('2.1', ['RDOF', 'Capital Projects Fund']);
  await profileAnswer('13', '6085550100');
});
afterAll(async () => {
  await api?.close();
});

describe('POST organization/{orgId}/generate-pdf/{applicationId}', () => {
  it('gives the organization admin a PDF of the submitted application, with its facts, sections, questions and page numbers', async () => {
    expect(await snapshotOf(SUBMITTED)).toBeNull();
    const before = await auditCount();
    const res = await print(SUBMITTED, admin.token);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['fileName', 'pdfBase64']);
    expect(res.body.fileName).toBe(`application_${SUBMITTED}.pdf`);
    const pdf = Buffer.from(res.body.pdfBase64, 'base64');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const text = pdfToText(pdf);
    expect(text).toContain('Broadband Grants Portal');
    expect(text).toContain(`Application ${SUBMITTED}`);
    expect(text).toContain('BEAD Round 1');
    expect(text).toContain('Lakeview Fiber Cooperative');
    expect(text).toMatch(/Status:\s+Submitted/);
    expect(text).toMatch(/Submitted:\s+\d{2}-\d{2}-\d{4}/);
    expect(text).toContain('Fiber to the premises');
    // Every section by name, the entity profile first.
    const sectionNames = (await api.database.db.select({ name: sections.name, profile: sections.isEntityProfile }).from(sections))
      .sort((a, b) => Number(b.profile) - Number(a.profile));
    expect(sectionNames.map((s) => s.name)).toEqual(expect.arrayContaining(['Entity Information', 'Budget & Match', 'Compliance & Certifications']));
    for (const s of sectionNames) expect(text).toContain(s.name);
    expect(text.indexOf('Entity Information')).toBeLessThan(text.indexOf('Project Area & Locations'));
    // Questions as '{systemNo}. {text}' with their answers, server-filled ones included (1, 179, 22, 24).
    expect(text).toMatch(/24\. Proposed Technology Type\s+Fiber to the premises/);
    expect(text).toMatch(/179\. Application number\s+GA-LKV002/);
    expect(text).toMatch(/1\. Legal name of the applicant\s+Lakeview Fiber Cooperative/);
    expect(text).toMatch(/9\. Website\s+https:\/\/lakeviewfiber\.example\.org/);
    expect(text).toMatch(/Unserved\s+Underserved\s+Served\s+Community anchor/);
    // Header questions as sub-headings; unanswered questions; page numbers.
    expect(text).toContain('9.1. Primary contact');
    expect(text).toMatch(/26\. Total project cost\s+\$[\d,]+/);
    // The test template is seeded without a storage, so its File questions stay unanswered.
    expect(text).toMatch(/31\. Network diagram\s+No answer/);
    expect(text).toMatch(/Page 1 of \d+/);
    const pages = Number(/Page 1 of (\d+)/.exec(text)![1]);
    expect(text).toContain(`Page ${pages} of ${pages}`);
    // The seeded application had no profile snapshot: the first read took one, recorded once in the history.
    expect((await snapshotOf(SUBMITTED))?.organizationName).toBe('Lakeview Fiber Cooperative');
    expect(await auditCount()).toBe(before + 1);
    const [entry] = await historyOf(SUBMITTED, 'PROFILE_SNAPSHOT');
    expect(entry.details).toMatchObject({ backfilled: true, organizationName: 'Lakeview Fiber Cooperative', answers: { '9': 'https://lakeviewfiber.example.org' } });
    // Reading changes nothing after that.
    await printedText();
    expect(await auditCount()).toBe(before + 1);
  });

  it('prints the entity profile the application was submitted with, whatever the profile says later', async () => {
    await printedText();
    await profileAnswer('9', 'https://changed.example.org');
    await profileAnswer('4', 'Municipality');
    const text = await printedText();
    expect(text).toMatch(/9\. Website\s+https:\/\/lakeviewfiber\.example\.org/);
    expect(text).not.toContain('changed.example.org');
    expect(text).not.toContain('Municipality');
    // A draft shows the profile as it is now.
    const draft = await api.call(`/api/v1/applications/${DRAFT}/questions-system-no/9/answers`, { token: admin.token });
    expect(draft.body.value).toBe('https://changed.example.org');
    const submitted = await api.call(`/api/v1/applications/${SUBMITTED}/questions-system-no/9/answers`, { token: admin.token });
    expect(submitted.body.value).toBe('https://lakeviewfiber.example.org');
    expect(await historyOf(SUBMITTED, 'PROFILE_SNAPSHOT')).toHaveLength(1);
  });

  it('lets organization staff print too (a read)', async () => {
    const text = await printedText(SUBMITTED, staff.token);
    expect(text).toContain(SUBMITTED);
    expect(text).toContain('Page 1 of');
  });

  it('writes every kind of answer for a person: tables with totals, addresses, checkboxes, files, conditional questions', async () => {
    await answer('29', [
      { category: 'Construction', description: 'Fiber backbone', amount: '150000.00' },
      { category: 'Engineering', description: 'Route design', amount: '25000.50' },
      { category: '', description: '', amount: '' },
    ]);
    await answer('23', 'No');
    await answer('23.1', 'Two lakeshore parcels are served by a partner.');
    await answer('31', { documentId: '5c1f3a52-44a1-4d40-9a0e-4a8f0c2a9d11', fileName: 'network-diagram.pdf' });
    await answer('26', '250000.00');

    const text = await printedText();
    // The table: column names as its header, one line per filled row (amounts as the form shows them), the totals row.
    expect(text).toMatch(/29\. Budget by category/);
    expect(text).toMatch(/Category\s+Description\s+Amount/);
    expect(text).toMatch(/Construction\s+Fiber backbone\s+\$150,000(?!\.)/);
    expect(text).toMatch(/Engineering\s+Route design\s+\$25,000\.50/);
    expect(text).toMatch(/Total\s+\$175,000\.50/);
    expect(text).toMatch(/5\. Principal business address\s+200 Harbor Road, Suite 5, Lakeview, Wisconsin 53703-1234/);
    expect(text).toMatch(/Public broadband programmes the entity or its affiliates have taken part in\s+RDOF, Capital Projects Fund/);
    expect(text).toMatch(/13\. Phone\s+\(608\) 555-0100/);
    expect(text).toMatch(/31\. Network diagram\s+network-diagram\.pdf/);
    expect(text).toMatch(/26\. Total project cost\s+\$250,000(?!\.)/);
    // 23.1 shows because 23 is 'No'; 34.1 (its condition unmet) stays hidden.
    expect(text).toMatch(/23\.1\. Explain which locations are excluded and why\s+Two lakeshore parcels are served by a partner\./);
    expect(text).not.toContain('Explain how latency will be brought');
  });

  it('accepts the application id in any case', async () => {
    const res = await print(SUBMITTED.toLowerCase(), admin.token);
    expect(res.status).toBe(200);
    expect(res.body.fileName).toBe(`application_${SUBMITTED}.pdf`);
  });

  it('refuses an application that is not SUBMITTED with 409', async () => {
    for (const id of [DRAFT, IN_REVIEW]) {
      const res = await print(id, admin.token);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(APPLICATION_MSG.onlySubmittedPrinted);
    }
  });

  it("answers 404 for another organization's user, an application of another organization, an unknown id; 401 without a token", async () => {
    const other = await print(SUBMITTED, summit.token);
    expect(other.status).toBe(404);
    expect(other.body).not.toHaveProperty('pdfBase64');
    // org.admin is also Summit's staff: Lakeview's application is not Summit's.
    const wrongOrg = await print(SUBMITTED, admin.token, summitId);
    expect(wrongOrg.status).toBe(404);
    expect((await print('GA-NOPE00', admin.token)).status).toBe(404);
    expect((await print(SUBMITTED, admin.token, 'not-an-org')).status).toBe(404);
    expect((await print(SUBMITTED)).status).toBe(401);
  });

  it('still prints when a stored answer has an unexpected shape', async () => {
    await api.database.db
      .update(answers)
      .set({ value: { unexpected: 'shape' } })
      .where(and(eq(answers.applicationId, SUBMITTED), eq(answers.questionId, await questionId('26'))));
    const text = await printedText();
    expect(text).toMatch(/26\. Total project cost\s+shape/);
  });
});

describe('answers as text', () => {
  it('formats addresses, files, lists and text the built-in fonts cannot draw', () => {
    expect(addressText({ street_address_1: '1 Main St', city: 'Madison', state: 'WI', zip: '53703', zip_4: '1234', country: 'United States' }))
      .toBe('1 Main St, Madison, WI 53703-1234');
    expect(addressText({ street_address_1: '1 Rue Haute', city: 'Québec', state: 'QC', zip: '', country: 'Canada' })).toBe('1 Rue Haute, Québec, QC, Canada');
    expect(answerText({ type: 'File' }, { documentId: 'x', fileName: 'a.pdf' })).toBe('a.pdf');
    expect(answerText({ type: 'Checkbox' }, ['A', 'B'])).toBe('A, B');
    expect(answerText({ type: 'Text' }, '   ')).toBeNull();
    expect(answerText({ type: 'Text' }, null)).toBeNull();
    expect(answerText({ type: 'Text', responseType: 'Currency' }, '1234567.5')).toBe('$1,234,567.50');
    expect(answerText({ type: 'Text', responseType: 'PhoneNumber' }, '6085550100')).toBe('(608) 555-0100');
    expect(pdfText('Café “ok” – ✓ 中')).toBe('Café “ok” – ? ?');
    expect(totalsRow([{ name: 'Item', type: 'Text' }, { name: 'Qty', type: 'Number' }, { name: 'Cost', type: 'Currency' }], [['a', '2', '$1,000.25'], ['b', '3', '5']]))
      .toEqual(['Total', '5', '$1,005.25']);
  });
});
