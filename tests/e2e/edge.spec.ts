// The edge in front of the pages: cross-site posts refused on every route, body limits with a clear
// page, no-store on pages (Back after Log Out shows nothing of the previous user), security headers.
import http from 'node:http';
import { ACCOUNTS, expect, logOut, ready, signIn, test } from './fixtures';
import { uiRoutes } from '../support/ui-routes';
import { PORTAL_MSG } from '../../domain/messages';

const ROUTES = uiRoutes({ id: 'GA-LKV001', section: 'applications', systemNo: '33' });

test.describe('requests without a page', () => {
  // These send requests only: once is enough.
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, 'no page involved');

  test('a cross-site POST (Origin null or foreign) is refused on every route', async ({ request }) => {
    expect(ROUTES.length).toBeGreaterThan(20);
    for (const origin of ['null', 'https://evil.example']) {
      for (const route of ROUTES) {
        const res = await request.post(route.url, { headers: { Origin: origin }, form: { intent: 'save' }, maxRedirects: 0 });
        expect([route.file, origin, res.status()]).toEqual([route.file, origin, 403]);
        expect(await res.text()).toBe(PORTAL_MSG.requestBlocked);
      }
    }
  });

  test('a form post over 1 MB gets 413 and a clear page, before anything is read', async ({ request }) => {
    const res = await request.post('/org/login', { form: { email: 'x'.repeat(1024 * 1024 + 10) } });
    expect(res.status()).toBe(413);
    expect(res.headers()['content-type']).toContain('text/html');
    expect(await res.text()).toContain(PORTAL_MSG.formTooLarge);
  });

  test('a multipart post over the upload limit gets 413 and says the limit', async ({ request }) => {
    const res = await request.post('/resources/upload', {
      multipart: { file: { name: 'big.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(12 * 1024 * 1024, 1) } },
    });
    expect(res.status()).toBe(413);
    expect(await res.text()).toContain('File size exceeds the maximum limit. The limit is 10 MB');
  });

  test('a post that does not declare its length (chunked) gets 411', async ({ baseURL }) => {
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(`${baseURL}/org/login`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Transfer-Encoding': 'chunked' } }, (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode!, body: text }));
      });
      req.on('error', reject);
      req.write('email=');
      req.end('a%40example.org');
    });
    expect(status).toBe(411);
    expect(body).toContain('This request did not say how large it is');
  });

  test('a form post within the limit is read as usual', async ({ request }) => {
    const res = await request.post('/org/login', { form: { intent: 'send', email: 'not-an-email' }, maxRedirects: 0 });
    expect(res.status()).toBeLessThan(500);
    expect(res.status()).not.toBe(413);
  });

  test('pages are no-store, static assets keep their long cache, headers are there', async ({ request }) => {
    const page = await request.get('/org/login');
    expect(page.headers()['cache-control']).toBe('no-store');
    expect(page.headers()['referrer-policy']).toBe('same-origin');
    expect(page.headers()['x-content-type-options']).toBe('nosniff');
    expect(page.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    // Plain HTTP: no HSTS (the e2e server trusts no proxy).
    expect(page.headers()['strict-transport-security']).toBeUndefined();
    const script = /"(\/build\/[^"]+\.js)"/.exec(await page.text())?.[1];
    expect(script).toBeTruthy();
    const asset = await request.get(script!);
    expect(asset.headers()['cache-control']).toContain('max-age=31536000');
  });
});

test('after Log Out, Back shows nothing of the signed-in pages', async ({ page }) => {
  await signIn(page, ACCOUNTS.orgAdmin);
  const profile = await page.goto('/org/organization-profile');
  expect(profile!.headers()['cache-control']).toBe('no-store');
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toBeVisible();
  const profileTitle = (await heading.textContent())!;
  await ready(page);
  await logOut(page);
  await expect(page).toHaveURL(/\/org\/login/);
  await page.goBack();
  // Back asks the server again (no-store), which sends a signed-out person to sign in.
  await expect(page).toHaveURL(/\/org\/login/);
  await expect(page.getByRole('heading', { level: 1, name: profileTitle })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Log Out' })).toHaveCount(0);
});
