// Issue 41 ("the demo cannot be signed into from a text browser"): the portal's cookies are `Secure` only when the
// request arrived over HTTPS (directly, or through a proxy TRUST_PROXY believes), as HSTS is (decision 009). Over
// plain http a Secure cookie is dropped by lynx and w3m, and the sign-in silently comes back to the form.
import { describe, expect, it } from 'vitest';
import type { AppLoadContext } from '@remix-run/node';
import { commitSession, getSession, toastHeader, writePreferences } from '../../app/utils/session.server';

const secret = 'unit-cookie-secure-secret-unit-cookie-secure';
const over = (secureRequest: boolean) => ({ portal: { sessionSecret: secret }, secureRequest }) as unknown as AppLoadContext;
const attributes = (setCookie: string) => setCookie.split(';').slice(1).map((a) => a.trim().toLowerCase());

async function cookiesOf(context: AppLoadContext): Promise<string[]> {
  const session = await getSession(new Request('http://portal.test/'), context);
  session.set('pendingEmail', 'someone@example.org');
  return [
    await commitSession(session, context),
    await toastHeader(context, { type: 'success', title: 'Saved' }),
    await writePreferences(context, { theme: 'dark', menu: 'open' }),
  ];
}

describe('Secure cookies follow the request', () => {
  it('over HTTPS: the session, toast and preference cookies are Secure (and still httpOnly, SameSite=Lax)', async () => {
    const cookies = await cookiesOf(over(true));
    expect(cookies.map((c) => c.split('=')[0])).toEqual(['__session', '__toast', '__prefs']);
    for (const cookie of cookies) {
      expect(attributes(cookie)).toContain('secure');
      expect(attributes(cookie)).toContain('httponly');
      expect(attributes(cookie)).toContain('samesite=lax');
    }
  });

  it('over plain http: none of them is Secure, so a text browser keeps them', async () => {
    for (const cookie of await cookiesOf(over(false))) {
      expect(attributes(cookie)).not.toContain('secure');
      expect(attributes(cookie)).toContain('httponly');
    }
  });

  it('a request that does not say it came over HTTPS is plain http', async () => {
    const context = { portal: { sessionSecret: secret } } as unknown as AppLoadContext;
    for (const cookie of await cookiesOf(context)) expect(attributes(cookie)).not.toContain('secure');
  });
});
