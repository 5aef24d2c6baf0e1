// Every seed account signs in through the real form and the dev outbox, sees exactly its menu,
// its role and real dashboard counts, and logs out. Runs with JavaScript on and off; axe on every page.
import { test, expect, signIn, logOut, menuLabels, scan, ACCOUNTS, requestCode, ready } from './fixtures';

const CASES: { email: string; role: string; menu: string[]; messages: boolean; type: 'org' | 'state' }[] = [
  { email: ACCOUNTS.orgAdmin, role: 'Organization Admin', type: 'org', messages: true,
    menu: ['Dashboard', 'Users', 'Applications', 'Unlock Requests', 'Entity Profile', 'Documents', 'Messages', 'History'] },
  { email: ACCOUNTS.orgStaff, role: 'Organization Staff', type: 'org', messages: true,
    menu: ['Dashboard', 'Applications', 'Entity Profile', 'Documents', 'Messages', 'History'] },
  { email: ACCOUNTS.summitAdmin, role: 'Organization Admin', type: 'org', messages: true,
    menu: ['Dashboard', 'Users', 'Applications', 'Unlock Requests', 'Entity Profile', 'Documents', 'Messages', 'History'] },
  { email: ACCOUNTS.stateAdmin, role: 'State Admin', type: 'state', messages: true,
    menu: ['Dashboard', 'Users', 'Applications', 'Organizations', 'Reviewers', 'Unlock Requests', 'Messages', 'History'] },
  { email: ACCOUNTS.stateReviewer, role: 'State Reviewer', type: 'state', messages: false, menu: ['Dashboard', 'Applications'] },
  { email: ACCOUNTS.ctcAdmin, role: 'CTC Admin', type: 'state', messages: false, menu: ['Dashboard', 'Applications'] },
  { email: ACCOUNTS.ctcReviewer, role: 'CTC Reviewer', type: 'state', messages: false, menu: ['Dashboard', 'Applications'] },
  { email: ACCOUNTS.rsmAdmin, role: 'RSM Admin', type: 'state', messages: false, menu: ['Dashboard', 'Applications', 'History'] },
  { email: ACCOUNTS.rsmReviewer, role: 'RSM Reviewer', type: 'state', messages: false, menu: ['Dashboard', 'Applications'] },
  { email: ACCOUNTS.rsmFinancial, role: 'RSM Financial Reviewer', type: 'state', messages: false, menu: ['Dashboard', 'Applications'] },
];

for (const account of CASES) {
  test(`${account.email} signs in, sees the ${account.role} menu and dashboard, logs out`, async ({ page }) => {
    await signIn(page, account.email);
    await expect(page).toHaveURL(`/${account.type}/dashboard`);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    expect(await menuLabels(page)).toEqual(account.menu);
    await expect(page.getByRole('button', { name: 'Log Out' })).toBeVisible();
    await expect(page.getByTestId('current-role')).toHaveText(account.role);
    const current = page.getByRole('navigation', { name: 'Main menu' }).locator('[aria-current="page"]');
    await expect(current).toHaveText('Dashboard');
    await expect(page.getByTestId('messages-button')).toHaveCount(account.messages ? 1 : 0);
    if (account.type === 'org') {
      await expect(page.getByTestId('count-total')).toBeVisible();
    } else {
      await expect(page.getByTestId('count-ALL')).toBeVisible();
      await expect(page.getByTestId('count-DRAFT')).toHaveCount(0);
    }
    // The token never reaches the page.
    expect(await page.content()).not.toMatch(/Bearer|"token"/);
    await scan(page);

    await logOut(page);
    await expect(page).toHaveURL(`/${account.type}/login`);
    await expect(page.getByTestId('toast')).toContainText('You have been signed out.');
    await page.goto(`/${account.type}/dashboard`);
    await expect(page).toHaveURL('/org/login');
  });
}

test('dashboard counts are real and link to the filtered list', async ({ page }) => {
  await signIn(page, ACCOUNTS.orgStaff);
  // Seed: Lakeview has 5 applications, 1 draft, 3 submitted or later.
  await expect(page.getByTestId('count-total')).toContainText('5');
  await expect(page.getByTestId('count-draft')).toContainText('1');
  await expect(page.getByTestId('count-submitted')).toContainText('3');
  await expect(page.getByTestId('count-draft')).toHaveAttribute('href', '/org/applications?status=DRAFT');
  await logOut(page);
  await signIn(page, ACCOUNTS.stateAdmin);
  // Other journeys add drafts and cancellations as they run: ALL must equal the sum of the cards,
  // and the review stages, which no journey touches, keep their seeded counts.
  await expect(page.getByTestId('count-GATING_REVIEW')).toContainText('1');
  await expect(page.getByTestId('count-TECHNICAL_REVIEW')).toContainText('1');
  await expect(page.getByTestId('count-AWARDED')).toContainText('1');
  const cards = await page.locator('[data-testid^="count-"]').evaluateAll((els) =>
    els.map((el) => [el.getAttribute('data-testid'), Number(el.querySelector('[data-count]')?.textContent)] as const),
  );
  const all = cards.find(([id]) => id === 'count-ALL')![1];
  const sum = cards.filter(([id]) => id !== 'count-ALL').reduce((n, [, c]) => n + c, 0);
  expect(all).toBe(sum);
  // Seed: 8 submitted or later; drafts and cancelled applications never show on the state side.
  expect(all).toBeGreaterThanOrEqual(8);
  await expect(page.getByTestId('count-CANCELLED')).toHaveCount(0);
  await expect(page.getByTestId('count-GATING_REVIEW')).toHaveAttribute('href', '/state/applications/GATING_REVIEW');
  await expect(page.getByTestId('unread-badge')).toHaveText('1');
});

test('the login page explains where development codes are, and checks its input', async ({ page }) => {
  await page.goto('/org/login');
  await ready(page);
  await expect(page.getByText('Development mode: no email is sent')).toBeVisible();
  await scan(page);
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('Invalid email format')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Email')).toHaveValue('not-an-email');
  await scan(page);
});

test('a wrong code is refused with a clear message; the right one then works', async ({ page }) => {
  // An account of its own: another journey asking a code for a shared seed account would retire this one.
  const email = `wrong-code-${test.info().project.name}-${Date.now()}@example.org`;
  const signedUp = await page.request.post('/api/v1/organization/signup', { data: { legalName: 'Wrong Code Test Co', firstName: 'Wren', lastName: 'Coder', email } });
  expect(signedUp.status()).toBe(201);
  const code = await requestCode(page, email, 'org');
  await ready(page);
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  await page.getByLabel('6-digit code').fill(wrong);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('That code is not correct or has expired.');
  await scan(page);
  await page.getByLabel('6-digit code').fill(code);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/org/dashboard');
});

test('an inactive account gets the spec message and no session', async ({ page }) => {
  const code = await requestCode(page, 'inactive.user@example.org');
  await ready(page);
  await page.getByLabel('6-digit code').fill(code);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Your account is marked as inactive in the system. Please contact support.');
  await page.goto('/org/dashboard');
  await expect(page).toHaveURL('/org/login');
});
