// Issue 41: the whole portal (Express, the Remix build) marks its cookies `Secure` only for a request that arrived
// over HTTPS: here, through a proxy TRUST_PROXY believes (X-Forwarded-Proto: https), as HSTS is; a plain-http request
// gets cookies a text browser keeps (decision 009).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startUiPortal, type UiPortal } from './ui-portal';

let ui: UiPortal;

beforeAll(async () => {
  ui = await startUiPortal({ TRUST_PROXY: 'loopback' });
}, 180_000);

afterAll(async () => {
  await ui?.close();
});

/** The login's email step (it sets the session cookie with the address), as a browser posts it. */
async function emailStep(headers: Record<string, string> = {}) {
  const res = await fetch(`${ui.base}/org/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams({ intent: 'send-code', email: 'org.admin@example.org' }),
  });
  const cookies = res.headers.getSetCookie();
  expect(res.status).toBe(302);
  expect(cookies.map((c) => c.split('=')[0])).toContain('__session');
  return { hsts: res.headers.get('strict-transport-security'), attributes: cookies.map((c) => c.split(';').slice(1).map((a) => a.trim().toLowerCase())) };
}

describe('Secure cookies in the whole portal', () => {
  it('over HTTPS through the trusted proxy: Secure, with HSTS', async () => {
    const { hsts, attributes } = await emailStep({ 'X-Forwarded-Proto': 'https' });
    expect(hsts).toBeTruthy();
    for (const cookie of attributes) expect(cookie).toContain('secure');
  });

  it('over plain http: not Secure (and still httpOnly)', async () => {
    const { hsts, attributes } = await emailStep();
    expect(hsts).toBeNull();
    for (const cookie of attributes) {
      expect(cookie).not.toContain('secure');
      expect(cookie).toContain('httponly');
    }
  });
});
