// Held answers (issue 7 item 11) through the API, on PGlite and on PostgreSQL: a Save whose session
// ended keeps its fields for their user; only that user reads them back, as often as the form is loaded,
// until a successful save releases them (docs/decisions/011) or they expire.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startTestApi, type TestApi } from './harness';
import { apiTokens, heldSubmissions, loggedActions } from '../../api/db/schema';
import { MSG, PORTAL_MSG } from '../../domain/messages';
import { SERVER_IDLE_LIMIT_MS } from '../../domain/constants';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ OTP_EMAIL_LIMIT: '100', OTP_IP_LIMIT: '1000' });
});
afterAll(async () => {
  await api?.close();
});

const fields: [string, string][] = [
  ['intent', 'save'],
  ['q-1', 'A long answer typed over an hour'],
  ['q-2', 'first choice'],
  ['q-2', 'second choice'],
];
const hold = (token: string, formKey: string, body: unknown = { formKey, fields }) =>
  api.call('/api/v1/held-submissions', { method: 'PUT', token, body });
const read = (token: string, formKey: string) => api.call(`/api/v1/held-submissions?formKey=${encodeURIComponent(formKey)}`, { token });
const release = (token: string, formKey: string) =>
  api.call(`/api/v1/held-submissions?formKey=${encodeURIComponent(formKey)}`, { token, method: 'DELETE' });

const tokenRows = (userId: string) => api.database.db.select().from(apiTokens).where(eq(apiTokens.userId, userId));

/** Makes every token of the user look unused for longer than the idle limit. */
async function goIdle(userId: string) {
  await api.database.db
    .update(apiTokens)
    .set({ lastUsedAt: new Date(Date.now() - SERVER_IDLE_LIMIT_MS - 60_000) })
    .where(eq(apiTokens.userId, userId));
}

describe('held submissions', () => {
  it('keeps the posted fields for their user and shows them on every load until a save releases them', async () => {
    const { token, user } = await api.signIn('org.staff@example.org');
    const key = 'org:one:/org/applications/bead-applcn/GA-1?step=a';
    const held = await hold(token, key);
    expect(held.status).toBe(201);
    expect(new Date(held.body.expiresAt).getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);

    const back = await read(token, key);
    expect(back.status).toBe(200);
    expect(back.body.fields).toEqual(fields);
    // A reload before saving shows them again.
    const reload = await read(token, key);
    expect(reload.status).toBe(200);
    expect(reload.body.fields).toEqual(fields);
    expect((await release(token, key)).status).toBe(204);
    const again = await read(token, key);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(PORTAL_MSG.noHeldAnswers);
    const left = await api.database.db.select().from(heldSubmissions).where(eq(heldSubmissions.userId, user.id));
    expect(left).toEqual([]);
    const audited = await api.database.db
      .select()
      .from(loggedActions)
      .where(and(eq(loggedActions.userId, user.id), eq(loggedActions.action, 'ANSWERS_HELD')));
    expect(audited.length).toBe(1);
  });

  it('a second hold of the same form replaces the first', async () => {
    const { token } = await api.signIn('org.staff@example.org');
    const key = 'org:one:/org/organization-profile';
    expect((await hold(token, key, { formKey: key, fields: [['a', 'old']] })).status).toBe(201);
    expect((await hold(token, key, { formKey: key, fields: [['a', 'new']] })).status).toBe(201);
    expect((await read(token, key)).body.fields).toEqual([['a', 'new']]);
  });

  it('shows and releases them only for the same user', async () => {
    const staff = await api.signIn('org.staff@example.org');
    const admin = await api.signIn('org.admin@example.org');
    const key = 'org:shared:/org/organization-profile';
    expect((await hold(staff.token, key)).status).toBe(201);
    const stranger = await read(admin.token, key);
    expect(stranger.status).toBe(404);
    expect(stranger.body).toEqual({ message: PORTAL_MSG.noHeldAnswers });
    expect((await release(admin.token, key)).status).toBe(204);
    // The stranger's attempts neither read nor removed them.
    expect((await read(staff.token, key)).body.fields).toEqual(fields);
  });

  it('accepts a token the idle rule ended, for holding only', async () => {
    const { token, user } = await api.signIn('summit.admin@example.org');
    await goIdle(user.id);
    // Idle but not yet refused: holding works.
    expect((await hold(token, 'k1')).status).toBe(201);
    // The API refuses the idle token for anything else and revokes it as idle...
    const me = await api.call('/api/v1/users/me', { token });
    expect(me.status).toBe(401);
    expect(me.body.message).toBe(PORTAL_MSG.sessionExpired);
    const [row] = (await tokenRows(user.id)).filter((r) => r.revokedAt);
    expect(row?.revokedReason).toBe('idle');
    // ...yet it may still hold answers, but not read or release them: that needs a new sign-in.
    expect((await hold(token, 'k2')).status).toBe(201);
    expect((await read(token, 'k2')).status).toBe(401);
    expect((await release(token, 'k2')).status).toBe(401);
    const fresh = await api.signIn('summit.admin@example.org');
    expect((await read(fresh.token, 'k1')).body.fields).toEqual(fields);
    expect((await read(fresh.token, 'k2')).body.fields).toEqual(fields);
  });

  it('refuses a logged-out token, one past its 12-hour life, none at all, and a state user', async () => {
    const out = await api.signIn('org.staff@example.org');
    expect((await api.call('/api/v1/logout', { token: out.token })).status).toBe(200);
    const afterLogout = await hold(out.token, 'k');
    expect(afterLogout.status).toBe(401);
    expect(afterLogout.body.message).toBe(PORTAL_MSG.notSignedIn);

    const old = await api.signIn('org.staff@example.org');
    await api.database.db.update(apiTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(apiTokens.userId, old.user.id));
    expect((await hold(old.token, 'k')).status).toBe(401);

    expect((await api.call('/api/v1/held-submissions', { method: 'PUT', body: { formKey: 'k', fields } })).status).toBe(401);
    expect((await hold('not-a-token', 'k')).status).toBe(401);

    const state = await api.signIn('state.admin@example.gov');
    const refused = await hold(state.token, 'k');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(MSG.actionNotAllowed);
  });

  it('forgets them once they expire', async () => {
    const { token, user } = await api.signIn('org.staff@example.org');
    expect((await hold(token, 'old-form')).status).toBe(201);
    await api.database.db
      .update(heldSubmissions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(heldSubmissions.userId, user.id), eq(heldSubmissions.formKey, 'old-form')));
    expect((await read(token, 'old-form')).status).toBe(404);
    // The next hold of anyone's answers clears what has expired.
    expect((await hold(token, 'another-form')).status).toBe(201);
    const left = await api.database.db.select().from(heldSubmissions).where(eq(heldSubmissions.formKey, 'old-form'));
    expect(left).toEqual([]);
  });

  it('refuses malformed input with 400 and keeps nothing', async () => {
    const { token, user } = await api.signIn('org.staff@example.org');
    const before = await api.database.db.select().from(heldSubmissions).where(eq(heldSubmissions.userId, user.id));
    for (const body of [{ fields }, { formKey: '', fields }, { formKey: 'k', fields: [['a', 1]] }, { formKey: 'k', fields: 'nope' }]) {
      const res = await api.call('/api/v1/held-submissions', { method: 'PUT', token, body });
      expect(res.status).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
    expect((await read(token, '')).status).toBe(400);
    expect((await release(token, '')).status).toBe(400);
    const after = await api.database.db.select().from(heldSubmissions).where(eq(heldSubmissions.userId, user.id));
    expect(after).toEqual(before);
  });
});
