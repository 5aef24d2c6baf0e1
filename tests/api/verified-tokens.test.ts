// The verified-token cache (issue 8 item 2; decision 048): a token this process verified in the last
// VERIFIED_TOKEN_TTL_MS is not looked up again; a write through the API forgets every one once it has answered, and
// Log Out (a GET) forgets at once; a change made in the database by hand, or on another process, is seen within
// the TTL. Runs on PGlite and on PostgreSQL, through both transports.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestApi, type TestApi } from './harness';
import { VERIFIED_TOKEN_TTL_MS } from '../../api/services/auth';
import { MSG, PORTAL_MSG } from '../../domain/messages';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ OTP_IP_LIMIT: '1000' });
});
afterAll(async () => {
  await api?.close();
});

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

it('a user switched off in the database by hand is refused within the TTL, with the inactive message', async () => {
  const email = 'ctc.reviewer@example.gov';
  const { token } = await api.signIn(email);
  expect((await api.call('/api/v1/users/me', { token })).status).toBe(200);
  const verifiedAt = Date.now();
  await api.database.db.execute(sql`update users set status = 'inactive' where email = ${email}`);
  try {
    // No write went through this process: the token it verified holds, but no longer than the TTL.
    let res = await api.call('/api/v1/users/me', { token });
    while (res.status === 200) {
      expect(Date.now() - verifiedAt).toBeLessThan(VERIFIED_TOKEN_TTL_MS + 1_000);
      await new Promise((r) => setTimeout(r, 200));
      res = await api.call('/api/v1/users/me', { token });
    }
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(MSG.inactiveAccount);
  } finally {
    await api.database.db.execute(sql`update users set status = 'active' where email = ${email}`);
  }
}, 30_000);
