// An application's content as stored: its programme's sections and questions, and every answer
// (the application's own, the organization's entity profile, and the values the server fills:
// 1, 3, 179, 21, 24 and 22 from the project area). Used by the section routes and the print.
// Once submitted, an application shows the entity profile it was submitted with (profile_snapshot).
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  answers, applications, organizations, profileAnswers, programs, projectAreas, questions, sections,
} from '../db/schema';
import {
  type AnswerValue, type QuestionDef, type QuestionMetadata, type QuestionType, type TableColumn, type TextResponseType,
} from '../../domain/questions';
import { answersBySystemNoFrom, isEmptyAnswer } from '../../domain/validation';
import { isApplicationStatus, isSubmittedOrLater } from '../../domain/statuses';
import { audit } from './audit';
import { areaName, filledAnswer, isAreaQuestion } from '../../domain/project-areas';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type ApplicationRow = typeof applications.$inferSelect;
export type SectionRow = typeof sections.$inferSelect;
export type AreaRow = typeof projectAreas.$inferSelect;

/** Answers the server fills when none is stored: legal name (1) and organization id (3) in the entity profile. */
const LEGAL_NAME_NO = '1';
const ORGANIZATION_ID_NO = '3';
/** Fixed at creation (applications.ts): the application number, the project area, the technology type. */
const APPLICATION_NO = '179';
const PROJECT_AREA_NO = '21';
const TECHNOLOGY_NO = '24';

/** A question as the form needs it: the shared QuestionDef plus its place and help texts. */
export interface ProgramQuestion extends QuestionDef {
  sectionId: string;
  displayOrder: number;
  instructions: string | null;
  placeholder: string | null;
  hasTemplate: boolean;
}

export interface Program {
  sections: SectionRow[];
  questions: ProgramQuestion[];
  bySection: Map<string, ProgramQuestion[]>;
}

export function toQuestion(row: typeof questions.$inferSelect): ProgramQuestion {
  return {
    id: row.id,
    sectionId: row.sectionId,
    systemNo: row.systemNo,
    text: row.text,
    type: row.type as QuestionType,
    responseType: (row.responseType ?? null) as TextResponseType | null,
    displayOrder: row.displayOrder,
    mandatory: row.mandatory,
    readOnly: row.readOnly,
    instructions: row.instructions,
    placeholder: row.placeholder,
    responseOptions: (row.responseOptions ?? null) as QuestionDef['responseOptions'],
    tableColumns: (row.tableColumns ?? null) as TableColumn[] | null,
    hasTemplate: row.hasTemplate,
    minDate: row.minDate,
    maxDate: row.maxDate,
    addMoreRows: row.addMoreRows,
    dependentSystemNo: row.dependentSystemNo,
    dependentResponseValue: row.dependentResponseValue,
    additionalMetadata: (row.additionalMetadata ?? null) as QuestionMetadata | null,
  };
}

/**
 * A jsonb column read as its JSON text. Drizzle's jsonb reader JSON.parses strings the driver has
 * already parsed, so a stored "250000.00" would come back as the number 250000.
 */
export const jsonText = (column: typeof answers.value | typeof profileAnswers.value) => sql<string | null>`${column}::text`;
export const parseJson = (text: string | null): unknown => (text === null ? null : JSON.parse(text));

/** Empty answers (blank text, no rows, an address with only its country...) are stored as null. */
export function normalizeValue(value: unknown): AnswerValue {
  if (value === undefined || isEmptyAnswer(value)) return null;
  return value as AnswerValue;
}

// The filled table of a project area (22), isAreaQuestion and areaName: domain/project-areas.ts (the form uses them too).
export { areaName, isAreaQuestion };

/** A programme's sections (in display order) and their questions. */
export async function loadProgram(db: Db | Tx, programId: string): Promise<Program> {
  const sectionRows = await db.select().from(sections).where(eq(sections.programId, programId)).orderBy(asc(sections.displayOrder));
  const questionRows = await db
    .select({ q: questions })
    .from(questions)
    .innerJoin(sections, eq(sections.id, questions.sectionId))
    .where(eq(sections.programId, programId))
    .orderBy(asc(sections.displayOrder), asc(questions.displayOrder));
  const all = questionRows.map((r) => toQuestion(r.q));
  const bySection = new Map<string, ProgramQuestion[]>(sectionRows.map((s) => [s.id, []]));
  for (const q of all) bySection.get(q.sectionId)?.push(q);
  return { sections: sectionRows, questions: all, bySection };
}

export async function findAreas(db: Db | Tx, names: (string | null)[]): Promise<Map<string, AreaRow>> {
  const wanted = [...new Set(names.filter((n): n is string => !!n))];
  if (wanted.length === 0) return new Map();
  const rows = await db.select().from(projectAreas).where(inArray(projectAreas.name, wanted));
  return new Map(rows.map((r) => [r.name, r]));
}

/** Answers filled from another one (22 from the project area named by 21), for the given questions. */
export function fillDerived(program: Program, target: readonly ProgramQuestion[], values: Record<string, AnswerValue>, areas: Map<string, AreaRow>) {
  for (const q of target) {
    const from = q.additionalMetadata?.filledFrom;
    if (!from) continue;
    const source = program.questions.find((s) => s.systemNo === from);
    values[q.id] = filledAnswer(q, { [from]: source ? (values[source.id] ?? null) : null }, (name) => areas.get(name)) ?? null;
  }
}

/** The entity profile an application shows: the organization's name and every profile question's answer. */
export interface ProfileSnapshot {
  organizationName: string;
  /** By question id, as the application shows them (1 and 3 filled by the server). */
  answers: Record<string, AnswerValue>;
}

/** The organization's entity profile as it stands now, for the programme's profile questions. */
export async function liveProfile(db: Db | Tx, program: Program, organizationId: string): Promise<ProfileSnapshot> {
  const [org] = await db.select({ legalName: organizations.legalName }).from(organizations).where(eq(organizations.id, organizationId)).limit(1);
  const rows = await db
    .select({ questionId: profileAnswers.questionId, value: jsonText(profileAnswers.value) })
    .from(profileAnswers)
    .where(eq(profileAnswers.organizationId, organizationId));
  const stored = new Map(rows.map((r) => [r.questionId, parseJson(r.value)]));
  const profileSections = new Set(program.sections.filter((s) => s.isEntityProfile).map((s) => s.id));
  const answers: Record<string, AnswerValue> = {};
  for (const q of program.questions) {
    if (!profileSections.has(q.sectionId)) continue;
    let value = stored.get(q.id);
    if (isEmptyAnswer(value) && q.systemNo === LEGAL_NAME_NO) value = org?.legalName;
    if (isEmptyAnswer(value) && q.systemNo === ORGANIZATION_ID_NO) value = organizationId;
    answers[q.id] = normalizeValue(value);
  }
  return { organizationName: org?.legalName ?? '', answers };
}

/** The history entry of a snapshot: the answers by system number, so a person can read what was submitted. */
export async function auditProfileSnapshot(
  tx: Tx, program: Program, app: ApplicationRow, snapshot: ProfileSnapshot, userId: string | null, opts: { backfilled?: boolean } = {},
): Promise<void> {
  const answers = Object.fromEntries(program.questions.filter((q) => q.id in snapshot.answers).map((q) => [q.systemNo, snapshot.answers[q.id] ?? null]));
  await audit(tx, {
    action: 'PROFILE_SNAPSHOT', entity: 'application', userId, applicationId: app.id, organizationId: app.organizationId,
    details: { organizationName: snapshot.organizationName, answers, ...(opts.backfilled ? { backfilled: true } : {}) },
  });
}

/**
 * A submitted application submitted before snapshots existed (or seeded) has none: the first read takes
 * it, once (the update is conditional), and records it in the history.
 */
async function backfillProfileSnapshot(db: Db, program: Program, app: ApplicationRow): Promise<ProfileSnapshot> {
  return db.transaction(async (tx) => {
    const snapshot = await liveProfile(tx, program, app.organizationId);
    const taken = await tx
      .update(applications)
      .set({ profileSnapshot: snapshot, profileSnapshotAt: new Date() })
      .where(and(eq(applications.id, app.id), isNull(applications.profileSnapshot)))
      .returning({ id: applications.id });
    if (taken.length > 0) {
      await auditProfileSnapshot(tx, program, app, snapshot, null, { backfilled: true });
      return snapshot;
    }
    const [row] = await tx.select({ snapshot: applications.profileSnapshot }).from(applications).where(eq(applications.id, app.id)).limit(1);
    return (row?.snapshot as ProfileSnapshot | null) ?? snapshot;
  });
}

/**
 * Once submitted, an application shows the entity profile it was submitted with. A draft, and a revision
 * the applicant is making (REVISION_NEEDED: its resubmission snapshots the profile again), show the live one.
 */
export function showsProfileSnapshot(app: ApplicationRow): boolean {
  return isApplicationStatus(app.status) && isSubmittedOrLater(app.status) && app.status !== 'REVISION_NEEDED';
}

async function profileShownBy(db: Db, program: Program, app: ApplicationRow): Promise<ProfileSnapshot> {
  if (!showsProfileSnapshot(app)) return liveProfile(db, program, app.organizationId);
  return (app.profileSnapshot as ProfileSnapshot | null) ?? backfillProfileSnapshot(db, program, app);
}

export interface AnswerState {
  /** The entity profile shown (the snapshot once submitted; see profileShownBy). */
  profile: ProfileSnapshot;
  /** Every programme question's answer: stored, or filled by the server. */
  byQuestionId: Record<string, AnswerValue>;
  bySystemNo: Record<string, AnswerValue>;
  /** The application's answer rows as stored (entity profile answers are the organization's). */
  stored: Map<string, unknown>;
  areas: Map<string, AreaRow>;
}

/** `profile: 'live'` reads the organization's profile now whatever the status (submit checks and snapshots that one). */
export async function loadAnswerState(db: Db, program: Program, app: ApplicationRow, opts: { profile?: 'live' } = {}): Promise<AnswerState> {
  const profile = opts.profile === 'live' ? await liveProfile(db, program, app.organizationId) : await profileShownBy(db, program, app);
  const answerRows = await db
    .select({ questionId: answers.questionId, value: jsonText(answers.value) })
    .from(answers)
    .where(eq(answers.applicationId, app.id));
  const stored = new Map(answerRows.map((r) => [r.questionId, parseJson(r.value)]));
  const entityProfile = new Set(program.sections.filter((s) => s.isEntityProfile).map((s) => s.id));

  const byQuestionId: Record<string, AnswerValue> = {};
  for (const q of program.questions) {
    let value: unknown;
    if (entityProfile.has(q.sectionId)) {
      value = profile.answers[q.id];
    } else {
      value = stored.get(q.id);
      if (isEmptyAnswer(value) && q.systemNo === APPLICATION_NO) value = app.id;
      if (isEmptyAnswer(value) && q.systemNo === PROJECT_AREA_NO && !stored.has(q.id)) value = app.projectLocation;
      if (isEmptyAnswer(value) && q.systemNo === TECHNOLOGY_NO) value = app.technologyType;
    }
    byQuestionId[q.id] = normalizeValue(value);
  }
  const areas = await findAreas(db, program.questions.filter(isAreaQuestion).map((q) => areaName(byQuestionId[q.id])));
  fillDerived(program, program.questions, byQuestionId, areas);
  return { profile, byQuestionId, bySystemNo: answersBySystemNoFrom(program.questions, byQuestionId), stored, areas };
}

/** Everything a printed application shows: its header facts, and its sections (entity profile first) with their answers. */
export interface ApplicationContent {
  application: {
    id: string;
    status: string;
    projectLocation: string | null;
    technologyType: string | null;
    submittedAt: Date | null;
  };
  programName: string;
  organizationName: string;
  sections: { id: string; name: string; isEntityProfile: boolean; questions: ProgramQuestion[] }[];
  answersByQuestionId: Record<string, AnswerValue>;
  answersBySystemNo: Record<string, AnswerValue>;
}

export async function loadApplicationContent(db: Db, app: ApplicationRow): Promise<ApplicationContent> {
  const program = await loadProgram(db, app.programId);
  const state = await loadAnswerState(db, program, app);
  const [programRow] = await db.select({ name: programs.name }).from(programs).where(eq(programs.id, app.programId)).limit(1);
  // Stable sort: the entity profile first, then the programme's display order.
  const ordered = [...program.sections].sort((a, b) => Number(b.isEntityProfile) - Number(a.isEntityProfile));
  return {
    application: {
      id: app.id,
      status: app.status,
      projectLocation: app.projectLocation,
      technologyType: app.technologyType,
      submittedAt: app.submittedAt,
    },
    programName: programRow?.name ?? '',
    organizationName: state.profile.organizationName,
    sections: ordered.map((s) => ({ id: s.id, name: s.name, isEntityProfile: s.isEntityProfile, questions: program.bySection.get(s.id) ?? [] })),
    answersByQuestionId: state.byQuestionId,
    answersBySystemNo: state.bySystemNo,
  };
}
