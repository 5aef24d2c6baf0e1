// Every auth route through real HTTP: happy path, bad input, wrong/expired/burned code, rate limits,
// inactive account, token revocation, sign-up. Runs on PGlite and on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestApi, type TestApi } from './harness';
import { MSG, PORTAL_MSG } from '../../domain/messages';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ OTP_EMAIL_LIMIT: '3', OTP_IP_LIMIT: '1000' });
});
afterAll(async () => {
  await api?.close();
});

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
/** Asks for a code for this email and reads it from the outbox. */
const newCode = async (email: string) => {
  await api.call('/api/v1/send-login-otp', { body: { email } });
  return api.latestCode(email);
};

describe('send-login-otp', () => {
  it('answers known and unknown emails alike, and emails a 6-digit code only to known ones', async () => {
    const known = await api.call('/api/v1/send-login-otp', { body: { email: 'state.admin@example.gov' } });
    const unknown = await api.call('/api/v1/send-login-otp', { body: { email: 'nobody@example.org' } });
    expect(known.status).toBe(200);
    expect(unknown).toEqual(known);
    expect(await api.latestCode('state.admin@example.gov')).toMatch(/^\d{6}$/);
    const outbox = await api.call('/api/v1/dev/outbox?email=nobody@example.org', { http: true });
    expect(outbox.body).toEqual([]);
  });

  it('refuses a malformed email with 400 and the field error', async () => {
    const res = await api.call('/api/v1/send-login-otp', { body: { email: 'not an email' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG.invalidEmail);
    expect(res.body.errors.email).toEqual([MSG.invalidEmail]);
    const empty = await api.call('/api/v1/send-login-otp', { body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.errors.email).toEqual([MSG.emailRequired]);
  });

  it('refuses a body that is not JSON with 400', async () => {
    const res = await fetch(`${api.baseUrl}/api/v1/send-login-otp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{nope',
    });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(/not valid JSON/);
  });

  it('stores codes hashed, never in clear', async () => {
    await api.call('/api/v1/send-login-otp', { body: { email: 'ctc.admin@example.gov' } });
    const code = await api.latestCode('ctc.admin@example.gov');
    const rows = await api.database.db.execute<{ code_hash: string }>(
      sql`select code_hash from login_codes where email = 'ctc.admin@example.gov'`,
    );
    const hashes = (rows as unknown as { rows: { code_hash: string }[] }).rows.map((r) => r.code_hash);
    expect(hashes.length).toBeGreaterThan(0);
    for (const hash of hashes) {
      expect(hash).not.toContain(code);
      expect(hash).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it('limits codes per email (tight) with 429 and a clear message', async () => {
    const email = 'rsm.admin@example.gov';
    for (let i = 0; i < 3; i++) expect((await api.call('/api/v1/send-login-otp', { body: { email } })).status).toBe(200);
    const limited = await api.call('/api/v1/send-login-otp', { body: { email } });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(PORTAL_MSG.tooManyForEmail);
  });
});

describe('per-IP limit', () => {
  it('is separate from the email limit and answers 429 past its own ceiling', async () => {
    const local = await startTestApi({ OTP_EMAIL_LIMIT: '100', OTP_IP_LIMIT: '4' });
    try {
      const ip = { 'X-Forwarded-For': '203.0.113.7' };
      for (let i = 0; i < 4; i++) {
        const res = await local.call('/api/v1/send-login-otp', { body: { email: `person${i}@example.org` }, headers: ip });
        expect(res.status).toBe(200);
      }
      const limited = await local.call('/api/v1/send-login-otp', { body: { email: 'person9@example.org' }, headers: ip });
      expect(limited.status).toBe(429);
      expect(limited.body.message).toBe(PORTAL_MSG.tooManyForIp);
      // Another office is not affected.
      const other = await local.call('/api/v1/send-login-otp', { body: { email: 'person9@example.org' }, headers: { 'X-Forwarded-For': '198.51.100.2' } });
      expect(other.status).toBe(200);
    } finally {
      await local.close();
    }
  });
});

describe('limits under concurrency', () => {
  it('lets exactly the limit through when 200 requests from one address arrive at once', async () => {
    const local = await startTestApi({ OTP_EMAIL_LIMIT: '1000', OTP_IP_LIMIT: '20' });
    try {
      const ip = { 'X-Forwarded-For': '203.0.113.20' };
      const sends = await Promise.all(
        Array.from({ length: 200 }, (_, i) => local.call('/api/v1/send-login-otp', { body: { email: `crowd${i}@example.org` }, headers: ip })),
      );
      expect(sends.filter((a) => a.status === 200)).toHaveLength(20);
      expect(sends.filter((a) => a.status === 429 && a.body.message === PORTAL_MSG.tooManyForIp)).toHaveLength(180);
      // The verify limit per address (twice the send limit) holds the same way.
      const verifies = await Promise.all(
        Array.from({ length: 200 }, (_, i) => local.call('/api/v1/verify-otp', { body: { email: `crowd${i}@example.org`, otp: '123456' }, headers: ip })),
      );
      expect(verifies.filter((a) => a.status === 401)).toHaveLength(40);
      expect(verifies.filter((a) => a.status === 429 && a.body.message === PORTAL_MSG.tooManyForIp)).toHaveLength(160);
    } finally {
      await local.close();
    }
  });
});

describe('verify-otp', () => {
  it('signs in with the right code and returns the token and the spec user profile', async () => {
    const { token, user } = await api.signIn('org.admin@example.org');
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(user).toMatchObject({
      email: 'org.admin@example.org',
      firstName: 'Olivia',
      lastName: 'Admin',
      status: 'active',
      roleType: 'org',
    });
    // Spec 3's user profile, and the invitations waiting for an answer (decision 093: none for this account).
    expect(Object.keys(user).sort()).toEqual(
      ['email', 'firstName', 'id', 'invitations', 'lastName', 'organizations', 'phoneNumber', 'roleType', 'roles', 'status'].sort(),
    );
    expect(user.invitations).toEqual([]);
    const names = user.organizations.map((o: any) => `${o.name}:${o.role.name}:${o.status}`).sort();
    expect(names).toEqual(['Lakeview Fiber Cooperative:Organization_Admin:active', 'Summit Rural Telephone:Organization_Staff:active']);
    expect(user.roles.map((r: any) => r.name).sort()).toEqual(['Organization_Admin', 'Organization_Staff']);
  });

  it('works once: the same code cannot be replayed', async () => {
    const email = 'state.reviewer@example.gov';
    await api.call('/api/v1/send-login-otp', { body: { email } });
    const otp = await api.latestCode(email);
    expect((await api.call('/api/v1/verify-otp', { body: { email, otp } })).status).toBe(200);
    const again = await api.call('/api/v1/verify-otp', { body: { email, otp } });
    expect(again.status).toBe(401);
    expect(again.body.message).toBe(PORTAL_MSG.codeInvalid);
  });

  it('refuses a wrong code, and burns the code after 5 wrong tries', async () => {
    const email = 'ctc.reviewer@example.gov';
    const otp = await newCode(email);
    for (let i = 1; i <= 4; i++) {
      const res = await api.call('/api/v1/verify-otp', { body: { email, otp: wrongCode(otp) } });
      expect(res.status).toBe(401);
      expect(res.body.message).toBe(PORTAL_MSG.codeInvalid);
    }
    const fifth = await api.call('/api/v1/verify-otp', { body: { email, otp: wrongCode(otp) } });
    expect(fifth.status).toBe(401);
    expect(fifth.body.message).toBe(PORTAL_MSG.codeBurned);
    // Even the right code no longer works: every further try is told to ask for a new code.
    const right = await api.call('/api/v1/verify-otp', { body: { email, otp } });
    expect(right.status).toBe(429);
    expect(right.body.message).toBe(PORTAL_MSG.codeBurned);
  });

  it('evaluates at most 5 of 200 concurrent wrong guesses, then refuses the right code with 429', async () => {
    const email = 'state.reviewer@example.gov';
    const otp = await newCode(email);
    const guesses = Array.from({ length: 200 }, (_, i) => String((Number(otp) + 1 + i) % 1_000_000).padStart(6, '0'));
    const answers = await Promise.all(guesses.map((guess) => api.call('/api/v1/verify-otp', { body: { email, otp: guess } })));
    const evaluated = answers.filter((a) => a.status === 401);
    expect(evaluated).toHaveLength(5);
    expect(evaluated.filter((a) => a.body.message === PORTAL_MSG.codeBurned)).toHaveLength(1);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(195);
    for (const a of refused) expect(a.body.message).toBe(PORTAL_MSG.codeBurned);
    const right = await api.call('/api/v1/verify-otp', { body: { email, otp } });
    expect(right.status).toBe(429);
    expect(right.body.message).toBe(PORTAL_MSG.codeBurned);
    const rows = await api.database.db.execute<{ wrong_tries: number; used_at: Date | null; burned_at: Date | null }>(
      sql`select wrong_tries, used_at, burned_at from login_codes where email = ${email} order by created_at desc limit 1`,
    );
    const [row] = (rows as unknown as { rows: { wrong_tries: number; used_at: Date | null; burned_at: Date | null }[] }).rows;
    expect(row!.wrong_tries).toBe(5);
    expect(row!.used_at).toBeNull();
    expect(row!.burned_at).not.toBeNull();
  });

  it('accepts the right code as the fifth try, and exactly once when sent 20 times at once', async () => {
    const email = 'rsm.reviewer@example.gov';
    const otp = await newCode(email);
    for (let i = 0; i < 4; i++) expect((await api.call('/api/v1/verify-otp', { body: { email, otp: wrongCode(otp) } })).status).toBe(401);
    expect((await api.call('/api/v1/verify-otp', { body: { email, otp } })).status).toBe(200);

    const next = await newCode(email);
    const answers = await Promise.all(Array.from({ length: 20 }, () => api.call('/api/v1/verify-otp', { body: { email, otp: next } })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status !== 200).every((a) => a.status === 401 || a.status === 429)).toBe(true);
  });

  it('refuses an expired code', async () => {
    const email = 'rsm.reviewer@example.gov';
    await api.call('/api/v1/send-login-otp', { body: { email } });
    const otp = await api.latestCode(email);
    await api.database.db.execute(sql`update login_codes set expires_at = now() - interval '1 second' where email = ${email}`);
    const res = await api.call('/api/v1/verify-otp', { body: { email, otp } });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(PORTAL_MSG.codeInvalid);
  });

  it('only the newest code works after asking twice', async () => {
    const email = 'summit.admin@example.org';
    await api.call('/api/v1/send-login-otp', { body: { email } });
    const first = await api.latestCode(email);
    await new Promise((r) => setTimeout(r, 5));
    await api.call('/api/v1/send-login-otp', { body: { email } });
    const second = await api.latestCode(email);
    if (first !== second) {
      expect((await api.call('/api/v1/verify-otp', { body: { email, otp: first } })).status).toBe(401);
    }
    expect((await api.call('/api/v1/verify-otp', { body: { email, otp: second } })).status).toBe(200);
  });

  it('refuses a malformed code with 400', async () => {
    const res = await api.call('/api/v1/verify-otp', { body: { email: 'org.staff@example.org', otp: '12ab' } });
    expect(res.status).toBe(400);
    expect(res.body.errors.otp).toEqual([PORTAL_MSG.codeShape]);
  });

  it('turns an inactive account away with the spec message and no token', async () => {
    const email = 'inactive.user@example.org';
    await api.call('/api/v1/send-login-otp', { body: { email } });
    const otp = await api.latestCode(email);
    const res = await api.call('/api/v1/verify-otp', { body: { email, otp } });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: MSG.inactiveAccount });
  });
});

describe('tokens', () => {
  it('users/me needs a valid bearer token', async () => {
    expect((await api.call('/api/v1/users/me')).status).toBe(401);
    expect((await api.call('/api/v1/users/me', { token: 'made-up' })).status).toBe(401);
    const { token } = await api.signIn('rsm.financial@example.gov');
    const me = await api.call('/api/v1/users/me', { token });
    expect(me.status).toBe(200);
    expect(me.body.roleType).toBe('state');
    expect(me.body.roles).toEqual([{ name: 'RSM_Financial_Reviewer' }]);
  });

  it('logout revokes the token', async () => {
    const { token } = await api.signIn('org.staff@example.org');
    expect((await api.call('/api/v1/users/me', { token })).status).toBe(200);
    expect((await api.call('/api/v1/logout', { token })).status).toBe(200);
    expect((await api.call('/api/v1/users/me', { token })).status).toBe(401);
  });

  it('a token idle longer than 1 hour + 120 s stops working', async () => {
    const { token } = await api.signIn('state.admin@example.gov');
    await api.database.db.execute(sql`update api_tokens set last_used_at = now() - interval '3721 seconds' where revoked_at is null`);
    const res = await api.call('/api/v1/users/me', { token });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(PORTAL_MSG.sessionExpired);
  });

  it('a user made inactive loses their session at once', async () => {
    const { token } = await api.signIn('ctc.admin@example.gov');
    await api.database.db.execute(sql`update users set status = 'inactive' where email = 'ctc.admin@example.gov'`);
    try {
      const res = await api.call('/api/v1/users/me', { token });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(MSG.inactiveAccount);
    } finally {
      await api.database.db.execute(sql`update users set status = 'active' where email = 'ctc.admin@example.gov'`);
    }
  });

  it('the financial reviewer is read-only: every write answers 403', async () => {
    const { token } = await api.signIn('rsm.financial@example.gov');
    const signup = await api.call('/api/v1/organization/signup', { token, body: {} });
    expect(signup.status).toBe(403);
    const write = await api.call('/api/v1/messages/unread/count', { token, method: 'POST' });
    expect(write.status).toBe(403);
    expect(write.body.message).toBe(MSG.actionNotAllowed);
  });
});

describe('dev outbox', () => {
  it('is readable from loopback only, never through a proxy', async () => {
    const relayed = await api.call('/api/v1/dev/outbox?email=state.admin@example.gov', { headers: { 'X-Forwarded-For': '203.0.113.9' } });
    expect(relayed.status).toBe(404);
    const direct = await api.call('/api/v1/dev/outbox?email=state.admin@example.gov', { http: true });
    expect(direct.status).toBe(200);
    expect(Array.isArray(direct.body)).toBe(true);
    expect(Object.keys(direct.body[0]).sort()).toEqual(['createdAt', 'subject', 'text', 'to']);
  });

  it('is closed when mail goes through SMTP', async () => {
    const smtp = await startTestApi({ SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      expect((await smtp.call('/api/v1/dev/outbox?email=state.admin@example.gov', { http: true })).status).toBe(404);
    } finally {
      await smtp.close();
    }
  });
});

describe('organization/signup', () => {
  const outboxOf = async (email: string) =>
    (await api.call<{ subject: string; text: string }[]>(`/api/v1/dev/outbox?email=${encodeURIComponent(email)}`, { http: true })).body;

  it('creates the organization and its first admin, and emails them a code to sign in with', async () => {
    const res = await api.call('/api/v1/organization/signup', {
      body: { legalName: 'Prairie Wind Networks', firstName: 'Pat', lastName: "O'Neil", email: 'Pat@PrairieWind.example', phoneNumber: '(608) 555-0199' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: MSG.signedUp });
    const [mail] = await outboxOf('pat@prairiewind.example');
    expect(mail!.text).toMatch(/^Hello Pat,\n\nYour sign-in code is \d{6}\./);
    const otp = await api.latestCode('pat@prairiewind.example');
    const { user } = (await api.call('/api/v1/verify-otp', { body: { email: 'pat@prairiewind.example', otp } })).body;
    expect(user.email).toBe('pat@prairiewind.example');
    expect(user.phoneNumber).toBe('6085550199');
    expect(user.organizations).toEqual([
      { id: expect.any(String), name: 'Prairie Wind Networks', status: 'active', role: { name: 'Organization_Admin' } },
    ]);
  });

  it('answers an email that already has an account exactly like a new one, and mails that account a code', async () => {
    const before = await outboxOf('org.admin@example.org');
    const orgCount = async () => {
      const rows = await api.database.db.execute<{ n: number }>(sql`select count(*)::int as n from organizations`);
      return (rows as unknown as { rows: { n: number }[] }).rows[0]!.n;
    };
    const orgsBefore = await orgCount();
    const taken = await api.call('/api/v1/organization/signup', {
      body: { legalName: 'Copycat Broadband', firstName: 'Olivia', lastName: 'Admin', email: 'ORG.ADMIN@example.org' },
    });
    const fresh = await api.call('/api/v1/organization/signup', {
      body: { legalName: 'Copycat Broadband', firstName: 'Olivia', lastName: 'Admin', email: 'olivia@copycat.example' },
    });
    expect(taken).toEqual(fresh);
    expect(taken.status).toBe(201);
    expect(await orgCount()).toBe(orgsBefore + 1);
    const after = await outboxOf('org.admin@example.org');
    expect(after).toHaveLength(before.length + 1);
    expect(after[0]!.text).toContain('already has an account');
    const otp = await api.latestCode('org.admin@example.org');
    const signedIn = await api.call('/api/v1/verify-otp', { body: { email: 'org.admin@example.org', otp } });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.firstName).toBe('Olivia');
    expect(signedIn.body.user.organizations.map((o: any) => o.name).sort()).toEqual(['Lakeview Fiber Cooperative', 'Summit Rural Telephone']);
  });

  it('creates one account when the same new email signs up 10 times at once', async () => {
    const body = { legalName: 'Twin Rivers Broadband', firstName: 'Tess', lastName: 'Rivers', email: 'tess@twinrivers.example' };
    const answers = await Promise.all(Array.from({ length: 10 }, () => api.call('/api/v1/organization/signup', { body })));
    // The per-email code limit (3 here) turns the rest away; no answer is a 5xx.
    expect(answers.filter((a) => a.status === 201).length).toBe(3);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(7);
    const rows = await api.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from users u join memberships m on m.user_id = u.id where lower(u.email) = 'tess@twinrivers.example'`,
    );
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
  });

  it('refuses bad fields with 400', async () => {
    const bad = await api.call('/api/v1/organization/signup', {
      body: { legalName: '', firstName: 'R2D2', lastName: '', email: 'x', phoneNumber: '123' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({
      legalName: [PORTAL_MSG.orgNameRequired],
      firstName: [MSG.firstNameChars],
      lastName: [MSG.lastNameRequired],
      email: [MSG.invalidEmail],
      phoneNumber: [MSG.phoneDigits],
    });
  });
});
