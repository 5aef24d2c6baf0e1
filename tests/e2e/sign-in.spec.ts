// Every seed account signs in through the real form and the dev outbox, sees exactly its menu,
// its role and real dashboard counts, and logs out. Runs with JavaScript on and off; axe on every page.
import type { Page } from '@playwright/test';
import { test, expect, signIn, signInThroughForm, logOut, menuLabels, scan, ACCOUNTS, requestCode, ready, apiToken, latestCode } from './fixtures';

/** Every item of spec 2's side menu and its path segment: a role's other items are screens it may not open. */
const MENU_SEGMENTS: Record<string, string> = {
  Dashboard: 'dashboard', 'Admin Dashboard': 'admin-dashboard', Users: 'users', Applications: 'applications', 'Candidate Dashboard': 'candidate-dashboard',
  Organizations: 'organizations', Reviewers: 'reviewers',
  'Unlock Requests': 'unlock-requests', 'Entity Profile': 'organization-profile', Documents: 'documents', Messages: 'messages', History: 'history',
};

const CASES: { email: string; role: string; menu: string[]; messages: boolean; type: 'org' | 'state' }[] = [
  { email: ACCOUNTS.orgAdmin, role: 'Organization Admin', type: 'org', messages: true,
    menu: ['Dashboard', 'Admin Dashboard', 'Users', 'Applications', 'Unlock Requests', 'Entity Profile', 'Documents', 'Messages', 'History'] },
  { email: ACCOUNTS.orgStaff, role: 'Organization Staff', type: 'org', messages: true,
    menu: ['Dashboard', 'Applications', 'Entity Profile', 'Documents', 'Messages', 'History'] },
  { email: ACCOUNTS.summitAdmin, role: 'Organization Admin', type: 'org', messages: true,
    menu: ['Dashboard', 'Admin Dashboard', 'Users', 'Applications', 'Unlock Requests', 'Entity Profile', 'Documents', 'Messages', 'History'] },
  { email: ACCOUNTS.stateAdmin, role: 'State Admin', type: 'state', messages: true,
    menu: ['Dashboard', 'Users', 'Applications', 'Candidate Dashboard', 'Organizations', 'Reviewers', 'Unlock Requests', 'Messages', 'History'] },
  { email: ACCOUNTS.stateReviewer, role: 'State Reviewer', type: 'state', messages: false, menu: ['Dashboard', 'Applications'] },
  { email: ACCOUNTS.ctcAdmin, role: 'CTC Admin', type: 'state', messages: false, menu: ['Dashboard', 'Applications'] },
  { email: ACCOUNTS.ctcReviewer, role: 'CTC Reviewer', type: 'state', messages: false, menu: ['Dashboard', 'Applications'] },
  { email: ACCOUNTS.rsmAdmin, role: 'RSM Admin', type: 'state', messages: false, menu: ['Dashboard', 'Applications', 'History'] },
  { email: ACCOUNTS.rsmReviewer, role: 'RSM Reviewer', type: 'state', messages: false, menu: ['Dashboard', 'Applications'] },
  { email: ACCOUNTS.rsmFinancial, role: 'RSM Financial Reviewer', type: 'state', messages: false, menu: ['Dashboard', 'Applications'] },
];

for (const account of CASES) {
  test(`${account.email} signs in, sees the ${account.role} menu and dashboard, logs out`, async ({ page }) => {
    await signInThroughForm(page, account.email);
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

    // The candidate dashboard is a menu item of the roles that may open it (issue 41 item 13): it opens from there.
    if (account.menu.includes('Candidate Dashboard')) {
      await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Candidate Dashboard' }).click();
      await expect(page).toHaveURL('/state/candidate-dashboard');
      await expect(page.getByRole('heading', { level: 1, name: 'Candidate Dashboard' })).toBeVisible();
      await expect(current).toHaveText('Candidate Dashboard');
      await page.goto(`/${account.type}/dashboard`);
    }

    // Spec 2: a screen that is not among this role's menu items goes to its first allowed item; a path
    // that is no screen at all shows the not-found screen inside the shell.
    const firstItem = `/${account.type}/${MENU_SEGMENTS[account.menu[0]!]}`;
    for (const [label, segment] of Object.entries(MENU_SEGMENTS).filter(([label]) => !account.menu.includes(label))) {
      await page.goto(`/${account.type}/${segment}?page=2`);
      await expect(page, `${label} is not in the ${account.role} menu`).toHaveURL(firstItem);
    }
    const missing = await page.goto(`/${account.type}/no-such-screen?page=2`);
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    // The other portal's screens are not theirs at all (spec 2 Route guard).
    await page.goto(account.type === 'org' ? '/state/dashboard' : '/org/dashboard');
    await expect(page).toHaveURL('/unauthorized');
    await page.goto(firstItem);

    await logOut(page);
    await expect(page).toHaveURL(`/${account.type}/login`);
    await expect(page.getByTestId('toast')).toContainText('You have been signed out.');
    // Signed out, a screen of either portal goes to that portal's own login, and back after it (issue 41 item 9).
    await page.goto(`/${account.type}/dashboard`);
    await expect(page).toHaveURL(`/${account.type}/login?redirectTo=${encodeURIComponent(`/${account.type}/dashboard`)}`);
  });
}

test('dashboard counts are real and link to the filtered list', async ({ page }) => {
  await signIn(page, ACCOUNTS.orgStaff);
  // Seed: Lakeview has 11 applications, 1 draft, 9 submitted or later.
  await expect(page.getByTestId('count-total')).toContainText('11');
  await expect(page.getByTestId('count-draft')).toContainText('1');
  await expect(page.getByTestId('count-submitted')).toContainText('9');
  await expect(page.getByTestId('count-draft')).toHaveAttribute('href', '/org/applications?status=DRAFT');
  await logOut(page);
  await signIn(page, ACCOUNTS.stateAdmin);
  // Other journeys add applications and move them through the review stages as they run: ALL must equal the sum of
  // the cards, and the statuses no journey touches (Old Mill Wireless's two, closed) keep their seeded counts.
  const cards = await page.locator('[data-testid^="count-"]').evaluateAll((els) =>
    els.map((el) => [el.getAttribute('data-testid'), Number(el.querySelector('[data-count]')?.textContent)] as const),
  );
  const count = (id: string) => cards.find(([card]) => card === id)?.[1];
  expect(count('count-NOT_REMEDIATED')).toBe(1);
  expect(count('count-WITHDRAWN')).toBe(1);
  const all = count('count-ALL')!;
  const sum = cards.filter(([id]) => id !== 'count-ALL').reduce((n, [, c]) => n + c, 0);
  expect(all).toBe(sum);
  // Seed: 22 submitted or later (every status from SUBMITTED on); drafts and cancelled applications never show on the state side.
  expect(all).toBeGreaterThanOrEqual(22);
  await expect(page.getByTestId('count-CANCELLED')).toHaveCount(0);
  await expect(page.getByTestId('count-GATING_REVIEW')).toHaveAttribute('href', '/state/applications?status=GATING_REVIEW');
  // The badge is the state admin's unread count as the API answers it. The seed leaves one unread message, but other
  // journeys read and send messages as they run (the HTML crawl opens every thread), so the figure is read, not assumed.
  const headers = { Authorization: `Bearer ${await apiToken(page, ACCOUNTS.stateAdmin)}` };
  await expect.poll(async () => {
    const { total } = (await (await page.request.get('/api/v1/messages/unread/count', { headers })).json()) as { total: number };
    await page.reload();
    const badge = page.getByTestId('unread-badge');
    const shown = (await badge.count()) > 0 ? (await badge.textContent())?.trim() : '0';
    return shown === String(total);
  }, { timeout: 20_000 }).toBe(true);
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
  await expect(page).toHaveURL('/org/login?redirectTo=%2Forg%2Fdashboard');
});

/**
 * Opens `link` signed out and signs in from the login page it leads to, as a person would: email, then
 * the code. Another worker asking a code for the same seed account retires this one: then again.
 */
async function signInFrom(page: Page, link: string, email: string, loginPage: string) {
  for (let attempt = 1; attempt <= 3; attempt++) {
    await page.goto(link);
    await expect(page).toHaveURL(loginPage);
    await ready(page);
    const sentAt = Date.now();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page).toHaveURL(/step=code/);
    const code = await latestCode(page, email, sentAt);
    await ready(page);
    await page.getByLabel('6-digit code').fill(code);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const left = await page
      .waitForURL((url) => !url.search.includes('step=code'), { timeout: 5000 })
      .then(() => true, () => false);
    if (left) return;
  }
  throw new Error(`Could not sign in as ${email}`);
}

const loginFor = (link: string, login = '/org/login') => `${login}?redirectTo=${encodeURIComponent(link)}`;

test('a shared list link opened signed out lands on that list after the code step (issue 9 item 1)', async ({ page }) => {
  const email = `shared-link-${test.info().project.name}-${Date.now()}@example.org`;
  const signedUp = await page.request.post('/api/v1/organization/signup', { data: { legalName: 'Shared Link Fiber', firstName: 'Lin', lastName: 'Shared', email } });
  expect(signedUp.status()).toBe(201);
  const link = '/org/applications?status=DRAFT&size=5&sort=createdAt';
  await signInFrom(page, link, email, loginFor(link));
  await expect(page).toHaveURL(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Applications' })).toBeVisible();
  await expect(page.getByText('Status: Draft')).toBeVisible();
  // Signed in, the login page itself sends a link's page on.
  await page.goto(loginFor('/org/history'));
  await expect(page).toHaveURL('/org/history');
});

test('a shared link survives the organization chooser', async ({ page }) => {
  // Summit has six seeded applications: page 2 of 5 exists.
  const link = '/org/applications?page=2&size=5';
  await signInFrom(page, link, ACCOUNTS.orgAdmin, loginFor(link));
  await expect(page).toHaveURL('/org/select-organization');
  await ready(page);
  const summit = page.locator('#organizationId option', { hasText: 'Summit' });
  await page.getByLabel('Select an entity').selectOption((await summit.getAttribute('value'))!);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Applications' })).toBeVisible();
  await expect(page.getByText(/Page 2 of/).first()).toBeVisible();
});

test('a state link comes back through the state login; a link to another site never does', async ({ page }) => {
  const link = '/state/dashboard?shared=1';
  await signInFrom(page, link, ACCOUNTS.rsmReviewer, loginFor(link, '/state/login'));
  await expect(page).toHaveURL(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await logOut(page);
  // The state portal's own login keeps a redirectTo too, and refuses one that leaves the site.
  const elsewhere = '/state/login?redirectTo=%2F%2Fevil.example%2Fstate%2Fdashboard';
  await signInFrom(page, elsewhere, ACCOUNTS.rsmReviewer, elsewhere);
  await expect(page).toHaveURL('/state/dashboard');
  await logOut(page);
  const kept = loginFor('/state/dashboard?from=state-login', '/state/login');
  await signInFrom(page, kept, ACCOUNTS.rsmReviewer, kept);
  await expect(page).toHaveURL('/state/dashboard?from=state-login');
});
