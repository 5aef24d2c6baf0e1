// Sections and answers of an application (spec 7 Applications: section/all, sections-status,
// sections/{sectionId}, answers, submit, questions-system-no). Rules: spec 4 "Form read-only rule",
// "Save enablement", "Conditional questions", spec 5; DESIGN sections 4-5 (only org admins save and
// submit; a draft, or a section unlocked while REVISION_NEEDED, is writable).
import { Router } from 'express';
import { declared, type DeclaredRouter } from '../openapi/registry';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { ApiContext } from '../context';
import { badRequest, conflict, handler, notFound, parseInput } from '../http';
import { currentAuth, requireUser } from '../guard';
import { applicationRoute, visibleApplication } from '../services/application-access';
import { answers, applicationSections, applications, documents, programs, sections } from '../db/schema';
import { audit } from '../services/audit';
import { checkMove, executeMove } from '../services/application-moves';
import { findPendingUploads, pendingUploadId, promotePendingUploads } from '../services/pending-uploads';
import { latestRevisionRequest } from '../services/revision-request';
import { heldDocuments } from '../services/held-files';
import { scanStatusOf } from '../../domain/scanning';
import { templateUrls } from './templates';
import {
  areaName, auditProfileSnapshot, fillDerived, findAreas, isAreaQuestion, jsonText, loadAnswerState, loadProgram, normalizeValue, parseJson,
  type AnswerState, type ApplicationRow, type AreaRow, type Program, type ProgramQuestion, type SectionRow,
} from '../services/application-content';
import { normalizeAnswer } from '../../domain/format';
import { canonical } from '../../domain/edit-conflicts';
import { checkVersion, versionOf, type VersionedValue } from '../services/edit-versions';
import { APPLICATION_MSG } from '../../domain/messages';
import type { RoleName } from '../../domain/roles';
import type { AnswerValue } from '../../domain/questions';
import { doc } from '../openapi/declare';
import { AnswerBySystemNoSchema, ApplicationSubmittedSchema, ProgramSectionSchema, SectionSavedSchema, SectionStatusRowSchema, SectionViewSchema } from '../../domain/api-schemas';
import {
  answersBySystemNoFrom, dependentsOf, isEffectivelyMandatory, isEmptyAnswer, isQuestionVisible, percentOfTotalWarning,
  validateAnswers, type ValidationContext,
} from '../../domain/validation';
import { SectionSaveBody } from '../../domain/api-requests';
import { UUID } from '../../domain/ids';

/** The document id a File answer names, if it has the shape of one. */
function fileDocumentId(value: AnswerValue | undefined): string | null {
  return value && typeof value === 'object' && !Array.isArray(value) && typeof (value as { documentId?: unknown }).documentId === 'string'
    ? (value as { documentId: string }).documentId
    : null;
}

type SectionStatus = 'NOT_STARTED' | 'IN_PROGRESS' | 'COMPLETED';

const SectionsQuery = z.object({
  programId: z.string().regex(UUID, APPLICATION_MSG.programNotFound).optional(),
});

const SectionQuery = z.object({ required: z.enum(['true', 'false']).optional() });

/** Stable JSON comparison (jsonb does not keep key order): domain/edit-conflicts.ts. */
const sameValue = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/** The stored answers of a section's questions, as the version (decision 099) is made of them. */
const versioned = (qs: readonly ProgramQuestion[], stored: Map<string, unknown>): VersionedValue[] =>
  qs.filter((q) => stored.has(q.id)).map((q) => ({ key: q.id, value: stored.get(q.id) }));

/** Spec 4 "Form read-only rule" for the application's status; null when the section may be changed. */
function lockedMessage(status: string, sectionUnlocked: boolean): string | null {
  if (status === 'DRAFT') return null;
  if (status === 'REVISION_NEEDED') return sectionUnlocked ? null : APPLICATION_MSG.sectionLocked;
  if (status === 'CANCELLED') return APPLICATION_MSG.cancelledReadOnly;
  // A section the State Admin unlocked (an approved unlock request or an admin unlock, docs/decisions/034).
  if (sectionUnlocked) return null;
  return APPLICATION_MSG.submittedReadOnly;
}

export function sectionRoutes(ctx: ApiContext): DeclaredRouter {
  const router = declared(Router());

  /** Each replaced document among `ids` with the current version of its chain (decision 036). */
  async function currentVersions(ids: string[]): Promise<[string, { id: string; fileName: string }][]> {
    if (ids.length === 0) return [];
    const rows = await ctx.db
      .select({ id: documents.id, currentId: sql<string>`cur.id`, currentName: sql<string>`cur.file_name` })
      .from(documents)
      .innerJoin(sql`documents cur`, sql`coalesce(cur.version_of, cur.id) = coalesce(${documents.versionOf}, ${documents.id}) and cur.replaced_at is null and cur.deleted_at is null`)
      .where(and(inArray(documents.id, ids), sql`${documents.replacedAt} is not null`));
    return rows.map((r) => [r.id, { id: r.currentId, fileName: r.currentName }]);
  }
  const signedIn = requireUser(ctx);

  function findSection(program: Program, sectionId: string): SectionRow {
    const section = UUID.test(sectionId) ? program.sections.find((s) => s.id === sectionId) : undefined;
    if (!section) throw notFound(APPLICATION_MSG.sectionNotFound);
    return section;
  }

  /** A project area answer that names no known area (its options come from the server list). */
  function unknownAreaErrors(qs: readonly ProgramQuestion[], values: Record<string, AnswerValue>, areas: Map<string, AreaRow>) {
    const errors: Record<string, string> = {};
    for (const q of qs) {
      const name = areaName(values[q.id]);
      if (isAreaQuestion(q) && name && !areas.has(name)) errors[q.id] = APPLICATION_MSG.unknownArea;
    }
    return errors;
  }

  /** Every answer problem of a section: invalid answers and, with `required`, empty mandatory ones. */
  function sectionErrors(
    qs: readonly ProgramQuestion[],
    values: Record<string, AnswerValue>,
    bySystemNo: Record<string, AnswerValue>,
    areas: Map<string, AreaRow>,
    opts: { context: ValidationContext; required: boolean },
  ): Record<string, string> {
    const errors = validateAnswers(qs, values, { context: opts.context, answersBySystemNo: bySystemNo });
    if (!opts.required) {
      // A draft may be saved half-filled: only the answers given must be valid.
      for (const id of Object.keys(errors)) if (isEmptyAnswer(values[id])) delete errors[id];
    }
    return { ...errors, ...unknownAreaErrors(qs, values, areas) };
  }

  function entityProfileStatus(qs: readonly ProgramQuestion[], state: AnswerState): SectionStatus {
    const errors = sectionErrors(qs, state.byQuestionId, state.bySystemNo, state.areas, { context: 'profile', required: true });
    if (Object.keys(errors).length === 0) return 'COMPLETED';
    const started = qs.some((q) => q.type !== 'Header' && !q.readOnly && !isEmptyAnswer(state.byQuestionId[q.id]));
    return started ? 'IN_PROGRESS' : 'NOT_STARTED';
  }

  async function sectionRows(applicationId: string) {
    const rows = await ctx.db.select().from(applicationSections).where(eq(applicationSections.applicationId, applicationId));
    return new Map(rows.map((r) => [r.sectionId, r]));
  }

  /** GET sections/{sectionId} (and the save's answer): the application, the section and its questions with their answers. */
  async function sectionView(program: Program, section: SectionRow, app: ApplicationRow, role: RoleName, state: AnswerState, opts: { required?: boolean } = {}) {
    const row = (await sectionRows(app.id)).get(section.id);
    const qs = program.bySection.get(section.id) ?? [];
    const unlocked = !section.isEntityProfile && !!row?.unlocked;
    const readOnly = section.isEntityProfile || role !== 'Organization_Admin' || lockedMessage(app.status, unlocked) !== null;
    const context: ValidationContext = section.isEntityProfile ? 'profile' : 'application';
    // With `required` (?required=true, after a refused submit) the unanswered mandatory questions are named too.
    const errors = sectionErrors(qs, state.byQuestionId, state.bySystemNo, state.areas, { context, required: opts.required ?? false });
    const warnings: Record<string, string[]> = {};
    const templates = await templateUrls(ctx.db, qs);
    // A File answer whose document waits for a virus scan says so (decision 097): its link answers nobody yet.
    const held = await heldDocuments(ctx.db, qs.filter((q) => q.type === 'File').map((q) => fileDocumentId(state.byQuestionId[q.id] ?? null)).filter((id): id is string => !!id && UUID.test(id)));
    const questionViews = qs.map((q) => {
      const answer = state.byQuestionId[q.id] ?? null;
      const visible = isQuestionVisible(q, state.bySystemNo);
      const warning = visible ? percentOfTotalWarning(q, answer, state.bySystemNo) : null;
      if (warning) warnings[q.id] = [warning];
      return {
        id: q.id,
        sectionId: q.sectionId,
        systemNo: q.systemNo,
        text: q.text,
        type: q.type,
        responseType: q.responseType,
        displayOrder: q.displayOrder,
        mandatory: q.type !== 'Header' && visible && isEffectivelyMandatory(q, state.bySystemNo),
        readOnly: q.readOnly,
        instructions: q.instructions,
        placeholder: q.placeholder,
        responseOptions: q.responseOptions,
        tableColumns: q.tableColumns,
        hasTemplate: q.hasTemplate,
        templateUrl: templates.get(q.id) ?? null,
        minDate: q.minDate,
        maxDate: q.maxDate,
        addMoreRows: q.addMoreRows,
        dependentSystemNo: q.dependentSystemNo,
        dependentResponseValue: q.dependentResponseValue,
        additionalMetadata: q.additionalMetadata,
        answer,
        visible,
        ...(errors[q.id] ? { error: errors[q.id] } : {}),
        ...(warning ? { warning } : {}),
        ...(q.type === 'File' ? scanStatusOf(held.has(fileDocumentId(answer) ?? '')) : {}),
      };
    });
    return {
      application: {
        applicationId: app.id,
        status: app.status,
        projectLocation: app.projectLocation,
        technologyType: app.technologyType,
        programId: app.programId,
        readOnly,
        // While returned for revision: what the state asked and which sections it reopened (issue 10 item 4).
        ...(app.status === 'REVISION_NEEDED' ? { revisionRequest: await latestRevisionRequest(ctx.db, app.id) } : {}),
      },
      section: {
        id: section.id,
        name: section.name,
        slug: section.slug,
        displayOrder: section.displayOrder,
        isEntityProfile: section.isEntityProfile,
        status: section.isEntityProfile ? entityProfileStatus(qs, state) : ((row?.status ?? 'NOT_STARTED') as SectionStatus),
        unlocked,
        /** Changes with every saved change to the section's answers: a save sends the one it started from (decision 099). */
        version: versionOf(versioned(qs, state.stored)),
      },
      questions: questionViews,
      warnings,
    };
  }

  router.get('/section/all', doc({ ok: z.array(ProgramSectionSchema), summary: 'The programme\'s sections', query: SectionsQuery }), signedIn, handler(async (req, res) => {
    const q = parseInput(SectionsQuery, req.query);
    const [program] = q.programId
      ? await ctx.db.select({ id: programs.id }).from(programs).where(eq(programs.id, q.programId)).limit(1)
      : await ctx.db.select({ id: programs.id }).from(programs).orderBy(asc(programs.name), asc(programs.createdAt)).limit(1);
    if (!program) throw notFound(APPLICATION_MSG.programNotFound);
    const rows = await ctx.db
      .select({ id: sections.id, name: sections.name, slug: sections.slug, displayOrder: sections.displayOrder, isEntityProfile: sections.isEntityProfile })
      .from(sections)
      .where(eq(sections.programId, program.id))
      .orderBy(asc(sections.displayOrder));
    res.json(rows);
  }));

  router.get('/applications/:id/sections-status', doc({ summary: 'Each section\'s status in the application', ok: z.array(SectionStatusRowSchema) }), ...applicationRoute(ctx, 'read'), handler(async (_req, res) => {
    const { app } = visibleApplication(res);
    const program = await loadProgram(ctx.db, app.programId);
    const rows = await sectionRows(app.id);
    const profileSection = program.sections.find((s) => s.isEntityProfile);
    const profileStatus = profileSection
      ? entityProfileStatus(program.bySection.get(profileSection.id) ?? [], await loadAnswerState(ctx.db, program, app))
      : 'NOT_STARTED';
    res.json(program.sections.map((s) => {
      const row = rows.get(s.id);
      return {
        sectionId: s.id,
        name: s.name,
        slug: s.slug,
        displayOrder: s.displayOrder,
        status: s.isEntityProfile ? profileStatus : ((row?.status ?? 'NOT_STARTED') as SectionStatus),
        unlocked: !s.isEntityProfile && !!row?.unlocked,
        isEntityProfile: s.isEntityProfile,
      };
    }));
  }));

  router.get('/applications/:id/sections/:sectionId', doc({ ok: SectionViewSchema, summary: 'A section with its questions and answers', query: SectionQuery }), ...applicationRoute(ctx, 'read'), handler(async (req, res) => {
    const { app, role } = visibleApplication(res);
    const program = await loadProgram(ctx.db, app.programId);
    const section = findSection(program, String(req.params.sectionId));
    const { required } = parseInput(SectionQuery, req.query);
    res.json(await sectionView(program, section, app, role, await loadAnswerState(ctx.db, program, app), { required: required === 'true' }));
  }));

  router.post('/applications/:id/sections/:sectionId/answers', doc({ ok: SectionSavedSchema, summary: 'Save a section\'s answers', body: SectionSaveBody, errors: [409] }), ...applicationRoute(ctx, 'update'), handler(async (req, res) => {
    const { app, role } = visibleApplication(res);
    const body = parseInput(SectionSaveBody, req.body);
    const program = await loadProgram(ctx.db, app.programId);
    const section = findSection(program, String(req.params.sectionId));
    if (section.isEntityProfile) throw conflict(APPLICATION_MSG.entityProfileReadOnly);
    const locked = lockedMessage(app.status, !!(await sectionRows(app.id)).get(section.id)?.unlocked);
    if (locked) throw conflict(locked);

    const qs = program.bySection.get(section.id) ?? [];
    const byId = new Map(qs.map((q) => [q.id, q]));
    const foreign = body.answers.filter((a) => !byId.has(a.questionId));
    if (foreign.length > 0) {
      throw badRequest(APPLICATION_MSG.answersNotInSection, Object.fromEntries(foreign.map((a) => [a.questionId, [APPLICATION_MSG.questionNotInSection]])));
    }

    const state = await loadAnswerState(ctx.db, program, app);
    const before: Record<string, AnswerValue> = Object.fromEntries(qs.map((q) => [q.id, state.byQuestionId[q.id] ?? null]));
    const next: Record<string, AnswerValue> = { ...before };
    const given = new Set<string>();
    for (const item of body.answers) {
      const q = byId.get(item.questionId)!;
      // Headers have no answer; read-only answers (1, 3, 179, 22, 24...) keep what the server holds.
      if (q.type === 'Header' || q.readOnly) continue;
      // Stored plain: amounts as decimals, phones and zips as digits (typed '1,234.50' or '(608) 555-0100' alike).
      next[q.id] = normalizeAnswer(q, normalizeValue(item.value));
      given.add(q.id);
    }
    // A file answer must name a document of this organization; its name comes from the record, not the client.
    const fileIds = qs
      .filter((q) => q.type === 'File' && given.has(q.id))
      .map((q) => fileDocumentId(next[q.id]))
      .filter((id): id is string => !!id && UUID.test(id));
    // In a draft an earlier version of a library document reads as its current one (decision 036: a new version moved
    // the draft's answer; a form opened before it still sends the old id). A submitted application keeps its version.
    const current = app.status === 'DRAFT' ? await currentVersions(fileIds) : [];
    const owned = new Map(
      fileIds.length === 0
        ? []
        : (await ctx.db
          .select({ id: documents.id, fileName: documents.fileName })
          .from(documents)
          .where(and(inArray(documents.id, fileIds), eq(documents.organizationId, app.organizationId), isNull(documents.deletedAt))))
          .map((d) => [d.id, d.fileName] as const),
    );
    for (const [id, latest] of current) if (owned.has(id)) owned.set(id, latest.fileName);
    const latestOf = new Map(current.map(([id, latest]) => [id, latest.id] as const));
    // A file held from a save that failed (no JavaScript) is the caller's pending upload; this save promotes it.
    const userId = currentAuth(req).profile.id;
    const pending = await findPendingUploads(ctx, userId, app.id, qs
      .filter((q) => q.type === 'File' && given.has(q.id))
      .map((q) => pendingUploadId(next[q.id]))
      .filter((id): id is string => !!id && UUID.test(id)));
    const missingFiles: Record<string, string[]> = {};
    for (const q of qs) {
      if (q.type !== 'File' || !given.has(q.id) || next[q.id] === null) continue;
      const held = pending.get(pendingUploadId(next[q.id]) ?? '');
      if (held && held.questionId === q.id) {
        next[q.id] = { documentId: held.id, fileName: held.fileName };
        continue;
      }
      const id = fileDocumentId(next[q.id]);
      const fileName = id ? owned.get(id) : undefined;
      if (id && fileName !== undefined) next[q.id] = { documentId: latestOf.get(id) ?? id, fileName };
      else missingFiles[q.id] = [APPLICATION_MSG.fileNotFound];
    }
    if (Object.keys(missingFiles).length > 0) throw badRequest(APPLICATION_MSG.correctAnswers, missingFiles);
    // Spec 4: changing an answer clears the answers depending on it, unless this save answers them too.
    for (const q of qs) {
      if (!given.has(q.id) || sameValue(before[q.id], next[q.id])) continue;
      for (const dependent of dependentsOf(q.systemNo, qs)) if (!given.has(dependent.id) && !dependent.readOnly) next[dependent.id] = null;
    }
    // The project area (21) re-fills its counts (22).
    const areas = await findAreas(ctx.db, qs.filter(isAreaQuestion).map((q) => areaName(next[q.id])));
    fillDerived(program, qs, next, areas);
    // Hidden questions lose their answers (repeated: a cleared answer can hide another question).
    let bySystemNo: Record<string, AnswerValue> = { ...state.bySystemNo, ...answersBySystemNoFrom(qs, next) };
    for (let changed = true; changed;) {
      changed = false;
      for (const q of qs) {
        if (q.readOnly || next[q.id] === null || isQuestionVisible(q, bySystemNo)) continue;
        next[q.id] = null;
        changed = true;
      }
      bySystemNo = { ...state.bySystemNo, ...answersBySystemNoFrom(qs, next) };
    }

    const invalid = sectionErrors(qs, next, bySystemNo, areas, { context: 'application', required: false });
    if (Object.keys(invalid).length > 0) {
      throw badRequest(APPLICATION_MSG.correctAnswers, Object.fromEntries(Object.entries(invalid).map(([id, message]) => [id, [message]])));
    }
    const missing = sectionErrors(qs, next, bySystemNo, areas, { context: 'application', required: true });
    const status: SectionStatus = Object.keys(missing).length === 0 ? 'COMPLETED' : 'IN_PROGRESS';

    const now = new Date();
    // Only the pending uploads still answering their (visible) question become documents.
    const promoted = [...pending.values()].filter((p) => fileDocumentId(next[p.questionId]) === p.id);
    const writes = qs.filter((q) => q.type !== 'Header' && (state.stored.has(q.id) ? !sameValue(state.stored.get(q.id), next[q.id]) : next[q.id] !== null));
    const changedNos = qs.filter((q) => q.type !== 'Header' && !sameValue(before[q.id], next[q.id])).map((q) => q.systemNo);
    const area = qs.filter(isAreaQuestion).map((q) => areaName(next[q.id])).find((n): n is string => !!n && areas.has(n));

    await ctx.db.transaction(async (tx) => {
      const updated = await tx
        .update(applications)
        .set({ updatedAt: now, ...(area && area !== app.projectLocation ? { projectLocation: area } : {}) })
        .where(and(eq(applications.id, app.id), eq(applications.status, app.status)))
        .returning({ id: applications.id });
      if (updated.length === 0) throw conflict(APPLICATION_MSG.submittedReadOnly);
      // The application's row is held until commit: saves of it come one after another, so the answers read here are
      // the ones this save replaces (decision 099).
      if (body.version) {
        const current = await tx
          .select({ key: answers.questionId, value: jsonText(answers.value), by: answers.updatedBy, at: answers.updatedAt })
          .from(answers)
          .where(and(eq(answers.applicationId, app.id), inArray(answers.questionId, qs.map((q) => q.id))));
        await checkVersion(tx, body.version, current.map((r) => ({ ...r, value: parseJson(r.value) })));
      }
      if (app.status !== 'DRAFT') {
        const [row] = await tx
          .select({ unlocked: applicationSections.unlocked })
          .from(applicationSections)
          .where(and(eq(applicationSections.applicationId, app.id), eq(applicationSections.sectionId, section.id)))
          .limit(1);
        if (!row?.unlocked) throw conflict(APPLICATION_MSG.sectionLocked);
      }
      await promotePendingUploads(tx, promoted, userId);
      if (writes.length > 0) {
        await tx
          .insert(answers)
          .values(writes.map((q) => ({ applicationId: app.id, questionId: q.id, value: next[q.id] ?? null, updatedBy: userId, updatedAt: now })))
          .onConflictDoUpdate({
            target: [answers.applicationId, answers.questionId],
            set: { value: sql`excluded.value`, updatedBy: sql`excluded.updated_by`, updatedAt: sql`excluded.updated_at` },
          });
      }
      await tx
        .insert(applicationSections)
        .values({ applicationId: app.id, sectionId: section.id, status, updatedAt: now })
        .onConflictDoUpdate({ target: [applicationSections.applicationId, applicationSections.sectionId], set: { status, updatedAt: now } });
      await audit(tx, {
        action: 'SECTION_SAVED', entity: 'section', userId, applicationId: app.id, organizationId: app.organizationId,
        details: { sectionId: section.id, sectionName: section.name, changed: changedNos },
      });
    });

    const [fresh] = await ctx.db.select().from(applications).where(eq(applications.id, app.id)).limit(1);
    const view = await sectionView(program, section, fresh ?? app, role, await loadAnswerState(ctx.db, program, fresh ?? app));
    res.json({ message: APPLICATION_MSG.sectionSaved, ...view });
  }));

  router.post('/applications/:id/submit', doc({ ok: ApplicationSubmittedSchema, summary: 'Submit the application', errors: [409] }), ...applicationRoute(ctx, 'update'), handler(async (req, res) => {
    const { app, role } = visibleApplication(res);
    // One route for both organization moves of the machine (domain/workflow.ts): a draft is submitted, a revision resubmitted.
    const actionId = app.status === 'REVISION_NEEDED' ? 'resubmit' : 'submit';
    const actor = { userId: currentAuth(req).profile.id, role };
    checkMove(app, actor, actionId);
    const program = await loadProgram(ctx.db, app.programId);
    // The profile as it stands now is what is checked and what the application keeps (item: the state sees what was submitted).
    const state = await loadAnswerState(ctx.db, program, app, { profile: 'live' });
    const errors: Record<string, string[]> = {};
    for (const section of program.sections) {
      const qs = program.bySection.get(section.id) ?? [];
      const context: ValidationContext = section.isEntityProfile ? 'profile' : 'application';
      const n = Object.keys(sectionErrors(qs, state.byQuestionId, state.bySystemNo, state.areas, { context, required: true })).length;
      if (n > 0) errors[section.id] = [APPLICATION_MSG.answersNeedAttention(n)];
    }
    if (Object.keys(errors).length > 0) throw badRequest(APPLICATION_MSG.incomplete, errors);

    const now = new Date();
    const formSections = program.sections.filter((s) => !s.isEntityProfile).map((s) => s.id);
    const { status: to } = await executeMove(ctx, app, actor, actionId, {}, {
      set: { submittedAt: now, submittedBy: actor.userId, profileSnapshot: state.profile, profileSnapshotAt: now },
      details: null,
      effects: async (tx) => {
        if (formSections.length > 0) {
          await tx
            .update(applicationSections)
            .set({ status: 'COMPLETED' })
            .where(and(eq(applicationSections.applicationId, app.id), inArray(applicationSections.sectionId, formSections)));
        }
        // The snapshot is part of submitting: its entry comes first, so the move is the newest entry.
        await auditProfileSnapshot(tx, program, app, state.profile, actor.userId);
      },
    });
    res.json({ message: to === 'SUBMITTED' ? APPLICATION_MSG.submitted : APPLICATION_MSG.resubmitted, applicationId: app.id, status: to });
  }));

  router.get('/applications/:id/questions-system-no/:systemNo/answers', doc({ ok: AnswerBySystemNoSchema, summary: 'The answer to one question by its number' }), ...applicationRoute(ctx, 'read'), handler(async (req, res) => {
    const { app } = visibleApplication(res);
    const program = await loadProgram(ctx.db, app.programId);
    const systemNo = String(req.params.systemNo).trim();
    const q = program.questions.find((x) => x.systemNo === systemNo);
    if (!q) throw notFound(APPLICATION_MSG.questionNotFound);
    const state = await loadAnswerState(ctx.db, program, app);
    res.json({ systemNo: q.systemNo, questionId: q.id, value: state.byQuestionId[q.id] ?? null });
  }));

  return router;
}
