// Bulk workflow actions from the state's list (GET/POST review/applications/bulk, api/routes/review-bulk.ts and
// api/services/bulk-moves.ts; decision 027 "Bulk moves"): every row answers as the single-application route would
// (the same access check and executor), the preview writes nothing, the body's row-independent problems answer 400
// before any row, and assign-reviewers in bulk only adds. Played on fresh applications made in this file's database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, like } from 'drizzle-orm';
import { startTestApi, type TestApi } from './harness';
import { addStateUser } from './fixtures';
import { applications, loggedActions, organizations, outbox, reviewAssignments } from '../../api/db/schema';
import { ASSIGNMENT_MSG } from '../../api/services/review-assignments';
import { APPLICATION_MSG, MSG } from '../../domain/messages';
import { statusLabel, type ApplicationStatus } from '../../domain/statuses';
import { BULK_ACTION_IDS, BULK_MAX, BULK_MSG, moveInputProblems, STATE_MOVE_IDS, WORKFLOW_MSG } from '../../domain/workflow';

const ACCOUNTS = [
  'state.admin@example.gov', 'rsm.admin@example.gov', 'rsm.reviewer@example.gov', 'ctc.reviewer@example.gov',
  'rsm.financial@example.gov', 'org.admin@example.org',
] as const;
type Email = (typeof ACCOUNTS)[number];

let api: TestApi;
let tokens: Record<Email, string>;
let ids: Record<Email | 'rsm.second', string>;
let lakeview: string;

/** The applications played with, made for this file (GA-BK…), each in a known status. */
const APPS: Record<string, ApplicationStatus> = {
  'GA-BK0001': 'SUBMITTED',
  'GA-BK0002': 'SUBMITTED',
  'GA-BK0003': 'GATING_REVIEW',
  'GA-BK0004': 'DRAFT',
  // assign-reviewers: two in gating (the first with the RSM reviewer assigned), one in technical, one in state review.
  'GA-BK0010': 'GATING_REVIEW',
  'GA-BK0011': 'GATING_REVIEW',
  'GA-BK0012': 'TECHNICAL_REVIEW',
  'GA-BK0013': 'STATE_REVIEW',
  // mark-review-in-progress: the RSM reviewer's PENDING one, one not assigned to them, one already IN_PROGRESS.
  'GA-BK0020': 'GATING_REVIEW',
  'GA-BK0021': 'GATING_REVIEW',
  'GA-BK0022': 'GATING_REVIEW',
  // reject: the 400 before any row.
  'GA-BK0030': 'GATING_REVIEW',
  'GA-BK0031': 'PASSED_GATING',
};

const preview = (who: Email, query: string) => api.call(`/api/v1/review/applications/bulk?${query}`, { token: tokens[who] });
const bulk = (who: Email, body: unknown) => api.call('/api/v1/review/applications/bulk', { token: tokens[who], body });

const statusesOf = async (list: string[]) =>
  Object.fromEntries((await api.database.db.select({ id: applications.id, status: applications.status }).from(applications)
    .where(inArray(applications.id, list))).map((r) => [r.id, r.status]));
const historyCount = async (list: string[]) =>
  (await api.database.db.select({ seq: loggedActions.seq }).from(loggedActions).where(inArray(loggedActions.applicationId, list))).length;
const assignmentsOf = async (applicationId: string) =>
  Object.fromEntries((await api.database.db.select().from(reviewAssignments).where(eq(reviewAssignments.applicationId, applicationId)))
    .map((a) => [a.reviewerId, a.status]));
const mailTo = async (email: string) =>
  (await api.database.db.select({ subject: outbox.subject }).from(outbox).where(eq(outbox.to, email))).map((m) => m.subject);

beforeAll(async () => {
  api = await startTestApi({ OTP_EMAIL_LIMIT: '100' });
  const signed = await api.signInAll(ACCOUNTS);
  const { db } = api.database;
  tokens = signed.tokens;
  ids = { ...signed.ids, 'rsm.second': await addStateUser(db, { email: 'rsm.second@example.gov', firstName: 'Rhea', lastName: 'Second', role: 'RSM_Reviewer' }) };
  lakeview = (await db.select().from(organizations).where(like(organizations.legalName, 'Lakeview%')))[0]!.id;
  const programId = (await api.call('/api/v1/program/all', { token: tokens['org.admin@example.org'] })).body[0].id;
  const now = new Date();
  await db.insert(applications).values(Object.entries(APPS).map(([id, status]) => ({
    id, programId, organizationId: lakeview, status, submittedAt: status === 'DRAFT' ? null : now,
  })));
  const rsm = ids['rsm.reviewer@example.gov'];
  await db.insert(reviewAssignments).values([
    { applicationId: 'GA-BK0010', reviewerId: rsm, reviewerType: 'RSM_REVIEWER', status: 'PENDING' },
    { applicationId: 'GA-BK0020', reviewerId: rsm, reviewerType: 'RSM_REVIEWER', status: 'PENDING' },
    { applicationId: 'GA-BK0022', reviewerId: rsm, reviewerType: 'RSM_REVIEWER', status: 'IN_PROGRESS' },
  ]);
}, 180_000);

afterAll(async () => {
  await api?.close();
});

describe('the bulk actions (domain/workflow.ts)', () => {
  it('are every state-side action, at most BULK_MAX ids, and a body is checked once without a current status', () => {
    expect([...BULK_ACTION_IDS].sort()).toEqual([...STATE_MOVE_IDS, 'assign-reviewers', 'mark-review-in-progress'].sort());
    expect(BULK_MAX).toBe(100);
    // The row-independent checks: change-status to some status is fine for the body; to the row's own status is the row's 400.
    expect(moveInputProblems('change-status', { status: 'SUBMITTED', comments: 'x' })).toEqual({});
    expect(moveInputProblems('change-status', { status: 'REVISION_NEEDED', comments: 'x' })).toEqual({ sectionIds: WORKFLOW_MSG.sectionsRequired });
    expect(moveInputProblems('mark-as-rejected', { comments: 'x' })).toEqual({ reasonId: WORKFLOW_MSG.reasonRequired });
  });
});

describe('GET review/applications/bulk (preview)', () => {
  it('answers each row as the single route would (allowed, 409 status, not found for a draft or an unknown id) and writes nothing', async () => {
    const list = ['GA-BK0001', 'GA-BK0002', 'GA-BK0003', 'GA-BK0004'];
    const before = { statuses: await statusesOf(list), history: await historyCount(list) };
    // A comma list and a repeated parameter, lower case, blanks and a duplicate: trimmed, upper-cased, de-duplicated, in order.
    const res = await preview('rsm.admin@example.gov', 'action=mark-as-gating-review&applicationIds=ga-bk0001, GA-BK0003,,GA-BK0004&applicationIds=GA-NOPE00&applicationIds=GA-BK0001');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const organization = { id: lakeview, name: 'Lakeview Fiber Cooperative' };
    expect(res.body).toEqual({
      action: { id: 'mark-as-gating-review', label: 'Gating Review' },
      rows: [
        { applicationId: 'GA-BK0001', organization, status: 'SUBMITTED', allowed: true, message: null, reviewerType: null },
        { applicationId: 'GA-BK0003', organization, status: 'GATING_REVIEW', allowed: false, message: BULK_MSG.notFromStatus('Gating Review', 'Gating Review'), reviewerType: 'RSM_REVIEWER' },
        { applicationId: 'GA-BK0004', organization: null, status: null, allowed: false, message: APPLICATION_MSG.notFound, reviewerType: null },
        { applicationId: 'GA-NOPE00', organization: null, status: null, allowed: false, message: APPLICATION_MSG.notFound, reviewerType: null },
      ],
    });
    // The single routes answer the same: 409 and 404.
    expect((await api.call('/api/v1/review/applications/GA-BK0003/mark-as-gating-review', { token: tokens['rsm.admin@example.gov'], body: {} })).status).toBe(409);
    expect((await api.call('/api/v1/review/applications/GA-BK0004/mark-as-gating-review', { token: tokens['rsm.admin@example.gov'], body: {} })).status).toBe(404);
    expect(await statusesOf(list)).toEqual(before.statuses);
    expect(await historyCount(list)).toBe(before.history);
  });

  it("answers a reviewer not found for an application not assigned to them, and 409 for a review they already started", async () => {
    const res = await preview('rsm.reviewer@example.gov', 'action=mark-review-in-progress&applicationIds=GA-BK0020,GA-BK0021,GA-BK0022');
    expect(res.status).toBe(200);
    expect(res.body.action).toEqual({ id: 'mark-review-in-progress', label: 'Mark Review In Progress' });
    expect(res.body.rows.map((r: any) => [r.applicationId, r.allowed, r.message, r.status])).toEqual([
      ['GA-BK0020', true, null, 'GATING_REVIEW'],
      ['GA-BK0021', false, APPLICATION_MSG.notFound, null],
      ['GA-BK0022', false, WORKFLOW_MSG.reviewAlreadyStarted, 'GATING_REVIEW'],
    ]);
    expect((await assignmentsOf('GA-BK0020'))[ids['rsm.reviewer@example.gov']]).toBe('PENDING');
  });

  it('refuses an action that is not a state action (400 action), no ids or more than BULK_MAX (400 applicationIds)', async () => {
    const submit = await preview('state.admin@example.gov', 'action=submit&applicationIds=GA-BK0001');
    expect(submit.status).toBe(400);
    expect(submit.body.errors).toEqual({ action: [BULK_MSG.notBulk] });
    const missing = await preview('state.admin@example.gov', 'applicationIds=GA-BK0001');
    expect(missing.body.errors).toEqual({ action: [BULK_MSG.actionRequired] });
    const none = await preview('state.admin@example.gov', 'action=withdraw&applicationIds=,');
    expect(none.status).toBe(400);
    expect(none.body.errors).toEqual({ applicationIds: [BULK_MSG.applicationsRequired] });
    const many = Array.from({ length: BULK_MAX + 1 }, (_, i) => `GA-X${String(i).padStart(5, '0')}`);
    const tooMany = await preview('state.admin@example.gov', `action=withdraw&applicationIds=${many.join(',')}`);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors).toEqual({ applicationIds: [BULK_MSG.tooMany] });
    expect((await preview('state.admin@example.gov', `action=withdraw&applicationIds=${many.slice(0, BULK_MAX).join(',')}`)).status).toBe(200);
  });
});

describe('POST review/applications/bulk', () => {
  it('moves the rows the machine allows, each with its history and its email, and reports the others with their messages', async () => {
    const list = ['GA-BK0001', 'GA-BK0002', 'GA-BK0003', 'GA-NOPE00'];
    const res = await bulk('rsm.admin@example.gov', { action: 'mark-as-gating-review', applicationIds: list, comments: 'Opening gating in bulk' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      action: { id: 'mark-as-gating-review', label: 'Gating Review' },
      results: [
        { applicationId: 'GA-BK0001', ok: true, fromStatus: 'SUBMITTED', status: 'GATING_REVIEW', message: 'Application marked as Gating Review' },
        { applicationId: 'GA-BK0002', ok: true, fromStatus: 'SUBMITTED', status: 'GATING_REVIEW', message: 'Application marked as Gating Review' },
        { applicationId: 'GA-BK0003', ok: false, fromStatus: 'GATING_REVIEW', status: 'GATING_REVIEW', message: 'Gating Review is not possible while the application is Gating Review.' },
        { applicationId: 'GA-NOPE00', ok: false, fromStatus: null, status: null, message: APPLICATION_MSG.notFound },
      ],
    });
    expect(await statusesOf(list)).toEqual({ 'GA-BK0001': 'GATING_REVIEW', 'GA-BK0002': 'GATING_REVIEW', 'GA-BK0003': 'GATING_REVIEW' });
    const history = await api.database.db.select().from(loggedActions).where(inArray(loggedActions.applicationId, list));
    expect(history.map((h) => h.applicationId).sort()).toEqual(['GA-BK0001', 'GA-BK0002']);
    for (const entry of history) {
      expect(entry).toMatchObject({
        action: 'STATUS_CHANGED', userId: ids['rsm.admin@example.gov'], organizationId: lakeview, fromStatus: 'SUBMITTED', toStatus: 'GATING_REVIEW',
        comments: 'Opening gating in bulk', details: { actionId: 'mark-as-gating-review' },
      });
    }
    // After each row's commit the organization's admin is told, as by the single move; not of the refused rows.
    const mail = (await mailTo('org.admin@example.org')).filter((s) => /GA-(BK000[1-4]|NOPE00)\b/.test(s));
    const label = statusLabel('GATING_REVIEW');
    expect(mail.sort()).toEqual([`Application GA-BK0001 is now ${label}`, `Application GA-BK0002 is now ${label}`]);
  });

  it('answers 400 with the fields before any row when the body lacks what the action needs, and moves nothing', async () => {
    const list = ['GA-BK0030', 'GA-BK0031'];
    const before = { statuses: await statusesOf(list), history: await historyCount(list) };
    const noReason = await bulk('state.admin@example.gov', { action: 'mark-as-rejected', applicationIds: list, comments: 'Not this round' });
    expect(noReason.status).toBe(400);
    expect(noReason.body).toEqual({ message: WORKFLOW_MSG.reasonRequired, errors: { reasonId: [WORKFLOW_MSG.reasonRequired] } });
    const nothing = await bulk('state.admin@example.gov', { action: 'mark-as-rejected', applicationIds: list, reasonId: '12' });
    expect(nothing.body.errors).toEqual({ reasonId: [WORKFLOW_MSG.reasonRequired], comments: [WORKFLOW_MSG.commentsRequired] });
    const reopen = await bulk('state.admin@example.gov', { action: 'change-status', applicationIds: list, status: 'REVISION_NEEDED', comments: 'Fix' });
    expect(reopen.body.errors).toEqual({ sectionIds: [WORKFLOW_MSG.sectionsRequired] });
    const assign = await bulk('state.admin@example.gov', { action: 'assign-reviewers', applicationIds: list, reviewerIds: [] });
    expect(assign.body.errors).toEqual({ reviewerIds: [ASSIGNMENT_MSG.reviewersRequired] });
    const stray = await bulk('state.admin@example.gov', { action: 'withdraw', applicationIds: list, answers: [] });
    expect(stray.status).toBe(400);
    expect(await statusesOf(list)).toEqual(before.statuses);
    expect(await historyCount(list)).toBe(before.history);
    // What depends on the row is the row's own answer: change-status to the status it already has.
    const same = await bulk('state.admin@example.gov', { action: 'change-status', applicationIds: ['GA-BK0030'], status: 'GATING_REVIEW', comments: 'Again' });
    expect(same.body.results).toEqual([{ applicationId: 'GA-BK0030', ok: false, fromStatus: 'GATING_REVIEW', status: 'GATING_REVIEW', message: WORKFLOW_MSG.statusSame }]);
    // The same body moves both once it has a reason (each row as the single route would).
    const rejected = await bulk('state.admin@example.gov', { action: 'mark-as-rejected', applicationIds: list, reasonId: 5, comments: 'Not this round' });
    expect(rejected.body.results.map((r: any) => [r.applicationId, r.ok, r.fromStatus, r.status])).toEqual([
      ['GA-BK0030', true, 'GATING_REVIEW', 'REJECTED'], ['GA-BK0031', true, 'PASSED_GATING', 'REJECTED'],
    ]);
  });

  it('adds the chosen reviewers of each row stage to those assigned, keeping them, and refuses a row whose stage none of them reviews', async () => {
    const rsm = ids['rsm.reviewer@example.gov'];
    const second = ids['rsm.second'];
    const ctc = ids['ctc.reviewer@example.gov'];
    const rsmMailBefore = (await mailTo('rsm.reviewer@example.gov')).length;
    const res = await bulk('state.admin@example.gov', {
      action: 'assign-reviewers', applicationIds: ['GA-BK0010', 'GA-BK0011', 'GA-BK0012', 'GA-BK0013'], reviewerIds: [second, ctc],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      action: { id: 'assign-reviewers', label: 'Assign Reviewer' },
      results: [
        { applicationId: 'GA-BK0010', ok: true, fromStatus: 'GATING_REVIEW', status: 'GATING_REVIEW', message: ASSIGNMENT_MSG.assigned },
        { applicationId: 'GA-BK0011', ok: true, fromStatus: 'GATING_REVIEW', status: 'GATING_REVIEW', message: ASSIGNMENT_MSG.assigned },
        { applicationId: 'GA-BK0012', ok: true, fromStatus: 'TECHNICAL_REVIEW', status: 'TECHNICAL_REVIEW', message: ASSIGNMENT_MSG.assigned },
        { applicationId: 'GA-BK0013', ok: false, fromStatus: 'STATE_REVIEW', status: 'STATE_REVIEW', message: 'None of the chosen reviewers reviews the state stage.' },
      ],
    });
    expect(res.body.results[3].message).toBe(ASSIGNMENT_MSG.noneOfStage('STATE'));
    expect(await assignmentsOf('GA-BK0010')).toEqual({ [rsm]: 'PENDING', [second]: 'PENDING' });
    expect(await assignmentsOf('GA-BK0011')).toEqual({ [second]: 'PENDING' });
    expect(await assignmentsOf('GA-BK0012')).toEqual({ [ctc]: 'PENDING' });
    expect(await assignmentsOf('GA-BK0013')).toEqual({});
    // Only the newly assigned are told.
    expect((await mailTo('rsm.second@example.gov')).filter((s) => /GA-BK001[01]/.test(s))).toHaveLength(2);
    expect((await mailTo('ctc.reviewer@example.gov')).filter((s) => s.includes('GA-BK0012'))).toHaveLength(1);
    expect((await mailTo('rsm.reviewer@example.gov')).length).toBe(rsmMailBefore);
    // Assigning again adds nothing and removes nothing.
    const again = await bulk('state.admin@example.gov', { action: 'assign-reviewers', applicationIds: ['GA-BK0010'], reviewerIds: second });
    expect(again.body.results[0].ok).toBe(true);
    expect(await assignmentsOf('GA-BK0010')).toEqual({ [rsm]: 'PENDING', [second]: 'PENDING' });
    expect((await mailTo('rsm.second@example.gov')).filter((s) => s.includes('GA-BK0010'))).toHaveLength(1);
    // The gating admin is refused the technical row by the machine, as on the single route.
    const rsmAdmin = await bulk('rsm.admin@example.gov', { action: 'assign-reviewers', applicationIds: ['GA-BK0011', 'GA-BK0012'], reviewerIds: [second] });
    expect(rsmAdmin.body.results.map((r: any) => [r.ok, r.message])).toEqual([[true, ASSIGNMENT_MSG.assigned], [false, MSG.actionNotAllowed]]);
    // A reviewer id that is not an active reviewer: 400 before any row.
    const unknown = await bulk('state.admin@example.gov', { action: 'assign-reviewers', applicationIds: ['GA-BK0011'], reviewerIds: ['00000000-0000-4000-8000-000000000000'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual({ reviewerIds: [ASSIGNMENT_MSG.unknownReviewer] });
  });

  it("marks the reviewer's own pending reviews in progress, row by row", async () => {
    const res = await bulk('rsm.reviewer@example.gov', { action: 'mark-review-in-progress', applicationIds: ['GA-BK0020', 'GA-BK0021', 'GA-BK0022'] });
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([
      { applicationId: 'GA-BK0020', ok: true, fromStatus: 'GATING_REVIEW', status: 'GATING_REVIEW', message: ASSIGNMENT_MSG.inProgress },
      { applicationId: 'GA-BK0021', ok: false, fromStatus: null, status: null, message: APPLICATION_MSG.notFound },
      { applicationId: 'GA-BK0022', ok: false, fromStatus: 'GATING_REVIEW', status: 'GATING_REVIEW', message: WORKFLOW_MSG.reviewAlreadyStarted },
    ]);
    expect((await assignmentsOf('GA-BK0020'))[ids['rsm.reviewer@example.gov']]).toBe('IN_PROGRESS');
  });

  it('refuses more than BULK_MAX ids, and an action that is not bulk-able, with 400', async () => {
    const many = Array.from({ length: BULK_MAX + 1 }, (_, i) => `GA-X${String(i).padStart(5, '0')}`);
    const tooMany = await bulk('state.admin@example.gov', { action: 'withdraw', applicationIds: many });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors).toEqual({ applicationIds: [BULK_MSG.tooMany] });
    const del = await bulk('state.admin@example.gov', { action: 'delete', applicationIds: ['GA-BK0011'] });
    expect(del.status).toBe(400);
    expect(del.body.errors).toEqual({ action: [BULK_MSG.notBulk] });
  });
});

describe('who may use the bulk routes', () => {
  it('lets the read-only financial reviewer preview (every row refused for the role) and refuses their POST with 403', async () => {
    const res = await preview('rsm.financial@example.gov', 'action=mark-as-gating-awaiting-consensus&applicationIds=GA-BK0011,GA-BK0004');
    expect(res.status).toBe(200);
    expect(res.body.rows.map((r: any) => [r.applicationId, r.allowed, r.message])).toEqual([
      ['GA-BK0011', false, MSG.actionNotAllowed], ['GA-BK0004', false, APPLICATION_MSG.notFound],
    ]);
    const post = await bulk('rsm.financial@example.gov', { action: 'mark-as-gating-awaiting-consensus', applicationIds: ['GA-BK0011'] });
    expect(post.status).toBe(403);
    expect(post.body.message).toBe(MSG.actionNotAllowed);
    expect((await statusesOf(['GA-BK0011']))['GA-BK0011']).toBe('GATING_REVIEW');
  });

  it('refuses organization users both routes with 403, as every review route', async () => {
    const get = await preview('org.admin@example.org', 'action=withdraw&applicationIds=GA-BK0011');
    expect(get.status).toBe(403);
    expect(get.body.message).toBe(MSG.actionNotAllowed);
    const post = await bulk('org.admin@example.org', { action: 'withdraw', applicationIds: ['GA-BK0011'] });
    expect(post.status).toBe(403);
    expect((await statusesOf(['GA-BK0011']))['GA-BK0011']).toBe('GATING_REVIEW');
    const anonymous = await api.call('/api/v1/review/applications/bulk?action=withdraw&applicationIds=GA-BK0011');
    expect(anonymous.status).toBe(401);
  });
});
