// Answers the in-process transport gives again (server/api-transport.ts; api/process-cache.ts; decision 063): a GET
// whose answer the API built from kept values alone (`users/me`, `messages/unread/count`) is not dispatched again for
// the same token while those values are kept, and is dispatched again after a write through the API, Log Out, the
// end of the values' time, or for any other address. A transport of its own over a router that counts what reaches
// the API, so this runs the same whatever TEST_TRANSPORT says (on PGlite and on PostgreSQL).
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import express from 'express';
import { sql } from 'drizzle-orm';
import { startTestApi, type TestApi } from './harness';
import { createApi } from '../../api';
import { apiContext, sessionSecret } from '../../server/portal';
import { inProcessTransport, type ApiAnswer, type ApiTransport } from '../../server/api-transport';
import { PROCESS_CACHE_TTL_MS, forgetProcessCaches } from '../../api/process-cache';
import { MSG, PORTAL_MSG } from '../../domain/messages';

let api: TestApi;
let transport: ApiTransport;
const reached: string[] = [];

beforeAll(async () => {
  api = await startTestApi({ OTP_IP_LIMIT: '1000' });
  const router = express.Router();
  router.use((req, _res, next) => {
    reached.push(`${req.method} ${req.originalUrl}`);
    next();
  });
  router.use(createApi(apiContext(api.env, api.database, sessionSecret(api.env))));
  transport = inProcessTransport(router);
});
afterAll(async () => {
  await api?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

/** One GET through the transport: its answer, and whether it reached the API. */
async function get(path: string, token: string, verified?: Map<string, unknown>): Promise<{ answer: ApiAnswer; dispatched: boolean }> {
  const before = reached.length;
  const answer = await transport.send({ method: 'GET', path, headers: { Accept: 'application/json', Authorization: `Bearer ${token}` }, verified });
  return { answer, dispatched: reached.length > before };
}

const aWrite = () => transport.send({ method: 'POST', path: '/send-login-otp', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'nobody@example.org' }) });

describe('answers built from kept values', () => {
  it('users/me and the unread counts are given again for the same token, not dispatched', async () => {
    const { token } = await api.signIn('org.admin@example.org');
    forgetProcessCaches();
    for (const path of ['/users/me', '/messages/unread/count']) {
      const first = await get(path, token);
      expect(first.dispatched).toBe(true);
      expect(first.answer.status).toBe(200);
      const again = await get(path, token);
      expect(again.dispatched).toBe(false);
      expect(again.answer).toEqual(first.answer);
      expect(again.answer).not.toBe(first.answer);
    }
    // Another token of the same user is its own caller.
    const other = await api.signIn('org.admin@example.org');
    expect((await get('/users/me', other.token)).dispatched).toBe(true);
  });

  it('hands the identity on to the next call of the same UI request, as a dispatched call does', async () => {
    const { token } = await api.signIn('org.staff@example.org');
    await get('/users/me', token);
    const verified = new Map<string, unknown>();
    expect((await get('/users/me', token, verified)).dispatched).toBe(false);
    expect(verified.get(token)).toMatchObject({ profile: { email: 'org.staff@example.org' } });
  });

  it('any other read is dispatched every time', async () => {
    const { token } = await api.signIn('org.admin@example.org');
    for (const path of ['/program/all', '/section/all']) {
      expect((await get(path, token)).dispatched).toBe(true);
      expect((await get(path, token)).dispatched).toBe(true);
    }
  });

  it('a write through the API, answered, makes the next read dispatched (and then kept again)', async () => {
    const { token } = await api.signIn('org.admin@example.org');
    await get('/messages/unread/count', token);
    expect((await get('/messages/unread/count', token)).dispatched).toBe(false);
    expect((await aWrite()).status).toBeLessThan(300);
    expect((await get('/messages/unread/count', token)).dispatched).toBe(true);
    expect((await get('/messages/unread/count', token)).dispatched).toBe(false);
  });

  it('Log Out (a GET) ends it at once: the next users/me is dispatched and refused', async () => {
    const { token } = await api.signIn('org.staff@example.org');
    await get('/users/me', token);
    expect((await get('/users/me', token)).dispatched).toBe(false);
    expect((await get('/logout', token)).answer.status).toBe(200);
    const after = await get('/users/me', token);
    expect(after.dispatched).toBe(true);
    expect(after.answer.status).toBe(401);
    expect(JSON.parse(after.answer.text).message).toBe(PORTAL_MSG.notSignedIn);
  });

  it('is given again no longer than the values it was built from are kept', async () => {
    const { token } = await api.signIn('org.staff@example.org');
    forgetProcessCaches();
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    expect((await get('/users/me', token)).dispatched).toBe(true);
    vi.setSystemTime(start + PROCESS_CACHE_TTL_MS - 100);
    expect((await get('/users/me', token)).dispatched).toBe(false);
    vi.setSystemTime(start + PROCESS_CACHE_TTL_MS + 1);
    expect((await get('/users/me', token)).dispatched).toBe(true);
  });

  it('a user switched off in the database by hand is refused once the kept identity ends', async () => {
    const email = 'ctc.reviewer@example.gov';
    const { token } = await api.signIn(email);
    forgetProcessCaches();
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    expect((await get('/users/me', token)).answer.status).toBe(200);
    await api.database.db.execute(sql`update users set status = 'inactive' where email = ${email}`);
    try {
      // No write went through this process: the answer holds while the identity it came from is kept.
      expect((await get('/users/me', token)).answer.status).toBe(200);
      vi.setSystemTime(start + PROCESS_CACHE_TTL_MS + 1);
      const after = await get('/users/me', token);
      expect(after.dispatched).toBe(true);
      expect(after.answer.status).toBe(403);
      expect(JSON.parse(after.answer.text).message).toBe(MSG.inactiveAccount);
    } finally {
      await api.database.db.execute(sql`update users set status = 'active' where email = ${email}`);
      await api.database.db.execute(sql`update api_tokens set revoked_at = null, revoked_reason = null where user_id = (select id from users where email = ${email})`);
    }
  });
});
