// What a process keeps for a few seconds (issue 8 item 2; api/process-cache.ts; decision 048): a token this process
// verified, and a user's unread counts, in the last PROCESS_CACHE_TTL_MS are not read again; a write through the
// API forgets them all as it answers, and Log Out (a GET) at once; a change made in the database by hand, or on
// another process, is seen within the TTL. (messages.test: the badges move at once with every message and read.)
// Runs on PGlite and on PostgreSQL, through both transports.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestApi, type TestApi } from './harness';
import { MSG, PORTAL_MSG } from '../../domain/messages';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ OTP_IP_LIMIT: '1000' });
});
afterAll(async () => {
  await api?.close();
});

/** How long a process may keep a verified token (decision 048: 5 s), written here, not read from the cache. */
const CACHE_MS = 5_000;

const isTokenLookup = (s: string) => /from "api_tokens"/i.test(s) && /token_hash/i.test(s);
/** The token lookups one call runs, and its status. */
async function lookupsOf(path: string, token: string): Promise<{ status: number; lookups: number }> {
  const recording = api.database.statements.record();
  const res = await api.call(path, { token });
  return { status: res.status, lookups: recording.stop().filter(isTokenLookup).length };
}

it('a verified token is not looked up again; a write through the API makes the next call look it up', async () => {
  const { token } = await api.signIn('org.staff@example.org');
  expect(await lookupsOf('/api/v1/users/me', token)).toEqual({ status: 200, lookups: 1 });
  expect(await lookupsOf('/api/v1/users/me', token)).toEqual({ status: 200, lookups: 0 });
  expect(await lookupsOf('/api/v1/program/all', token)).toEqual({ status: 200, lookups: 0 });

  // Any write, even one that needs no token (asking for a sign-in code), answered: every token is looked up again.
  const sent = await api.call('/api/v1/send-login-otp', { body: { email: 'nobody@example.org' } });
  expect(sent.status).toBeLessThan(300);
  expect(await lookupsOf('/api/v1/users/me', token)).toEqual({ status: 200, lookups: 1 });
  expect(await lookupsOf('/api/v1/users/me', token)).toEqual({ status: 200, lookups: 0 });

  // Log Out is a GET, and still ends the token at once.
  expect((await api.call('/api/v1/logout', { token })).status).toBe(200);
  const after = await api.call('/api/v1/users/me', { token });
  expect(after.status).toBe(401);
  expect(after.body.message).toBe(PORTAL_MSG.notSignedIn);
});

it('a user\'s unread counts are read once, and again after a write', async () => {
  const { token } = await api.signIn('org.admin@example.org');
  const count = async () => {
    const recording = api.database.statements.record();
    const res = await api.call('/api/v1/messages/unread/count', { token });
    expect(res.status).toBe(200);
    return { total: res.body.total as number, statements: recording.stop().length };
  };
  const first = await count();
  expect(first.statements).toBeGreaterThanOrEqual(1);
  expect(await count()).toEqual({ total: first.total, statements: 0 });
  expect((await api.call('/api/v1/send-login-otp', { body: { email: 'nobody@example.org' } })).status).toBeLessThan(300);
  const after = await count();
  expect(after.total).toBe(first.total);
  expect(after.statements).toBeGreaterThanOrEqual(1);
});

it('a user switched off in the database by hand is refused within the TTL, with the inactive message', async () => {
  const email = 'ctc.reviewer@example.gov';
  const { token } = await api.signIn(email);
  expect((await api.call('/api/v1/users/me', { token })).status).toBe(200);
  // What that call kept was looked up before this moment: it may be used until 5 s after it (decision 048), no longer.
  const verifiedAt = Date.now();
  await api.database.db.execute(sql`update users set status = 'inactive' where email = ${email}`);
  try {
    // No write went through this process: the token it verified holds, but no longer than the TTL. Asked until refused
    // (30 s at most, however slow the machine); any call let in must have been asked within the TTL.
    const letIn: number[] = [];
    const refused = await (async () => {
      const giveUp = Date.now() + 30_000;
      for (;;) {
        const askedAt = Date.now();
        const res = await api.call('/api/v1/users/me', { token });
        if (res.status !== 200) return res;
        letIn.push(askedAt - verifiedAt);
        expect(Date.now(), `still let in, asked ${letIn.length} times`).toBeLessThan(giveUp);
        await new Promise((r) => setTimeout(r, 200));
      }
    })();
    for (const after of letIn) expect(after, 'ms after the lookup that a call was still let in').toBeLessThan(CACHE_MS);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(MSG.inactiveAccount);
  } finally {
    await api.database.db.execute(sql`update users set status = 'active' where email = ${email}`);
  }
}, 60_000);
