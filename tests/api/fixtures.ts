// Set-up the API test files share: a review file's start (its API, extra state users, accounts signed in, the seeded
// programme's questions by system number), a state user added with a role, the file's own applications, a reviewer's
// marks of a stage, a multipart form and a document uploaded with one. What each file plays on (its applications' ids
// and statuses, assignments) stays in the file.
import { expect } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../api/db/client';
import { applications, organizations, programs, questions, sections, userRoles, users } from '../../api/db/schema';
import { MARK_RULES } from '../../domain/review-marks';
import type { StateRole } from '../../domain/roles';
import { startTestApi, type SignedIn, type TestApi } from './harness';

/** The seeded programme (the only one: the tests' applications are made in it). */
export async function firstProgram(db: Db) {
  const [program] = await db.select().from(programs).limit(1);
  return program!;
}

export interface QuestionRef { id: string; sectionId: string; text: string }
/** A programme's questions by system number (one question per number in a programme). */
export type QuestionMap = Record<string, QuestionRef>;

/** The questions of a programme (the seeded one unless told) by system number: id, section and text. */
export async function questionMap(db: Db, programId?: string): Promise<QuestionMap> {
  const id = programId ?? (await firstProgram(db)).id;
  const map: QuestionMap = {};
  for (const row of await db.select({ id: questions.id, systemNo: questions.systemNo, sectionId: questions.sectionId, text: questions.text })
    .from(questions).innerJoin(sections, eq(sections.id, questions.sectionId)).where(eq(sections.programId, id))) {
    map[row.systemNo] = { id: row.id, sectionId: row.sectionId, text: row.text };
  }
  return map;
}

export interface StateUserInput {
  email: string;
  firstName: string;
  lastName: string;
  role: StateRole;
  /** 'active' unless told. */
  status?: 'active' | 'inactive';
}

/** A state user the seed does not have, holding one role, written straight to the database: their id. */
export async function addStateUser(db: Db, { email, firstName, lastName, role, status = 'active' }: StateUserInput): Promise<string> {
  const [user] = await db.insert(users).values({ email, firstName, lastName, roleType: 'state', status }).returning({ id: users.id });
  await db.insert(userRoles).values({ userId: user!.id, role });
  return user!.id;
}

/** A signed-in account: its bearer token and the user verify-otp answered. */
export interface Account { token: string; user: any }

/** The organization side's seeded accounts signed in (Lakeview's admin and staff member, Summit's admin) and Lakeview's id. */
export async function signInOrganizationSide(api: TestApi): Promise<{ admin: Account; staff: Account; summit: Account; lakeviewId: string }> {
  const admin = await api.signIn('org.admin@example.org');
  const staff = await api.signIn('org.staff@example.org');
  const summit = await api.signIn('summit.admin@example.org');
  return { admin, staff, summit, lakeviewId: admin.user.organizations.find((o: any) => o.name === 'Lakeview Fiber Cooperative').id };
}

/**
 * Where a test uploads into an application's answer: the seeded programme, its Technology section, and `draft()`
 * starting a new draft of Lakeview's (as its admin) whose File question (system number 31, the network diagram) and
 * narrative (30) are given by id.
 */
export async function draftWithFileQuestion(api: TestApi, admin: Account, lakeviewId: string) {
  const programId: string = (await api.call('/api/v1/program/all', { token: admin.token })).body[0].id;
  const sectionId: string = (await api.call('/api/v1/section/all', { token: admin.token })).body.find((s: any) => s.slug === 'technology').id;
  const areas = (await api.call('/api/v1/project-area/all', { token: admin.token })).body;
  const draft = async (): Promise<string> => {
    const created = await api.call(`/api/v1/applications/create?organizationId=${lakeviewId}`, {
      token: admin.token, body: { programId, projectLocation: areas[0].name, technologyType: 'Fiber to the premises' },
    });
    expect(created.status).toBe(201);
    return created.body.applicationId;
  };
  const applicationId = await draft();
  const view = (await api.call(`/api/v1/applications/${applicationId}/sections/${sectionId}`, { token: admin.token })).body;
  const idOf = (systemNo: string): string => view.questions.find((q: any) => q.systemNo === systemNo).id;
  return { programId, sectionId, applicationId, fileQuestionId: idOf('31'), narrativeQuestionId: idOf('30'), draft };
}

/** The second RSM reviewer review-marking and state-review-pdf add (the seed has one). */
export const RSM_MARKER: StateUserInput = { email: 'rsm.marker@example.gov', firstName: 'Mara', lastName: 'Marker', role: 'RSM_Reviewer' };

/**
 * A review test file's start: its own API (sign-in codes unlimited), the state users it adds (before signing in, so
 * they may be among `accounts`), the accounts signed in, the seeded programme and its questions by system number.
 */
export async function startReviewApi<E extends string>(accounts: readonly E[], extraUsers: readonly StateUserInput[] = []) {
  const api = await startTestApi({ OTP_EMAIL_LIMIT: '100' });
  const { db } = api.database;
  for (const user of extraUsers) await addStateUser(db, user);
  const signed: SignedIn<E> = await api.signInAll(accounts);
  const program = await firstProgram(db);
  return { api, ...signed, program, q: await questionMap(db, program.id) };
}

/** The seeded organization whose legal name starts so ('Lakeview', 'Summit'). */
export async function organizationNamed(db: Db, prefix: string) {
  const [organization] = await db.select().from(organizations).where(sql`${organizations.legalName} like ${`${prefix}%`}`);
  return organization!;
}

/** The file's own applications (ids of its own, GA-XX…), each in its status, submitted now, of Lakeview in the programme. */
export async function addApplications(db: Db, programId: string, statuses: Readonly<Record<string, string>>): Promise<void> {
  const lakeview = await organizationNamed(db, 'Lakeview');
  await db.insert(applications).values(Object.entries(statuses).map(([id, status]) => ({ id, programId, organizationId: lakeview.id, status, submittedAt: new Date() })));
}

export type MarkOf = (systemNo: string) => Record<string, unknown>;
type Stage = keyof typeof MARK_RULES;

/** The marks of one section for a stage: every question of the stage's rules in it, with what `mark` gives it. */
export const stageMarks = (q: QuestionMap, stage: Stage, sectionId: string, mark: MarkOf) =>
  MARK_RULES[stage].filter((r) => q[r.systemNo]!.sectionId === sectionId).map((r) => ({ questionId: q[r.systemNo]!.id, ...mark(r.systemNo) }));

/** The sections holding a stage's questions, in the rules' order. */
export const stageSections = (q: QuestionMap, stage: Stage) => [...new Set(MARK_RULES[stage].map((r) => q[r.systemNo]!.sectionId))];

/** The gating marks of one section, Pass unless `mark` says otherwise. */
export const gatingMarks = (q: QuestionMap, sectionId: string, mark: MarkOf = () => ({ passFail: 'PASS' })) => stageMarks(q, 'GATING', sectionId, mark);

/** A reviewer (declared already) saves the marks of every section of a stage and submits it, each answer expected 200. */
export async function submitStageMarks(api: TestApi, token: string, applicationId: string, q: QuestionMap, stage: Stage, mark: MarkOf): Promise<void> {
  const base = `/api/v1/review/applications/${applicationId}`;
  for (const sectionId of stageSections(q, stage)) {
    const saved = await api.call(`${base}/sections/${sectionId}/marks`, { token, body: { marks: stageMarks(q, stage, sectionId, mark) }, method: 'PUT' });
    expect(saved.status, `${applicationId} marks of ${sectionId}: ${JSON.stringify(saved.body)}`).toBe(200);
    const submitted = await api.call(`${base}/sections/${sectionId}/submit`, { token, body: {} });
    expect(submitted.status, `${applicationId} submit ${sectionId}: ${JSON.stringify(submitted.body)}`).toBe(200);
  }
}

/** A reviewer's gating review through the API: declares no conflict, marks every gating question (Pass unless `mark` says otherwise) and submits each section, each answer expected 200. */
export async function markGating(api: TestApi, token: string, applicationId: string, q: QuestionMap, mark: MarkOf = () => ({ passFail: 'PASS' })): Promise<void> {
  const declared = await api.call(`/api/v1/review/applications/${applicationId}/conflict-of-interest`, { token, body: { conflict: false } });
  expect(declared.status, `${applicationId} conflict-of-interest: ${JSON.stringify(declared.body)}`).toBe(200);
  await submitStageMarks(api, token, applicationId, q, 'GATING', mark);
}

/** A file part of a multipart form: its name, its bytes (a string is written as UTF-8) and its type (none unless told: fetch sends application/octet-stream). */
export interface FormFile { name: string; bytes: Uint8Array | string; type?: string }

/**
 * A multipart form as the portal's pages send one: the text fields in order (undefined ones left out), then each file
 * under `fileField` ('file', the upload routes' part, unless told: messages take 'attachments'); `filesFirst` sends
 * the files before the fields.
 */
export function multipartForm(
  fields: Readonly<Record<string, string | undefined>>,
  files: FormFile | readonly FormFile[] = [],
  { fileField = 'file', filesFirst = false }: { fileField?: string; filesFirst?: boolean } = {},
): FormData {
  const form = new FormData();
  const addFiles = () => {
    for (const file of 'name' in files ? [files] : files) {
      const bytes = typeof file.bytes === 'string' ? new TextEncoder().encode(file.bytes) : new Uint8Array(file.bytes);
      form.append(fileField, new Blob([bytes], file.type ? { type: file.type } : {}), file.name);
    }
  };
  if (filesFirst) addFiles();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) form.append(key, value);
  if (!filesFirst) addFiles();
  return form;
}

/** The fields of a documents/upload: the organization's library section the file goes in, its name, and what else the route takes. */
export interface UploadFields {
  organizationId: string;
  programId: string;
  sectionId: string;
  fileName: string;
  applicationId?: string;
  questionId?: string;
  description?: string;
}

/**
 * POST documents/upload over HTTP as `token`: `fields`, then a PDF named `fields.fileName` holding `bytes` ('%PDF-1.4 '
 * and the file name unless told); the answer as `call` reads one.
 */
export function postUpload(api: TestApi, token: string, fields: UploadFields, bytes: Uint8Array | string = `%PDF-1.4 ${fields.fileName}`) {
  return api.postForm('/api/v1/documents/upload', multipartForm({ ...fields }, { name: fields.fileName, bytes, type: 'application/pdf' }), token);
}

/** `postUpload`, expected 201: the stored document's id and file name. */
export async function uploadDocument(api: TestApi, token: string, fields: UploadFields, bytes?: Uint8Array | string): Promise<{ id: string; fileName: string }> {
  const res = await postUpload(api, token, fields, bytes);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.document.id, fileName: res.body.document.fileName };
}
