// The Users screens (issue 11 items 1-2, spec 2, 4, 5; docs/decisions/033), JS on and off, axe on every screen:
// an organization admin (a fresh organization: no seed account's membership or status changes) adds a staff member
// (spec 5's messages first), who signs in with a code from the dev outbox; the admin disables them after the
// confirmation and their open session is signed out; enabled again, they sign in; the admin edits them. The state
// admin's /state/users lists the state users and adds one with a state role.
import type { Browser, Page } from '@playwright/test';
import { test, expect, signIn, signUpAndSignIn, scan, ready, jsEnabled, dialog, ACCOUNTS } from './fixtures';
import { disableUser, enableUser } from './user-switch';
import { MSG, USER_MSG } from '../../domain/messages';

const row = (page: Page, text: string) => page.getByTestId('user-row').filter({ hasText: text });

/** Another person's browser, with the same JavaScript setting as this test's. */
async function otherBrowser(browser: Browser, page: Page) {
  const context = await browser.newContext({ javaScriptEnabled: jsEnabled(page), baseURL: new URL(page.url()).origin });
  return { context, page: await context.newPage() };
}

test('an organization admin adds a staff member, who signs in; disabled (confirmed) they are signed out; enabled they come back', async ({ page, browser }) => {
  const { legalName } = await signUpAndSignIn(page, { prefix: 'users', legalName: 'Users Check', firstName: 'Una', lastName: 'Admin' });
  const project = test.info().project.name;
  const staffEmail = `users.staff.${project}.${Date.now()}@example.org`;

  await page.goto('/org/users');
  await ready(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  const headers = await page.getByTestId('users-table').locator('thead th').allTextContents();
  expect(headers).toEqual(['User Name', 'Role', 'Email', 'Phone', 'Status', 'Actions']);
  await expect(row(page, 'Una Admin')).toContainText('Organization Admin');
  await expect(row(page, 'Una Admin')).toContainText('Active (you)');
  await expect(page.getByTestId('page-status')).toHaveText('Page 1 of 1 (1 user)');
  await scan(page);

  // Add User: spec 5's messages (checked in the browser with JavaScript, by the server without it).
  await page.getByRole('link', { name: 'Add User' }).click();
  await expect(page).toHaveURL(/new=1/);
  const form = dialog(page, 'Add User');
  await expect(form).toBeVisible();
  await ready(page);
  await scan(page);
  const submit = form.getByRole('button', { name: 'Add User' });
  if (jsEnabled(page)) await expect(submit).toBeDisabled();
  await form.getByLabel('First Name').fill('P4t');
  await form.getByLabel('Email').fill('not an email');
  await form.getByLabel('Phone (optional)').fill('60855');
  await submit.click();
  await expect(form.getByText(USER_MSG.roleRequired)).toBeVisible();
  await expect(form.getByText(MSG.firstNameChars)).toBeVisible();
  await expect(form.getByText(MSG.lastNameRequired)).toBeVisible();
  await expect(form.getByText(MSG.invalidEmail)).toBeVisible();
  await expect(form.getByText(MSG.phoneDigits)).toBeVisible();
  await scan(page);

  await form.getByLabel('Role').selectOption('Organization_Staff');
  await form.getByLabel('First Name').fill('Sam');
  await form.getByLabel('Last Name').fill('Staffer');
  await form.getByLabel('Email').fill(staffEmail);
  await form.getByLabel('Phone (optional)').fill('6085550123');
  await form.getByRole('button', { name: 'Add User' }).click();
  await expect(page.getByTestId('toast').first()).toContainText(USER_MSG.added);
  await expect(page).not.toHaveURL(/new=1/);
  await expect(row(page, 'Sam Staffer')).toContainText('Organization Staff');
  await expect(row(page, 'Sam Staffer')).toContainText('+1 (608) 555-0123');
  await expect(row(page, 'Sam Staffer')).toContainText(staffEmail);

  // The welcome email names the organization and the sign-in page.
  const mail = (await (await page.request.get(`/api/v1/dev/outbox?email=${encodeURIComponent(staffEmail)}`)).json()) as { subject: string; text: string }[];
  expect(mail[0]!.subject).toContain(legalName);
  expect(mail[0]!.text).toMatch(/http:\/\/[^\s]+\/org\/login/);

  // The new user signs in with a code from the dev outbox, in their own browser.
  const sam = await otherBrowser(browser, page);
  await signIn(sam.page, staffEmail);
  await expect(sam.page.getByRole('heading', { level: 1 })).toBeVisible();

  // Disable: the switch asks first (URL state), then Yes signs them out at once.
  await ready(page);
  await disableUser(page, row(page, 'Sam Staffer'), 'Sam Staffer');
  await expect(row(page, 'Sam Staffer')).toContainText('Inactive');

  await sam.page.goto('/org/dashboard');
  await expect(sam.page).toHaveURL(/\/org\/login/);
  await expect(sam.page.getByTestId('toast').first()).toContainText(MSG.inactiveAccount);

  // Enable: at once, no question.
  await enableUser(page, row(page, 'Sam Staffer'), 'Sam Staffer');
  await signIn(sam.page, staffEmail);
  await sam.context.close();

  // Edit: the role only (decision 093): the name, email and phone are shown as the account's, not editable.
  await ready(page);
  await row(page, 'Sam Staffer').getByRole('link', { name: 'Edit Sam Staffer' }).click();
  const edit = dialog(page, 'Edit User');
  await expect(edit.getByLabel('Role')).toHaveValue('Organization_Staff');
  await expect(edit.getByRole('textbox')).toHaveCount(0);
  await expect(edit).toContainText(staffEmail);
  await expect(edit).toContainText('+1 (608) 555-0123');
  await ready(page);
  await scan(page);
  if (jsEnabled(page)) await expect(edit.getByRole('button', { name: 'Save' })).toBeDisabled();
  await edit.getByLabel('Role').selectOption('Organization_Admin');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('toast').first()).toContainText(USER_MSG.updated);
  await expect(row(page, 'Sam Staffer')).toContainText('Organization Admin');
});

test("the state admin's Users screen lists the state users and adds one with a state role", async ({ page }) => {
  const project = test.info().project.name;
  const email = `users.state.${project}.${Date.now()}@example.gov`;
  await signIn(page, ACCOUNTS.stateAdmin);
  await page.goto('/state/users?size=100');
  await ready(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await expect(row(page, ACCOUNTS.stateReviewer)).toContainText('State Reviewer');
  await expect(row(page, ACCOUNTS.rsmFinancial)).toContainText('RSM Financial Reviewer');
  await expect(row(page, ACCOUNTS.stateAdmin)).toContainText('Active (you)');
  await expect(page.getByTestId('user-row').filter({ hasText: '@example.org' })).toHaveCount(0);
  await scan(page);

  await page.getByRole('link', { name: 'Add User' }).click();
  const form = dialog(page, 'Add User');
  await expect(form).toBeVisible();
  await ready(page);
  const roles = await form.getByLabel('Role').locator('option').allTextContents();
  expect(roles).toEqual(['Select an option', 'State Admin', 'State Reviewer', 'CTC Admin', 'CTC Reviewer', 'RSM Admin', 'RSM Reviewer', 'RSM Financial Reviewer']);
  await scan(page);
  await form.getByLabel('Role').selectOption('CTC_Reviewer');
  await form.getByLabel('First Name').fill('Casey');
  await form.getByLabel('Last Name').fill(`Aaberg-${project}`);
  await form.getByLabel('Email').fill(email);
  await form.getByRole('button', { name: 'Add User' }).click();
  await expect(page.getByTestId('toast').first()).toContainText(USER_MSG.added);
  await expect(row(page, email)).toContainText('CTC Reviewer');
  await expect(row(page, email)).toContainText('Active');
  await scan(page);
});
