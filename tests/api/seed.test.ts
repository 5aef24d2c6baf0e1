// The demo data shows real work (issue 9 items 23 and 24): seeded with a storage, every submitted application is
// fully answered with its files stored; the API's own submit check accepts every one of them; the printed PDF has
// no unanswered question; the documents open; and no application waits in REVISION_NEEDED.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, getTableName, sql } from 'drizzle-orm';
import { applications, loggedActions, organizations, schema } from '../../api/db/schema';
import { seedDatabase } from '../../api/seed';
import { DEMO_FILES } from '../../api/seed/demo-answers';
import { storageFromEnv } from '../../api/storage';
import { pdfToText } from '../support/pdf';
import { startTestApi, type TestApi } from './harness';

let api: TestApi;
let dataDir: string;
const tokens: Record<string, string> = {};
const orgIds: Record<string, string> = {};
let submitted: { id: string; organizationId: string; status: string }[] = [];

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-seed-test-'));
  api = await startTestApi({ DATA_DIR: dataDir, OTP_EMAIL_LIMIT: '100' });
  // The template was seeded without a storage: empty it and seed again the way a start does, with one.
  const tables = Object.values(schema).map((table) => `"${getTableName(table)}"`).join(', ');
  await api.database.db.execute(sql.raw(`truncate ${tables} cascade`));
  expect(await seedDatabase(api.database.db, { storage: storageFromEnv({ dataDir }) })).toBe(true);
  for (const email of ['org.admin@example.org', 'summit.admin@example.org']) tokens[email] = (await api.signIn(email)).token;
  for (const org of await api.database.db.select().from(organizations)) orgIds[org.legalName] = org.id;
  submitted = (await api.database.db.select().from(applications)).filter((a) => a.submittedAt !== null);
}, 120_000);

afterAll(async () => {
  await api?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const adminOf = (organizationId: string) =>
  tokens[organizationId === orgIds['Lakeview Fiber Cooperative'] ? 'org.admin@example.org' : 'summit.admin@example.org']!;

describe('the demo data', () => {
  it('seeds submitted applications in several statuses and none in REVISION_NEEDED', async () => {
    const statuses = submitted.map((a) => a.status).sort();
    expect(statuses.length).toBeGreaterThanOrEqual(8);
    expect(new Set(statuses).size).toBeGreaterThanOrEqual(6);
    const all = await api.database.db.select({ status: applications.status }).from(applications);
    expect(all.map((a) => a.status)).not.toContain('REVISION_NEEDED');
  });

  it('prints the applications in SUBMITTED (the printable status) with every question answered and its documents named', async () => {
    const printable = submitted.filter((a) => a.status === 'SUBMITTED');
    expect(printable.length).toBeGreaterThanOrEqual(2);
    for (const app of printable) {
      const res = await api.call(`/api/v1/organization/${app.organizationId}/generate-pdf/${app.id}`, { method: 'POST', token: adminOf(app.organizationId) });
      expect(res.status, app.id).toBe(200);
      const text = pdfToText(Buffer.from(res.body.pdfBase64, 'base64'));
      expect(text, app.id).not.toContain('No answer');
      expect(text).toMatch(/26\. Total project cost\s+\$[\d,]+/);
      for (const file of DEMO_FILES) expect(text, `${app.id} ${file.systemNo}`).toContain(`${app.id.toLowerCase()}-${file.name}.pdf`);
    }
  });

  it('stores every document through the storage: each opens as a one-page PDF about its application', async () => {
    const [app] = submitted;
    const docs = await api.call(`/api/v1/documents/organizations/${app!.organizationId}/documents?limit=100`, { token: adminOf(app!.organizationId) });
    expect(docs.status).toBe(200);
    const mine = (docs.body.documents as { id: string; fileName: string; applicationId: string }[]).filter((d) => d.applicationId === app!.id);
    expect(mine.map((d) => d.fileName).sort()).toEqual(DEMO_FILES.map((f) => `${app!.id.toLowerCase()}-${f.name}.pdf`).sort());
    for (const doc of mine) {
      const signed = await api.call(`/api/v1/documents/${doc.id}/signed-url?organizationId=${app!.organizationId}`, { token: adminOf(app!.organizationId) });
      const bytes = Buffer.from(await (await fetch(api.baseUrl + signed.body.signedUrl)).arrayBuffer());
      const text = pdfToText(bytes);
      expect(text).toContain(`Application ${app!.id}`);
    }
  });

  it('keeps the work in the history: the sections saved and documents uploaded before the submit', async () => {
    const [app] = submitted;
    const rows = await api.database.db.select().from(loggedActions).where(eq(loggedActions.applicationId, app!.id));
    expect(rows.filter((r) => r.action === 'SECTION_SAVED')).toHaveLength(8);
    expect(rows.filter((r) => r.action === 'DOCUMENT_UPLOADED')).toHaveLength(DEMO_FILES.length);
    const submittedAt = rows.find((r) => r.action === 'APPLICATION_SUBMITTED')!.createdAt.getTime();
    expect(rows.filter((r) => r.action === 'SECTION_SAVED').every((r) => r.createdAt.getTime() < submittedAt)).toBe(true);
  });

  it('passes the API\'s own submit check: each application, put back to a draft, submits', async () => {
    for (const app of submitted) {
      await api.database.db.update(applications).set({ status: 'DRAFT' }).where(eq(applications.id, app.id));
      const res = await api.call(`/api/v1/applications/${app.id}/submit`, { method: 'POST', token: adminOf(app.organizationId) });
      expect(res.status, `${app.id}: ${JSON.stringify(res.body)}`).toBe(200);
    }
  });
});
