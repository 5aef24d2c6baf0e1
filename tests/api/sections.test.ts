// Sections and answers of an application: section/all, sections-status, one section with its questions,
// saving a section (validation, conditional clearing, project area counts, audit), submit, an answer by
// system number. Every route: happy path, another organization (404), staff or state denied (403),
// wrong status (409), bad input (400).
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestApi, type TestApi } from './harness';
import { uploadDocument } from './fixtures';
import { partlyFilledProfiles } from '../support/seed-profiles';
import { pdfToText } from '../support/pdf';
import { profileAnswers, questions as questionsTable } from '../../api/db/schema';
import { APPLICATION_MSG } from '../../domain/messages';
import { VALIDATION_MSG } from '../../domain/validation';
import { validValue as validAnswer } from '../support/valid-answers';

let api: TestApi;
let admin: { token: string; user: any };
let staff: { token: string };
let summit: { token: string; user: any };
let stateAdmin: { token: string };
let lakeviewId: string;
let programId: string;
let areas: any[];
/** Section ids by slug. */
const S: Record<string, string> = {};
const EMAIL_QUESTION_NO = '87.9';
/** A real document of Lakeview's, for File answers (a File answer must name one). */
let attachment: { documentId: string; fileName: string };

/** A PDF uploaded to the organization's technology section: a File answer's value. */
async function uploadAttachment(token: string, organizationId: string, fileName = 'attachment.pdf'): Promise<{ documentId: string; fileName: string }> {
  const document = await uploadDocument(api, token, { organizationId, programId, sectionId: S.technology!, fileName }, '%PDF-1.4\n%test\n');
  return { documentId: document.id, fileName: document.fileName };
}

beforeAll(async () => {
  api = await startTestApi({ OTP_EMAIL_LIMIT: '100' });
  // The demo data seeds no revision (issue 9 item 24); the API's revision rules are tested on one made here,
  // as the state side will make it.
  await api.database.db.execute(sql`update applications set status = 'REVISION_NEEDED' where id = 'GA-LKV004'`);
  await partlyFilledProfiles(api.database);
  admin = await api.signIn('org.admin@example.org');
  staff = await api.signIn('org.staff@example.org');
  summit = await api.signIn('summit.admin@example.org');
  stateAdmin = await api.signIn('state.admin@example.gov');
  lakeviewId = admin.user.organizations.find((o: any) => o.name === 'Lakeview Fiber Cooperative').id;
  programId = (await api.call('/api/v1/program/all', { token: admin.token })).body[0].id;
  areas = (await api.call('/api/v1/project-area/all', { token: admin.token })).body;
  for (const s of (await api.call('/api/v1/section/all', { token: admin.token })).body) S[s.slug] = s.id;
  // The seeded bank asks for email addresses only in the entity profile; this test database gets an
  // optional Text[Email] question in an application section to prove the email rule on save.
  await api.database.db.insert(questionsTable).values({
    sectionId: S.compliance!, systemNo: EMAIL_QUESTION_NO, text: 'Contact email for this application', type: 'Text',
    responseType: 'Email', displayOrder: 99,
  });
  attachment = await uploadAttachment(admin.token, lakeviewId);
});
afterAll(async () => {
  await api?.close();
});

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

async function newDraft(area = areas[0].name): Promise<string> {
  const res = await api.call(`/api/v1/applications/create?organizationId=${lakeviewId}`, {
    token: admin.token,
    body: { programId, projectLocation: area, technologyType: 'Fiber to the premises' },
  });
  expect(res.status).toBe(201);
  return res.body.applicationId;
}

const getSection = (id: string, sectionId: string, token = admin.token) => api.call(`/api/v1/applications/${id}/sections/${sectionId}`, { token });
const save = (id: string, sectionId: string, answers: { questionId: string; value: unknown }[], token = admin.token) =>
  api.call(`/api/v1/applications/${id}/sections/${sectionId}/answers`, { token, body: { answers } });
const submit = (id: string, token = admin.token) => api.call(`/api/v1/applications/${id}/submit`, { token, method: 'POST' });
const statuses = (id: string, token = admin.token) => api.call(`/api/v1/applications/${id}/sections-status`, { token });

/** The question of a section view by system number. */
function q(view: any, systemNo: string): any {
  const found = view.questions.find((x: any) => x.systemNo === systemNo);
  if (!found) throw new Error(`No question ${systemNo}`);
  return found;
}

/** Question ids by system number across the programme (from the database). */
async function questionIds(): Promise<Record<string, string>> {
  const rows = (await api.database.db.execute(sql`select id, system_no from questions`)) as any;
  return Object.fromEntries(rows.rows.map((r: any) => [r.system_no, r.id]));
}

async function storedAnswer(applicationId: string, systemNo: string): Promise<{ value: unknown } | undefined> {
  const rows = (await api.database.db.execute(sql`
    select a.value from answers a join questions q on q.id = a.question_id
    where a.application_id = ${applicationId} and q.system_no = ${systemNo}`)) as any;
  return rows.rows[0];
}

async function auditEntries(applicationId: string, action: string): Promise<any[]> {
  const rows = (await api.database.db.execute(sql`
    select action, entity, from_status, to_status, details from logged_actions
    where application_id = ${applicationId} and action = ${action} order by created_at`)) as any;
  return rows.rows;
}

/** A valid value for a question, from its definition; File questions get the uploaded attachment. */
const validValue = (question: any): unknown => validAnswer(question, attachment);

/** Every editable question of a section answered with a valid value (the server clears hidden ones). */
async function fillSection(applicationId: string, sectionId: string) {
  const view = (await getSection(applicationId, sectionId)).body;
  const answers = view.questions
    .filter((x: any) => x.type !== 'Header' && !x.readOnly && !x.additionalMetadata?.optionsFrom)
    .map((x: any) => ({ questionId: x.id, value: validValue(x) }));
  const res = await save(applicationId, sectionId, answers);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.section.status).toBe('COMPLETED');
}

async function fillAllSections(applicationId: string) {
  for (const [slug, id] of Object.entries(S)) if (slug !== 'entity-information') await fillSection(applicationId, id);
}

/** Lakeview's entity profile, complete, written straight into profile_answers. */
async function fillLakeviewProfile(anyApplicationId: string) {
  const view = (await getSection(anyApplicationId, S['entity-information']!)).body;
  const rows = view.questions
    .filter((x: any) => x.type !== 'Header' && !x.readOnly)
    .map((x: any) => ({ organizationId: lakeviewId, questionId: x.id, value: validValue(x) }));
  await api.database.db
    .insert(profileAnswers)
    .values(rows)
    .onConflictDoUpdate({ target: [profileAnswers.organizationId, profileAnswers.questionId], set: { value: sql`excluded.value` } });
}

// ---------------------------------------------------------------------------------------------
// Tests
// ---------------------------------------------------------------------------------------------

describe('GET section/all', () => {
  it('lists the programme sections in order, the entity profile first', async () => {
    const res = await api.call('/api/v1/section/all', { token: staff.token });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(9);
    expect(Object.keys(res.body[0]).sort()).toEqual(['displayOrder', 'id', 'isEntityProfile', 'name', 'slug']);
    expect(res.body[0]).toMatchObject({ name: 'Entity Information', slug: 'entity-information', displayOrder: 1, isEntityProfile: true });
    expect(res.body.map((s: any) => s.displayOrder)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(res.body.filter((s: any) => s.isEntityProfile)).toHaveLength(1);
    const byProgram = await api.call(`/api/v1/section/all?programId=${programId}`, { token: admin.token });
    expect(byProgram.body).toEqual(res.body);
  });

  it('answers 404 for an unknown programme, 400 for a malformed id and 401 without a token', async () => {
    expect((await api.call(`/api/v1/section/all?programId=${crypto.randomUUID()}`, { token: admin.token })).status).toBe(404);
    expect((await api.call('/api/v1/section/all?programId=nope', { token: admin.token })).status).toBe(400);
    expect((await api.call('/api/v1/section/all')).status).toBe(401);
  });
});

describe('GET applications/{id}/sections-status', () => {
  it('gives every section with its status and lock; the entity profile from the organization profile', async () => {
    const id = await newDraft();
    const res = await statuses(id);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(9);
    expect(Object.keys(res.body[0]).sort()).toEqual(['displayOrder', 'isEntityProfile', 'name', 'sectionId', 'slug', 'status', 'unlocked']);
    // Lakeview's seeded profile holds a few answers, not all the mandatory ones.
    expect(res.body[0]).toMatchObject({ slug: 'entity-information', isEntityProfile: true, status: 'IN_PROGRESS', unlocked: false });
    expect(res.body.slice(1).every((s: any) => s.status === 'NOT_STARTED' && s.unlocked === false)).toBe(true);
    expect((await statuses(id, staff.token)).status).toBe(200);
  });

  it('answers 404 for another organization and for state users', async () => {
    const id = await newDraft();
    expect((await statuses(id, summit.token)).status).toBe(404);
    expect((await statuses(id, stateAdmin.token)).status).toBe(404);
    expect((await statuses('GA-NOPE00')).status).toBe(404);
    // Summit's own draft: the profile section is not started.
    const own = await statuses('GA-SMT001', summit.token);
    expect(own.body[0]).toMatchObject({ isEntityProfile: true, status: 'NOT_STARTED' });
  });
});

describe('GET applications/{id}/sections/{sectionId}', () => {
  it('gives the application, the section and its questions with answers, visibility and effective mandatory', async () => {
    const area = areas[0];
    const id = await newDraft(area.name);
    const res = await getSection(id, S['project-area']!);
    expect(res.status).toBe(200);
    expect(res.body.application).toEqual({
      applicationId: id, programId, status: 'DRAFT', projectLocation: area.name, technologyType: 'Fiber to the premises', readOnly: false,
    });
    expect(res.body.section).toMatchObject({ id: S['project-area'], name: 'Project Area & Locations', status: 'NOT_STARTED', unlocked: false, isEntityProfile: false });
    expect(q(res.body, '179')).toMatchObject({ answer: id, readOnly: true, visible: true });
    expect(q(res.body, '21')).toMatchObject({ answer: area.name, mandatory: true, type: 'Dropdown' });
    expect(q(res.body, '24').answer).toBe('Fiber to the premises');
    // 22 is filled from the area named by 21; 23 becomes mandatory when unserved or underserved is above 0.
    expect(q(res.body, '22').answer).toEqual([{
      unserved: String(area.unservedLocationsCount),
      underserved: String(area.underservedLocationsCount),
      served: String(area.servedLocationsCount),
      community_anchor_institutions: String(area.caiCount),
    }]);
    expect(q(res.body, '23').mandatory).toBe(area.unservedLocationsCount + area.underservedLocationsCount > 0);
    expect(q(res.body, '23.1')).toMatchObject({ visible: false, answer: null, dependentSystemNo: '23', dependentResponseValue: 'No' });
    expect(Object.keys(q(res.body, '25'))).toEqual(expect.arrayContaining([
      'id', 'systemNo', 'text', 'type', 'responseType', 'displayOrder', 'mandatory', 'readOnly', 'instructions', 'placeholder',
      'responseOptions', 'tableColumns', 'minDate', 'maxDate', 'addMoreRows', 'dependentSystemNo', 'dependentResponseValue',
      'additionalMetadata', 'answer', 'visible', 'sectionId',
    ]));
    expect(res.body.questions.map((x: any) => x.displayOrder)).toEqual([...res.body.questions.map((x: any) => x.displayOrder)].sort((a, b) => a - b));
  });

  it('shows the entity profile from the organization, always read-only, with the legal name and organization id', async () => {
    const id = await newDraft();
    const res = await getSection(id, S['entity-information']!);
    expect(res.status).toBe(200);
    expect(res.body.application.readOnly).toBe(true);
    expect(res.body.section).toMatchObject({ isEntityProfile: true, status: 'IN_PROGRESS' });
    expect(q(res.body, '1').answer).toBe('Lakeview Fiber Cooperative');
    expect(q(res.body, '3').answer).toBe(lakeviewId);
    expect(q(res.body, '4').answer).toBe('Cooperative');
    expect(q(res.body, '9.1')).toMatchObject({ type: 'Header', mandatory: false });
  });

  it('is read-only for staff, a staff membership, State_Admin (submitted only) and submitted or cancelled applications', async () => {
    const id = await newDraft();
    const asStaff = await getSection(id, S.budget!, staff.token);
    expect(asStaff.status).toBe(200);
    expect(asStaff.body.application.readOnly).toBe(true);
    // org.admin is only staff of Summit.
    expect((await getSection('GA-SMT001', S.budget!)).body.application.readOnly).toBe(true);
    expect((await getSection('GA-SMT001', S.budget!, summit.token)).body.application.readOnly).toBe(false);
    // The state never sees a draft (404); it reads a submitted application, read-only.
    expect((await getSection(id, S.budget!, stateAdmin.token)).status).toBe(404);
    const asState = await getSection('GA-LKV002', S.budget!, stateAdmin.token);
    expect(asState.status).toBe(200);
    expect(asState.body.application.readOnly).toBe(true);
    for (const locked of ['GA-LKV002', 'GA-LKV004', 'GA-LKV005']) {
      const res = await getSection(locked, S.budget!);
      expect(res.status).toBe(200);
      expect(res.body.application.readOnly).toBe(true);
    }
  });

  it('answers 404 for another organization, a state reviewer and unknown sections', async () => {
    const id = await newDraft();
    expect((await getSection(id, S.budget!, summit.token)).status).toBe(404);
    const reviewer = await api.signIn('state.reviewer@example.gov');
    expect((await getSection(id, S.budget!, reviewer.token)).status).toBe(404);
    expect((await getSection(id, crypto.randomUUID())).status).toBe(404);
    expect((await getSection(id, 'not-a-uuid')).status).toBe(404);
    expect((await getSection('GA-NOPE00', S.budget!)).status).toBe(404);
  });
});

describe('POST applications/{id}/sections/{sectionId}/answers', () => {
  it('saves a section in one go: answers, section status, updated_at and one audit entry', async () => {
    const id = await newDraft();
    const view = (await getSection(id, S['project-area']!)).body;
    const [before] = ((await api.database.db.execute(sql`select updated_at from applications where id = ${id}`)) as any).rows;
    const res = await save(id, S['project-area']!, [
      { questionId: q(view, '23').id, value: 'No' },
      { questionId: q(view, '23.1').id, value: 'Two farms refused access to their land.' },
      { questionId: q(view, '25').id, value: '4' },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(APPLICATION_MSG.sectionSaved);
    expect(res.body.section.status).toBe('COMPLETED');
    expect(q(res.body, '23.1')).toMatchObject({ visible: true, mandatory: true, answer: 'Two farms refused access to their land.' });
    expect(res.body.warnings).toEqual({});
    expect((await storedAnswer(id, '25'))?.value).toBe('4');
    const [after] = ((await api.database.db.execute(sql`select updated_at from applications where id = ${id}`)) as any).rows;
    expect(new Date(after.updated_at).getTime()).toBeGreaterThan(new Date(before.updated_at).getTime());
    const projectArea = (await statuses(id)).body.find((s: any) => s.sectionId === S['project-area']);
    expect(projectArea.status).toBe('COMPLETED');
    const entries = await auditEntries(id, 'SECTION_SAVED');
    expect(entries).toHaveLength(1);
    expect(entries[0].details).toEqual({ sectionId: S['project-area'], sectionName: 'Project Area & Locations', changed: ['23', '23.1', '25'] });
    const history = await api.call(`/api/v1/logged-actions/${id}/application`, { token: staff.token });
    expect(history.body.loggedActions[0]).toMatchObject({ action: 'SECTION_SAVED', user: { firstName: 'Olivia' } });
  });

  it('clears the answers depending on a changed answer (23 = Yes clears 23.1) and of hidden questions', async () => {
    const id = await newDraft();
    const view = (await getSection(id, S['project-area']!)).body;
    await save(id, S['project-area']!, [
      { questionId: q(view, '23').id, value: 'No' },
      { questionId: q(view, '23.1').id, value: 'Explained.' },
    ]);
    expect((await storedAnswer(id, '23.1'))?.value).toBe('Explained.');
    const res = await save(id, S['project-area']!, [{ questionId: q(view, '23').id, value: 'Yes' }]);
    expect(res.status).toBe(200);
    expect(q(res.body, '23.1')).toMatchObject({ visible: false, answer: null });
    expect((await storedAnswer(id, '23.1'))?.value).toBeNull();
    expect((await auditEntries(id, 'SECTION_SAVED'))[1].details.changed).toEqual(['23', '23.1']);

    // A '>' bound: latency above 100 shows 34.1; changing 34 clears it, and 50 hides it.
    const tech = (await getSection(id, S.technology!)).body;
    const shown = await save(id, S.technology!, [
      { questionId: q(tech, '34').id, value: '150' },
      { questionId: q(tech, '34.1').id, value: 'A new backhaul route.' },
    ]);
    expect(q(shown.body, '34.1')).toMatchObject({ visible: true, mandatory: true, answer: 'A new backhaul route.' });
    expect(shown.body.section.status).toBe('IN_PROGRESS');
    const changed = await save(id, S.technology!, [{ questionId: q(tech, '34').id, value: '120' }]);
    expect(q(changed.body, '34.1')).toMatchObject({ visible: true, answer: null });
    const hidden = await save(id, S.technology!, [
      { questionId: q(tech, '34').id, value: '50' },
      { questionId: q(tech, '34.1').id, value: 'Typed while hidden.' },
    ]);
    expect(q(hidden.body, '34.1')).toMatchObject({ visible: false, answer: null });
  });

  it('fills 22 from the project area chosen in 21 and keeps the list column in step', async () => {
    const id = await newDraft(areas[0].name);
    const view = (await getSection(id, S['project-area']!)).body;
    const other = areas[3];
    const res = await save(id, S['project-area']!, [{ questionId: q(view, '21').id, value: other.name }]);
    expect(res.status).toBe(200);
    const expected = [{
      unserved: String(other.unservedLocationsCount),
      underserved: String(other.underservedLocationsCount),
      served: String(other.servedLocationsCount),
      community_anchor_institutions: String(other.caiCount),
    }];
    expect(q(res.body, '22').answer).toEqual(expected);
    expect((await storedAnswer(id, '22'))?.value).toEqual(expected);
    expect(res.body.application.projectLocation).toBe(other.name);
    const unknown = await save(id, S['project-area']!, [{ questionId: q(view, '21').id, value: 'Atlantis' }]);
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual({ [q(view, '21').id]: [APPLICATION_MSG.unknownArea] });
    expect((await storedAnswer(id, '21'))?.value).toBe(other.name);
  });

  it('keeps read-only answers (179, 22, 24) as the server holds them', async () => {
    const id = await newDraft();
    const view = (await getSection(id, S['project-area']!)).body;
    const res = await save(id, S['project-area']!, [
      { questionId: q(view, '179').id, value: 'GA-HACKED' },
      { questionId: q(view, '24').id, value: 'Low-earth-orbit satellite' },
      { questionId: q(view, '22').id, value: [{ unserved: '999999' }] },
      { questionId: q(view, '25').id, value: '2' },
    ]);
    expect(res.status).toBe(200);
    expect(q(res.body, '179').answer).toBe(id);
    expect(q(res.body, '24').answer).toBe('Fiber to the premises');
    expect(q(res.body, '22').answer).toEqual(q(view, '22').answer);
    expect((await auditEntries(id, 'SECTION_SAVED'))[0].details.changed).toEqual(['25']);
  });

  it('refuses invalid answers with 400, the exact messages per question, and changes nothing', async () => {
    const id = await newDraft();
    const tech = (await getSection(id, S.technology!)).body;
    const bad = await save(id, S.technology!, [
      { questionId: q(tech, '30').id, value: 'A valid narrative.' },
      { questionId: q(tech, '32').id, value: 'fast' },
      { questionId: q(tech, '35').id, value: [{ item: 'ONT', manufacturer: '', quantity: '10', unit_cost: '99.00' }] },
    ]);
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      message: 'Please correct the highlighted answers.',
      errors: {
        [q(tech, '32').id]: [VALIDATION_MSG.number],
        [q(tech, '35').id]: ['Field Manufacturer is required.'],
      },
    });
    const after = (await getSection(id, S.technology!)).body;
    expect(q(after, '30').answer).toBeNull();
    expect(after.section.status).toBe('NOT_STARTED');
    expect(await storedAnswer(id, '30')).toBeUndefined();
    expect(await auditEntries(id, 'SECTION_SAVED')).toHaveLength(0);

    const afford = (await getSection(id, S.affordability!)).body;
    const date = await save(id, S.affordability!, [{ questionId: q(afford, '75').id, value: '2025-01-15' }]);
    expect(date.body.errors).toEqual({ [q(afford, '75').id]: ['Invalid date format. Please use MM/DD/YYYY.'] });
    const realDate = await save(id, S.affordability!, [{ questionId: q(afford, '76').id, value: '02/30/2025' }]);
    expect(realDate.body.errors).toEqual({ [q(afford, '76').id]: ['Invalid date. Please check the month, day, and year.'] });

    const labor = (await getSection(id, S.labor!)).body;
    const option = await save(id, S.labor!, [{ questionId: q(labor, '61').id, value: 'Freelancers' }]);
    expect(option.status).toBe(400);
    expect(option.body.errors).toEqual({ [q(labor, '61').id]: ['Please choose one of the listed options.'] });

    const compliance = (await getSection(id, S.compliance!)).body;
    const email = await save(id, S.compliance!, [{ questionId: q(compliance, EMAIL_QUESTION_NO).id, value: 'not an email' }]);
    expect(email.body.errors).toEqual({ [q(compliance, EMAIL_QUESTION_NO).id]: ['Please enter a valid email address'] });
    expect(await auditEntries(id, 'SECTION_SAVED')).toHaveLength(0);
  });

  it('saves a half-filled section as IN_PROGRESS and refuses answers of another section or a bad body', async () => {
    const id = await newDraft();
    const tech = (await getSection(id, S.technology!)).body;
    const partial = await save(id, S.technology!, [{ questionId: q(tech, '30').id, value: 'Only the narrative so far.' }]);
    expect(partial.status).toBe(200);
    expect(partial.body.section.status).toBe('IN_PROGRESS');
    const ids = await questionIds();
    const foreign = await save(id, S.technology!, [{ questionId: ids['26']!, value: '100' }]);
    expect(foreign.status).toBe(400);
    expect(foreign.body).toEqual({ message: APPLICATION_MSG.answersNotInSection, errors: { [ids['26']!]: [APPLICATION_MSG.questionNotInSection] } });
    const notUuid = await save(id, S.technology!, [{ questionId: 'x', value: '1' }]);
    expect(notUuid.status).toBe(400);
    const noList = await api.call(`/api/v1/applications/${id}/sections/${S.technology}/answers`, { token: admin.token, body: { answers: 'x' } });
    expect(noList.status).toBe(400);
  });

  it('stores amounts and table amounts plain, whatever the grouping typed', async () => {
    const id = await newDraft();
    const budget = (await getSection(id, S.budget!)).body;
    const res = await save(id, S.budget!, [
      { questionId: q(budget, '26').id, value: '$1,234,567.50' },
      { questionId: q(budget, '29').id, value: [{ category: 'Construction', description: 'Trenching', amount: '12,500.25' }] },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await storedAnswer(id, '26'))?.value).toBe('1234567.50');
    expect((await storedAnswer(id, '29'))?.value).toEqual([{ category: 'Construction', description: 'Trenching', amount: '12500.25' }]);
  });

  it('keeps a file answer only when it names a document of the organization, with the name the record holds', async () => {
    const id = await newDraft();
    const diagram = q((await getSection(id, S.technology!)).body, '31');
    const own = await save(id, S.technology!, [{ questionId: diagram.id, value: { documentId: attachment.documentId, fileName: 'renamed-by-client.exe' } }]);
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect((await storedAnswer(id, '31'))?.value).toEqual({ documentId: attachment.documentId, fileName: attachment.fileName });
    const summitDoc = await uploadAttachment(summit.token, summit.user.organizations[0].id, 'summit-diagram.pdf');
    for (const value of [{ documentId: crypto.randomUUID(), fileName: 'x.pdf' }, summitDoc]) {
      const res = await save(id, S.technology!, [{ questionId: diagram.id, value }]);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: APPLICATION_MSG.correctAnswers, errors: { [diagram.id]: [APPLICATION_MSG.fileNotFound] } });
    }
    expect((await storedAnswer(id, '31'))?.value).toEqual({ documentId: attachment.documentId, fileName: attachment.fileName });
    const cleared = await save(id, S.technology!, [{ questionId: diagram.id, value: null }]);
    expect(cleared.status).toBe(200);
    expect((await storedAnswer(id, '31'))?.value ?? null).toBeNull();
  });

  it('warns when an amount is below 25% of the total project cost (26)', async () => {
    const id = await newDraft();
    const budget = (await getSection(id, S.budget!)).body;
    const res = await save(id, S.budget!, [
      { questionId: q(budget, '26').id, value: '$1,000,000.00' },
      { questionId: q(budget, '27').id, value: '100000' },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.warnings).toEqual({ [q(budget, '27').id]: [VALIDATION_MSG.percentOfTotal('26')] });
    expect(q(res.body, '27').warning).toBe(VALIDATION_MSG.percentOfTotal('26'));
    // 45 (another section) is compared with 26 as well.
    const financial = (await getSection(id, S.financial!)).body;
    const fine = await save(id, S.financial!, [{ questionId: q(financial, '45').id, value: '300000' }]);
    expect(fine.body.warnings).toEqual({});
  });

  it('is refused for a submitted (409), cancelled (409) or locked revision (409) application and for the entity profile (409)', async () => {
    const ids = await questionIds();
    const answer = [{ questionId: ids['26']!, value: '100' }];
    const seededTotal = await storedAnswer('GA-LKV002', '26');
    expect(seededTotal?.value).toMatch(/^\d+$/);
    const submitted = await save('GA-LKV002', S.budget!, answer);
    expect(submitted.status).toBe(409);
    expect(submitted.body.message).toBe(APPLICATION_MSG.submittedReadOnly);
    const cancelled = await save('GA-LKV005', S.budget!, answer);
    expect(cancelled.status).toBe(409);
    expect(cancelled.body.message).toBe(APPLICATION_MSG.cancelledReadOnly);
    const revision = await save('GA-LKV004', S.budget!, answer);
    expect(revision.status).toBe(409);
    expect(revision.body.message).toBe(APPLICATION_MSG.sectionLocked);
    const profile = await save('GA-LKV001', S['entity-information']!, [{ questionId: ids['4']!, value: 'LLC' }]);
    expect(profile.status).toBe(409);
    expect(profile.body.message).toBe(APPLICATION_MSG.entityProfileReadOnly);
    expect((await storedAnswer('GA-LKV002', '26'))).toEqual(seededTotal);
  });

  it('is for the organization admin only: staff and state 403, other organizations and the state on a draft 404', async () => {
    const id = await newDraft();
    const ids = await questionIds();
    const answer = [{ questionId: ids['26']!, value: '100' }];
    const asStaff = await save(id, S.budget!, answer, staff.token);
    expect(asStaff.status).toBe(403);
    expect(asStaff.body.message).toBe(APPLICATION_MSG.adminOnly);
    expect((await save('GA-SMT001', S.budget!, answer)).status).toBe(403);
    expect((await save(id, S.budget!, answer, stateAdmin.token)).status).toBe(404);
    expect((await save('GA-LKV002', S.budget!, answer, stateAdmin.token)).status).toBe(403);
    expect((await save(id, S.budget!, answer, summit.token)).status).toBe(404);
    expect((await save('GA-NOPE00', S.budget!, answer)).status).toBe(404);
    expect(await storedAnswer(id, '26')).toBeUndefined();
  });
});

describe('GET applications/{id}/questions-system-no/{systemNo}/answers', () => {
  it('gives the answer of a question by system number (26, the project cost)', async () => {
    const id = await newDraft();
    const ids = await questionIds();
    await save(id, S.budget!, [{ questionId: ids['26']!, value: '250000.00' }]);
    const res = await api.call(`/api/v1/applications/${id}/questions-system-no/26/answers`, { token: staff.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ systemNo: '26', questionId: ids['26'], value: '250000.00' });
    const empty = await api.call(`/api/v1/applications/${id}/questions-system-no/45/answers`, { token: admin.token });
    expect(empty.body).toEqual({ systemNo: '45', questionId: ids['45'], value: null });
    const legalName = await api.call(`/api/v1/applications/${id}/questions-system-no/1/answers`, { token: admin.token });
    expect(legalName.body.value).toBe('Lakeview Fiber Cooperative');
    // A draft is not the state's to read.
    expect((await api.call(`/api/v1/applications/${id}/questions-system-no/26/answers`, { token: stateAdmin.token })).status).toBe(404);
  });

  it('answers 404 for an unknown system number and another organization', async () => {
    const id = await newDraft();
    expect((await api.call(`/api/v1/applications/${id}/questions-system-no/9999/answers`, { token: admin.token })).status).toBe(404);
    expect((await api.call(`/api/v1/applications/${id}/questions-system-no/26/answers`, { token: summit.token })).status).toBe(404);
  });
});

describe('POST applications/{id}/submit', () => {
  it('is refused while incomplete, then submits a complete application, locks it and refuses a second submit', async () => {
    const id = await newDraft();
    const incomplete = await submit(id);
    expect(incomplete.status).toBe(400);
    expect(incomplete.body.message).toBe('The application is not complete.');
    expect(Object.keys(incomplete.body.errors).sort()).toEqual(Object.values(S).sort());
    expect(incomplete.body.errors[S.compliance!]).toEqual(['6 answers need attention']);
    expect(incomplete.body.errors[S['project-area']!]).toEqual([expect.stringMatching(/^\d+ answers? needs? attention$/)]);

    await fillAllSections(id);
    const profileOnly = await submit(id);
    expect(profileOnly.status).toBe(400);
    expect(Object.keys(profileOnly.body.errors)).toEqual([S['entity-information']]);

    await fillLakeviewProfile(id);
    expect((await statuses(id)).body[0].status).toBe('COMPLETED');
    expect((await submit(id, staff.token)).status).toBe(403);
    expect((await submit(id, summit.token)).status).toBe(404);
    expect((await submit(id, stateAdmin.token)).status).toBe(404);
    const res = await submit(id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ applicationId: id, status: 'SUBMITTED', message: APPLICATION_MSG.submitted });

    const row = (await api.call(`/api/v1/organization/${lakeviewId}/applications?applicationId=${id}`, { token: admin.token })).body.applications[0];
    expect(row).toMatchObject({ status: 'SUBMITTED', submittedByUser: { firstName: 'Olivia' } });
    expect(row.submittedAt).not.toBeNull();
    const after = (await statuses(id)).body;
    expect(after.every((s: any) => s.unlocked === false && s.status === 'COMPLETED')).toBe(true);
    const entries = await auditEntries(id, 'APPLICATION_SUBMITTED');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ entity: 'application', from_status: 'DRAFT', to_status: 'SUBMITTED' });

    const again = await submit(id);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(APPLICATION_MSG.onlyDraftSubmitted);
    const ids = await questionIds();
    expect((await save(id, S.budget!, [{ questionId: ids['26']!, value: '1' }])).status).toBe(409);
    expect((await getSection(id, S.budget!)).body.application.readOnly).toBe(true);
    expect((await submit('GA-LKV005')).status).toBe(409);
  });

  it('keeps the entity profile as submitted: a later profile edit changes drafts, not the submitted application, its PDF or its history', async () => {
    const id = await newDraft();
    await fillAllSections(id);
    await fillLakeviewProfile(id);
    const ids = await questionIds();
    const setWebsite = (url: string) =>
      api.call(`/api/v1/organization/${lakeviewId}/profile`, { token: admin.token, body: { answers: [{ questionId: ids['9']!, value: url }] } });
    expect((await setWebsite('https://as-submitted.example.org')).status).toBe(200);
    expect((await submit(id)).status).toBe(200);
    const [snapshot] = await auditEntries(id, 'PROFILE_SNAPSHOT');
    expect(snapshot.details).toMatchObject({ organizationName: 'Lakeview Fiber Cooperative', answers: { '1': 'Lakeview Fiber Cooperative', '9': 'https://as-submitted.example.org' } });
    expect(snapshot.details).not.toHaveProperty('backfilled');

    expect((await setWebsite('https://edited-later.example.org')).status).toBe(200);
    const website = (view: any) => q(view, '9').answer;
    // The application's profile step, for its organization and for the state, shows what was submitted.
    expect(website((await getSection(id, S['entity-information']!)).body)).toBe('https://as-submitted.example.org');
    expect(website((await getSection(id, S['entity-information']!, stateAdmin.token)).body)).toBe('https://as-submitted.example.org');
    const pdf = await api.call(`/api/v1/organization/${lakeviewId}/generate-pdf/${id}`, { method: 'POST', token: admin.token });
    expect(pdf.status).toBe(200);
    const text = pdfToText(Buffer.from(pdf.body.pdfBase64, 'base64'));
    expect(text).toMatch(/9\. Website\s+https:\/\/as-submitted\.example\.org/);
    expect(text).not.toContain('edited-later');
    // A draft shows the profile as it is now; the history keeps the one snapshot.
    expect(website((await getSection(await newDraft(), S['entity-information']!)).body)).toBe('https://edited-later.example.org');
    const history = (await api.call(`/api/v1/logged-actions/${id}/application`, { token: admin.token })).body.loggedActions;
    expect(history.filter((e: any) => e.action === 'PROFILE_SNAPSHOT')).toHaveLength(1);
    // Written by one transaction, the entries keep their order: the move is the newest, its snapshot just before.
    expect(history.slice(0, 2).map((e: any) => e.action)).toEqual(['APPLICATION_SUBMITTED', 'PROFILE_SNAPSHOT']);
  });

  it('lets an unlocked section of a revision be saved, then resubmits and locks the sections again', async () => {
    await fillLakeviewProfile('GA-LKV001');
    // The state unlocks the sections (there is no unlock route yet: straight into the table).
    await api.database.db.execute(sql`update application_sections set unlocked = true where application_id = 'GA-LKV004'`);
    const budget = (await getSection('GA-LKV004', S.budget!)).body;
    expect(budget.application.readOnly).toBe(false);
    expect(budget.section.unlocked).toBe(true);
    await fillAllSections('GA-LKV004');
    const res = await submit('GA-LKV004');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'RESUBMITTED', message: APPLICATION_MSG.resubmitted });
    expect((await statuses('GA-LKV004')).body.every((s: any) => s.unlocked === false)).toBe(true);
    const entries = await auditEntries('GA-LKV004', 'APPLICATION_RESUBMITTED');
    expect(entries[0]).toMatchObject({ from_status: 'REVISION_NEEDED', to_status: 'RESUBMITTED' });
    // The resubmission keeps the profile as it is now (after the one its first submit kept, in the seed).
    expect(await auditEntries('GA-LKV004', 'PROFILE_SNAPSHOT')).toHaveLength(2);
    expect((await submit('GA-LKV004')).status).toBe(409);
  });
});
