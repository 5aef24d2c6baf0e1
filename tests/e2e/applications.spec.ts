// The applications list of an organization: create (and the round-1 ineligibility dialog), search,
// filter drawer and chips, paging in the URL, cancel with a reason, delete, history. JS on and off.
import { test, expect, signIn, scan, ready, jsEnabled, ACCOUNTS, signUpAndSignIn, createApplication } from './fixtures';

test.describe.configure({ mode: 'serial' });

const rows = (page: import('@playwright/test').Page) => page.getByTestId('application-row');

/** Whether the first element comes before the second in the document (what a text browser reads first). */
/** One row under one chip; removing the chip shows the whole list again. */
async function oneRowThenRemove(page: import('@playwright/test').Page, chipLabel: string, total: number) {
  await expect(rows(page)).toHaveCount(1);
  await expect(page.getByTestId('filter-chip')).toHaveText([`${chipLabel}×`]);
  await page.getByRole('link', { name: `Remove filter ${chipLabel}` }).click();
  await expect(rows(page)).toHaveCount(total);
}

async function readBefore(page: import('@playwright/test').Page, first: string, second: string) {
  // The page may still be arriving (the panel is parsed before the table): wait for both.
  await page.locator(second).first().waitFor({ state: 'attached' });
  return page.evaluate(({ a, b }) => !!(document.querySelector(a)!.compareDocumentPosition(document.querySelector(b)!) & Node.DOCUMENT_POSITION_FOLLOWING), { a: first, b: second });
}

async function chooseOption(page: import('@playwright/test').Page, label: string, index: number) {
  const select = page.getByLabel(label);
  const value = await select.locator('option').nth(index).getAttribute('value');
  await select.selectOption(value!);
  return (await select.locator('option').nth(index).textContent())!.trim();
}

test('an organization admin creates, finds, filters, pages, cancels and deletes applications', async ({ page, browser }) => {
  test.setTimeout(180_000);
  // A fresh organization for this run, so other journeys' counts are untouched.
  await signUpAndSignIn(page, { prefix: 'apps', legalName: 'Ridge Line Broadband', firstName: 'Riley', lastName: 'Ridge' });

  await page.goto('/org/applications');
  await expect(page.getByRole('cell', { name: 'No data' })).toBeVisible();
  await scan(page);

  // Ineligible technology: the round-1 dialog, nothing created.
  await page.getByRole('link', { name: 'New application' }).click();
  await expect(page.getByRole('dialog', { name: 'New application' })).toBeVisible();
  await expect(page).toHaveURL(/new=1#new-application$/);
  expect(await readBefore(page, '#new-application', 'table')).toBe(true);
  await ready(page);
  await scan(page);
  const firstArea = await chooseOption(page, 'Project area', 1);
  await page.getByLabel('Proposed Technology Type').selectOption('DSL or other copper');
  await page.getByRole('button', { name: 'Create application' }).click();
  const ineligible = page.getByRole('alertdialog', { name: 'Technology not eligible for Round 1' });
  await expect(ineligible).toBeVisible();
  await expect(ineligible.getByRole('alert')).toContainText('not eligible for round 1');
  await expect(page.getByLabel('Project area')).toHaveValue(firstArea);
  await scan(page);
  await page.getByLabel('Proposed Technology Type').selectOption('Fiber to the premises');
  await page.getByRole('button', { name: 'Create application' }).click();
  // The form shows the flash in its page too (question-list.tsx, read first without JavaScript): either will do.
  await expect(page.getByTestId('toast').first()).toContainText(/Application GA-[A-Z0-9]{6} created/);
  // The new draft opens in the form.
  await expect(page).toHaveURL(/\/org\/applications\/bead-applcn\/GA-[A-Z0-9]{6}$/);
  const firstId = new URL(page.url()).pathname.split('/').pop()!;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Application ${firstId}`);
  await page.goto('/org/applications');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first().getByRole('link', { name: `Edit ${firstId}` })).toBeVisible();

  // Five more, in other areas.
  for (let i = 2; i <= 6; i++) {
    await page.goto('/org/applications?new=1');
    await ready(page);
    await chooseOption(page, 'Project area', i);
    await page.getByLabel('Proposed Technology Type').selectOption('Licensed fixed wireless');
    await page.getByRole('button', { name: 'Create application' }).click();
    await expect(page.getByTestId('toast').first()).toContainText('created');
  }

  // Search, chips, "No data".
  await page.goto('/org/applications');
  await expect(rows(page)).toHaveCount(6);
  await ready(page);
  await page.getByLabel('Search Application ID').fill(firstId.toLowerCase());
  await page.getByRole('button', { name: 'Search' }).click();
  await oneRowThenRemove(page, `Application ID: ${firstId}`, 6);

  // The filter drawer: date range and project location. Its link names it (#filters) and the page renders it
  // before the list, so without JavaScript it is what is read first, not something after the table.
  await page.getByRole('link', { name: 'Filter', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: 'Filters' });
  await expect(drawer).toBeVisible();
  await expect(page).toHaveURL(/filters=open#filters$/);
  expect(await readBefore(page, '#filters', 'table')).toBe(true);
  await ready(page);
  await scan(page);
  // Every radio group has a checked default: "Any time" is no date filter, so a location alone filters by location.
  await expect(drawer.getByRole('radio', { name: 'Any time' })).toBeChecked();
  await drawer.getByLabel('Project location').selectOption(firstArea);
  await drawer.getByRole('button', { name: 'Apply' }).click();
  await oneRowThenRemove(page, `Project location: ${firstArea}`, 6);
  await page.getByRole('link', { name: 'Filter', exact: true }).click();
  await ready(page);
  await drawer.getByLabel('Past Week').check();
  await drawer.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('cell', { name: 'No data' })).toBeVisible();
  await expect(page).toHaveURL(/range=past-week/);
  await page.getByRole('link', { name: 'Filter', exact: true }).click();
  await ready(page);
  await page.getByRole('dialog', { name: 'Filters' }).getByLabel('This Month').check();
  await page.getByRole('dialog', { name: 'Filters' }).getByLabel('Project location').selectOption(firstArea);
  await page.getByRole('dialog', { name: 'Filters' }).getByRole('button', { name: 'Apply' }).click();
  await expect(rows(page)).toHaveCount(1);
  await expect(page.getByTestId('filter-chip')).toHaveText(['This Month×', `Project location: ${firstArea}×`]);
  await scan(page);
  await page.getByRole('link', { name: `Remove filter Project location: ${firstArea}` }).click();
  await expect(rows(page)).toHaveCount(6);
  await page.getByRole('link', { name: 'Filter', exact: true }).click();
  await page.getByRole('dialog', { name: 'Filters' }).getByRole('link', { name: 'Reset' }).click();
  await expect(page.getByTestId('filter-chip')).toHaveCount(0);

  // Page size and paging live in the URL; a copied URL shows the same rows elsewhere.
  await ready(page);
  await page.getByLabel('Rows per page').selectOption('5');
  if (!jsEnabled(page)) await page.getByRole('button', { name: 'Apply' }).click();
  await expect(rows(page)).toHaveCount(5);
  await expect(page.getByTestId('page-status')).toHaveText('Page 1 of 2 (6 applications)');
  await page.getByRole('link', { name: 'Next' }).click();
  await expect(rows(page)).toHaveCount(1);
  await expect(page).toHaveURL(/page=2/);
  const copied = page.url();
  const lastRow = await rows(page).first().textContent();
  const other = await browser.newContext({ storageState: await page.context().storageState(), javaScriptEnabled: jsEnabled(page) });
  const otherPage = await other.newPage();
  await otherPage.goto(copied);
  await expect(otherPage.getByTestId('application-row')).toHaveCount(1);
  expect(await otherPage.getByTestId('application-row').first().textContent()).toBe(lastRow);
  await other.close();

  // Cancel: confirmation, then the required reason, then page 1 with the toast.
  await page.goto('/org/applications?size=5&page=2');
  await ready(page);
  const cancelId = (await rows(page).first().getByRole('link').first().textContent())!.trim();
  await page.getByRole('link', { name: `Cancel ${cancelId}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Cancel application' });
  await expect(confirm).toContainText(`Are you sure you want to cancel application ${cancelId}?`);
  await scan(page);
  await confirm.getByRole('link', { name: 'Yes' }).click();
  const reason = page.getByRole('dialog', { name: 'Reason for cancelling' });
  await expect(reason).toBeVisible();
  await ready(page);
  if (jsEnabled(page)) {
    await expect(reason.getByRole('button', { name: 'Ok' })).toBeDisabled();
  } else {
    // Without JavaScript the browser itself refuses the empty required reason; nothing is sent.
    await reason.getByRole('button', { name: 'Ok' }).click();
    await expect(reason).toBeVisible();
    expect(await page.getByLabel(`Reason for cancelling ${cancelId}`).evaluate((el: HTMLTextAreaElement) => el.validity.valueMissing)).toBe(true);
  }
  await scan(page);
  await page.getByLabel(`Reason for cancelling ${cancelId}`).fill('The area is covered by a neighbouring application.');
  await page.getByRole('dialog', { name: 'Reason for cancelling' }).getByRole('button', { name: 'Ok' }).click();
  await expect(page.getByTestId('toast')).toContainText('Application cancelled successfully');
  await expect(page).not.toHaveURL(/page=2/);
  await expect(page).not.toHaveURL(/cancel=/);
  await page.getByLabel('Search Application ID').fill(cancelId);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(rows(page).first()).toContainText('Cancelled');
  await expect(page.getByRole('link', { name: `Cancel ${cancelId}` })).toHaveCount(0);

  // Delete a draft.
  await page.goto('/org/applications');
  await ready(page);
  const deleteId = (await rows(page).first().getByRole('link').first().textContent())!.trim();
  await page.getByRole('link', { name: `Delete ${deleteId}` }).click();
  await expect(page.getByRole('alertdialog', { name: 'Delete application' })).toBeVisible();
  await expect(page).toHaveURL(/#delete-confirm$/);
  expect(await readBefore(page, '#delete-confirm', 'table')).toBe(true);
  await scan(page);
  await page.getByRole('alertdialog', { name: 'Delete application' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('toast')).toContainText('Application deleted successfully');
  await expect(rows(page)).toHaveCount(5);
  await expect(page.getByRole('link', { name: deleteId, exact: true })).toHaveCount(0);

  // The history of the cancelled application, readable.
  await page.goto(`/org/applications/view-history/${cancelId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`History of ${cancelId}`);
  await expect(page.getByTestId('history-row').first()).toContainText(`Cancelled application ${cancelId}`);
  await expect(page.getByTestId('history-row').first()).toContainText('The area is covered by a neighbouring application.');
  await expect(page.getByTestId('history-row').first()).toContainText('Riley Ridge');
  await scan(page);
  await page.goto('/org/history');
  await expect(page.getByTestId('history-row').first()).toContainText(`Deleted the draft application ${deleteId}`);
  await scan(page);
});

test('organization staff reads applications and history, without write actions', async ({ page }) => {
  await signIn(page, ACCOUNTS.orgStaff);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Applications' }).click();
  await expect(page).toHaveURL('/org/applications');
  await expect(page.getByRole('heading', { level: 1, name: 'Applications' })).toBeVisible();
  // Seed: Lakeview has 11 applications, ten to a page.
  await expect(rows(page)).toHaveCount(10);
  await expect(page.getByTestId('page-status')).toHaveText('Page 1 of 2 (11 applications)');
  await expect(page.getByRole('link', { name: 'New application' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^(Cancel|Delete) GA-/ })).toHaveCount(0);
  // Row actions are a list, one item per action (a text browser shows them apart), each named with its row's id.
  const actions = rows(page).filter({ hasText: 'GA-LKV002' }).getByRole('listitem');
  await expect(actions).toHaveText(['View', 'History', 'Print']);
  await expect(actions.nth(0).getByRole('link', { name: 'View GA-LKV002' })).toBeVisible();
  await expect(actions.nth(1).getByRole('link', { name: 'History of GA-LKV002' })).toBeVisible();
  // Opening the dialog by URL does not offer it either.
  await page.goto('/org/applications?new=1');
  await expect(page.getByRole('dialog', { name: 'New application' })).toHaveCount(0);
  await page.goto('/org/applications?status=DRAFT');
  await expect(rows(page)).toHaveCount(1);
  await expect(page.getByTestId('filter-chip')).toHaveText(['Status: Draft×']);
  await page.goto('/org/applications/view-history/GA-LKV003');
  // The move into gating review (the RSM reviewer's assignment, and the review journeys' moves, may come after it).
  await expect(page.getByTestId('history-row').filter({ hasText: 'Changed the status of GA-LKV003 from Submitted to Gating Review' })).toHaveCount(1);
  await scan(page);
  const res = await page.goto('/org/applications/view-history/GA-SMT001');
  expect(res?.status()).toBe(404);
});

test('Print downloads the whole submitted application as application_{id}.pdf', async ({ page }) => {
  await signIn(page, ACCOUNTS.orgStaff);
  await page.goto('/org/applications?q=GA-LKV');
  await ready(page);
  // Spec 4: Print only for SUBMITTED.
  await expect(page.getByRole('button', { name: /^Print GA-/ })).toHaveCount(1);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Print GA-LKV002' }).click()]);
  expect(download.suggestedFilename()).toBe('application_GA-LKV002.pdf');
  const file = test.info().outputPath('application.pdf');
  await download.saveAs(file);
  const { execFileSync } = await import('node:child_process');
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  expect(text).toContain('GA-LKV002');
  expect(text).toContain('Lakeview Fiber Cooperative');
  expect(text).toContain('Proposed Technology Type');
});

test('a page past the last one goes to the last page, keeping the other parameters', async ({ page }) => {
  await signIn(page, ACCOUNTS.orgStaff);
  await page.goto('/org/applications?status=DRAFT&page=99&size=25');
  await expect(page).toHaveURL(/\/org\/applications\?status=DRAFT&size=25$/);
  await expect(page.getByTestId('page-status')).toHaveText('Page 1 of 1 (1 application)');
  await expect(rows(page)).toHaveCount(1);
  // Seed: 11 Lakeview applications, so three pages of five.
  await page.goto('/org/applications?size=5&page=7&q=ga-lkv&filters=open');
  await expect(page).toHaveURL(/\/org\/applications\?size=5&page=3&q=ga-lkv&filters=open$/);
  await expect(page.getByRole('dialog', { name: 'Filters' })).toBeVisible();
  await page.goto('/org/history?page=999');
  await expect(page.getByTestId('page-status')).toHaveText(/^Page (\d+) of \1 /);
  await expect(page.getByTestId('history-row').first()).toBeVisible();
  await page.goto('/org/applications/view-history/GA-LKV003?page=50');
  await expect(page).toHaveURL(/\/org\/applications\/view-history\/GA-LKV003$/);
  await expect(page.getByTestId('page-status')).toHaveText(/^Page 1 of 1 /);
});

test('a delete the API refuses says why: a toast with JavaScript, the dialog without it', async ({ page }) => {
  await signUpAndSignIn(page, { prefix: 'del', legalName: 'Refused Delete Broadband', firstName: 'Dana', lastName: 'Delete' });
  const { id } = await createApplication(page);
  await page.goto(`/org/applications?delete=${id}`);
  const dialog = page.getByRole('alertdialog', { name: 'Delete application' });
  await expect(dialog).toBeVisible();
  await ready(page);
  // Meanwhile, in another request of the same person, the draft is cancelled: it can no longer be deleted.
  const cancelled = await page.request.post('/org/applications?index', {
    form: { intent: 'cancel', applicationId: id, message: 'Cancelled in another tab.' },
    maxRedirects: 0,
  });
  expect(cancelled.status()).toBe(302);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  if (jsEnabled(page)) {
    await expect(page.getByTestId('toast')).toHaveText('Only a draft application can be deleted.');
    await expect(page.getByTestId('toast')).toHaveAttribute('data-type', 'error');
    await expect(dialog).toHaveCount(0);
  } else {
    await expect(dialog.getByRole('alert')).toHaveText('Only a draft application can be deleted.');
    expect(await readBefore(page, '#delete-confirm', 'table')).toBe(true);
    await scan(page);
  }
  await page.goto(`/org/applications?q=${id}`);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Cancelled');
});
