// The state's history screens (issue 10 item 5, decision 031), JS on and off with axe: a state admin filters the
// whole history by organization and action in the drawer, changes the page size and pages, shares the URL with the
// RSM admin, removes a chip; searches an application id with the action filter; opens that application's history
// (from → to, comments) and its link back to the review screen. Roles without History go to their first menu item;
// a reviewer reads no history of an application not assigned to them. The paged rows are made here (a fresh
// organization and its uploads), so no seed count matters.
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, signIn, scan, ready, jsEnabled, ACCOUNTS, latestCode } from './fixtures';

const rows = (page: Page) => page.getByTestId('history-row');

/** A column's texts, by its header's position. */
async function column(page: Page, header: string): Promise<string[]> {
  const headers = await page.getByTestId('history-table').locator('thead th').allTextContents();
  const at = headers.indexOf(header);
  expect(at, `column ${header} in ${headers.join(', ')}`).toBeGreaterThanOrEqual(0);
  return rows(page).locator(`td:nth-child(${at + 1})`).allTextContents();
}

/** A bearer token for `email` through the API's own sign-in (the code from the development outbox). */
async function apiToken(request: APIRequestContext, email: string): Promise<{ token: string; user: any }> {
  const sentAt = Date.now();
  expect((await request.post('/api/v1/send-login-otp', { data: { email } })).ok()).toBe(true);
  const otp = await latestCode({ request }, email, sentAt);
  const res = await request.post('/api/v1/verify-otp', { data: { email, otp } });
  expect(res.ok(), await res.text()).toBe(true);
  return res.json();
}

/** A fresh organization whose admin uploads `uploads` documents: its history holds 1 + uploads entries. */
async function organizationWithHistory(request: APIRequestContext, uploads: number): Promise<{ legalName: string }> {
  const project = test.info().project.name;
  const stamp = Date.now();
  const legalName = `History Check ${project} ${stamp}`;
  const email = `history.${project}.${stamp}@example.org`;
  expect((await request.post('/api/v1/organization/signup', { data: { legalName, firstName: 'Hana', lastName: 'Story', email } })).status()).toBe(201);
  const { token } = await apiToken(request, email);
  const headers = { Authorization: `Bearer ${token}` };
  const orgId = ((await (await request.get('/api/v1/users/me', { headers })).json()) as any).organizations[0].id as string;
  const programId = ((await (await request.get('/api/v1/program/all', { headers })).json()) as any)[0].id as string;
  const sectionId = ((await (await request.get('/api/v1/section/all', { headers })).json()) as any[]).find((s) => s.slug === 'budget').id as string;
  for (let i = 1; i <= uploads; i++) {
    const fileName = `history-${i}.pdf`;
    const res = await request.post('/api/v1/documents/upload', {
      headers,
      multipart: { organizationId: orgId, programId, sectionId, fileName, file: { name: fileName, mimeType: 'application/pdf', buffer: Buffer.from(`%PDF-1.4 history ${i}`) } },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  return { legalName };
}

test('a state admin filters the whole history, pages, and opens an application history', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const { legalName } = await organizationWithHistory(page.request, 6);
  await signIn(page, ACCOUNTS.stateAdmin);

  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'History' }).click();
  await expect(page).toHaveURL('/state/history');
  await expect(page.getByRole('heading', { level: 1, name: 'History' })).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
  await scan(page);

  // The drawer: organization and action; Apply keeps them in the URL.
  await page.getByRole('link', { name: 'Filter' }).click();
  const drawer = page.getByRole('dialog', { name: 'Filters' });
  await expect(drawer).toBeVisible();
  await ready(page);
  await scan(page);
  await drawer.getByLabel('Organization').selectOption({ label: legalName });
  await drawer.getByLabel('Action').selectOption({ label: 'Document uploaded' });
  await drawer.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/[?&]organization=[0-9a-f-]{36}/);
  await expect(page).toHaveURL(/[?&]action=DOCUMENT_UPLOADED/);
  await expect(drawer).toHaveCount(0);
  await expect(page.getByTestId('filter-chip')).toHaveText([`Organization: ${legalName}×`, 'Action: Document uploaded×']);
  await expect(page.getByTestId('page-status')).toHaveText('Page 1 of 1 (6 entries)');
  expect(new Set(await column(page, 'Organization'))).toEqual(new Set([legalName]));
  expect((await column(page, 'What')).sort()).toEqual([1, 2, 3, 4, 5, 6].map((i) => `Uploaded the document history-${i}.pdf`));
  expect(new Set(await column(page, 'Who'))).toEqual(new Set(['Hana Story']));

  // Five a page: two pages, the second holds the sixth entry.
  const pager = page.getByRole('navigation', { name: 'History pages' });
  await ready(page);
  await pager.getByLabel('Rows per page').selectOption('5');
  if (!jsEnabled(page)) await pager.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/[?&]size=5/);
  await expect(page.getByTestId('page-status')).toHaveText('Page 1 of 2 (6 entries)');
  await expect(rows(page)).toHaveCount(5);
  await pager.getByRole('link', { name: 'Next' }).click();
  await expect(page.getByTestId('page-status')).toHaveText('Page 2 of 2 (6 entries)');
  await expect(rows(page)).toHaveCount(1);
  await scan(page);

  // The copied URL (filters, size, page) opens the same entry for the RSM admin in a fresh session.
  const shown = await rows(page).allTextContents();
  const other = await browser.newContext({ javaScriptEnabled: jsEnabled(page) });
  const colleague = await other.newPage();
  await signIn(colleague, ACCOUNTS.rsmAdmin);
  await colleague.goto(page.url());
  await expect(colleague.getByTestId('page-status')).toHaveText('Page 2 of 2 (6 entries)');
  await expect(colleague.getByTestId('filter-chip')).toHaveText([`Organization: ${legalName}×`, 'Action: Document uploaded×']);
  expect(await rows(colleague).allTextContents()).toEqual(shown);
  await other.close();

  // Removing the action chip: the organization's whole history (its sign-up too), back on page 1.
  await page.getByRole('link', { name: 'Remove filter Action: Document uploaded' }).click();
  await expect(page.getByTestId('page-status')).toHaveText('Page 1 of 2 (7 entries)');
  await expect(page).not.toHaveURL(/[?&]page=/);

  // The application search and the action filter together: only that application's status moves.
  await page.goto('/state/history?action=STATUS_CHANGED');
  await ready(page);
  await page.getByRole('searchbox', { name: 'Search Application ID' }).fill('ga-lkv003');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/[?&]q=ga-lkv003/i);
  await expect(page.getByTestId('filter-chip')).toHaveText(['Application ID: GA-LKV003×', 'Action: Status changed×']);
  await expect(rows(page).first()).toBeVisible();
  expect(new Set(await column(page, 'Application'))).toEqual(new Set(['GA-LKV003']));
  for (const what of await column(page, 'What')) expect(what).toMatch(/^Changed the status of GA-LKV003 from .+ to .+$/);
  for (const move of await column(page, 'Status')) expect(move).toMatch(/^.+ → .+$/);

  // The application's own history, with the way back to its review screen.
  await rows(page).first().getByRole('link', { name: 'GA-LKV003' }).click();
  await expect(page).toHaveURL('/state/applications/view-history/GA-LKV003');
  await expect(page.getByRole('heading', { level: 1, name: 'History of GA-LKV003' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to application GA-LKV003' })).toHaveAttribute('href', '/state/applications/review-application/GA-LKV003');
  await expect(rows(page).filter({ hasText: 'Changed the status of GA-LKV003 from Submitted to Gating Review' })).toHaveCount(1);
  await scan(page);
});

test('roles without History go to their first menu item; a reviewer reads only assigned histories', async ({ page }) => {
  await signIn(page, ACCOUNTS.ctcAdmin);
  await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'History' })).toHaveCount(0);
  await page.goto('/state/history?action=STATUS_CHANGED');
  await expect(page).toHaveURL('/state/dashboard');
  // CTC_Admin reads the applications (not the whole history): an application's history is theirs to read.
  await page.goto('/state/applications/view-history/GA-LKV003');
  await expect(page.getByRole('heading', { level: 1, name: 'History of GA-LKV003' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Show in the whole history' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/state\/login/);
  await signIn(page, ACCOUNTS.stateReviewer);
  await page.goto('/state/history');
  await expect(page).toHaveURL('/state/dashboard');
  const res = await page.goto('/state/applications/view-history/GA-LKV003');
  expect(res?.status()).toBe(404);
  await scan(page);
});
