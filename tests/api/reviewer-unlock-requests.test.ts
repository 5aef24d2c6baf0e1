// The reviewer-side unlock request (spec 4 "An org admin or reviewer-side request asks to unlock a section";
// docs/decisions/034): a reviewer assigned to the application or the admin of its stage asks the State Admin to unlock
// a section (POST unlock-requests/review-request), through the same service and table as the organization's request;
// it is listed with who asked and from which side, approved as any other, and emails as the organization's does.
// Refusals: 403 by role (State_Admin, organization users, the financial reviewer, an admin of another stage), 404 for
// an application the caller cannot see, 409 when the section is already waiting or unlocked (or cannot be unlocked);
// the programme's unlock window (the applicant's) does not apply. Played on applications made in this file's database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startTestApi, type TestApi } from './harness';
import { addApplications } from './fixtures';
import { applicationSections, applications, outbox, programs, reviewAssignments, sections } from '../../api/db/schema';
import { UNLOCK_MSG } from '../../domain/unlock-requests';
import { describeAction } from '../../domain/history';
import type { ApplicationStatus } from '../../domain/statuses';

const ACCOUNTS = [
  'state.admin@example.gov', 'rsm.admin@example.gov', 'ctc.admin@example.gov', 'rsm.reviewer@example.gov', 'ctc.reviewer@example.gov',
  'rsm.financial@example.gov', 'org.admin@example.org',
] as const;
type Email = (typeof ACCOUNTS)[number];

let api: TestApi;
let tokens: Record<Email, string>;
let ids: Record<Email, string>;
let formSection = '';
let entitySection = '';
let programId = '';

const APPS: Record<string, ApplicationStatus> = {
  'GA-RU0001': 'GATING_REVIEW', // assigned to the RSM reviewer: asked, listed, approved
  'GA-RU0002': 'GATING_REVIEW', // assigned to no one: the RSM admin asks while the window is closed
  'GA-RU0003': 'TECHNICAL_REVIEW', // another stage for the RSM admin: 403
  'GA-RU0004': 'REVISION_NEEDED', // asked for a section the revision did not reopen
  'GA-RU0005': 'DRAFT', // not the state's to see: 404
};

const ask = (who: Email, body: Record<string, unknown>) => api.call('/api/v1/unlock-requests/review-request', { token: tokens[who], body });
const askFor = (who: Email, applicationId: string, sectionId = formSection) => ask(who, { applicationId, sectionId, message: `Please reopen (${who}).` });
const mailTo = async (email: string) => (await api.database.db.select({ subject: outbox.subject }).from(outbox).where(eq(outbox.to, email))).map((m) => m.subject);

beforeAll(async () => {
  api = await startTestApi({ OTP_EMAIL_LIMIT: '100' });
  const { db } = api.database;
  ({ tokens, ids } = await api.signInAll(ACCOUNTS));
  const [program] = await db.select().from(programs).limit(1);
  programId = program!.id;
  const secs = await db.select().from(sections).where(eq(sections.programId, programId));
  formSection = secs.find((s) => !s.isEntityProfile)!.id;
  entitySection = secs.find((s) => s.isEntityProfile)!.id;
  await addApplications(db, programId, APPS);
  await db.insert(reviewAssignments).values([
    { applicationId: 'GA-RU0001', reviewerId: ids['rsm.reviewer@example.gov'], reviewerType: 'RSM_REVIEWER', status: 'PENDING' },
    { applicationId: 'GA-RU0004', reviewerId: ids['rsm.reviewer@example.gov'], reviewerType: 'RSM_REVIEWER', status: 'PENDING' },
  ]);
}, 180_000);

afterAll(async () => {
  await api?.close();
});

describe('POST unlock-requests/review-request', () => {
  it('an assigned reviewer asks; it is listed with who asked and the side, emails the State Admins, and is approved as any other', async () => {
    const asked = await askFor('rsm.reviewer@example.gov', 'GA-RU0001');
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    expect(asked.body).toMatchObject({ message: UNLOCK_MSG.sent, applicationId: 'GA-RU0001', sectionId: formSection, status: 'PENDING' });
    expect(await mailTo('state.admin@example.gov')).toContain('Unlock request for application GA-RU0001');

    const list = await api.call('/api/v1/unlock-requests?applicationId=GA-RU0001', { token: tokens['state.admin@example.gov'] });
    expect(list.status).toBe(200);
    expect(list.body.requests).toHaveLength(1);
    const row = list.body.requests[0];
    expect(row).toMatchObject({ id: asked.body.id, kind: 'REQUEST', status: 'PENDING', requestedBySide: 'state', message: 'Please reopen (rsm.reviewer@example.gov).' });
    expect(row.requestedBy.firstName).toBeTruthy();
    // The organization sees it among its own requests too.
    const [{ lakeviewId } = { lakeviewId: '' }] = await api.database.db.select({ lakeviewId: applications.organizationId }).from(applications).where(eq(applications.id, 'GA-RU0001'));
    const mine = await api.call(`/api/v1/unlock-requests/organization/${lakeviewId}?applicationId=GA-RU0001`, { token: tokens['org.admin@example.org'] });
    expect(mine.body.requests.map((r: { id: string }) => r.id)).toEqual([asked.body.id]);

    // One open unlock per section: a second ask, from either side, is 409.
    const again = await askFor('rsm.admin@example.gov', 'GA-RU0001');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(UNLOCK_MSG.pending);

    const approved = await api.call(`/api/v1/unlock-requests/${asked.body.id}/approve`, { token: tokens['state.admin@example.gov'], method: 'PUT', body: {} });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const [opened] = await api.database.db.select().from(applicationSections)
      .where(and(eq(applicationSections.applicationId, 'GA-RU0001'), eq(applicationSections.sectionId, formSection)));
    expect(opened!.unlocked).toBe(true);
    expect((await mailTo('org.admin@example.org')).some((s) => s.includes('GA-RU0001') && s.includes('unlocked'))).toBe(true);
    const history = await api.call('/api/v1/logged-actions?limit=200&action=SECTION_UNLOCKED', { token: tokens['state.admin@example.gov'] });
    expect(history.body.loggedActions.filter((e: { applicationId: string }) => e.applicationId === 'GA-RU0001').map(describeAction))
      .toEqual([expect.stringMatching(/\(approved a reviewer's request\)$/)]);

    const unlocked = await askFor('rsm.reviewer@example.gov', 'GA-RU0001');
    expect(unlocked.status).toBe(409);
    expect(unlocked.body.message).toBe(UNLOCK_MSG.alreadyUnlocked);
  });

  it('the stage admin asks without an assignment, and the closed unlock window (the applicant\'s) does not stop it', async () => {
    await api.database.db.update(programs).set({ unlockWindowClosedAt: new Date() }).where(eq(programs.id, programId));
    try {
      const asked = await askFor('rsm.admin@example.gov', 'GA-RU0002');
      expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    } finally {
      await api.database.db.update(programs).set({ unlockWindowClosedAt: null }).where(eq(programs.id, programId));
    }
  });

  it('403 for the roles that may not ask, 404 for an application the caller cannot see', async () => {
    for (const who of ['state.admin@example.gov', 'org.admin@example.org', 'rsm.financial@example.gov'] as const) {
      const res = await askFor(who, 'GA-RU0003');
      expect(res.status, who).toBe(403);
    }
    // The RSM admin reads every submitted application but asks only in its own stage.
    const other = await askFor('rsm.admin@example.gov', 'GA-RU0003');
    expect(other.status).toBe(403);
    expect(other.body.message).toBe(UNLOCK_MSG.reviewerOnly);
    expect((await askFor('ctc.admin@example.gov', 'GA-RU0003')).status).toBe(201);
    // A reviewer sees only the applications assigned to them; nobody on the state side sees a draft.
    expect((await askFor('rsm.reviewer@example.gov', 'GA-RU0002')).status).toBe(404);
    expect((await askFor('ctc.reviewer@example.gov', 'GA-RU0003')).status).toBe(404);
    expect((await askFor('rsm.admin@example.gov', 'GA-RU0005')).status).toBe(404);
    expect((await askFor('rsm.admin@example.gov', 'GA-NOPE99')).status).toBe(404);
  });

  it('409 for a section that cannot be unlocked, 400 without a message', async () => {
    // Returned for revision: a section it did not reopen is locked and may be asked for (issue 41 item 7); one open is not.
    const revision = await askFor('rsm.reviewer@example.gov', 'GA-RU0004');
    expect(revision.status, JSON.stringify(revision.body)).toBe(201);
    const again = await askFor('rsm.reviewer@example.gov', 'GA-RU0004');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(UNLOCK_MSG.pending);
    const entity = await askFor('rsm.admin@example.gov', 'GA-RU0002', entitySection);
    expect(entity.status).toBe(409);
    expect(entity.body.message).toBe(UNLOCK_MSG.entityProfile);
    const empty = await ask('rsm.admin@example.gov', { applicationId: 'GA-RU0002', sectionId: formSection, message: '  ' });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain(UNLOCK_MSG.messageRequired);
  });
});
