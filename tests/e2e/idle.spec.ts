// Inactivity rules (spec 4 Session). The warning dialog and the hidden-tab rule need JavaScript;
// the server's own idle limit holds without it.
import { execFileSync } from 'node:child_process';
import { createCookieSessionStorage } from '@remix-run/node';
import { test, expect, signIn, ACCOUNTS, jsEnabled } from './fixtures';
import { SERVER_IDLE_LIMIT_MS } from '../../domain/constants';

test('after an hour idle a warning counts down from 2:00; Stay connected keeps the session, zero logs out', async ({ page }) => {
  test.skip(!jsEnabled(page), 'The warning dialog is a JavaScript enhancement.');
  test.setTimeout(120_000);
  // The page's clock is the test's (Playwright's clock), stopped while the test moves it on: the spec's own timings
  // hold (spec 4: a warning after 1 hour idle, counting down 120 seconds, logged out at zero), and however slow the
  // machine, no real second passes for the page between two steps. The server keeps its own, real, time.
  const HOUR = 60 * 60 * 1000;
  await page.clock.install();
  const dialog = page.getByRole('dialog', { name: 'Are you still there?' });
  const seconds = async () => {
    const text = (await dialog.getByTestId('idle-countdown').textContent()) ?? '';
    const match = /^(\d+):(\d{2})$/.exec(text.trim());
    expect(match, `a countdown m:ss, not '${text}'`).not.toBeNull();
    return Number(match![1]) * 60 + Number(match![2]);
  };
  await signIn(page, ACCOUNTS.stateAdmin);
  await expect(page.locator('html')).toHaveAttribute('data-idle-watch', 'on', { timeout: 30_000 });
  // Stop the clock a minute on, then move the mouse: the last activity is that stopped moment.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 60_000);
  await page.mouse.move(10, 10);
  await page.mouse.move(20, 20);
  await expect(dialog).toBeHidden();

  // An hour and a second idle: the warning, counting down from two minutes, a second a second.
  await page.clock.fastForward(HOUR + 1_000);
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  const first = await seconds();
  expect(first).toBeLessThanOrEqual(120);
  expect(first).toBeGreaterThanOrEqual(115);
  await page.clock.runFor(5_000);
  await expect.poll(seconds, { timeout: 30_000 }).toBe(first - 5);

  // Stay connected closes it and keeps the page; a minute on, it is still closed (the idle hour starts again).
  await dialog.getByRole('button', { name: 'Stay connected' }).click();
  await expect(dialog).toBeHidden();
  await page.clock.runFor(60_000);
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL('/state/dashboard');

  // Idle for an hour again: the warning; two minutes and a second later, at zero, it logs out with spec 4's message.
  await page.clock.fastForward(HOUR + 1_000);
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL('/state/dashboard');
  await page.clock.fastForward(121_000);
  await expect(page).toHaveURL('/state/login', { timeout: 30_000 });
  await page.clock.resume();
  await expect(page.getByTestId('toast')).toContainText('Your session ended after a period of inactivity.');
});

test('a tab hidden longer than the limit logs out on return', async ({ page }) => {
  test.skip(!jsEnabled(page), 'Tab visibility is watched by JavaScript.');
  await page.addInitScript(() => {
    (window as any).__portalIdle = { hiddenMs: 300 };
  });
  await signIn(page, ACCOUNTS.ctcReviewer);
  await page.waitForFunction(() => document.documentElement.dataset.idleWatch === 'on');
  const setVisibility = (state: 'hidden' | 'visible') =>
    page.evaluate((s) => {
      Object.defineProperty(document, 'visibilityState', { value: s, configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    }, state);
  await setVisibility('hidden');
  await page.waitForTimeout(500);
  await setVisibility('visible');
  await expect(page).toHaveURL('/state/login');
});

test('the server ends a session idle for more than 1 hour + 120 s, without any script', async ({ page, context, baseURL }) => {
  await signIn(page, ACCOUNTS.orgStaff);
  // Rewrite the signed session cookie as if the last page was loaded two hours ago.
  const storage = createCookieSessionStorage({
    cookie: { name: '__session', secrets: ['e2e-session-secret-e2e-session-secret'], httpOnly: true, sameSite: 'lax', path: '/' },
  });
  const cookies = await context.cookies();
  const current = cookies.find((c) => c.name === '__session')!;
  expect(current.httpOnly).toBe(true);
  expect(current.sameSite).toBe('Lax');
  const session = await storage.getSession(`__session=${current.value}`);
  // The token is sealed (AES-256-GCM), not readable by whoever holds the cookie.
  expect(session.get('token')).toMatch(/^v1\.[\w-]{40,}$/);
  session.set('lastSeen', Date.now() - 2 * 60 * 60 * 1000);
  const value = (await storage.commitSession(session)).split(';')[0]!.slice('__session='.length);
  await context.addCookies([{ ...current, value }]);
  await page.goto('/org/dashboard');
  // The page asked for is where the next sign-in returns.
  await expect(page).toHaveURL('/org/login?redirectTo=%2Forg%2Fdashboard');
  await expect(page.getByTestId('toast')).toContainText('Your session ended after a period of inactivity.');
  // The token was revoked too: the old cookie no longer opens anything.
  await context.addCookies([{ ...current }]);
  await page.goto('/org/dashboard');
  // The page asked for is where the next sign-in returns.
  await expect(page).toHaveURL('/org/login?redirectTo=%2Forg%2Fdashboard');
  expect(baseURL).toBeTruthy();
});

test('with JavaScript, typing keeps the session alive past the server idle limit (a throttled keep-alive)', async ({ page, context }) => {
  test.skip(!jsEnabled(page), 'The keep-alive is a JavaScript enhancement; without it a Save holds the answers.');
  test.setTimeout(90_000);
  await page.addInitScript(() => {
    (window as any).__portalIdle = { keepaliveMs: 1000 };
  });
  await signIn(page, ACCOUNTS.orgStaff);
  await page.goto('/org/organization-profile');
  await page.waitForFunction(() => document.documentElement.dataset.idleWatch === 'on');
  const storage = createCookieSessionStorage({
    cookie: { name: '__session', secrets: ['e2e-session-secret-e2e-session-secret'], httpOnly: true, sameSite: 'lax', path: '/' },
  });
  const current = (await context.cookies()).find((c) => c.name === '__session')!;
  const session = await storage.getSession(`__session=${current.value}`);
  // The server would find this session idle-expired 20 seconds from now, unless activity reaches it first: room
  // enough for a loaded machine to type and send the keep-alive.
  const deadline = Date.now() + 20_000;
  session.set('lastSeen', deadline - SERVER_IDLE_LIMIT_MS);
  await context.addCookies([{ ...current, value: (await storage.commitSession(session)).split(';')[0]!.slice('__session='.length) }]);

  const keptAlive = page.waitForResponse((r) => r.url().endsWith('/resources/keepalive') && r.request().method() === 'POST', { timeout: 30_000 });
  await page.locator('[data-question="10"] input').pressSequentially('Typing', { delay: 300 });
  // 204: the session was still open when it arrived, and is refreshed.
  expect((await keptAlive).status()).toBe(204);
  const refreshed = (await context.cookies()).find((c) => c.name === '__session')!;
  expect((await storage.getSession(`__session=${refreshed.value}`)).get('lastSeen')).toBeGreaterThan(deadline - SERVER_IDLE_LIMIT_MS);

  // Past the old deadline the session still opens pages: typing refreshed it without a page load.
  await expect.poll(() => Date.now(), { timeout: 40_000 }).toBeGreaterThan(deadline + 500);
  await page.goto('/org/dashboard');
  await expect(page).toHaveURL('/org/dashboard');
});

test('without JavaScript no signed-in page carries the idle warning, in Chromium or in w3m (issue 9 item 16)', async ({ page, context, baseURL }) => {
  test.skip(jsEnabled(page), 'With JavaScript the warning arrives after hydration and opens only after an hour idle (the tests above).');
  await signIn(page, ACCOUNTS.orgStaff);
  const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
  for (const path of ['/org/dashboard', '/org/applications', '/org/organization-profile', '/org/history']) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(200);
    const html = await res!.text();
    expect(html, path).not.toContain('Are you still there');
    expect(html, path).not.toMatch(/logged out in/i);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Stay connected' })).toHaveCount(0);
    // A browser that never had JavaScript: w3m's page as text.
    const text = execFileSync('w3m', ['-dump', '-cols', '120', '-header', `Cookie: ${cookie}`, `${baseURL}${path}`], { encoding: 'utf8', timeout: 30_000 });
    expect(text, path).toContain('Log Out');
    expect(text, path).not.toContain('Are you still there');
    expect(text, path).not.toContain('Stay connected');
  }
});
