// The state's status moves over the API (POST review/applications/{id}/{actionId}, api/routes/review-moves.ts) and
// the one executor behind them and the organization's moves (api/services/application-moves.ts). The matrix's
// expected answers come from the status machine (domain/workflow.ts) and the visibility rule (domain/access.ts),
// played on one fresh application per status made directly in the database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, desc, eq, inArray, like } from 'drizzle-orm';
import { startTestApi, type TestApi } from './harness';
import { uploadDocument } from './fixtures';
import { applicationSections, applications, loggedActions, organizations, questions, reviewAssignments, sections } from '../../api/db/schema';
import { decide, type Viewer } from '../../domain/access';
import { APPLICATION_STATUSES, type ApplicationStatus } from '../../domain/statuses';
import { refusal, roleAllowing, STATE_MOVE_IDS, WORKFLOW_MSG, workflowAction, type ActionId } from '../../domain/workflow';
import { MSG } from '../../domain/messages';
import { guardedStage } from '../../domain/consensus-guards';

let api: TestApi;
interface Account { email: string; token: string; userId: string; viewer: Viewer }
const accounts: Record<string, Account> = {};
let lakeview: string;
let programId: string;
/** Sections of the application form (not the entity profile), by slug. */
const S: Record<string, string> = {};
/** One application per status, made for the matrix: GA-WF0000 … */
const rows: { id: string; status: ApplicationStatus }[] = [];

async function signIn(email: string): Promise<Account> {
  const { token, user } = await api.signIn(email);
  return (accounts[email] = { email, token, userId: user.id, viewer: user });
}

const move = (id: string, actionId: string, email: string, body: unknown = {}) =>
  api.call(`/api/v1/review/applications/${id}/${actionId}`, { token: accounts[email]!.token, body });

const statusOf = async (id: string) =>
  (await api.database.db.select({ status: applications.status }).from(applications).where(eq(applications.id, id)))[0]?.status;

async function unlockedSections(id: string): Promise<string[]> {
  const found = await api.database.db.select({ sectionId: applicationSections.sectionId }).from(applicationSections)
    .where(and(eq(applicationSections.applicationId, id), eq(applicationSections.unlocked, true)));
  return found.map((r) => r.sectionId).sort();
}

/** A body that gives every action what it needs (the matrix checks who and from where, not the body). */
function bodyFor(actionId: ActionId, current: ApplicationStatus) {
  const needs = workflowAction(actionId).needs;
  return {
    comments: 'Matrix move',
    ...(needs.reasonId ? { reasonId: 5 } : {}),
    ...(needs.sectionIds ? { sectionIds: [S.budget] } : {}),
    ...(needs.status ? { status: current === 'GATING_REVIEW' ? 'SUBMITTED' : 'GATING_REVIEW' } : {}),
  };
}

beforeAll(async () => {
  api = await startTestApi({ OTP_EMAIL_LIMIT: '100' });
  for (const email of [
    'state.admin@example.gov', 'rsm.admin@example.gov', 'ctc.admin@example.gov', 'rsm.reviewer@example.gov', 'ctc.reviewer@example.gov',
    'rsm.financial@example.gov', 'org.admin@example.org', 'org.staff@example.org',
  ]) await signIn(email);
  const db = api.database.db;
  lakeview = (await db.select().from(organizations).where(like(organizations.legalName, 'Lakeview%')))[0]!.id;
  programId = (await api.call('/api/v1/program/all', { token: accounts['org.admin@example.org']!.token })).body[0].id;
  const programSections = await db.select().from(sections).where(eq(sections.programId, programId)).orderBy(asc(sections.displayOrder));
  for (const s of programSections) S[s.slug] = s.id;
  const now = new Date();
  APPLICATION_STATUSES.forEach((status, i) => rows.push({ id: `GA-WF${String(i).padStart(4, '0')}`, status }));
  await db.insert(applications).values(rows.map((r) => ({
    id: r.id, programId, organizationId: lakeview, status: r.status, projectLocation: null, submittedAt: r.status === 'DRAFT' ? null : now,
  })));
  await db.insert(applicationSections).values(rows.flatMap((r) => programSections.map((s) => ({ applicationId: r.id, sectionId: s.id }))));
  // The RSM reviewer holds a PENDING assignment on every one (so the machine, not visibility, answers it).
  await db.insert(reviewAssignments).values(rows.map((r) => ({
    applicationId: r.id, reviewerId: accounts['rsm.reviewer@example.gov']!.userId, reviewerType: 'RSM_REVIEWER', status: 'PENDING',
  })));
}, 180_000);

afterAll(async () => {
  await api?.close();
});

/** What the machine and the visibility rule answer: 200, 403, 404 or 409. */
function expected(account: Account, status: ApplicationStatus, actionId: ActionId, assigned: boolean): number {
  const viewer = account.viewer;
  if (viewer.roleType !== 'state') return 403;
  const roles = viewer.roles.map((r) => r.name);
  if (roles.every((r) => r === 'RSM_Financial_Reviewer')) return 403;
  if (!decide(viewer, 'read', 'application', { application: { organizationId: lakeview, status, assigned } }).allowed) return 404;
  const facts = { status, assignment: assigned ? ('PENDING' as const) : null };
  // The machine allows it; a move into Passed Gating / Passed Technical also needs its stage's consensus, and these
  // rows carry no reviews: the guard answers 409 (tests/api/consensus-guards.test.ts plays the guards; decision 041).
  if (roleAllowing(roles, facts, actionId)) return guardedStage(workflowAction(actionId).to as string) ? 409 : 200;
  return refusal({ ...facts, role: roles[0] }, actionId)!.status;
}

describe('the status machine over HTTP', () => {
  it('answers every state move from every status for every state admin and an assigned reviewer as the machine says', async () => {
    const players = ['state.admin@example.gov', 'rsm.admin@example.gov', 'ctc.admin@example.gov', 'rsm.reviewer@example.gov'].map((e) => accounts[e]!);
    const mismatches: string[] = [];
    let moved = 0;
    for (const row of rows) {
      for (const who of players) {
        const assigned = who.email === 'rsm.reviewer@example.gov';
        const cells = STATE_MOVE_IDS.map((actionId) => ({ actionId, want: expected(who, row.status, actionId, assigned) }));
        // Refusals change nothing: they run together; each allowed move runs alone and the row is put back.
        const refused = cells.filter((c) => c.want !== 200);
        await Promise.all(refused.map(async ({ actionId, want }) => {
          const res = await move(row.id, actionId, who.email, bodyFor(actionId, row.status));
          if (res.status !== want) mismatches.push(`${who.email} ${actionId} from ${row.status}: expected ${want}, got ${res.status} ${res.body?.message}`);
        }));
        for (const { actionId } of cells.filter((c) => c.want === 200)) {
          const res = await move(row.id, actionId, who.email, bodyFor(actionId, row.status));
          if (res.status !== 200) mismatches.push(`${who.email} ${actionId} from ${row.status}: expected 200, got ${res.status} ${res.body?.message}`);
          else moved++;
          await api.database.db.update(applications).set({ status: row.status }).where(eq(applications.id, row.id));
          await api.database.db.update(applicationSections).set({ unlocked: false }).where(eq(applicationSections.applicationId, row.id));
        }
      }
    }
    expect(mismatches).toEqual([]);
    expect(moved).toBeGreaterThan(50);
  }, 240_000);

  it('answers a move with the new status and what the caller may do next', async () => {
    const id = rows.find((r) => r.status === 'SUBMITTED')!.id;
    const res = await move(id, 'mark-as-gating-review', 'rsm.admin@example.gov', { comments: 'Opening gating' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: 'Application marked as Gating Review', id, status: 'GATING_REVIEW',
      allowedActions: ['assign-reviewers', 'mark-as-gating-awaiting-consensus'],
    });
    await api.database.db.update(applications).set({ status: 'SUBMITTED' }).where(eq(applications.id, id));
  });

  it("reads the application and the caller's assignment on it once each, through the one access check", async () => {
    const id = rows.find((r) => r.status === 'SUBMITTED')!.id;
    const recording = api.database.statements.record();
    const res = await move(id, 'mark-as-gating-review', 'rsm.admin@example.gov', { comments: 'Counted' });
    recording.stop();
    expect(res.status).toBe(200);
    const reads = (table: string) => recording.statements.filter((q) => q.startsWith('select') && new RegExp(`^select [^;]*? from "${table}" where`).test(q));
    expect(reads('review_assignments'), recording.statements.join('\n')).toHaveLength(1);
    expect(reads('applications').filter((q) => q.includes('"applications"."id" = $1')), recording.statements.join('\n')).toHaveLength(1);
    await api.database.db.update(applications).set({ status: 'SUBMITTED' }).where(eq(applications.id, id));
  });

  it('lets exactly one of two concurrent moves win; the other gets 409 with the stale message and nothing is lost', async () => {
    const id = rows.find((r) => r.status === 'SUBMITTED')!.id;
    for (let round = 0; round < 3; round++) {
      await api.database.db.update(applications).set({ status: 'SUBMITTED' }).where(eq(applications.id, id));
      const before = (await api.database.db.select().from(loggedActions).where(eq(loggedActions.applicationId, id))).length;
      const [a, b] = await Promise.all([
        move(id, 'mark-as-gating-review', 'state.admin@example.gov', { comments: 'Admin A' }),
        move(id, 'mark-as-gating-review', 'rsm.admin@example.gov', { comments: 'Admin B' }),
      ]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      const loser = a.status === 409 ? a : b;
      expect(loser.body.message).toBe(WORKFLOW_MSG.stale);
      const winner = a.status === 200 ? a : b;
      expect(await statusOf(id)).toBe(winner.body.status);
      const entries = await api.database.db.select().from(loggedActions).where(eq(loggedActions.applicationId, id));
      expect(entries.length - before).toBe(1);
    }
    await api.database.db.update(applications).set({ status: 'SUBMITTED' }).where(eq(applications.id, id));
  });

  it('refuses the financial reviewer every move with 403, and organization users every review route with 403, changing nothing', async () => {
    const id = rows.find((r) => r.status === 'GATING_IN_STATE_CONSENSUS')!.id;
    for (const email of ['rsm.financial@example.gov', 'org.admin@example.org', 'org.staff@example.org']) {
      for (const actionId of STATE_MOVE_IDS) {
        const res = await move(id, actionId, email, bodyFor(actionId, 'GATING_IN_STATE_CONSENSUS'));
        expect(res.status, `${email} ${actionId}`).toBe(403);
        expect(res.body.message, `${email} ${actionId}`).toBe(MSG.actionNotAllowed);
      }
    }
    // An organization user on another organization's application is refused the same way (the routes are the state's).
    expect((await move('GA-NOPE00', 'withdraw', 'org.admin@example.org')).status).toBe(403);
    expect(await statusOf(id)).toBe('GATING_IN_STATE_CONSENSUS');
  });

  it('answers a reviewer 404 for an application not assigned to them, and an unknown id 404', async () => {
    const id = rows.find((r) => r.status === 'TECHNICAL_REVIEW')!.id;
    const res = await move(id, 'mark-as-technical-awaiting-consensus', 'ctc.reviewer@example.gov');
    expect(res.status).toBe(404);
    expect((await move('GA-NOPE00', 'withdraw', 'state.admin@example.gov')).status).toBe(404);
  });

  it('asks for what each move needs (400 with the field), keeping the application as it was', async () => {
    const id = rows.find((r) => r.status === 'GATING_REVIEW')!.id;
    const rejected = await move(id, 'mark-as-rejected', 'state.admin@example.gov', { comments: '' });
    expect(rejected.status).toBe(400);
    expect(rejected.body.errors).toEqual({ reasonId: [WORKFLOW_MSG.reasonRequired], comments: [WORKFLOW_MSG.commentsRequired] });
    const revision = await move(id, 'mark-as-revision-needed', 'state.admin@example.gov', { comments: 'Fix', sectionIds: [S['entity-information']] });
    expect(revision.status).toBe(400);
    expect(revision.body.errors.sectionIds).toEqual([WORKFLOW_MSG.sectionsUnknown]);
    const unknownSection = await move(id, 'mark-as-revision-needed', 'state.admin@example.gov', { comments: 'Fix', sectionIds: ['00000000-0000-4000-8000-000000000000'] });
    expect(unknownSection.status).toBe(400);
    const changed = await move(id, 'change-status', 'state.admin@example.gov', { status: 'AWARDED' });
    expect(changed.status).toBe(400);
    expect(changed.body.errors).toEqual({ comments: [WORKFLOW_MSG.commentsRequired] });
    const stray = await move(id, 'mark-as-gating-awaiting-consensus', 'state.admin@example.gov', { answers: 'not a list' });
    expect(stray.status).toBe(400);
    expect(await statusOf(id)).toBe('GATING_REVIEW');
  });

  it('writes the history of a move (who, from, to, comments, reason) and emails the organization after it', async () => {
    const id = rows.find((r) => r.status === 'PASSED_GATING')!.id;
    const res = await move(id, 'mark-as-rejected', 'state.admin@example.gov', { reasonId: '6', comments: 'Too costly' });
    expect(res.status).toBe(200);
    const [entry] = await api.database.db.select().from(loggedActions)
      .where(eq(loggedActions.applicationId, id)).orderBy(desc(loggedActions.seq)).limit(1);
    expect(entry).toMatchObject({
      action: 'STATUS_CHANGED', userId: accounts['state.admin@example.gov']!.userId, organizationId: lakeview,
      fromStatus: 'PASSED_GATING', toStatus: 'REJECTED', comments: 'Too costly',
      details: { actionId: 'mark-as-rejected', reasonId: 6, reason: 'Did not meet Technical criteria.' },
    });
    // After the commit the organization's admins are told (api/services/notifications.ts, the dev outbox here).
    const mail = await api.call(`/api/v1/dev/outbox?email=org.admin@example.org`, { http: true });
    expect(mail.body.map((m: { subject: string }) => m.subject)).toContain(`Application ${id} is now Rejected`);
    await api.database.db.update(applications).set({ status: 'PASSED_GATING' }).where(eq(applications.id, id));
  });
});

describe('revision and resubmission', () => {
  it('reopens the chosen sections, lets the organization change them and resubmit, and locks them again', async () => {
    const db = api.database.db;
    // A submitted demo application of Lakeview (the demo data answers every question of those, api/seed).
    const [submitted] = await db.select({ id: applications.id }).from(applications)
      .where(and(eq(applications.organizationId, lakeview), eq(applications.status, 'SUBMITTED'), like(applications.id, 'GA-LKV%')))
      .orderBy(asc(applications.id)).limit(1);
    expect(submitted, 'the demo data has a submitted Lakeview application').toBeTruthy();
    const id = submitted!.id;
    // The test template's demo applications leave their File questions unanswered (no storage, api/seed): the
    // state asks for exactly those sections, and the organization attaches the files.
    const fileQuestions = await db.select({ id: questions.id, sectionId: questions.sectionId }).from(questions)
      .where(and(eq(questions.type, 'File'), inArray(questions.sectionId, Object.values(S))));
    const reopen = [...new Set(fileQuestions.map((q) => q.sectionId))].sort();
    expect(reopen.length).toBeGreaterThan(0);
    expect((await move(id, 'mark-as-gating-review', 'state.admin@example.gov')).status).toBe(200);
    const revision = await move(id, 'mark-as-revision-needed', 'state.admin@example.gov', { sectionIds: reopen, comments: 'Attach the documents' });
    expect(revision.status, JSON.stringify(revision.body)).toBe(200);
    expect(revision.body.status).toBe('REVISION_NEEDED');
    expect(await unlockedSections(id)).toEqual(reopen);
    const [entry] = await db.select().from(loggedActions)
      .where(and(eq(loggedActions.applicationId, id), eq(loggedActions.toStatus, 'REVISION_NEEDED'))).orderBy(desc(loggedActions.seq)).limit(1);
    expect(entry).toMatchObject({ fromStatus: 'GATING_REVIEW', comments: 'Attach the documents', details: { sectionIds: reopen } });

    // The organization admin changes the reopened sections, a locked one stays locked, and resubmits through its own route.
    const admin = accounts['org.admin@example.org']!.token;
    const document = await uploadDocument(api, admin, { organizationId: lakeview, programId, sectionId: reopen[0]!, fileName: 'plan.pdf' }, '%PDF-1.4 plan');
    for (const sectionId of reopen) {
      const answers = fileQuestions.filter((q) => q.sectionId === sectionId).map((q) => ({ questionId: q.id, value: { documentId: document.id, fileName: 'plan.pdf' } }));
      const saved = await api.call(`/api/v1/applications/${id}/sections/${sectionId}/answers`, { token: admin, body: { answers } });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    }
    const locked = await api.call(`/api/v1/applications/${id}/sections/${S.budget}/answers`, { token: admin, body: { answers: [] } });
    expect(locked.status).toBe(409);
    const resubmitted = await api.call(`/api/v1/applications/${id}/submit`, { token: admin, body: {} });
    expect(resubmitted.status, JSON.stringify(resubmitted.body)).toBe(200);
    expect(resubmitted.body).toMatchObject({ message: 'Application resubmitted successfully', status: 'RESUBMITTED' });
    expect(await unlockedSections(id)).toEqual([]);
    const [back] = await db.select().from(loggedActions).where(eq(loggedActions.applicationId, id)).orderBy(desc(loggedActions.seq)).limit(1);
    expect(back).toMatchObject({ action: 'APPLICATION_RESUBMITTED', fromStatus: 'REVISION_NEEDED', toStatus: 'RESUBMITTED' });
    expect((await api.call(`/api/v1/applications/${id}/submit`, { token: admin, body: {} })).status).toBe(409);
    // Back to review from the resubmission.
    expect((await move(id, 'mark-as-gating-review', 'rsm.admin@example.gov')).status).toBe(200);
  });

  it('reopens a section of an application that has no section rows yet (bulk data)', async () => {
    const id = 'GA-WFX001';
    await api.database.db.insert(applications).values({ id, programId, organizationId: lakeview, status: 'TECHNICAL_REVIEW', submittedAt: new Date() });
    const res = await move(id, 'mark-as-revision-needed', 'state.admin@example.gov', { sectionIds: S.budget, comments: 'One section, as a plain form posts it' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await unlockedSections(id)).toEqual([S.budget]);
  });

  it('locks the reopened sections when the state leaves REVISION_NEEDED itself (not remediated)', async () => {
    const id = rows.find((r) => r.status === 'STATE_REVIEW')!.id;
    expect((await move(id, 'mark-as-revision-needed', 'state.admin@example.gov', { sectionIds: [S.budget], comments: 'Budget' })).status).toBe(200);
    expect(await unlockedSections(id)).toEqual([S.budget]);
    expect((await move(id, 'mark-as-not-remediated', 'state.admin@example.gov', { comments: 'No answer in 30 days' })).status).toBe(200);
    expect(await unlockedSections(id)).toEqual([]);
    await api.database.db.update(applications).set({ status: 'STATE_REVIEW' }).where(eq(applications.id, id));
  });
});
