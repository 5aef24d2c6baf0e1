// The demo data shows real work (issue 9 items 23 and 24): seeded with a storage, every submitted application is
// fully answered with its files stored; the API's own submit check accepts every one of them; the printed PDF has
// no unanswered question; the documents open. And the workflow (issue 10 Seed, decision 029): every status from
// SUBMITTED on, across the three organizations, each history a walk the status machine (domain/workflow.ts) allows,
// review assignments only of the stage's reviewer type, so every state seed account has a workspace.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, getTableName, inArray, sql } from 'drizzle-orm';
import {
  applicationSections, applications, loggedActions, memberships, organizations, reviewAssignments, reviewDeclarations, reviewDecisions, reviewMarks,
  reviewSectionSubmissions, schema, sections, userRoles, users,
} from '../../api/db/schema';
import { guardProblem } from '../../api/services/consensus-guards';
import { statusMoves } from '../../api/services/review-passes';
import { GUARD_MSG, guardedStage } from '../../domain/consensus-guards';
import { staleStages } from '../../domain/review-passes';
import { MARK_RULES } from '../../domain/review-marks';
import { APPLICATION_STATUSES, type ApplicationStatus } from '../../domain/statuses';
import { WORKFLOW_ACTIONS, allowedActions, stageReviewStatuses, type AssignmentStatus } from '../../domain/workflow';
import { VENDOR_STAGE, type Stage } from '../../domain/permissions';
import type { RoleName } from '../../domain/roles';
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
  for (const org of await api.database.db.select().from(organizations)) orgIds[org.legalName] = org.id;
  // Old Mill Wireless closed (its organization and admin are inactive): opened again here to check its answers too.
  await api.database.db.update(organizations).set({ status: 'active' }).where(eq(organizations.id, orgIds['Old Mill Wireless']!));
  await api.database.db.update(users).set({ status: 'active' }).where(eq(users.email, 'oldmill.admin@example.org'));
  for (const email of ['org.admin@example.org', 'summit.admin@example.org', 'oldmill.admin@example.org']) tokens[email] = (await api.signIn(email)).token;
  submitted = (await api.database.db.select().from(applications)).filter((a) => a.submittedAt !== null);
}, 120_000);

afterAll(async () => {
  await api?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const adminOf = (organizationId: string) => tokens[
  organizationId === orgIds['Lakeview Fiber Cooperative'] ? 'org.admin@example.org'
    : organizationId === orgIds['Old Mill Wireless'] ? 'oldmill.admin@example.org' : 'summit.admin@example.org'
]!;

describe('the demo data', () => {
  it('seeds an application in every status, from SUBMITTED on across the three organizations', async () => {
    const all = await api.database.db.select().from(applications);
    expect([...new Set(all.map((a) => a.status))].sort()).toEqual([...APPLICATION_STATUSES].sort());
    expect(submitted.map((a) => a.status)).not.toContain('DRAFT');
    expect(submitted.map((a) => a.status)).not.toContain('CANCELLED');
    expect(new Set(submitted.map((a) => a.organizationId))).toEqual(new Set(Object.values(orgIds)));
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

  it('walks the status machine in every history: each move allowed from the status before it, for the role of who made it, in time order', async () => {
    const db = api.database.db;
    const stateRoles = new Map((await db.select().from(userRoles)).map((r) => [r.userId, r.role as RoleName]));
    const orgRoles = new Map((await db.select().from(memberships)).map((m) => [`${m.userId} ${m.organizationId}`, m.role as RoleName]));
    const roleOf = (userId: string, organizationId: string) => stateRoles.get(userId) ?? orgRoles.get(`${userId} ${organizationId}`)!;
    const moves = WORKFLOW_ACTIONS.filter((a) => a.kind === 'move' && a.id !== 'change-status');
    for (const app of await db.select().from(applications)) {
      const history = await db.select().from(loggedActions).where(eq(loggedActions.applicationId, app.id)).orderBy(asc(loggedActions.seq));
      const times = history.map((h) => h.createdAt.getTime());
      expect(times, `${app.id} in time order`).toEqual([...times].sort((a, b) => a - b));
      let status: string = 'DRAFT';
      let assignment: AssignmentStatus | null = null;
      for (const entry of history) {
        const role = entry.userId ? roleOf(entry.userId, app.organizationId) : null;
        const where = `${app.id}: ${entry.action} ${entry.fromStatus ?? ''}->${entry.toStatus ?? ''} by ${role}`;
        if (entry.action === 'REVIEWERS_ASSIGNED' || entry.action === 'REVIEW_IN_PROGRESS') {
          const id = entry.action === 'REVIEWERS_ASSIGNED' ? 'assign-reviewers' : 'mark-review-in-progress';
          if (id === 'assign-reviewers') assignment = 'PENDING';
          expect(allowedActions({ status, role, assignment }), where).toContain(id);
          if (id === 'mark-review-in-progress') assignment = 'IN_PROGRESS';
          continue;
        }
        // A review's own entries (declaration, marks, sections, decision, consensus; decision 041) move nothing.
        if (entry.entity === 'review') {
          expect(entry.fromStatus, where).toBe(status);
          expect(entry.toStatus, where).toBe(status);
          continue;
        }
        if (entry.toStatus === null || entry.action === 'APPLICATION_CREATED') continue;
        expect(entry.fromStatus, where).toBe(status);
        const allowed = moves.filter((a) => a.auditAction === entry.action && a.to === entry.toStatus && allowedActions({ status, role }).includes(a.id));
        expect(allowed.length, where).toBeGreaterThan(0);
        const needs = allowed[0]!.needs;
        if (needs.comments) expect(entry.comments, where).toBeTruthy();
        if (needs.reasonId) expect((entry.details as { reasonId?: number }).reasonId, where).toBeGreaterThanOrEqual(1);
        if (needs.sectionIds) expect((entry.details as { sectionIds?: string[] }).sectionIds?.length, where).toBeGreaterThan(0);
        status = entry.toStatus;
        if (!stageReviewStatuses('GATING').concat(stageReviewStatuses('TECHNICAL'), stageReviewStatuses('STATE')).includes(status as ApplicationStatus)) assignment = null;
      }
      expect(status, `${app.id} ends where its history does`).toBe(app.status);
    }
  });

  it('assigns only reviewers of the stage\'s type, on applications that went through that stage, so each reviewer has a workspace', async () => {
    const db = api.database.db;
    const rows = await db
      .select({ applicationId: reviewAssignments.applicationId, reviewerType: reviewAssignments.reviewerType, status: reviewAssignments.status, role: userRoles.role, email: users.email })
      .from(reviewAssignments)
      .innerJoin(userRoles, eq(userRoles.userId, reviewAssignments.reviewerId))
      .innerJoin(users, eq(users.id, reviewAssignments.reviewerId));
    expect(rows.length).toBeGreaterThan(10);
    for (const row of rows) {
      expect(row.reviewerType, `${row.applicationId} ${row.email}`).toBe(row.role.toUpperCase());
      const stage = VENDOR_STAGE[row.role as RoleName] as Stage;
      const [entered] = await db.select().from(loggedActions)
        .where(and(eq(loggedActions.applicationId, row.applicationId), eq(loggedActions.toStatus, stageReviewStatuses(stage)[0]!)));
      expect(entered, `${row.applicationId} went through the ${stage} review`).toBeTruthy();
    }
    // Each reviewer account has applications; in the review status of their stage, some not started yet.
    for (const email of ['rsm.reviewer@example.gov', 'ctc.reviewer@example.gov', 'state.reviewer@example.gov']) {
      expect(rows.filter((r) => r.email === email && r.status === 'PENDING').length, email).toBeGreaterThan(0);
    }
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['PENDING', 'IN_PROGRESS', 'SUBMITTED']));
  });

  it('carries the reviews behind every consensus outcome: each application past Passed Gating or Passed Technical satisfies the guards (decision 041)', async () => {
    const db = api.database.db;
    const passed = await db.select({ applicationId: loggedActions.applicationId, toStatus: loggedActions.toStatus }).from(loggedActions)
      .where(and(eq(loggedActions.action, 'STATUS_CHANGED'), inArray(loggedActions.toStatus, ['PASSED_GATING', 'PASSED_TECHNICAL'])));
    expect(passed.length).toBeGreaterThan(5);
    for (const row of passed) {
      const [app] = await db.select().from(applications).where(eq(applications.id, row.applicationId!));
      // An application revised since it passed (GA-LKV006) holds reviews of its earlier answers: those pass nothing now.
      const stage = guardedStage(row.toStatus)!;
      const revisedSince = staleStages(await statusMoves(db, app!.id)).has(stage);
      expect(await guardProblem(db, app!, row.toStatus), `${row.applicationId} ${row.toStatus}`).toBe(revisedSince ? GUARD_MSG.stale(stage) : null);
    }
    // Every submitted gating or technical assignment is a real review: a declaration, every question marked, every section submitted, a decision.
    const submittedReviews = await db.select().from(reviewAssignments).where(and(eq(reviewAssignments.status, 'SUBMITTED'), inArray(reviewAssignments.reviewerType, ['RSM_REVIEWER', 'CTC_REVIEWER'])));
    expect(submittedReviews.length).toBeGreaterThan(5);
    for (const a of submittedReviews) {
      const stage: Stage = a.reviewerType === 'RSM_REVIEWER' ? 'GATING' : 'TECHNICAL';
      const mine = <T extends typeof reviewMarks | typeof reviewDeclarations | typeof reviewDecisions | typeof reviewSectionSubmissions>(t: T) =>
        and(eq(t.applicationId, a.applicationId), eq(t.reviewerId, a.reviewerId), eq(t.stage, stage));
      expect(await db.select().from(reviewDeclarations).where(mine(reviewDeclarations)), a.applicationId).toMatchObject([{ conflict: false }]);
      expect((await db.select().from(reviewMarks).where(mine(reviewMarks))).length, a.applicationId).toBe(MARK_RULES[stage].length);
      expect((await db.select().from(reviewSectionSubmissions).where(mine(reviewSectionSubmissions))).length, a.applicationId).toBeGreaterThan(2);
      expect((await db.select().from(reviewDecisions).where(mine(reviewDecisions))).length, a.applicationId).toBe(1);
    }
    // GA-SMT006 was rejected on the two gating questions failed in consensus; GA-SMT008 awaits a technical consensus below the threshold.
    const [smt006] = await db.select().from(applications).where(eq(applications.id, 'GA-SMT006'));
    expect(await guardProblem(db, smt006!, 'PASSED_GATING')).toMatch(/^Passed Gating needs every gating question at Pass in consensus\. Failing \(41, 43\): 41 /);
    const [smt008] = await db.select().from(applications).where(eq(applications.id, 'GA-SMT008'));
    expect(await guardProblem(db, smt008!, 'PASSED_TECHNICAL')).toMatch(/^Technical score \d+(\.\d)?% is below the programme's pass threshold of 60%\.$/);
  });

  it('reopens the sections of the revision asked for, and only in REVISION_NEEDED', async () => {
    const db = api.database.db;
    const unlocked = await db
      .select({ applicationId: applicationSections.applicationId, status: applications.status, sectionId: applicationSections.sectionId })
      .from(applicationSections)
      .innerJoin(applications, eq(applications.id, applicationSections.applicationId))
      .where(eq(applicationSections.unlocked, true));
    expect(unlocked.length).toBeGreaterThan(0);
    for (const row of unlocked) {
      expect(row.status).toBe('REVISION_NEEDED');
      const [asked] = await db.select().from(loggedActions)
        .where(and(eq(loggedActions.applicationId, row.applicationId), eq(loggedActions.toStatus, 'REVISION_NEEDED')))
        .orderBy(sql`${loggedActions.seq} desc`);
      expect((asked!.details as { sectionIds: string[] }).sectionIds).toContain(row.sectionId);
      const [section] = await db.select().from(sections).where(eq(sections.id, row.sectionId));
      expect(section!.isEntityProfile).toBe(false);
    }
  });

  it('leaves GA-LKV007 waiting for Lakeview\'s revision: REVISION_NEEDED, the state\'s comments in its history, only the financial section open', async () => {
    const token = tokens['org.admin@example.org']!;
    const [app] = await api.database.db.select().from(applications).where(eq(applications.id, 'GA-LKV007'));
    expect(app?.status).toBe('REVISION_NEEDED');
    expect(app?.organizationId).toBe(orgIds['Lakeview Fiber Cooperative']);
    // The history the organization reads (the API's own): the state's move with its comments and the section reopened.
    const history = await api.call('/api/v1/logged-actions/GA-LKV007/application?limit=100', { token });
    expect(history.status).toBe(200);
    const asked = (history.body.loggedActions as { toStatus: string | null; comments: string | null; details: { sectionNames?: string[] } | null }[])
      .filter((e) => e.toStatus === 'REVISION_NEEDED');
    expect(asked).toHaveLength(1);
    expect(asked[0]!.comments).toBe('Please attach the signed letter of credit commitment (question 42) and update the matching funds table (question 46).');
    expect(asked[0]!.details?.sectionNames).toHaveLength(1);
    // Its sections as the form sees them: the financial one alone is unlocked.
    const status = await api.call('/api/v1/applications/GA-LKV007/sections-status', { token });
    expect(status.status).toBe(200);
    const open = (status.body as { slug: string; name: string; unlocked: boolean }[]).filter((s) => s.unlocked);
    expect(open.map((s) => s.slug)).toEqual(['financial']);
    expect(asked[0]!.details?.sectionNames).toEqual([open[0]!.name]);
  });

  it('passes the API\'s own submit check: each application, put back to a draft, submits', async () => {
    for (const app of submitted) {
      await api.database.db.update(applications).set({ status: 'DRAFT' }).where(eq(applications.id, app.id));
      const res = await api.call(`/api/v1/applications/${app.id}/submit`, { method: 'POST', token: adminOf(app.organizationId) });
      expect(res.status, `${app.id}: ${JSON.stringify(res.body)}`).toBe(200);
    }
  });
});
