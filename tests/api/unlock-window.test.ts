// The unlock window of a programme (docs/decisions/034, 039): the State Admin reads every programme's window (GET
// program/unlock-windows) and closes or reopens one (PUT program/{programId}/unlock-window {status}); closed, the
// organization's requests are refused (409) while the State Admin's own unlock still works; every toggle is in the
// history (the state's whole history, no organization) and a stale toggle is 409.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { programs } from '../../api/db/schema';
import { UNLOCK_MSG, WINDOW_MSG } from '../../domain/unlock-requests';
import { describeAction, HISTORY_ACTIONS } from '../../domain/history';
import { MSG } from '../../domain/messages';
import { startTestApi, type TestApi } from './harness';

let api: TestApi;
let T: Record<string, string>;
const S: Record<string, string> = {};
let lakeview = '';
let programId = '';
// Seeded SUBMITTED applications of Lakeview.
const APP = 'GA-LKV002';

const toggle = (status: unknown, token = T.state!, id = programId) => api.call(`/api/v1/program/${id}/unlock-window`, { token, method: 'PUT', body: { status } });
const windows = (token = T.state!) => api.call('/api/v1/program/unlock-windows', { token });
const ask = (sectionId: string, message: string) =>
  api.call(`/api/v1/unlock-requests?organizationId=${lakeview}`, { token: T.admin, body: { applicationId: APP, sectionId, message } });

beforeAll(async () => {
  api = await startTestApi({ OTP_EMAIL_LIMIT: '100' });
  const signed = await api.signInAll({
    admin: 'org.admin@example.org', staff: 'org.staff@example.org', state: 'state.admin@example.gov',
    rsm: 'rsm.admin@example.gov', reviewer: 'state.reviewer@example.gov', financial: 'rsm.financial@example.gov',
  });
  T = signed.tokens;
  lakeview = signed.profiles.admin.organizations.find((o: { name: string }) => o.name.startsWith('Lakeview')).id;
  for (const s of (await api.call('/api/v1/section/all', { token: T.admin })).body as { id: string; slug: string }[]) S[s.slug] = s.id;
  programId = (await api.call('/api/v1/program/all', { token: T.admin })).body[0].id;
}, 60_000);

afterAll(async () => {
  await api?.close();
});

describe('the unlock window', () => {
  it('is read by the State Admin only: open until the due date', async () => {
    const res = await windows();
    expect(res.status).toBe(200);
    const [w] = res.body.windows;
    expect(w).toMatchObject({ programId, programName: 'BEAD Round 1', closedAt: null, open: true });
    expect(new Date(w.dueDate).getTime()).toBeGreaterThan(Date.now());
    for (const who of ['admin', 'staff', 'rsm', 'reviewer', 'financial']) expect((await windows(T[who])).status, who).toBe(403);
  });

  it('closes (the organization is refused, the State Admin still unlocks), refuses a stale close, and reopens', async () => {
    const closed = await toggle('closed');
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.message).toBe(WINDOW_MSG.closed);
    expect(closed.body.window).toMatchObject({ programId, open: false });
    expect(new Date(closed.body.window.closedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect((await windows()).body.windows[0].open).toBe(false);

    // Closed twice (a second admin, or a stale page): 409, nothing changes.
    const again = await toggle('closed');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(WINDOW_MSG.alreadyClosed);
    expect((await windows()).body.windows[0].closedAt).toBe(closed.body.window.closedAt);

    // The organization's lock says so and its request is refused.
    const lock = await api.call(`/api/v1/applications/${APP}/unlock-state`, { token: T.admin });
    expect(lock.body.windowOpen).toBe(false);
    expect(lock.body.sections.find((s: { sectionId: string }) => s.sectionId === S.technology).requestRefusal).toBe(UNLOCK_MSG.windowClosedRefusal);
    const refused = await ask(S.technology!, 'Please unlock');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(UNLOCK_MSG.windowClosedRefusal);
    // The State Admin's own unlock ignores the window.
    const unlocked = await api.call('/api/v1/unlock-requests/admin-unlock', { token: T.state, body: { applicationId: APP, sectionId: S.budget, message: 'Window closed, unlocked anyway' } });
    expect(unlocked.status, JSON.stringify(unlocked.body)).toBe(201);
    expect((await api.call(`/api/v1/applications/${APP}/sections/${S.budget}/relock`, { token: T.admin, body: {} })).status).toBe(200);

    const reopened = await toggle('open');
    expect(reopened.status).toBe(200);
    expect(reopened.body.message).toBe(WINDOW_MSG.reopened);
    expect(reopened.body.window).toMatchObject({ programId, closedAt: null, open: true });
    const stale = await toggle('open');
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(WINDOW_MSG.alreadyOpen);
    const asked = await ask(S.technology!, 'Please unlock now');
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
  });

  it('refuses other roles (403), bad input (400), an unknown programme (404), and past the due date (409)', async () => {
    for (const who of ['admin', 'staff', 'rsm', 'reviewer']) {
      const res = await toggle('closed', T[who]);
      expect(res.status, who).toBe(403);
    }
    // The read-only role is refused every write before routing.
    const financial = await toggle('closed', T.financial);
    expect(financial.status).toBe(403);
    expect(financial.body.message).toBe(MSG.actionNotAllowed);
    expect((await windows()).body.windows[0].open).toBe(true);

    const bad = await toggle('shut');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain(WINDOW_MSG.statusRequired);
    expect((await toggle(undefined)).status).toBe(400);
    expect((await toggle('closed', T.state, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await toggle('closed', T.state, 'not-a-programme')).status).toBe(404);

    const [program] = await api.database.db.select().from(programs).where(eq(programs.id, programId));
    try {
      await api.database.db.update(programs).set({ dueDate: new Date(Date.now() - 1000) }).where(eq(programs.id, programId));
      expect((await windows()).body.windows[0].open).toBe(false);
      for (const status of ['open', 'closed']) {
        const res = await toggle(status);
        expect(res.status, status).toBe(409);
        expect(res.body.message).toBe(WINDOW_MSG.pastDue);
      }
    } finally {
      await api.database.db.update(programs).set({ dueDate: program!.dueDate }).where(eq(programs.id, programId));
    }
  });

  it("writes each toggle to the state's history in words, offered by the history's action filter", async () => {
    const res = await api.call('/api/v1/logged-actions?action=UNLOCK_WINDOW_CLOSED', { token: T.state });
    expect(res.status).toBe(200);
    const entry = res.body.loggedActions[0];
    expect(entry).toMatchObject({ action: 'UNLOCK_WINDOW_CLOSED', organizationId: null, applicationId: null });
    expect(entry.user.email).toBe('state.admin@example.gov');
    expect(describeAction(entry)).toBe('Closed the unlock window of BEAD Round 1');
    const reopened = (await api.call('/api/v1/logged-actions?action=UNLOCK_WINDOW_REOPENED', { token: T.state })).body.loggedActions[0];
    expect(describeAction(reopened)).toBe('Reopened the unlock window of BEAD Round 1');
    expect(HISTORY_ACTIONS).toEqual(expect.arrayContaining(['UNLOCK_WINDOW_CLOSED', 'UNLOCK_WINDOW_REOPENED']));
    // Only failures are left out: one close and one reopen were written.
    expect((await api.call('/api/v1/logged-actions?action=UNLOCK_WINDOW_CLOSED', { token: T.state })).body.totalRecords).toBe(1);
    expect((await api.call('/api/v1/logged-actions?action=UNLOCK_WINDOW_REOPENED', { token: T.state })).body.totalRecords).toBe(1);
  });
});
