// The candidate dashboard (issue 12 item 7, review rubric 6, decision 043), JS on and off, axe on every screen
// (html-validate on every page through the fixtures): on an application the test submits itself and the State Admin
// moves past gating, the State Admin reaches the dashboard from /state/dashboard, opens it with filters in the URL
// (its area ranked, the band stated, chips), filters through the drawer, and downloads the XLSX of the same filters
// (read back with exceljs). A reviewer is sent away from it.
import ExcelJS from 'exceljs';
import { test, expect, signIn, logOut, scan, ready, apiToken, ACCOUNTS } from './fixtures';
import { submitFreshApplication } from './submitted-application';

test('the State Admin sees an application past gating ranked in its area, filters in the URL, and exports the same rows', async ({ page }) => {
  test.setTimeout(240_000);
  const app = await submitFreshApplication(page, 'Candidate E2E');
  const headers = { Authorization: `Bearer ${await apiToken(page, ACCOUNTS.stateAdmin)}` };
  const moved = await page.request.post(`/api/v1/review/applications/${app.id}/change-status`, {
    headers, data: { status: 'TECHNICAL_REVIEW', comments: 'Past gating for the candidate dashboard journey.' },
  });
  expect(moved.status(), await moved.text()).toBe(200);
  const area = ((await (await page.request.get(`/api/v1/review/applications/${app.id}`, { headers })).json()) as { application: { projectLocation: string } }).application.projectLocation;
  expect(area).toBeTruthy();

  await signIn(page, ACCOUNTS.stateAdmin);
  await page.getByRole('link', { name: 'Candidate Dashboard' }).click();
  await expect(page).toHaveURL(/\/state\/candidate-dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Candidate Dashboard' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Areas with no eligible application' })).toBeVisible();
  await scan(page);

  // Filters in the URL: the application's area and its id.
  await page.goto(`/state/candidate-dashboard?area=${encodeURIComponent(area)}&q=${app.id}`);
  await ready(page);
  const section = page.getByTestId('candidate-area');
  await expect(section).toHaveCount(1);
  await expect(section.getByRole('heading', { level: 2 })).toHaveText(area);
  await expect(section.getByTestId('area-band')).toContainText(/Lowest BEAD outlay per location: \$[\d,.]+\. Within 15%: up to \$[\d,.]+\./);
  expect(await section.getByTestId('candidate-table').locator('thead th').allTextContents()).toEqual([
    'Rank', 'Application', 'Organization', 'BEAD outlay per location', 'Within 15%', 'Rubric total', 'Locations covered', 'Status',
  ]);
  const row = section.getByTestId('candidate-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(app.legalName);
  await expect(row).toContainText('Technical Review');
  await expect(row).toContainText('Not scored');
  await expect(row.getByRole('link', { name: app.id })).toHaveAttribute('href', `/state/applications/review-application/${app.id}`);
  await expect(page.getByRole('link', { name: `Remove filter Project area: ${area}` })).toBeVisible();
  await expect(page.getByRole('link', { name: `Remove filter Application ID: ${app.id}` })).toBeVisible();
  await expect(page.getByTestId('page-status')).toHaveText('Page 1 of 1 (1 project area)');
  await scan(page);

  // The drawer: a technology the application does not have leaves nothing; the chip takes it away again.
  await page.getByRole('link', { name: 'Filter', exact: true }).click();
  await expect(page).toHaveURL(/filters=open/);
  const drawer = page.getByRole('dialog', { name: 'Filters' });
  await expect(drawer).toBeVisible();
  await ready(page);
  await scan(page);
  await drawer.getByLabel('Technology').selectOption('Licensed fixed wireless');
  await drawer.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/technology=Licensed/);
  await expect(page.getByTestId('no-candidates')).toBeVisible();
  await ready(page);
  await page.getByRole('link', { name: 'Remove filter Technology: Licensed fixed wireless' }).click();
  await expect(page.getByTestId('candidate-row')).toHaveCount(1);

  // Export to XLSX: a plain link carrying the filters; the workbook holds the same row.
  const link = page.getByRole('link', { name: 'Export to XLSX' });
  await expect(link).toHaveAttribute('href', `/state/candidate-dashboard/export?area=${encodeURIComponent(area).replace(/%20/g, '+')}&q=${app.id}`);
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^candidate-dashboard-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile((await download.path())!);
  const rows = book.getWorksheet('Candidates')!.getSheetValues().slice(2).map((r) => (r as unknown[]).slice(1));
  expect(rows.map((r) => [r[0], r[2], r[3], r[5]])).toEqual([[area, app.id, app.legalName, 'Technical Review']]);
  expect(book.getWorksheet('No eligible application')).toBeTruthy();

  // A reviewer may not open it: sent to their first menu item.
  await logOut(page);
  await signIn(page, ACCOUNTS.stateReviewer);
  await expect(page.getByRole('link', { name: 'Candidate Dashboard' })).toHaveCount(0);
  await page.goto('/state/candidate-dashboard');
  await expect(page).toHaveURL(/\/state\/dashboard$/);
  await page.goto('/state/candidate-dashboard/export');
  await expect(page).toHaveURL(/\/state\/dashboard$/);
});
