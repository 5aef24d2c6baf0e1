// The OpenAPI document as the API serves it (issue 44, decision 098): GET /api/v1/openapi.json needs no token, a
// standard validator accepts what is served, and real answers of a sample of routes (successes and refusals, as an
// organization admin, a state admin and anonymous) fit the schema the document gives for their status (Ajv, JSON
// Schema 2020-12 as OpenAPI 3.1 reads it). Runs on PGlite and on PostgreSQL.
import SwaggerParser from '@apidevtools/swagger-parser';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestApi, type TestApi } from './harness';
import { markGating, multipartForm, postUpload, questionMap, uploadDocument } from './fixtures';

let api: TestApi;
let document: { openapi: string; paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
let ajv: Ajv2020;
let orgAdmin: { token: string; user: any };
let stateAdmin: { token: string; user: any };
let orgId: string;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-openapi-'));
  api = await startTestApi({ OTP_EMAIL_LIMIT: '1000', OTP_IP_LIMIT: '100000', DATA_DIR: dataDir });
  const served = await api.call('/api/v1/openapi.json');
  expect(served.status).toBe(200);
  document = served.body;
  ajv = new Ajv2020({ strict: false, allErrors: true });
  ajv.addSchema(document as object, 'openapi');
  orgAdmin = await api.signIn('org.admin@example.org');
  stateAdmin = await api.signIn('state.admin@example.gov');
  orgId = orgAdmin.user.organizations.find((o: { name: string }) => o.name === 'Lakeview Fiber Cooperative').id;
}, 120_000);
afterAll(async () => {
  await api?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/** The schema the document gives `method path` answering `status` (a shared error response followed to its schema). */
function documentedSchemaRef(method: string, path: string, status: number): string {
  const op = document.paths[path]?.[method];
  expect(op, `${method.toUpperCase()} ${path} is documented`).toBeDefined();
  const response = op!.responses[String(status)] as { $ref?: string } | undefined;
  expect(response, `${method.toUpperCase()} ${path} documents ${status}`).toBeDefined();
  if (response!.$ref) return `openapi#${response!.$ref.slice(1)}/content/application~1json/schema`;
  return `openapi#/${pointer('paths', path, method, 'responses', String(status), 'content', 'application/json', 'schema')}`;
}

/** Calls the route and checks the answer against its documented schema; the answer for further checks. */
async function check(method: string, path: string, url: string, init: { token?: string; body?: unknown } = {}) {
  return fits(method, path, url, await api.call(`/api/v1${url}`, { method: method.toUpperCase(), ...init }));
}

/** Checks an answer already had (a multipart upload's) against the schema documented for its status. */
function fits<R extends { status: number; body: any }>(method: string, path: string, url: string, res: R): R {
  if (res.status < 300) {
    // A success documented only as "a JSON object" checks nothing: every answer sampled here has its schema.
    const content = (document.paths[path]![method]!.responses[String(res.status)] as { content?: Record<string, { schema: object }> }).content;
    expect(content?.['application/json']?.schema, `${method.toUpperCase()} ${path} ${res.status} has a schema`).not.toEqual({ type: 'object' });
  }
  const validate = ajv.getSchema(documentedSchemaRef(method, path, res.status)) ?? ajv.compile({ $ref: documentedSchemaRef(method, path, res.status) });
  const ok = validate(res.body);
  expect(ok, `${method.toUpperCase()} ${url} ${res.status}: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(res.body).slice(0, 500)}`).toBe(true);
  return res;
}

describe('GET /api/v1/openapi.json', () => {
  it('is served without a token, as OpenAPI 3.1 a standard validator accepts', async () => {
    expect(document.openapi).toBe('3.1.0');
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
    expect(Object.keys(document.paths)).toContain('/users/{id}');
    // The document is itself an answer of the API: its top level fits the schema it gives itself.
    const again = await check('get', '/openapi.json', '/openapi.json');
    expect(again.body.info.title).toBe('Broadband Grants Portal API');
  });
});

describe('real answers fit their documented schemas', () => {
  it('the sign-in flow: a code sent, a refused address, a token and the person', async () => {
    expect((await check('post', '/send-login-otp', '/send-login-otp', { body: { email: 'org.staff@example.org' } })).status).toBe(200);
    const refused = await check('post', '/send-login-otp', '/send-login-otp', { body: { email: 'not an address' } });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.email).toBeDefined();
    const code = await api.latestCode('org.staff@example.org');
    const verified = await check('post', '/verify-otp', '/verify-otp', { body: { email: 'org.staff@example.org', otp: code } });
    expect(verified.status).toBe(200);
    expect(typeof verified.body.token).toBe('string');
    expect((await check('get', '/users/me', '/users/me', { token: verified.body.token })).status).toBe(200);
    expect((await check('get', '/logout', '/logout', { token: verified.body.token })).status).toBe(200);
    expect((await check('get', '/users/me', '/users/me', { token: verified.body.token })).status).toBe(401);
  });

  it('an organization admin\'s reads', async () => {
    const { token } = orgAdmin;
    expect((await check('get', '/users/me', '/users/me', { token })).body.roleType).toBe('org');
    expect((await check('get', '/account', '/account', { token })).status).toBe(200);
    expect((await check('get', '/program/all', '/program/all', { token })).body.length).toBeGreaterThan(0);
    const list = await check('get', '/organization/{orgId}/applications', `/organization/${orgId}/applications?page=1&limit=5`, { token });
    expect(list.body.applications.length).toBeGreaterThan(0);
    expect((await check('get', '/organization/{orgId}/application-counts', `/organization/${orgId}/application-counts`, { token })).status).toBe(200);
    expect((await check('get', '/users/organization/{orgId}/counts', `/users/organization/${orgId}/counts`, { token })).body.active).toBeGreaterThan(0);
    expect((await check('get', '/roles/organization', '/roles/organization', { token })).body.map((r: { name: string }) => r.name))
      .toEqual(['Organization_Admin', 'Organization_Staff']);
    const sections = await check('get', '/applications/{id}/sections-status', `/applications/${list.body.applications[0].applicationId}/sections-status`, { token });
    expect(sections.body.length).toBeGreaterThan(0);
  });

  it('a state admin\'s reads', async () => {
    const { token } = stateAdmin;
    expect((await check('get', '/users/me', '/users/me', { token })).body.roleType).toBe('state');
    expect((await check('get', '/roles/state', '/roles/state', { token })).body.length).toBe(7);
    const orgs = await check('get', '/organization/with-users', '/organization/with-users?page=1&limit=5', { token });
    expect(orgs.body.organizations.length).toBeGreaterThan(0);
  });

  it('the application form: a section with its questions and answers, saved, with field errors, returned for revision', async () => {
    const { token } = orgAdmin;
    const sections = (await check('get', '/applications/{id}/sections-status', '/applications/GA-LKV001/sections-status', { token })).body;
    const editable = sections.find((s: { isEntityProfile: boolean }) => !s.isEntityProfile);
    const view = await check('get', '/applications/{id}/sections/{sectionId}', `/applications/GA-LKV001/sections/${editable.sectionId}?required=true`, { token });
    expect(view.body.questions.length).toBeGreaterThan(0);
    expect(view.body.section.id).toBe(editable.sectionId);
    const saved = await check('post', '/applications/{id}/sections/{sectionId}/answers', `/applications/GA-LKV001/sections/${editable.sectionId}/answers`, {
      token, body: { answers: [], version: view.body.section.version },
    });
    expect(saved.status).toBe(200);
    expect(typeof saved.body.message).toBe('string');
    // GA-LKV007 was returned for revision (api/seed/index.ts): the view says what the state asked.
    const returned = (await check('get', '/applications/{id}/sections-status', '/applications/GA-LKV007/sections-status', { token })).body;
    const reopened = await check('get', '/applications/{id}/sections/{sectionId}', `/applications/GA-LKV007/sections/${returned.find((s: { unlocked: boolean }) => s.unlocked).sectionId}`, { token });
    expect(reopened.body.application.status).toBe('REVISION_NEEDED');
    expect(reopened.body.application.revisionRequest.comments).toMatch(/letter of credit/);
    const state = await check('get', '/applications/{id}/unlock-state', '/applications/GA-LKV007/unlock-state', { token });
    // The entity profile is the organization's, never unlocked per application: the other sections are listed.
    expect(state.body.sections.length).toBe(returned.filter((s: { isEntityProfile: boolean }) => !s.isEntityProfile).length);
  });

  it('history, users and messages: an organization admin\'s and a state admin\'s lists', async () => {
    const org = await check('get', '/logged-actions/{applicationId}/application', '/logged-actions/GA-LKV006/application?page=1&limit=50', { token: orgAdmin.token });
    expect(org.body.loggedActions.length).toBeGreaterThan(0);
    expect((await check('get', '/logged-actions/organization/{orgId}', `/logged-actions/organization/${orgId}?page=1&limit=20`, { token: orgAdmin.token })).body.loggedActions.length).toBeGreaterThan(0);
    const all = await check('get', '/logged-actions', '/logged-actions?page=1&limit=100', { token: stateAdmin.token });
    expect(all.body.loggedActions.length).toBeGreaterThan(0);
    expect((await check('get', '/users/organization/{orgId}/all', `/users/organization/${orgId}/all?page=1&limit=50`, { token: orgAdmin.token })).body.users.length).toBeGreaterThan(0);
    expect((await check('get', '/users/all-state-user', '/users/all-state-user?page=1&limit=50', { token: stateAdmin.token })).body.users.length).toBe(7);
    const threads = await check('get', '/messages/threads', `/messages/threads?organizationId=${orgId}&page=1&limit=10`, { token: orgAdmin.token });
    expect(threads.body.threads.length).toBeGreaterThan(0);
    expect((await check('get', '/messages/threads', '/messages/threads?page=1&limit=10', { token: stateAdmin.token })).body.threads.length).toBeGreaterThan(0);
    const thread = await check('get', '/messages/threads/{id}', `/messages/threads/${threads.body.threads[0].id}`, { token: orgAdmin.token });
    expect(thread.body.messages.length).toBeGreaterThan(0);
  });

  it('unlock requests: asked by the organization, listed for it and for the State Admin', async () => {
    const sections = (await check('get', '/applications/{id}/sections-status', '/applications/GA-LKV002/sections-status', { token: orgAdmin.token })).body;
    const asked = await api.call(`/api/v1/unlock-requests?organizationId=${orgId}`, {
      method: 'POST', token: orgAdmin.token, body: { applicationId: 'GA-LKV002', sectionId: sections.find((s: { isEntityProfile: boolean }) => !s.isEntityProfile).sectionId, message: 'Please reopen it: a figure is wrong.' },
    });
    expect(asked.status).toBe(201);
    expect((await check('get', '/unlock-requests/organization/{orgId}', `/unlock-requests/organization/${orgId}?page=1&limit=10`, { token: orgAdmin.token })).body.requests.length).toBeGreaterThan(0);
    expect((await check('get', '/unlock-requests', '/unlock-requests?page=1&limit=10', { token: stateAdmin.token })).body.requests.length).toBeGreaterThan(0);
    expect((await check('get', '/unlock-requests/admin-unlocks', '/unlock-requests/admin-unlocks?page=1&limit=10', { token: stateAdmin.token })).status).toBe(200);
    const state = await check('get', '/applications/{id}/unlock-state', '/applications/GA-LKV002/unlock-state', { token: orgAdmin.token });
    expect(state.body.sections.some((s: { pending: boolean }) => s.pending)).toBe(true);
  });

  it('the review screen as the State Admin and as a reviewer, and a status move', async () => {
    const review = await check('get', '/review/applications/{id}', '/review/applications/GA-LKV003', { token: stateAdmin.token });
    expect(review.body.application.status).toBe('GATING_REVIEW');
    expect(review.body.assignedReviewers.length).toBeGreaterThan(0);
    const reviewer = await api.signIn('rsm.reviewer@example.gov');
    expect((await check('get', '/review/applications/{id}', '/review/applications/GA-LKV003', { token: reviewer.token })).body.myReview).not.toBeNull();
    const submitted = await check('get', '/review/applications/{id}', '/review/applications/GA-LKV002', { token: stateAdmin.token });
    expect(submitted.body.allowedActions).toContain('mark-as-gating-review');
    const moved = await check('post', '/review/applications/{id}/mark-as-gating-review', '/review/applications/GA-LKV002/mark-as-gating-review', { token: stateAdmin.token, body: {} });
    expect(moved.body.status).toBe('GATING_REVIEW');
  });

  it('a reviewer\'s marking: the declaration, marks saved, sections and decision submitted', async () => {
    const reviewer = await api.signIn('rsm.reviewer@example.gov');
    const declared = await check('post', '/review/applications/{id}/conflict-of-interest', '/review/applications/GA-LKV003/conflict-of-interest', { token: reviewer.token, body: { conflict: false } });
    expect(declared.body).toMatchObject({ conflict: false, stage: 'GATING' });
    const view = (await check('get', '/review/applications/{id}', '/review/applications/GA-LKV003', { token: reviewer.token })).body;
    const mine = view.myReview;
    // Review rubric 2: the gating stage marks these questions pass or fail (written out here from the spec).
    const gating = new Set(['6', '7', '8', '19', '40', '41', '42', '43', '45', '46', '50', '51', '52', '53', '60', '61', '62', '80', '81', '82', '83', '85']);
    for (const [sectionId, version] of Object.entries(mine.markVersions as Record<string, string>)) {
      const questions = view.sections.find((s: { id: string }) => s.id === sectionId).questions
        .filter((q: { systemNo: string; visible: boolean }) => gating.has(q.systemNo) && q.visible);
      const saved = await check('put', '/review/applications/{id}/sections/{sectionId}/marks', `/review/applications/GA-LKV003/sections/${sectionId}/marks`, {
        token: reviewer.token, body: { marks: questions.map((q: { id: string }) => ({ questionId: q.id, passFail: 'PASS', comment: 'Fine.' })), version },
      });
      expect(saved.body, JSON.stringify(saved.body)).toMatchObject({ stage: 'GATING', sectionId, assignment: 'IN_PROGRESS' });
      const done = await check('post', '/review/applications/{id}/sections/{sectionId}/submit', `/review/applications/GA-LKV003/sections/${sectionId}/submit`, { token: reviewer.token, body: {} });
      expect(done.body, JSON.stringify(done.body)).toMatchObject({ stage: 'GATING', sectionId });
    }
    const decided = await check('post', '/review/applications/{id}/submit-review-decision', '/review/applications/GA-LKV003/submit-review-decision', {
      token: reviewer.token, body: { decision: 'RECOMMEND_PASS', comments: 'Every gating question passes.' },
    });
    expect(decided.body, JSON.stringify(decided.body)).toMatchObject({ stage: 'GATING' });
  });

  it('the review summary, the consensus and the BEAD rubric', async () => {
    const summary = await check('get', '/review/applications/{id}/review-summary', '/review/applications/GA-LKV008/review-summary', { token: stateAdmin.token });
    expect(summary.body.stages.map((s: { stage: string }) => s.stage)).toEqual(['GATING', 'TECHNICAL', 'STATE']);
    expect(summary.body.stages[0].decisions.length).toBeGreaterThan(0);
    const consensus = await check('get', '/review/applications/{id}/consensus', '/review/applications/GA-LKV008/consensus', { token: stateAdmin.token });
    expect(consensus.body.sight).toBe('all');
    expect(consensus.body.questions.length).toBeGreaterThan(0);
    const reviewer = await api.signIn('rsm.reviewer@example.gov');
    expect((await check('get', '/review/applications/{id}/consensus', '/review/applications/GA-LKV008/consensus', { token: reviewer.token })).body.sight).toBe('own');
    const sheet = await check('get', '/rubric-scores/application/{id}/score', '/rubric-scores/application/GA-LKV009/score', { token: stateAdmin.token });
    expect(sheet.body.criteria.length).toBe(8);
    const saved = await check('put', '/rubric-scores/application/{id}/score', '/rubric-scores/application/GA-LKV009/score', {
      token: stateAdmin.token, body: { affordabilityScore: 5, version: sheet.body.version },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.changed).toEqual(['affordabilityScore']);
  });

  it('the dashboards, the state\'s applications list, its organization filter, the Documents library', async () => {
    const byStatus = await check('get', '/organization/{orgId}/application-counts/by-status', `/organization/${orgId}/application-counts/by-status`, { token: orgAdmin.token });
    expect(byStatus.body.ALL).toBeGreaterThan(0);
    expect(byStatus.body.DRAFT).toBeGreaterThan(0);
    const state = await check('get', '/review/applications/dashboard/count', '/review/applications/dashboard/count', { token: stateAdmin.token });
    expect(state.body.ALL).toBeGreaterThan(0);
    expect(state.body.DRAFT).toBeUndefined();
    const list = await check('get', '/review/applications', '/review/applications?page=1&limit=20', { token: stateAdmin.token });
    expect(list.body.applications.some((a: { reviewers: unknown[] }) => a.reviewers.length > 0)).toBe(true);
    const reviewer = await api.signIn('rsm.reviewer@example.gov');
    expect((await check('get', '/review/applications/applications/assigned', '/review/applications/applications/assigned?page=1&limit=20', { token: reviewer.token })).body.applications.length).toBeGreaterThan(0);
    const orgs = await check('get', '/organization/all-organizations', '/organization/all-organizations', { token: stateAdmin.token });
    expect(orgs.body.map((o: { name: string }) => o.name)).toEqual(['Lakeview Fiber Cooperative', 'Old Mill Wireless', 'Summit Rural Telephone']);
    const programId = (await check('get', '/program/all', '/program/all', { token: orgAdmin.token })).body[0].id;
    const sectionId = (await api.call('/api/v1/section/all', { token: orgAdmin.token })).body[0].id;
    await uploadDocument(api, orgAdmin.token, { organizationId: orgId, programId, sectionId, fileName: 'coverage-map.pdf', description: 'The coverage map' },
      '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
    const library = await check('get', '/documents/organizations/{orgId}/documents', `/documents/organizations/${orgId}/documents?page=1&limit=50`, { token: orgAdmin.token });
    expect(library.body.documents.length).toBeGreaterThan(0);
  });

  it('the messages badge, the history filters, the reviewers an admin may assign', async () => {
    // The state wrote to Lakeview in the seed (api/seed/index.ts): its admin has unread messages.
    const unread = await check('get', '/messages/unread/count', '/messages/unread/count', { token: orgAdmin.token });
    expect(unread.body.total).toBeGreaterThan(0);
    expect(unread.body.byThread.length).toBeGreaterThan(0);
    const filters = await check('get', '/logged-actions/filters', '/logged-actions/filters', { token: stateAdmin.token });
    expect(filters.body.actions).toContain('STATUS_CHANGED');
    expect(filters.body.users.length).toBeGreaterThan(0);
    const reviewers = await check('get', '/users/all-reviewers-by-roles', '/users/all-reviewers-by-roles?reviewerType=RSM_REVIEWER', { token: stateAdmin.token });
    expect(reviewers.body.reviewers.map((r: { email: string }) => r.email)).toContain('rsm.reviewer@example.gov');
  });

  it('the reviewers screen: every review assignment, and the assignments counted by reviewer', async () => {
    const assignments = await check('get', '/review/applications/reviewers/all', '/review/applications/reviewers/all?page=1&limit=100', { token: stateAdmin.token });
    expect(assignments.body.reviewers.length).toBeGreaterThan(0);
    expect(assignments.body.reviewers.map((r: { reviewer: { email: string } }) => r.reviewer.email)).toContain('rsm.reviewer@example.gov');
    const summary = await check('get', '/review/applications/reviewers/summary', '/review/applications/reviewers/summary?page=1&limit=100', { token: stateAdmin.token });
    const rsm = summary.body.reviewers.find((r: { reviewer: { email: string } }) => r.reviewer.email === 'rsm.reviewer@example.gov');
    expect(rsm).toMatchObject({ reviewerType: 'RSM_REVIEWER', stage: 'GATING', reviewer: { role: 'RSM_Reviewer', active: true } });
  });

  it('unlocks: asked, approved, resubmitted, made directly; the programmes\' unlock windows closed and reopened', async () => {
    const formSection = async (applicationId: string, token: string) =>
      (await check('get', '/applications/{id}/sections-status', `/applications/${applicationId}/sections-status`, { token })).body
        .find((s: { isEntityProfile: boolean }) => !s.isEntityProfile).sectionId as string;
    const sectionId = await formSection('GA-LKV004', orgAdmin.token);
    const asked = await check('post', '/unlock-requests', `/unlock-requests?organizationId=${orgId}`, {
      token: orgAdmin.token, body: { applicationId: 'GA-LKV004', sectionId, message: 'Please reopen it: the budget changed.' },
    });
    expect(asked.status).toBe(201);
    expect(asked.body).toMatchObject({ applicationId: 'GA-LKV004', sectionId, status: 'PENDING' });
    const approved = await check('put', '/unlock-requests/{id}/approve', `/unlock-requests/${asked.body.id}/approve`, { token: stateAdmin.token, body: {} });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ id: asked.body.id, status: 'APPROVED', sectionId });
    const relocked = await check('post', '/applications/{id}/sections/{sectionId}/relock', `/applications/GA-LKV004/sections/${sectionId}/relock`, { token: orgAdmin.token, body: {} });
    expect(relocked.status, JSON.stringify(relocked.body)).toBe(200);
    expect(relocked.body.changes).toEqual([]);
    const other = (await api.call('/api/v1/review/applications/GA-SMT002', { token: stateAdmin.token })).body.sections
      .find((s: { isEntityProfile: boolean }) => !s.isEntityProfile).id;
    const unlocked = await check('post', '/unlock-requests/admin-unlock', '/unlock-requests/admin-unlock', {
      token: stateAdmin.token, body: { applicationId: 'GA-SMT002', sectionId: other, message: 'Opened for a correction.' },
    });
    expect(unlocked.status, JSON.stringify(unlocked.body)).toBe(201);
    expect(unlocked.body).toMatchObject({ applicationId: 'GA-SMT002', sectionId: other, status: 'APPROVED' });
    // A reviewer asks for an unlock on the review screen of an application assigned to them (decision 034).
    const reviewer = await api.signIn('rsm.reviewer@example.gov');
    const reviewed = (await api.call('/api/v1/review/applications/GA-LKV003', { token: reviewer.token })).body.sections
      .find((s: { isEntityProfile: boolean; unlocked: boolean }) => !s.isEntityProfile && !s.unlocked).id;
    const fromReviewer = await check('post', '/unlock-requests/review-request', '/unlock-requests/review-request', {
      token: reviewer.token, body: { applicationId: 'GA-LKV003', sectionId: reviewed, message: 'The map does not match the budget.' },
    });
    expect(fromReviewer.status, JSON.stringify(fromReviewer.body)).toBe(201);
    expect(fromReviewer.body).toMatchObject({ applicationId: 'GA-LKV003', sectionId: reviewed, status: 'PENDING' });
    const windows = await check('get', '/program/unlock-windows', '/program/unlock-windows', { token: stateAdmin.token });
    const open = windows.body.windows.find((w: { open: boolean }) => w.open);
    expect(open).toBeDefined();
    const closed = await check('put', '/program/{programId}/unlock-window', `/program/${open.programId}/unlock-window`, { token: stateAdmin.token, body: { status: 'closed' } });
    expect(closed.body.window).toMatchObject({ programId: open.programId, open: false });
    const reopened = await check('put', '/program/{programId}/unlock-window', `/program/${open.programId}/unlock-window`, { token: stateAdmin.token, body: { status: 'open' } });
    expect(reopened.body.window).toMatchObject({ programId: open.programId, open: true, closedAt: null });
  });

  it('user and account writes: added, edited, turned off, invited, withdrawn, accepted, declined; my account and its email', async () => {
    const added = await check('post', '/organization/{orgId}/add-staff', `/organization/${orgId}/add-staff`, {
      token: orgAdmin.token, body: { roleId: 'Organization_Staff', firstName: 'Nora', lastName: 'Quill', email: 'nora.quill@example.org' },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body.user).toMatchObject({ email: 'nora.quill@example.org', roles: [{ name: 'Organization_Staff' }] });
    const nora = await api.signIn('nora.quill@example.org');
    const saved = await check('patch', '/account', '/account', { token: nora.token, body: { firstName: 'Norah', lastName: 'Quill' } });
    expect(saved.body.changed.length).toBe(1);
    expect((await check('post', '/account/email', '/account/email', { token: nora.token, body: { email: 'nora.q@example.org' } })).status).toBe(202);
    expect((await check('delete', '/account/email', '/account/email', { token: nora.token })).status).toBe(200);
    const asked = await check('post', '/account/email', '/account/email', { token: nora.token, body: { email: 'nora.q@example.org' } });
    expect(asked.body.newEmail).toBe('nora.q@example.org');
    // The email change's code, as the mail to the new address says it (tests/api/account-ownership.test.ts reads it so).
    const outboxUrl = `/dev/outbox?email=${encodeURIComponent('nora.q@example.org')}`;
    const mail = fits('get', '/dev/outbox', outboxUrl, await api.call(`/api/v1${outboxUrl}`, { http: true })).body[0];
    expect(mail.to).toBe('nora.q@example.org');
    const code = /is (\d{6})\./.exec(mail.text)![1]!;
    const changed = await check('post', '/account/email/confirm', '/account/email/confirm', { token: nora.token, body: { code } });
    expect(changed.body.email).toBe('nora.q@example.org');
    const role = await check('patch', '/users/{id}', `/users/${added.body.user.id}`, {
      token: orgAdmin.token, body: { id: added.body.user.id, organizationId: orgId, roleId: 'Organization_Admin' },
    });
    expect(role.body.user.roles).toEqual([{ name: 'Organization_Admin' }]);
    const off = await check('put', '/organization/{orgId}/toggle-status/{userId}', `/organization/${orgId}/toggle-status/${added.body.user.id}`, {
      token: orgAdmin.token, body: { status: 'inactive' },
    });
    expect(off.body.user.status).toBe('inactive');
    // Accounts of other organizations are invited, not added (decision 093).
    const invite = async (email: string) => {
      const invited = await check('post', '/organization/{orgId}/add-staff', `/organization/${orgId}/add-staff`, {
        token: orgAdmin.token, body: { roleId: 'Organization_Staff', firstName: 'Guest', lastName: 'Member', email },
      });
      expect(invited.status, JSON.stringify(invited.body)).toBe(201);
      expect(invited.body.user.status).toBe('invited');
      return invited.body.user.id as string;
    };
    const summit = await invite('summit.admin@example.org');
    const withdrawn = await check('post', '/organization/{orgId}/invitations/withdraw', `/organization/${orgId}/invitations/withdraw`, { token: orgAdmin.token, body: { userId: summit } });
    expect(withdrawn.body.user.id).toBe(summit);
    await invite('summit.admin@example.org');
    const summitAdmin = await api.signIn('summit.admin@example.org');
    const accepted = await check('post', '/invitations/{orgId}/accept', `/invitations/${orgId}/accept`, { token: summitAdmin.token, body: {} });
    expect(accepted.body).toMatchObject({ organizationId: orgId, name: 'Lakeview Fiber Cooperative', role: { name: 'Organization_Staff' } });
    // A member of Summit's whom Lakeview invites, and who declines.
    const summitId = summitAdmin.user.organizations.find((o: { name: string }) => o.name !== 'Lakeview Fiber Cooperative').id;
    expect((await check('post', '/organization/{orgId}/add-staff', `/organization/${summitId}/add-staff`, {
      token: summitAdmin.token, body: { roleId: 'Organization_Staff', firstName: 'Pia', lastName: 'Lund', email: 'pia.lund@example.org' },
    })).status).toBe(201);
    await invite('pia.lund@example.org');
    const pia = await api.signIn('pia.lund@example.org');
    const declined = await check('post', '/invitations/{orgId}/decline', `/invitations/${orgId}/decline`, { token: pia.token, body: {} });
    expect(declined.body.organizationId).toBe(orgId);

    const stateUser = await check('post', '/users/add-staff', '/users/add-staff', {
      token: stateAdmin.token, body: { roleId: 'State_Reviewer', firstName: 'Ida', lastName: 'Reyes', email: 'ida.reyes@example.gov' },
    });
    expect(stateUser.status, JSON.stringify(stateUser.body)).toBe(201);
    const id = stateUser.body.user.id;
    const edited = await check('patch', '/users/{id}', `/users/${id}`, {
      token: stateAdmin.token, body: { id, roleId: 'State_Reviewer', firstName: 'Ida', lastName: 'Reyes-Long', email: 'ida.reyes@example.gov' },
    });
    expect(edited.body.user.lastName).toBe('Reyes-Long');
    const stateOff = await check('put', '/users/{id}/toggle-status', `/users/${id}/toggle-status`, { token: stateAdmin.token, body: { id, status: 'inactive' } });
    expect(stateOff.body.user.status).toBe('inactive');
  });

  it('applications started, cancelled and deleted; project areas; an organization turned on and off; held answers; a thread read', async () => {
    const { token } = orgAdmin;
    const areas = await check('get', '/project-area/all', '/project-area/all', { token });
    expect(areas.body.length).toBeGreaterThan(0);
    const one = await check('get', '/project-area/{area}', `/project-area/${encodeURIComponent(areas.body[0].name)}`, { token });
    expect(one.body.name).toBe(areas.body[0].name);
    // Two areas none of Lakeview's applications is in: a draft in each.
    const mine = (await api.call(`/api/v1/organization/${orgId}/applications?page=1&limit=100`, { token })).body.applications
      .map((a: { projectLocation: string | null }) => a.projectLocation);
    const free = areas.body.map((a: { name: string }) => a.name).filter((name: string) => !mine.includes(name));
    const programId = (await api.call('/api/v1/program/all', { token })).body[0].id;
    const start = async (projectLocation: string) => {
      const created = await check('post', '/applications/create', `/applications/create?organizationId=${orgId}`, {
        token, body: { programId, projectLocation, technologyType: 'Fiber to the premises' },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.body.status).toBe('DRAFT');
      return created.body.applicationId as string;
    };
    const first = await start(free[0]);
    const cancelled = await check('post', '/applications/{id}/cancel', `/applications/${first}/cancel`, { token, body: { message: 'The area is covered by a neighbour.' } });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const second = await start(free[1]);
    const deleted = await check('delete', '/applications/{id}/delete', `/applications/${second}/delete`, { token });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);

    const oldMill = (await api.call('/api/v1/organization/all-organizations', { token: stateAdmin.token })).body.find((o: { name: string }) => o.name === 'Old Mill Wireless');
    const on = await check('put', '/organization/{orgId}/status', `/organization/${oldMill.id}/status`, { token: stateAdmin.token, body: { status: 'active' } });
    expect(on.body.organization).toEqual({ id: oldMill.id, legalName: 'Old Mill Wireless', status: 'active' });
    const off = await check('put', '/organization/{orgId}/status', `/organization/${oldMill.id}/status`, { token: stateAdmin.token, body: { status: 'inactive' } });
    expect(off.body.organization.status).toBe('inactive');

    const held = await check('put', '/held-submissions', '/held-submissions', { token, body: { formKey: '/account', fields: [['firstName', 'Lena']] } });
    expect(held.status).toBe(201);
    expect(held.body.formKey).toBe('/account');
    const read = await check('get', '/held-submissions', '/held-submissions?formKey=%2Faccount', { token });
    expect(read.body.fields).toEqual([['firstName', 'Lena']]);

    const thread = (await api.call(`/api/v1/messages/threads?organizationId=${orgId}&page=1&limit=10`, { token })).body.threads[0];
    const marked = await check('post', '/messages/{id}/read', `/messages/${thread.id}/read`, { token, body: {} });
    expect(marked.body.threadId).toBe(thread.id);
  });

  it('a document uploaded, linked and deleted', async () => {
    const { token } = orgAdmin;
    const programId = (await api.call('/api/v1/program/all', { token })).body[0].id;
    const sections = await check('get', '/section/all', `/section/all?programId=${programId}`, { token });
    expect(sections.body.length).toBeGreaterThan(0);
    const sectionId = sections.body[0].id;
    const uploaded = fits('post', '/documents/upload', '/documents/upload', await postUpload(api, token, {
      organizationId: orgId, programId, sectionId, fileName: 'tower-permit.pdf', description: 'The tower permit',
    }));
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    expect(uploaded.body.document.fileName).toBe('tower-permit.pdf');
    const id = uploaded.body.document.id;
    const link = await check('get', '/documents/{id}/signed-url', `/documents/${id}/signed-url?organizationId=${orgId}`, { token });
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    expect(typeof link.body.signedUrl).toBe('string');
    const details = await check('get', '/documents/{id}', `/documents/${id}?organizationId=${orgId}`, { token });
    expect(details.body.document.id).toBe(id);
    expect(details.body.versions).toMatchObject([{ id, version: 1, current: true }]);
    const versioned = fits('post', '/documents/{id}/new-version', `/documents/${id}/new-version`, await api.postForm(
      `/api/v1/documents/${id}/new-version?organizationId=${orgId}`,
      multipartForm({ fileName: 'tower-permit-v2.pdf' }, { name: 'tower-permit-v2.pdf', bytes: '%PDF-1.4 the second permit', type: 'application/pdf' }), token,
    ));
    expect(versioned.status, JSON.stringify(versioned.body)).toBe(201);
    expect(versioned.body).toMatchObject({ previousId: id, document: { fileName: 'tower-permit-v2.pdf', version: 2, versionOf: id, current: true } });
    const both = await check('get', '/documents/{id}', `/documents/${versioned.body.document.id}?organizationId=${orgId}`, { token });
    expect(both.body.versions.map((v: { version: number; current: boolean }) => [v.version, v.current])).toEqual([[2, true], [1, false]]);
    const deleted = await check('delete', '/documents/{id}', `/documents/${versioned.body.document.id}?organizationId=${orgId}`, { token });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
  });

  it('a message sent with a file, and the file\'s link', async () => {
    const { token } = orgAdmin;
    const sent = fits('post', '/messages', '/messages', await api.postForm('/api/v1/messages', multipartForm(
      { content: 'The signed easement is attached.', applicationId: 'GA-LKV001', organizationId: orgId },
      { name: 'easement.pdf', bytes: '%PDF-1.4 the easement', type: 'application/pdf' }, { fileField: 'attachments' },
    ), token));
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body.data).toMatchObject({ content: 'The signed easement is attached.', organizationId: orgId, applicationId: 'GA-LKV001', attachments: [{ fileName: 'easement.pdf' }] });
    const thread = await check('get', '/messages/threads/{id}', `/messages/threads/${sent.body.threadId}`, { token });
    const attachment = thread.body.messages.find((m: { id: string }) => m.id === sent.body.data.id).attachments[0];
    const link = await check('get', '/messages/attachments/{id}', `/messages/attachments/${attachment.id}`, { token });
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    expect(link.body.data.fileName).toBe('easement.pdf');
    expect(link.body.data.url).toContain(`/api/v1/messages/attachments/${attachment.id}/file`);
  });

  it('a consensus value set, the earlier passes of a revised application', async () => {
    const consensus = await check('get', '/review/applications/{id}/consensus', '/review/applications/GA-SMT007/consensus', { token: stateAdmin.token });
    const question = consensus.body.questions.find((q: { mode: string }) => q.mode === 'PASS_FAIL');
    const set = await check('put', '/review/applications/{id}/questions/{qid}/average-score', `/review/applications/GA-SMT007/questions/${question.questionId}/average-score`, {
      token: stateAdmin.token, body: { overridePassFail: 'PASS', adminComments: 'Agreed in the meeting.' },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body).toMatchObject({ stage: 'GATING', questionId: question.questionId, overridePassFail: 'PASS', overrideScore: null, adminComments: 'Agreed in the meeting.' });
    // GA-LKV006 was returned for revision in its technical review and resubmitted (api/seed/index.ts): back in review, a new pass starts.
    const moved = await check('post', '/review/applications/{id}/mark-as-gating-review', '/review/applications/GA-LKV006/mark-as-gating-review', { token: stateAdmin.token, body: {} });
    expect(moved.body.status).toBe('GATING_REVIEW');
    const passes = await check('get', '/review/applications/{id}/passes', '/review/applications/GA-LKV006/passes', { token: stateAdmin.token });
    expect(passes.body.passes[0]).toMatchObject({ key: 'GATING-1', stage: 'GATING', pass: 1, backFrom: 'RESUBMITTED', sight: 'all' });
    expect(passes.body.passes[0].questions.length).toBeGreaterThan(0);
  });

  it('the candidate dashboard; an answer by its number; the Entity Profile read and saved; a held upload; a revision resubmitted', async () => {
    const candidates = await check('get', '/review/applications/candidate-dashboard', '/review/applications/candidate-dashboard?page=1&limit=50', { token: stateAdmin.token });
    expect(candidates.status, JSON.stringify(candidates.body)).toBe(200);
    // GA-LKV004 passed gating in the seed (api/seed/index.ts): it is a candidate of its area.
    const ranked = candidates.body.areas.flatMap((a: { applications: { applicationId: string }[] }) => a.applications.map((r) => r.applicationId));
    expect(ranked).toContain('GA-LKV004');
    expect(ranked).not.toContain('GA-LKV003');

    const { token } = orgAdmin;
    // Spec 9: the project cost is read by its number, 26; GA-LKV002 was submitted with every answer.
    const cost = await check('get', '/applications/{id}/questions-system-no/{systemNo}/answers', '/applications/GA-LKV002/questions-system-no/26/answers', { token });
    expect(cost.status, JSON.stringify(cost.body)).toBe(200);
    expect(cost.body.systemNo).toBe('26');
    expect(typeof cost.body.value).toBe('string');

    const profile = await check('get', '/organization/{orgId}/profile', `/organization/${orgId}/profile`, { token });
    expect(profile.status, JSON.stringify(profile.body)).toBe(200);
    expect(profile.body).toMatchObject({ organizationId: orgId, readOnly: false });
    // Question 1, the legal name, always comes from the organization.
    expect(profile.body.questions.find((q: { systemNo: string }) => q.systemNo === '1').answer).toBe('Lakeview Fiber Cooperative');
    const saved = await check('post', '/organization/{orgId}/profile', `/organization/${orgId}/profile`, { token, body: { answers: [], version: profile.body.version } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.organizationId).toBe(orgId);
    expect(typeof saved.body.message).toBe('string');

    // A File question's file held for the Save of a draft (GA-LKV001; question 31 of the technology section).
    const programId = (await api.call('/api/v1/program/all', { token })).body[0].id;
    const technology = (await api.call('/api/v1/applications/GA-LKV001/sections-status', { token })).body.find((s: { slug: string }) => s.slug === 'technology').sectionId;
    const fileQuestion = (await api.call(`/api/v1/applications/GA-LKV001/sections/${technology}`, { token })).body.questions.find((q: { systemNo: string }) => q.systemNo === '31').id;
    const held = fits('post', '/documents/pending', '/documents/pending', await api.postForm('/api/v1/documents/pending', multipartForm({
      organizationId: orgId, programId, sectionId: technology, applicationId: 'GA-LKV001', questionId: fileQuestion, fileName: 'network-diagram.pdf',
    }, { name: 'network-diagram.pdf', bytes: '%PDF-1.4 the network diagram', type: 'application/pdf' }), token));
    expect(held.status, JSON.stringify(held.body)).toBe(201);
    expect(held.body.pendingUpload).toMatchObject({ fileName: 'network-diagram.pdf', questionId: fileQuestion, applicationId: 'GA-LKV001' });

    // GA-LKV007 was returned for revision (api/seed/index.ts); the seed's copy here holds no file, so its File answers
    // are given first: each section with one is opened by the State Admin (the financial one is open already), a
    // document uploaded and the answers saved. Then submitting it resubmits it.
    const formSections = (await api.call('/api/v1/applications/GA-LKV007/sections-status', { token })).body.filter((s: { isEntityProfile: boolean }) => !s.isEntityProfile);
    for (const s of formSections as { sectionId: string; unlocked: boolean }[]) {
      const files = (await api.call(`/api/v1/applications/GA-LKV007/sections/${s.sectionId}`, { token })).body.questions
        .filter((q: { type: string; visible: boolean; answer: unknown }) => q.type === 'File' && q.visible && q.answer === null);
      if (files.length === 0) continue;
      if (!s.unlocked) {
        const opened = await api.call('/api/v1/unlock-requests/admin-unlock', { method: 'POST', token: stateAdmin.token, body: { applicationId: 'GA-LKV007', sectionId: s.sectionId, message: 'Opened to attach the files.' } });
        expect(opened.status, JSON.stringify(opened.body)).toBe(201);
      }
      const file = await uploadDocument(api, token, { organizationId: orgId, programId, sectionId: s.sectionId, fileName: 'attachment.pdf' });
      const answers = files.map((q: { id: string }) => ({ questionId: q.id, value: { documentId: file.id, fileName: file.fileName } }));
      const filled = await api.call(`/api/v1/applications/GA-LKV007/sections/${s.sectionId}/answers`, { token, body: { answers } });
      expect(filled.status, JSON.stringify(filled.body)).toBe(200);
    }
    const resubmitted = await check('post', '/applications/{id}/submit', '/applications/GA-LKV007/submit', { token, body: {} });
    expect(resubmitted.status, JSON.stringify(resubmitted.body)).toBe(200);
    expect(resubmitted.body).toMatchObject({ applicationId: 'GA-LKV007', status: 'RESUBMITTED' });
  });

  it('reviewers assigned, a submitted review unlocked', async () => {
    const reviewer = await api.signIn('rsm.reviewer@example.gov');
    const added = await check('post', '/users/add-staff', '/users/add-staff', {
      token: stateAdmin.token, body: { roleId: 'RSM_Reviewer', firstName: 'Rhea', lastName: 'Second', email: 'rhea.second@example.gov' },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const second = added.body.user.id;
    // GA-SMT012 is in its gating review with the seeded RSM reviewer's review started (api/seed/index.ts): a second joins.
    const assigned = await check('post', '/review/applications/{id}/assign-reviewers', '/review/applications/GA-SMT012/assign-reviewers', {
      token: stateAdmin.token, body: { reviewerIds: [reviewer.user.id, second] },
    });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    expect(assigned.body).toMatchObject({ stage: 'GATING', added: [second], removed: [], kept: [reviewer.user.id] });
    expect(assigned.body.assignedReviewers.map((r: { email: string }) => r.email).sort()).toEqual(['rhea.second@example.gov', 'rsm.reviewer@example.gov']);
    // The seeded reviewer submits their whole review; the second has not started, so the application stays in review.
    await markGating(api, reviewer.token, 'GA-SMT012', await questionMap(api.database.db));
    const decided = await api.call('/api/v1/review/applications/GA-SMT012/submit-review-decision', {
      method: 'POST', token: reviewer.token, body: { decision: 'RECOMMEND_PASS', comments: 'Every gating question passes.' },
    });
    expect(decided.body, JSON.stringify(decided.body)).toMatchObject({ stage: 'GATING', movedTo: null });
    const unlocked = await check('put', '/review/applications/applications/{id}/reviews/{reviewerId}/unlock', `/review/applications/applications/GA-SMT012/reviews/${reviewer.user.id}/unlock`, {
      token: stateAdmin.token, body: { comment: 'Please look at question 43 again.' },
    });
    expect(unlocked.status, JSON.stringify(unlocked.body)).toBe(200);
    expect(unlocked.body).toMatchObject({ stage: 'GATING', reviewerId: reviewer.user.id, status: 'IN_PROGRESS' });
  }, 60_000);

  it('a bulk move previewed and made: a row moved, a row whose status refuses it, a row not found', async () => {
    const ids = 'GA-SMT002,GA-LKV011,GA-XX9999';
    const preview = await check('get', '/review/applications/bulk', `/review/applications/bulk?action=mark-as-gating-review&applicationIds=${ids}`, { token: stateAdmin.token });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.action.id).toBe('mark-as-gating-review');
    expect(preview.body.rows.map((r: { applicationId: string; allowed: boolean; status: string | null }) => [r.applicationId, r.allowed, r.status])).toEqual([
      ['GA-SMT002', true, 'SUBMITTED'], ['GA-LKV011', false, 'IN_NEGOTIATION'], ['GA-XX9999', false, null],
    ]);
    expect(preview.body.rows[2]).toMatchObject({ organization: null, message: 'Application not found', reviewerType: null });
    const moved = await check('post', '/review/applications/bulk', '/review/applications/bulk', {
      token: stateAdmin.token, body: { action: 'mark-as-gating-review', applicationIds: ids.split(',') },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.results.map((r: { applicationId: string; ok: boolean; fromStatus: string | null; status: string | null }) => [r.applicationId, r.ok, r.fromStatus, r.status])).toEqual([
      ['GA-SMT002', true, 'SUBMITTED', 'GATING_REVIEW'], ['GA-LKV011', false, 'IN_NEGOTIATION', 'IN_NEGOTIATION'], ['GA-XX9999', false, null, null],
    ]);
  });

  it('refusals have the error shape the document gives: 400, 401, 403, 404', async () => {
    expect((await check('get', '/users/me', '/users/me')).status).toBe(401);
    expect((await check('get', '/organization/with-users', '/organization/with-users', { token: orgAdmin.token })).status).toBe(403);
    expect((await check('get', '/organization/{orgId}/applications', '/organization/00000000-0000-4000-8000-000000000000/applications', { token: orgAdmin.token })).status).toBe(404);
    const bad = await check('post', '/applications/create', `/applications/create?organizationId=${orgId}`, { token: orgAdmin.token, body: {} });
    expect(bad.status).toBe(400);
  });

  it('the check itself refuses an answer that does not fit (a profile without its id)', () => {
    const validate = ajv.getSchema(documentedSchemaRef('get', '/users/me', 200))!;
    expect(validate({ ...orgAdmin.user, id: undefined })).toBe(false);
    expect(validate({ ...orgAdmin.user, surprise: 1 })).toBe(false);
  });
});
