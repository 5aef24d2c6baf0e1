// The State Admin's Organizations screen (issue 11 item 3, spec 2, 4, 7; docs/decisions/035), JS on and off, axe on
// every screen: the state admin searches and filters by status (URL state), opens an organization's users, disables
// one of them (confirmed) and enables them again, deactivates the organization (confirmed: its admin's open session is
// signed out with spec 4's inactive message) and activates it again (the admin signs in again).
// A fresh organization per run (unique name per project and Date.now()): the seed's are never changed.
import type { Page } from '@playwright/test';
import { test, expect, signIn, scan, ready, apiToken, jsEnabled, dialog, confirmDialog, ACCOUNTS } from './fixtures';
import { disableUser, enableUser } from './user-switch';
import { MSG, ORGANIZATION_MSG, USER_MSG } from '../../domain/messages';

const toast = (page: Page) => page.getByTestId('toast').first();

/** The status filter through the list kit's drawer (?filters=open), applied: a chip says it. */
async function filterStatus(page: Page, status: 'active' | 'inactive') {
  await ready(page);
  await page.getByRole('link', { name: 'Filter', exact: true }).click();
  const drawer = dialog(page, 'Filters');
  await drawer.getByLabel('Status').selectOption(status);
  await drawer.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(new RegExp(`status=${status}`));
  await expect(page.getByTestId('filter-chip').filter({ hasText: `Status: ${status === 'active' ? 'Active' : 'Inactive'}` })).toBeVisible();
}

test('the state admin searches, filters, toggles an organization user and deactivates / activates an organization', async ({ page, browser }) => {
  const project = test.info().project.name;
  const stamp = `${project} ${Date.now()}`;
  const legalName = `Orgs E2E ${stamp}`;
  const adminEmail = `orgs.admin.${project}.${Date.now()}@example.org`;
  const signup = await page.request.post('/api/v1/organization/signup', { data: { legalName, firstName: 'Ola', lastName: 'Admin', email: adminEmail } });
  expect(signup.status()).toBe(201);
  const token = await apiToken(page, adminEmail);
  const me = (await (await page.request.get('/api/v1/users/me', { headers: { Authorization: `Bearer ${token}` } })).json()) as any;
  const orgId = (me.user ?? me).organizations[0].id as string;
  const added = await page.request.post(`/api/v1/organization/${orgId}/add-staff`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { roleId: 'Organization_Staff', firstName: 'Sol', lastName: 'Staffer', email: `orgs.staff.${project}.${Date.now()}@example.org` },
  });
  expect(added.status()).toBe(201);

  await signIn(page, ACCOUNTS.stateAdmin);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Organizations' }).click();
  await expect(page).toHaveURL(/\/state\/organizations$/);
  await ready(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Organizations' })).toBeVisible();
  expect(await page.getByTestId('organizations-table').locator('thead th').allTextContents()).toEqual(['Organization', 'Status', 'Users', 'Actions']);
  await scan(page);

  // Search by name (URL state), then the status filter in the list kit's drawer (a chip).
  await page.getByLabel('Search Organization Name').fill(legalName);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/q=/);
  const row = page.getByTestId('organization-row').filter({ hasText: legalName });
  await expect(page.getByTestId('organization-row')).toHaveCount(1);
  await expect(row.locator('td').nth(1)).toHaveText('Active');
  await expect(row.locator('td').nth(2)).toHaveText('2');
  await ready(page);
  await page.getByRole('link', { name: 'Filter', exact: true }).click();
  const drawer = dialog(page, 'Filters');
  await expect(drawer).toBeVisible();
  await ready(page);
  await scan(page);
  await drawer.getByLabel('Status').selectOption('inactive');
  await drawer.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/status=inactive/);
  await expect(page.getByText('Status: Inactive')).toBeVisible();
  await expect(page.getByTestId('organization-row')).toHaveCount(0);
  await ready(page);
  await scan(page);
  await filterStatus(page, 'active');
  await expect(row).toBeVisible();

  // Its users, in the URL (?open=).
  await ready(page);
  await row.getByRole('link', { name: `Users of ${legalName}` }).click();
  await expect(page).toHaveURL(/open=/);
  const users = page.getByTestId('organization-user-row');
  await expect(users).toHaveCount(2);
  const sol = users.filter({ hasText: 'Sol Staffer' });
  await expect(sol).toContainText('Organization Staff');
  await ready(page);
  await scan(page);

  // Disable (asks first), enable (at once).
  await disableUser(page, sol, 'Sol Staffer');
  await enableUser(page, sol, 'Sol Staffer');

  // The organization's admin is signed in in their own browser (same JavaScript setting).
  const ola = await browser.newContext({ javaScriptEnabled: jsEnabled(page), baseURL: new URL(page.url()).origin });
  const olaPage = await ola.newPage();
  await signIn(olaPage, adminEmail);

  // Deactivate (asks first): its admin, whose only organization it is, is signed out with spec 4's message; activate (at once).
  await ready(page);
  await row.getByRole('link', { name: `Deactivate ${legalName}` }).click();
  await expect(page).toHaveURL(/deactivate=/);
  await confirmDialog(page, 'Deactivate Organization', ORGANIZATION_MSG.deactivateConfirm, 'Yes, deactivate');
  await expect(toast(page)).toContainText(ORGANIZATION_MSG.updated);
  await olaPage.goto('/org/dashboard');
  await expect(olaPage).toHaveURL(/\/org\/login/);
  await expect(olaPage.getByTestId('toast').first()).toContainText(MSG.inactiveAccount);
  await filterStatus(page, 'inactive');
  await expect(row.locator('td').nth(1)).toHaveText('Inactive');
  await ready(page);
  await scan(page);
  await row.getByRole('button', { name: `Activate ${legalName}` }).click();
  await expect(toast(page)).toContainText(ORGANIZATION_MSG.updated);
  await signIn(olaPage, adminEmail);
  await ola.close();
  // Removing the status chip lists every status again.
  await ready(page);
  await page.getByRole('link', { name: 'Remove filter Status: Inactive' }).click();
  await expect(page).not.toHaveURL(/status=/);
  await expect(row.locator('td').nth(1)).toHaveText('Active');
  await scan(page);
});
