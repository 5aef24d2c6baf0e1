// The keep-alive (issue 7 item 11) with a real Request against the embedded API: it refreshes both
// the UI session's last activity and the API token's last use, and never revives an ended session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AppLoadContext } from '@remix-run/node';
import { startTestApi, type TestApi } from './harness';
import { action } from '../../app/routes/resources.keepalive';
import { commitSession, getSession } from '../../app/utils/session.server';
import { apiTokens } from '../../api/db/schema';
import { SERVER_IDLE_LIMIT_MS } from '../../domain/constants';

let api: TestApi;
let context: AppLoadContext;
beforeAll(async () => {
  api = await startTestApi({ OTP_EMAIL_LIMIT: '100', OTP_IP_LIMIT: '1000' });
  context = { api: api.transport, portal: { sessionSecret: 'keepalive-secret-keepalive-secret', secureCookies: false } } as unknown as AppLoadContext;
});
afterAll(async () => {
  await api?.close();
});

async function keepalive(token: string, lastSeen: number) {
  const session = await getSession(new Request('http://portal.test/'), context);
  session.set('token', token);
  session.set('roleType', 'org');
  session.set('lastSeen', lastSeen);
  const cookie = (await commitSession(session, context)).split(';')[0]!;
  const request = new Request('http://portal.test/resources/keepalive', { method: 'POST', headers: { Cookie: cookie } });
  return (await action({ request, context, params: {} })) as Response;
}

const lastUsed = async (userId: string) => {
  const rows = await api.database.db.select({ at: apiTokens.lastUsedAt }).from(apiTokens).where(eq(apiTokens.userId, userId));
  return Math.max(...rows.map((r) => r.at.getTime()));
};
const setLastUsed = (userId: string, at: number) =>
  api.database.db.update(apiTokens).set({ lastUsedAt: new Date(at) }).where(eq(apiTokens.userId, userId));

describe('the keep-alive', () => {
  it('refreshes the session cookie and reaches the API, whose token counts as used again', async () => {
    const { token, user } = await api.signIn('org.staff@example.org');
    await setLastUsed(user.id, Date.now() - 59 * 60_000);
    const before = Date.now();
    const res = await keepalive(token, Date.now() - 59 * 60_000);
    expect(res.status).toBe(204);
    expect(await lastUsed(user.id)).toBeGreaterThanOrEqual(before - 1000);
    const refreshed = await getSession(new Request('http://portal.test/', { headers: { Cookie: res.headers.get('Set-Cookie')!.split(';')[0]! } }), context);
    expect(refreshed.get('lastSeen')).toBeGreaterThanOrEqual(before);
    expect(refreshed.get('token')).toBe(token);
  });

  it('does not revive a token the API found idle', async () => {
    const { token, user } = await api.signIn('summit.admin@example.org');
    await setLastUsed(user.id, Date.now() - SERVER_IDLE_LIMIT_MS - 60_000);
    const res = await keepalive(token, Date.now() - 10 * 60_000);
    expect(res.status).toBe(401);
    expect(res.headers.get('Set-Cookie')).toBeNull();
  });

  it('does not revive a session the UI found idle, nor touch the token', async () => {
    const { token, user } = await api.signIn('org.admin@example.org');
    const old = Date.now() - 30 * 60_000;
    await setLastUsed(user.id, old);
    const res = await keepalive(token, Date.now() - SERVER_IDLE_LIMIT_MS - 1000);
    expect(res.status).toBe(401);
    expect(await lastUsed(user.id)).toBe(old);
  });
});
