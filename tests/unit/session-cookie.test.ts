// The session cookie (issue 7 item 13): it is signed, so readable by whoever holds it; the bearer token
// in it must be sealed, tamper-evident, and an undecryptable cookie must mean signed out.
import crypto from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { createCookieSessionStorage, type AppLoadContext } from '@remix-run/node';
import { commitSession, getSession, openToken, sealToken, tokenKey } from '../../app/utils/session.server';

const secret = 'unit-session-secret-unit-session-secret';
const context = { portal: { sessionSecret: secret, secureCookies: false } } as unknown as AppLoadContext;
const token = 'Zm9vYmFyLXRoZS1iZWFyZXItdG9rZW4tdGhhdC1tdXN0LXN0YXktc2VjcmV0';
// The cookie as anyone holding it can read it: Remix signs base64(JSON) but does not encrypt it.
const plainStorage = createCookieSessionStorage({ cookie: { name: '__session', secrets: [secret], path: '/', httpOnly: true, sameSite: 'lax' } });

async function signedIn(): Promise<string> {
  const session = await getSession(new Request('http://portal.test/'), context);
  session.set('token', token);
  session.set('userId', 'u-1');
  session.set('lastSeen', 1);
  return (await commitSession(session, context)).split(';')[0]!;
}

const request = (cookie: string) => new Request('http://portal.test/', { headers: { Cookie: cookie } });

describe('the session cookie', () => {
  it('does not carry the token readable, yet the portal reads it back', async () => {
    const cookie = await signedIn();
    const value = decodeURIComponent(cookie.slice('__session='.length));
    const readable = Buffer.from(value.split('.')[0]!, 'base64').toString('utf8');
    expect(readable).toContain('"userId":"u-1"');
    expect(readable).not.toContain(token);
    expect(cookie).not.toContain(token);
    const inCookie = (await plainStorage.getSession(cookie)).get('token');
    expect(inCookie).toMatch(/^v1\./);
    expect((await getSession(request(cookie), context)).get('token')).toBe(token);
  });

  it('seals the same token differently each time (a fresh nonce)', async () => {
    const key = tokenKey(secret);
    expect(sealToken(key, token)).not.toBe(sealToken(key, token));
  });

  it('sends an unchanged token back as it came, and seals a changed one afresh', async () => {
    const cookie = await signedIn();
    const arrived = (await plainStorage.getSession(cookie)).get('token');
    const session = await getSession(request(cookie), context);
    session.set('lastSeen', 2);
    const again = (await commitSession(session, context)).split(';')[0]!;
    expect(again).not.toBe(cookie);
    expect((await plainStorage.getSession(again)).get('token')).toBe(arrived);
    expect((await getSession(request(again), context)).get('lastSeen')).toBe(2);

    session.set('token', `${token}-new`);
    const changed = (await commitSession(session, context)).split(';')[0]!;
    const sealed = (await plainStorage.getSession(changed)).get('token');
    expect(sealed).not.toBe(arrived);
    expect(openToken(tokenKey(secret), sealed)).toBe(`${token}-new`);
    expect((await getSession(request(changed), context)).get('token')).toBe(`${token}-new`);
  });

  it('fails closed on a tampered token: the whole session is signed out', async () => {
    const session = await plainStorage.getSession(await signedIn());
    const sealed = session.get('token') as string;
    // Base64's next-to-last character never holds padding bits: another one there is always another ciphertext. (The
    // check used to look at the last character and replace the one before it, so 1 run in 64 changed nothing.)
    const at = sealed.length - 2;
    const flipped = sealed.slice(0, at) + (sealed[at] === 'A' ? 'B' : 'A') + sealed.slice(at + 1);
    expect(flipped).not.toBe(sealed);
    session.set('token', flipped);
    const tampered = (await plainStorage.commitSession(session)).split(';')[0]!;
    const read = await getSession(request(tampered), context);
    expect(read.get('token')).toBeUndefined();
    expect(read.get('userId')).toBeUndefined();
  });

  it('fails closed on a cookie of the older kind holding the token in clear', async () => {
    const session = await plainStorage.getSession();
    session.set('token', token);
    session.set('userId', 'u-1');
    const old = (await plainStorage.commitSession(session)).split(';')[0]!;
    const read = await getSession(request(old), context);
    expect(read.get('token')).toBeUndefined();
    expect(read.get('userId')).toBeUndefined();
  });

  it('opens only what the same secret sealed', () => {
    const sealed = sealToken(tokenKey(secret), token);
    expect(openToken(tokenKey(secret), sealed)).toBe(token);
    expect(openToken(tokenKey('another-secret-another-secret-another'), sealed)).toBeNull();
    expect(openToken(tokenKey(secret), 'v1.')).toBeNull();
    expect(openToken(tokenKey(secret), 42)).toBeNull();
  });

  it("opens a session's sealed token once, and still fails closed on one that does not open", async () => {
    const cookie = await signedIn();
    expect((await getSession(request(cookie), context)).get('token')).toBe(token);
    const decipher = vi.spyOn(crypto, 'createDecipheriv');
    try {
      for (let i = 0; i < 3; i++) expect((await getSession(request(cookie), context)).get('token')).toBe(token);
      expect(decipher).not.toHaveBeenCalled();
      const session = await plainStorage.getSession(cookie);
      session.set('token', sealToken(tokenKey('another-secret-another-secret-another'), token));
      const foreign = (await plainStorage.commitSession(session)).split(';')[0]!;
      for (let i = 0; i < 2; i++) expect((await getSession(request(foreign), context)).get('token')).toBeUndefined();
      expect(decipher).toHaveBeenCalledTimes(2);
    } finally {
      decipher.mockRestore();
    }
  });

  it('keeps a session without a token working (the sign-in steps)', async () => {
    const session = await getSession(new Request('http://portal.test/'), context);
    session.set('pendingEmail', 'someone@example.org');
    const cookie = (await commitSession(session, context)).split(';')[0]!;
    expect((await getSession(request(cookie), context)).get('pendingEmail')).toBe('someone@example.org');
  });
});
