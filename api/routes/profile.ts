// The entity profile (spec 2 Entity Profile; 7: GET|POST organization/{orgId}/profile): the
// programme's Entity Information questions, answered once per organization and shown in every application.
import { Router, type Request } from 'express';
import { declared, type DeclaredRouter } from '../openapi/registry';
import { asc, eq, sql } from 'drizzle-orm';
import type { ApiContext } from '../context';
import { badRequest, handler, notFound, parseInput } from '../http';
import { currentAuth } from '../guard';
import { organizationRole, organizationRoute } from '../services/application-access';
import { can } from '../../domain/permissions';
import { organizations, profileAnswers, programs } from '../db/schema';
import { audit } from '../services/audit';
import { jsonText, loadProgram, normalizeValue, parseJson, type Program, type ProgramQuestion, type Tx } from '../services/application-content';
import { normalizeAnswer } from '../../domain/format';
import { answersBySystemNoFrom, isEffectivelyMandatory, isEmptyAnswer, isQuestionVisible, validateAnswer, validateAnswers } from '../../domain/validation';
import type { AnswerValue } from '../../domain/questions';
import { APPLICATION_MSG, PROFILE_MSG } from '../../domain/messages';
import { checkVersion, versionOf, type VersionedValue } from '../services/edit-versions';
import { doc } from '../openapi/declare';
import { EntityProfileSavedSchema, EntityProfileSchema } from '../../domain/api-schemas';
import { ProfileSaveBody } from '../../domain/api-requests';


export function profileRoutes(ctx: ApiContext): DeclaredRouter {
  const router = declared(Router());

  async function profileSection(): Promise<{ program: Program; questions: ProgramQuestion[]; section: Program['sections'][number] }> {
    const [first] = await ctx.db.select({ id: programs.id }).from(programs).orderBy(asc(programs.name)).limit(1);
    if (!first) throw notFound('Programme not found');
    const program = await loadProgram(ctx.db, first.id);
    const section = program.sections.find((s) => s.isEntityProfile);
    if (!section) throw notFound('Entity profile not found');
    return { program, section, questions: program.bySection.get(section.id) ?? [] };
  }

  /** The organization's saved profile answers, with who saved each and when: what the version (decision 099) is made of. */
  async function savedRows(db: Tx | typeof ctx.db, orgId: string, qs: ProgramQuestion[]): Promise<VersionedValue[]> {
    const ids = new Set(qs.map((q) => q.id));
    const rows = await db
      .select({ key: profileAnswers.questionId, value: jsonText(profileAnswers.value), by: profileAnswers.updatedBy, at: profileAnswers.updatedAt })
      .from(profileAnswers)
      .where(eq(profileAnswers.organizationId, orgId));
    return rows.filter((r) => ids.has(r.key)).map((r) => ({ ...r, value: parseJson(r.value) }));
  }

  async function storedAnswers(orgId: string, qs: ProgramQuestion[]): Promise<{ values: Record<string, AnswerValue>; version: string }> {
    const [org] = await ctx.db.select().from(organizations).where(eq(organizations.id, orgId)).limit(1);
    const rows = await savedRows(ctx.db, orgId, qs);
    const stored = new Map(rows.map((r) => [r.key, r.value]));
    const values: Record<string, AnswerValue> = {};
    for (const q of qs) {
      let value = stored.get(q.id);
      // Read-only: the legal name (1) and the organization id (3) always come from the organization.
      if (q.systemNo === '1') value = org?.legalName;
      if (q.systemNo === '3') value = orgId;
      values[q.id] = normalizeValue(value);
    }
    return { values, version: versionOf(rows) };
  }

  function view(orgId: string, section: { id: string; name: string }, qs: ProgramQuestion[], { values, version }: { values: Record<string, AnswerValue>; version: string }, readOnly: boolean) {
    const bySystemNo = answersBySystemNoFrom(qs, values);
    return {
      organizationId: orgId,
      section: { id: section.id, name: section.name },
      readOnly,
      /** Changes with every saved change to the profile: a save sends the one it started from (decision 099). */
      version,
      questions: qs.map((q) => {
        const answer = values[q.id] ?? null;
        const visible = isQuestionVisible(q, bySystemNo);
        const error = visible && !isEmptyAnswer(answer) ? validateAnswer(q, answer, { context: 'profile', answersBySystemNo: bySystemNo }) : null;
        return { ...q, answer, visible, mandatory: visible && isEffectivelyMandatory(q, bySystemNo), ...(error ? { error } : {}) };
      }),
    };
  }

  const orgOf = (req: Request) => String(req.params.orgId);

  router.get('/organization/:orgId/profile', doc({ ok: EntityProfileSchema, summary: 'The organization\'s Entity Profile' }), ...organizationRoute(ctx, 'read', { entity: 'profile' }), handler(async (req, res) => {
    const orgId = orgOf(req);
    const { section, questions: qs } = await profileSection();
    res.json(view(orgId, section, qs, await storedAnswers(orgId, qs), !can(organizationRole(res), 'update', 'profile')));
  }));

  router.post('/organization/:orgId/profile', doc({ ok: EntityProfileSavedSchema, summary: 'Save the Entity Profile', body: ProfileSaveBody, errors: [409] }), ...organizationRoute(ctx, 'update', { entity: 'profile', forbidden: PROFILE_MSG.staffCannotEdit }), handler(async (req, res) => {
    const orgId = orgOf(req);
    const body = parseInput(ProfileSaveBody, req.body);
    const { section, questions: qs } = await profileSection();
    const byId = new Map(qs.map((q) => [q.id, q]));
    const foreign = body.answers.filter((a) => !byId.has(a.questionId));
    if (foreign.length) {
      throw badRequest(APPLICATION_MSG.answersNotInSection, Object.fromEntries(foreign.map((a) => [a.questionId, [APPLICATION_MSG.questionNotInSection]])));
    }
    const { values: before } = await storedAnswers(orgId, qs);
    const next: Record<string, AnswerValue> = { ...before };
    for (const item of body.answers) {
      const q = byId.get(item.questionId)!;
      if (q.type === 'Header' || q.readOnly) continue;
      // Stored plain: amounts as decimals, phones and zips as digits (typed '1,234.50' or '(608) 555-0100' alike).
      next[q.id] = normalizeAnswer(q, normalizeValue(item.value));
    }
    // Answers of questions hidden by their condition are not kept.
    const bySystemNo = answersBySystemNoFrom(qs, next);
    for (const q of qs) if (!q.readOnly && !isQuestionVisible(q, bySystemNo)) next[q.id] = null;
    const errors = validateAnswers(qs, next, { context: 'profile', answersBySystemNo: answersBySystemNoFrom(qs, next) });
    if (Object.keys(errors).length) {
      throw badRequest(APPLICATION_MSG.correctAnswers, Object.fromEntries(Object.entries(errors).map(([id, message]) => [id, [message]])));
    }
    const userId = currentAuth(req).profile.id;
    const changed = qs.filter((q) => !q.readOnly && q.type !== 'Header' && JSON.stringify(before[q.id]) !== JSON.stringify(next[q.id]));
    await ctx.db.transaction(async (tx) => {
      if (body.version) {
        // The organization's row held until commit: profile saves come one after another (decision 099).
        await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, orgId)).for('update');
        await checkVersion(tx, body.version, await savedRows(tx, orgId, qs));
      }
      if (changed.length) {
        await tx
          .insert(profileAnswers)
          .values(changed.map((q) => ({ organizationId: orgId, questionId: q.id, value: next[q.id] ?? null, updatedBy: userId, updatedAt: new Date() })))
          .onConflictDoUpdate({
            target: [profileAnswers.organizationId, profileAnswers.questionId],
            set: { value: sql`excluded.value`, updatedBy: sql`excluded.updated_by`, updatedAt: sql`excluded.updated_at` },
          });
      }
      await audit(tx, {
        action: 'PROFILE_SAVED', entity: 'organization', userId, organizationId: orgId,
        details: { changed: changed.map((q) => q.systemNo) },
      });
    });
    res.json({ message: PROFILE_MSG.saved, ...view(orgId, section, qs, await storedAnswers(orgId, qs), false) });
  }));

  return router;
}
