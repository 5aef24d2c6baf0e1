// The Organization Admin's dashboard (spec 2 /org/admin-dashboard, issue 41 item 4), JS on and off, axe on it, its HTML
// checked (js-off: every page a journey opens; html-validity.spec.ts crawls it too), and at a phone's width. Two fresh
// organizations made through the API, so every count is known (no other journey touches them): Alpha with one
// submitted application and one draft, a member added, an invitation waiting, an unlock request open and a reply of the
// State Admin unread; Beta with none of those. Alpha's admin also joins Beta (as its admin): each organization's
// numbers are its own.
import type { Page } from '@playwright/test';
import { test, expect, signIn, scan, ready, jsEnabled, apiToken, menuLabels, ACCOUNTS } from './fixtures';
import { submitFreshApplication } from './submitted-application';
import { exclusive } from './exclusive';

type Auth = { Authorization: string };

async function call(page: Page, auth: Auth, method: 'get' | 'post', path: string, data?: Record<string, unknown>, multipart = false) {
  const res = await page.request[method](`/api/v1${path}`, { headers: auth, ...(data === undefined ? {} : multipart ? { multipart: data as Record<string, string> } : { data }) });
  const body = await res.json().catch(() => null);
  expect(res.ok(), `${method.toUpperCase()} ${path}: ${res.status()} ${JSON.stringify(body)}`).toBe(true);
  return body;
}

/** The count card named `label`: its accessible name says the number (components/count-card.tsx). */
const card = (page: Page, label: string) => page.getByRole('main').getByRole('link', { name: new RegExp(`^${label}: \\d+$`) });

async function expectCounts(page: Page, counts: Record<string, number>) {
  for (const [label, n] of Object.entries(counts)) await expect(card(page, label)).toHaveAccessibleName(`${label}: ${n}`);
}

test('the Organization Admin sees its chosen organization’s applications, members, unlock requests and messages', async ({ page }) => {
  test.setTimeout(240_000);
  const stamp = `${test.info().project.name} ${Date.now()}`;
  const alpha = await submitFreshApplication(page, 'Overview Alpha');
  const a = { Authorization: `Bearer ${await apiToken(page, alpha.adminEmail)}` };
  const betaName = `Overview Beta ${stamp}`;
  const betaEmail = `overview.beta.${stamp.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@example.org`;
  expect((await page.request.post('/api/v1/organization/signup', { data: { legalName: betaName, firstName: 'Bea', lastName: 'Beta', email: betaEmail } })).status()).toBe(201);
  const b = { Authorization: `Bearer ${await apiToken(page, betaEmail)}` };
  const betaId = ((await call(page, b, 'get', '/users/me')).organizations as { id: string }[])[0]!.id;

  // Alpha: a draft beside the submitted application; a new member (active) and Beta's admin invited (pending).
  const programId = (await call(page, a, 'get', '/program/all'))[0].id as string;
  const area = (await call(page, a, 'get', '/project-area/all'))[1].name as string;
  const draft = (await call(page, a, 'post', `/applications/create?organizationId=${alpha.organizationId}`, { programId, projectLocation: area, technologyType: 'Fiber to the premises' })).applicationId as string;
  const person = (email: string, roleId = 'Organization_Staff') => ({ roleId, firstName: 'Nia', lastName: 'Newcomb', email });
  await call(page, a, 'post', `/organization/${alpha.organizationId}/add-staff`, person(`overview.member.${stamp.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@example.org`));
  expect((await call(page, a, 'post', `/organization/${alpha.organizationId}/add-staff`, person(betaEmail))).user.status).toBe('invited');
  // Beta invites Alpha's admin as its admin, who accepts: Alpha's admin now chooses between two organizations.
  await call(page, b, 'post', `/organization/${betaId}/add-staff`, person(alpha.adminEmail, 'Organization_Admin'));
  await call(page, a, 'post', `/invitations/${betaId}/accept`, {});

  // An unlock request of the submitted application, open (the unlock window stays open meanwhile: unlock-window.spec).
  const unlockMessage = `Question 30 needs the new route (${stamp}).`;
  await exclusive('unlock-window', () =>
    call(page, a, 'post', `/unlock-requests?organizationId=${alpha.organizationId}`, { applicationId: alpha.id, sectionId: alpha.sections.technology!.id, message: unlockMessage }));
  // Alpha asks the state; the State Admin answers: one message unread for Alpha.
  const thread = (await call(page, a, 'post', '/messages', { organizationId: alpha.organizationId, applicationId: alpha.id, content: `A question (${stamp}).` }, true)).threadId as string;
  const state = { Authorization: `Bearer ${await apiToken(page, ACCOUNTS.stateAdmin)}` };
  const first = ((await call(page, state, 'get', `/messages/threads/${thread}`)).messages as { id: string }[])[0]!.id;
  await call(page, state, 'post', '/messages', { replyToMessageId: first, content: `The answer (${stamp}).` }, true);

  await signIn(page, alpha.adminEmail, { organization: alpha.legalName });
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  expect(await menuLabels(page)).toContain('Admin Dashboard');
  await nav.getByRole('link', { name: 'Admin Dashboard' }).click();
  await expect(page).toHaveURL('/org/admin-dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin Dashboard');
  await expect(page.getByRole('main')).toContainText(alpha.legalName);
  await expectCounts(page, {
    All: 2, Draft: 1, Submitted: 1, Resubmitted: 0, 'Gating Review': 0, Awarded: 0, Cancelled: 0,
    'Active Members': 2, 'Inactive Members': 0, 'Pending Invitations': 1, 'Open Unlock Requests': 1, 'Unread Messages': 1,
  });
  await expect(card(page, 'All')).toHaveAttribute('href', '/org/applications');
  await expect(card(page, 'Draft')).toHaveAttribute('href', '/org/applications?status=DRAFT');
  await expect(card(page, 'Submitted')).toHaveAttribute('href', '/org/applications?status=SUBMITTED');
  await expect(card(page, 'Pending Invitations')).toHaveAttribute('href', '/org/users');
  await expect(card(page, 'Open Unlock Requests')).toHaveAttribute('href', '/org/unlock-requests?status=PENDING');
  await expect(card(page, 'Unread Messages')).toHaveAttribute('href', '/org/messages');
  await scan(page);

  // A phone's width: nothing scrolls sideways; axe again at that width.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await ready(page);
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(390);
  await scan(page);
  await page.setViewportSize({ width: 1280, height: 720 });

  // Each count opens its screen.
  await card(page, 'Open Unlock Requests').click();
  await expect(page).toHaveURL('/org/unlock-requests?status=PENDING');
  await expect(page.getByTestId('unlock-row').filter({ hasText: unlockMessage })).toContainText(alpha.id);
  await page.goto('/org/admin-dashboard');
  await ready(page);
  await card(page, 'Draft').click();
  await expect(page).toHaveURL('/org/applications?status=DRAFT');
  await expect(page.getByRole('main')).toContainText(draft);
  await page.goto('/org/admin-dashboard');
  await ready(page);
  await card(page, 'Pending Invitations').click();
  await expect(page).toHaveURL('/org/users');
  await expect(page.getByRole('main')).toContainText(betaEmail);

  // Switched to Beta: Beta's numbers (no application; its admin and Alpha's; nothing open or unread).
  await page.goto('/org/admin-dashboard');
  await ready(page);
  await page.getByLabel('Organization').selectOption(betaId);
  if (!jsEnabled(page)) await page.getByRole('button', { name: 'Switch', exact: true }).click();
  await expect(page.getByRole('main')).toContainText(betaName);
  await expect(page).toHaveURL('/org/admin-dashboard');
  await expectCounts(page, {
    All: 0, Draft: 0, Submitted: 0, 'Active Members': 2, 'Inactive Members': 0, 'Pending Invitations': 0, 'Open Unlock Requests': 0, 'Unread Messages': 0,
  });
  await scan(page);
});

test('staff have no Admin Dashboard: the menu leaves it out and its address sends them to their dashboard', async ({ page }) => {
  await signIn(page, ACCOUNTS.orgStaff);
  expect(await menuLabels(page)).not.toContain('Admin Dashboard');
  await page.goto('/org/admin-dashboard');
  await expect(page).toHaveURL('/org/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
  // org.admin is Summit's staff: there too (Lakeview's admin dashboard is Lakeview's alone).
  await page.context().clearCookies();
  await signIn(page, ACCOUNTS.orgAdmin, { organization: 'Summit' });
  expect(await menuLabels(page)).not.toContain('Admin Dashboard');
  await page.goto('/org/admin-dashboard');
  await expect(page).toHaveURL('/org/dashboard');
  // A state user is not an organization's: the route guard's /unauthorized.
  await page.context().clearCookies();
  await signIn(page, ACCOUNTS.stateAdmin);
  await page.goto('/org/admin-dashboard');
  await expect(page).toHaveURL('/unauthorized');
});
