// Route guard, redirects, 404 and unauthorized pages (spec 2).
import { test, expect, signIn, scan, ready, latestCode, ACCOUNTS } from './fixtures';

test("signed out: guarded pages and the root go to their side's login (/org/login, /state/login), remembering the page asked for", async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL('/org/login');
  const asked: [string, string, string][] = [
    ['/org', '/org/login', '/org/dashboard'], ['/org/dashboard', '/org/login', '/org/dashboard'],
    ['/state', '/state/login', '/state/dashboard'], ['/state/dashboard', '/state/login', '/state/dashboard'],
    ['/org/applications?status=DRAFT&page=2', '/org/login', '/org/applications?status=DRAFT&page=2'],
  ];
  for (const [path, login, remembered] of asked) {
    await page.goto(path);
    await expect(page, path).toHaveURL(`${login}?redirectTo=${encodeURIComponent(remembered)}`);
  }
});

test('a state link opened signed out asks for the state sign-in and opens after it (issue 41 item 9)', async ({ page }) => {
  // Another worker signing the same person in may retire the code just sent: then the link is opened again (up to 3 times).
  for (let attempt = 1; attempt <= 3; attempt++) {
    await page.goto('/state/applications?q=GA-');
    await expect(page).toHaveURL('/state/login?redirectTo=%2Fstate%2Fapplications%3Fq%3DGA-');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('State staff sign in');
    await ready(page);
    const sentAt = Date.now();
    await page.getByLabel('Email').fill(ACCOUNTS.stateAdmin);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page).toHaveURL(/\/state\/login\?(.*&)?step=code/);
    await ready(page);
    await page.getByLabel('6-digit code').fill(await latestCode(page, ACCOUNTS.stateAdmin, sentAt));
    await page.getByRole('button', { name: 'Sign in' }).click();
    const left = await page.waitForURL((url) => url.pathname !== '/state/login', { timeout: 5000 }).then(() => true, () => false);
    if (left) break;
  }
  await expect(page).toHaveURL('/state/applications?q=GA-');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('unknown paths show the page-not-found screen with HTTP 404', async ({ page }) => {
  const res = await page.goto('/no/such/page');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await scan(page);
  const direct = await page.goto('/pagenotfound');
  expect(direct?.status()).toBe(404);
});

test('the unauthorized page answers 403', async ({ page }) => {
  const res = await page.goto('/unauthorized');
  expect(res?.status()).toBe(403);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You do not have access to this page');
  await scan(page);
});

test('an organization user on a state page goes to /unauthorized', async ({ page }) => {
  await signIn(page, ACCOUNTS.summitAdmin);
  await page.goto('/state/dashboard');
  await expect(page).toHaveURL('/unauthorized');
  await page.goto('/');
  await expect(page).toHaveURL('/org/dashboard');
  await page.goto('/org');
  await expect(page).toHaveURL('/org/dashboard');
  // A signed-in user opening the login page goes back to their dashboard.
  await page.goto('/org/login');
  await expect(page).toHaveURL('/org/dashboard');
});

test('a state user on an organization page goes to /unauthorized; menu paths not theirs go to the first allowed item', async ({ page }) => {
  await signIn(page, ACCOUNTS.ctcAdmin);
  await page.goto('/org/dashboard');
  await expect(page).toHaveURL('/unauthorized');
  await page.goto('/state/organizations');
  await expect(page).toHaveURL('/state/dashboard');
  await page.goto('/state');
  await expect(page).toHaveURL('/state/dashboard');
  const res = await page.goto('/state/not-a-page');
  expect(res?.status()).toBe(404);
  // Inside the shell: the menu stays.
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await scan(page);
});

test('organization staff cannot open Users', async ({ page }) => {
  await signIn(page, ACCOUNTS.orgStaff);
  await page.goto('/org/users');
  await expect(page).toHaveURL('/org/dashboard');
});

test('a cross-site form post is refused', async ({ page, request }) => {
  const res = await request.post('/logout', { headers: { Origin: 'https://evil.example' }, form: { reason: 'x' } });
  expect(res.status()).toBe(403);
});

test('every page carries a Content-Security-Policy with a fresh nonce, and the portal runs within it', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  const res = await page.goto('/org/login');
  const csp = res!.headers()['content-security-policy'] ?? '';
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
  expect(csp).toContain("frame-ancestors 'none'");
  const nonce = /'nonce-([^']+)'/.exec(csp)![1]!;
  const again = await page.request.get('/org/login');
  expect(again.headers()['content-security-policy']).not.toContain(nonce);
  // Every inline script of the page carries this response's nonce.
  const html = await res!.text();
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1]!);
  expect(inline.length).toBeGreaterThan(0);
  for (const attrs of inline) expect(attrs).toContain(`nonce="${nonce}"`);
  await signIn(page, ACCOUNTS.orgAdmin);
  await page.goto('/org/applications');
  await ready(page);
  await page.goto('/org/applications/bead-applcn/GA-LKV001?step=technology');
  await ready(page);
  expect(violations).toEqual([]);
});
