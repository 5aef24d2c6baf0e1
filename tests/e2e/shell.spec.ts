// Shell controls: theme, menu collapse, organization chooser and switcher, sign-up. JS on and off.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test, expect, signIn, scan, ACCOUNTS, ready, enterFreshCode, jsEnabled } from './fixtures';
import { PORTAL_MSG } from '../../domain/messages';

test('the theme switch turns dark and back, and is remembered', async ({ page }) => {
  await signIn(page, ACCOUNTS.stateReviewer);
  await expect(page.locator('html')).toHaveClass(/light/);
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await scan(page);
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await ready(page);
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(page.locator('html')).toHaveClass(/light/);
});

test('the menu collapses to icons and opens again', async ({ page }) => {
  await signIn(page, ACCOUNTS.rsmAdmin);
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await expect(nav).toHaveAttribute('data-menu', 'auto');
  await expect(nav.getByText('Applications', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Collapse menu' }).click();
  await expect(nav).toHaveAttribute('data-menu', 'collapsed');
  await expect(nav.getByRole('link', { name: 'Applications' })).toBeVisible();
  await expect(nav.getByText('Applications', { exact: true })).toHaveClass(/visually-hidden/);
  await scan(page);
  await page.getByRole('button', { name: 'Expand menu' }).click();
  await expect(nav).toHaveAttribute('data-menu', 'open');
  await expect(nav.getByText('Applications', { exact: true })).not.toHaveClass(/visually-hidden/);
});

test('a user of two organizations chooses one, then switches to the other', async ({ page }) => {
  await enterFreshCode(page, ACCOUNTS.orgAdmin);
  await expect(page).toHaveURL('/org/select-organization');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Select the entity you want to continue with');
  await expect(page.getByLabel('Select an entity').locator('option').first()).toHaveText('Select an option');
  await scan(page);
  await ready(page);
  // Next with no choice: the browser (JS) or the server (no JS) asks for one, nothing changes.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL('/org/select-organization');
  const summit = await page.locator('#organizationId option', { hasText: 'Summit' }).getAttribute('value');
  await page.getByLabel('Select an entity').selectOption(summit!);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL('/org/dashboard');
  await expect(page.getByTestId('current-role')).toHaveText('Organization Staff');
  // Seed (decision 029): Summit Rural Telephone has 12 applications, Lakeview Fiber Cooperative 11.
  await expect(page.getByTestId('count-total')).toHaveAccessibleName('Total Applications: 12');

  const lakeview = await page.locator('#organization-switcher option', { hasText: 'Lakeview' }).getAttribute('value');
  await ready(page);
  await page.getByLabel('Organization').selectOption(lakeview!);
  if (!jsEnabled(page)) await page.getByRole('button', { name: 'Switch', exact: true }).click();
  await expect(page.getByTestId('current-role')).toHaveText('Organization Admin');
  await expect(page.getByTestId('count-total')).toHaveAccessibleName('Total Applications: 11');
  await scan(page);
});

test('Cancel on the chooser ends the sign-in and returns to /org/login', async ({ page }) => {
  await enterFreshCode(page, ACCOUNTS.orgAdmin);
  await expect(page).toHaveURL('/org/select-organization');
  await ready(page);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL('/org/login');
  await page.goto('/org/dashboard');
  await expect(page).toHaveURL('/org/login?redirectTo=%2Forg%2Fdashboard');
});

test('the organization chooser works in lynx: Next posts the choice (issue 9 item 15)', async ({ page, context, baseURL }) => {
  test.skip(jsEnabled(page), 'A text browser never runs script: once, in the JavaScript-off run.');
  await enterFreshCode(page, ACCOUNTS.orgAdmin);
  await expect(page).toHaveURL('/org/select-organization');
  const session = (await context.cookies()).find((c) => c.name === '__session')!;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-lynx-'));
  try {
    // lynx reads cookies from a file only when it keeps them; the test server is plain http, so the cookie goes in as not Secure.
    fs.writeFileSync(path.join(dir, 'cookies'), `127.0.0.1\tFALSE\t/\tFALSE\t2000000000\t__session\t${session.value}\n`);
    fs.writeFileSync(
      path.join(dir, 'lynx.cfg'),
      `INCLUDE:/etc/lynx/lynx.cfg\nPERSISTENT_COOKIES:TRUE\nACCEPT_ALL_COOKIES:TRUE\nCOOKIE_FILE:${dir}/cookies\nCOOKIE_SAVE_FILE:${dir}/saved\n`,
    );
    // The keys a person presses: open the list, down to the second organization, choose it, down to Next, press it, quit.
    const keys = ['key ^J', 'key Down Arrow', 'key Down Arrow', 'key ^J', 'key Down Arrow', 'key ^J', 'key q', 'key y'];
    fs.writeFileSync(path.join(dir, 'keys'), `${keys.join('\n')}\n`);
    const screen = execFileSync('lynx', [`-cfg=${dir}/lynx.cfg`, `-cmd_script=${dir}/keys`, `${baseURL}/org/select-organization`], {
      env: { ...process.env, TERM: 'vt100' },
      encoding: 'latin1',
      timeout: 30_000,
    });
    const text = screen.replace(/\x1b\[[0-9;?]*[a-zA-Z]/g, '').replace(/\x1b[()][AB0]|\x1b[=>]/g, '');
    expect(text).toContain('Summit Rural Telephone (Organization Staff)');
    // The choice was posted and accepted: the answer sends lynx on to the dashboard (a refused choice re-renders the chooser).
    expect(text).toMatch(new RegExp(`(Using|Getting) ${baseURL}/org/dashboard`));
    expect(text).not.toContain(PORTAL_MSG.organizationRequired);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a new organization signs up and signs in', async ({ page }) => {
  const email = `new.${test.info().project.name}.${Date.now()}@prairiewind.example`;
  await page.goto('/org/login');
  await ready(page);
  await page.getByRole('link', { name: 'Register your organization' }).click();
  await expect(page).toHaveURL('/org/sign-up');
  await ready(page);
  await scan(page);
  await page.getByLabel('Organization legal name').fill('Prairie Wind Networks');
  await page.getByLabel('First Name').fill('Pat');
  await page.getByLabel('Last Name').fill('R2');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Last Name should only contain letters, spaces, hyphens, or apostrophes')).toBeVisible();
  await expect(page.getByLabel('Organization legal name')).toHaveValue('Prairie Wind Networks');
  await scan(page);
  await page.getByLabel('Last Name').fill("O'Neil");
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL('/org/login?step=code');
  await expect(page.getByTestId('toast')).toContainText('Signed up successfully');
  const res = await page.request.get(`/api/v1/dev/outbox?email=${encodeURIComponent(email)}`);
  const code = /code is (\d{6})/.exec((await res.json())[0].text)![1]!;
  await ready(page);
  await page.getByLabel('6-digit code').fill(code);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/org/dashboard');
  await expect(page.getByTestId('organization-name')).toHaveText('Prairie Wind Networks');
  await expect(page.getByTestId('count-total')).toContainText('0');
});
