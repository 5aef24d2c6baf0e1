// The State Admin's reviewers screen (issue 12 item 8, spec 2 /state/reviewers; decision 044), JavaScript on and off,
// axe on every screen (html-validate on every page with JavaScript off, through the fixtures): the assignments list,
// a review status chosen in the filter drawer, its chip and its removal, a row's link to the application's review
// screen, the By reviewer view's counts linking to that reviewer's filtered list, and the reviewers' menu rule (an RSM
// admin is sent elsewhere). The seed's assignments are only read.
import type { Page } from '@playwright/test';
import { test, expect, signIn, logOut, scan, ready, ACCOUNTS } from './fixtures';

const rows = (page: Page) => page.getByTestId('reviewer-assignment-row');
/** The cells of one column of the assignments table, by its header. */
async function column(page: Page, header: string): Promise<string[]> {
  const headers = await page.getByTestId('reviewer-assignments-table').locator('thead th').allTextContents();
  const index = headers.indexOf(header);
  expect(index, `column ${header}`).toBeGreaterThanOrEqual(0);
  return rows(page).locator(`td:nth-child(${index + 1})`).allTextContents();
}

test('a state admin filters the review assignments by status, removes the chip, opens an application and a reviewer\'s list', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, ACCOUNTS.stateAdmin);
  await page.goto('/state/reviewers');
  await ready(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Reviewers' })).toBeVisible();
  expect(await page.getByTestId('reviewer-assignments-table').locator('thead th').allTextContents()).toEqual([
    'Reviewer', 'Application', 'Application Status', 'Stage', 'Review Status', 'Assigned', 'Started', 'Submitted', 'Age', 'Declaration',
  ]);
  await expect(rows(page).first()).toBeVisible();
  await expect(page.getByTestId('page-status')).toContainText(/Page 1 of \d+ \(\d+ assignments?\)/);
  await scan(page);

  // The drawer: Review status Submitted (the seed's applications past gating hold submitted reviews).
  await page.getByRole('link', { name: 'Filter', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: 'Filters' });
  await expect(drawer).toBeVisible();
  await expect(page).toHaveURL(/filters=open#filters$/);
  await scan(page);
  await drawer.getByLabel('Review status').selectOption({ label: 'Submitted' });
  await drawer.getByRole('button', { name: 'Apply' }).click();
  await expect(drawer).toHaveCount(0);
  await expect(page).toHaveURL(/reviewStatus=SUBMITTED/);
  await expect(page.getByTestId('filter-chip')).toHaveText(['Review status: Submitted×']);
  const statuses = await column(page, 'Review Status');
  expect(statuses.length).toBeGreaterThan(0);
  for (const s of statuses) expect(s).toBe('Submitted');
  for (const s of await column(page, 'Submitted')) expect(s).toMatch(/^\d{2}-\d{2}-\d{4}$/);
  await scan(page);

  // Removing the chip lists every status again.
  await ready(page);
  await page.getByRole('link', { name: 'Remove filter Review status: Submitted' }).click();
  await expect(page.getByTestId('filter-chip')).toHaveCount(0);
  await expect(page).not.toHaveURL(/reviewStatus=/);
  await expect(rows(page).first()).toBeVisible();

  // Stalled only (a URL a colleague could be sent): every row listed carries the Stalled flag. The seed's GA-OMW001
  // (Old Mill's: walked into gating review months before the seed ran, Ravi's review started as it left for Revision
  // Needed, then Not Remediated, never submitted; no journey moves Old Mill's applications) has had his review in
  // progress far longer than decision 044's 14 days: it is listed, stalled.
  await page.goto('/state/reviewers?stalled=true');
  await expect(page.getByTestId('filter-chip')).toHaveText(['Stalled only×']);
  const stalledRows = await rows(page).count();
  expect(stalledRows).toBeGreaterThan(0);
  await expect(page.getByTestId('stalled-tag')).toHaveCount(stalledRows);
  await page.goto('/state/reviewers?stalled=true&q=GA-OMW001');
  await expect(rows(page)).toHaveCount(1);
  expect(await column(page, 'Reviewer')).toEqual([expect.stringContaining('Ravi Gatekeeper')]);
  expect(await column(page, 'Application')).toEqual([expect.stringContaining('GA-OMW001')]);
  expect(await column(page, 'Review Status')).toEqual(['In progressStalled']);
  await page.goto('/state/reviewers');
  await ready(page);

  // A row's application opens its review screen.
  const link = rows(page).first().getByRole('link', { name: /^GA-/ });
  const id = (await link.textContent())!.trim();
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/state/applications/review-application/${id}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Application ${id}` })).toBeVisible();
  await scan(page);

  // By reviewer: counts per reviewer, each linking to that reviewer's filtered list.
  await page.goto('/state/reviewers');
  await ready(page);
  await page.getByRole('link', { name: 'By reviewer', exact: true }).click();
  await expect(page).toHaveURL(/view=by-reviewer/);
  await expect(page.getByTestId('reviewer-summary-table').locator('thead th')).toHaveText([
    'Reviewer', 'Role', 'Pending', 'In Progress', 'Submitted', 'Stalled', 'Conflicts Declared',
  ]);
  const reviewer = page.getByTestId('reviewer-summary-row').filter({ hasText: 'RSM Reviewer' }).filter({ has: page.getByRole('link', { name: /submitted reviews of/ }) }).first();
  await expect(reviewer).toBeVisible();
  await scan(page);
  // The seed's RSM reviewer is the one other journeys submit reviews as, at the same time as this one: the count read
  // here and the filtered list must agree at one moment, so the pair is read again until they do.
  let name = '';
  await expect(async () => {
    await page.goto('/state/reviewers?view=by-reviewer');
    await ready(page);
    const submitted = reviewer.getByRole('link', { name: /submitted reviews of/ });
    const text = (await submitted.textContent())!;
    const count = Number(text.match(/^\d+/)![0]);
    name = text.replace(/^\d+\s*submitted reviews of /, '').trim();
    await submitted.click();
    await expect(page).toHaveURL(/reviewerId=[0-9a-f-]+&reviewStatus=SUBMITTED/);
    await expect(page.getByTestId('filter-chip')).toHaveText([`Reviewer: ${name}×`, 'Review status: Submitted×']);
    await expect(page.getByTestId('page-status')).toContainText(`(${count} assignment${count === 1 ? '' : 's'})`, { timeout: 2_000 });
  }).toPass({ timeout: 45_000 });
  const listed = await column(page, 'Reviewer');
  expect(listed.length).toBeGreaterThan(0);
  for (const r of listed) expect(r).toContain(name);
  await scan(page);
});

test('the Reviewers screen is the State Admin\'s only: another state role is sent to its first menu item', async ({ page }) => {
  await signIn(page, ACCOUNTS.rsmAdmin);
  await page.goto('/state/reviewers');
  await expect(page).toHaveURL('/state/dashboard');
  await expect(page.getByRole('link', { name: 'Reviewers', exact: true })).toHaveCount(0);
  await logOut(page);
});
