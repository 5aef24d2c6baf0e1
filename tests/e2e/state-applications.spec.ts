// The state's applications list (issue 10 UI 1, decision 028), JS on and off with axe: a state admin comes from
// a dashboard count to the filtered list, filters by status and project location in the drawer, pages, removes
// a chip, switches tabs; a copied filtered URL opens the same rows for another state admin in a fresh session;
// an RSM reviewer sees only what is assigned to them (and, JS on, the list and drawer fit 390 px).
import type { Page } from '@playwright/test';
import { test, expect, signIn, scan, ready, jsEnabled, ACCOUNTS } from './fixtures';

const rows = (page: Page) => page.getByTestId('application-row');

/** The ids of the rows shown, in order. */
const rowIds = (page: Page) => rows(page).locator('a.row-link').allTextContents();

/** A column's texts, by its header's position. */
async function column(page: Page, header: string): Promise<string[]> {
  const headers = await page.getByTestId('applications-table').locator('thead th').allTextContents();
  const at = headers.indexOf(header);
  expect(at, `column ${header} in ${headers.join(', ')}`).toBeGreaterThanOrEqual(0);
  return rows(page).locator(`td:nth-child(${at + 1})`).allTextContents();
}

/** "Page x of y (n applications)": n. */
async function total(page: Page): Promise<number> {
  const text = (await page.getByTestId('page-status').textContent()) ?? '';
  const match = /\((\d+) applications?\)/.exec(text);
  expect(match, text).not.toBeNull();
  return Number(match![1]);
}

async function dashboardCount(page: Page, status: string): Promise<number> {
  return Number(await page.getByTestId(`count-${status}`).locator('[data-count]').textContent());
}

test('a state admin filters by status and location, pages, removes a chip and shares the URL', async ({ page, browser }) => {
  test.setTimeout(150_000);
  await signIn(page, ACCOUNTS.stateAdmin);
  const all = await dashboardCount(page, 'ALL');
  expect(all).toBeGreaterThan(5);

  // The menu reaches the list; the All tab holds every application the dashboard counts.
  await page.getByRole('navigation', { name: /menu/i }).getByRole('link', { name: 'Applications' }).click();
  await expect(page).toHaveURL(/\/state\/applications$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Applications' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'All', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('link', { name: 'Assigned to me' })).toHaveCount(0);
  expect(await total(page)).toBe(all);
  const statuses = await column(page, 'Status');
  expect(statuses.filter((s) => s === 'Draft' || s === 'Cancelled')).toEqual([]);
  await scan(page);

  // A dashboard count opens the list filtered by its status, with the same total. The review and bulk journeys of
  // the other project put demo applications back to SUBMITTED as they run: a count read just before a move may
  // differ from the list read after it, so the pair is read again until they agree.
  await expect(async () => {
    await page.goto('/state/dashboard');
    const count = await dashboardCount(page, 'SUBMITTED');
    await page.getByTestId('count-SUBMITTED').click();
    await expect(page).toHaveURL(/\/state\/applications\?status=SUBMITTED$/);
    await expect(page.getByTestId('filter-chip')).toHaveText(['Status: Submitted×']);
    expect(await total(page)).toBe(count);
    expect(new Set(await column(page, 'Status'))).toEqual(new Set(count ? ['Submitted'] : []));
  }).toPass({ timeout: 30_000 });

  // Paging in the URL: 5 a page, page 2 holds the rest, in the same order.
  await page.goto('/state/applications?size=5');
  await expect(rows(page)).toHaveCount(5);
  const first = await rowIds(page);
  await page.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByTestId('page-status')).toContainText('Page 2 of');
  const second = await rowIds(page);
  expect(second.length).toBe(Math.min(5, all - 5));
  expect(second.filter((id) => first.includes(id))).toEqual([]);
  // A page past the end opens the last page.
  await page.goto(`/state/applications?size=5&page=99`);
  await expect(page.getByTestId('page-status')).toContainText(`Page ${Math.ceil(all / 5)} of ${Math.ceil(all / 5)}`);

  // The drawer: a project location and a status, from the seed (api/seed/index.ts): Birchhollow County - East holds
  // Lakeview's GA-LKV003 (in gating review; journeys only read and mark it) and Old Mill's GA-OMW002, withdrawn (no
  // journey moves Old Mill's applications: sign-in.spec counts them).
  const location = 'Birchhollow County - East';
  const status = 'Withdrawn';
  await page.goto('/state/applications');
  await ready(page);
  await page.getByRole('link', { name: 'Filter' }).click();
  const drawer = page.getByRole('dialog', { name: 'Filters' });
  await expect(drawer).toBeVisible();
  await expect(page).toHaveURL(/filters=open#filters$/);
  await scan(page);
  await drawer.getByLabel('Project location').selectOption(location);
  await drawer.getByLabel('Status').selectOption({ label: status });
  await drawer.getByRole('button', { name: 'Apply' }).click();
  await expect(drawer).toHaveCount(0);
  await expect(page.getByTestId('filter-chip')).toHaveText([`Project location: ${location}×`, `Status: ${status}×`]);
  const filtered = await rowIds(page);
  expect(filtered).toContain('GA-OMW002');
  expect(filtered).not.toContain('GA-LKV003');
  expect(new Set(await column(page, 'Project Location'))).toEqual(new Set([location]));
  expect(new Set(await column(page, 'Status'))).toEqual(new Set([status]));
  await scan(page);

  // The copied URL opens the same rows for another state admin in a fresh session.
  const shared = page.url();
  const other = await browser.newContext({ javaScriptEnabled: jsEnabled(page) });
  const colleague = await other.newPage();
  await signIn(colleague, ACCOUNTS.ctcAdmin);
  await colleague.goto(shared);
  await expect(colleague.getByTestId('filter-chip')).toHaveText([`Project location: ${location}×`, `Status: ${status}×`]);
  expect(await rowIds(colleague)).toEqual(filtered);
  await other.close();

  // Removing the status chip keeps the location.
  await ready(page);
  await page.getByRole('link', { name: `Remove filter Status: ${status}` }).click();
  await expect(page.getByTestId('filter-chip')).toHaveText([`Project location: ${location}×`]);
  expect(new Set(await column(page, 'Project Location'))).toEqual(new Set([location]));
  expect(await rowIds(page)).toEqual(expect.arrayContaining([...filtered, 'GA-LKV003']));

  // A stage tab keeps the location and shows only its statuses; a search narrows by id prefix.
  await page.getByRole('link', { name: 'Decided', exact: true }).click();
  await expect(page).toHaveURL(/\/state\/applications\/decided\?location=[^&]+$/);
  // With JavaScript the address changes before React shows the new rows; the tab marked current comes with them.
  await expect(page.getByRole('link', { name: 'Decided', exact: true })).toHaveAttribute('aria-current', 'page');
  // The withdrawn GA-OMW002 is decided; GA-LKV003, in gating review, is not.
  const decided = await rowIds(page);
  expect(decided).toContain('GA-OMW002');
  expect(decided).not.toContain('GA-LKV003');
  const decidedStatuses = await column(page, 'Status');
  expect(decidedStatuses).toHaveLength(decided.length);
  for (const s of decidedStatuses) expect(['Awarded', 'Rejected', 'Withdrawn', 'Not Remediated']).toContain(s);
  await page.goto('/state/applications');
  const [anId] = await rowIds(page);
  await ready(page);
  await page.getByLabel('Search Application ID').fill(anId!.slice(3).toLowerCase());
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByTestId('filter-chip')).toHaveText([`Application ID: ${anId!.slice(3)}×`]);
  expect(await rowIds(page)).toContain(anId);
  for (const id of await rowIds(page)) expect(id.startsWith(anId!)).toBe(true);

  // Row actions name their application; View opens the review screen's path.
  await expect(rows(page).first().getByRole('link', { name: `View ${anId}` })).toHaveAttribute('href', `/state/applications/review-application/${anId}`);
  await expect(rows(page).first().getByRole('link', { name: `History of ${anId}` })).toHaveAttribute('href', `/state/applications/view-history/${anId}`);
});

test('an RSM reviewer sees only the applications assigned to them', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, ACCOUNTS.rsmReviewer);
  const assigned = await dashboardCount(page, 'ALL');
  await page.goto('/state/applications');
  await expect(page.getByRole('link', { name: 'Assigned to me' })).toBeVisible();
  expect(await total(page)).toBe(assigned);
  const mine = await rowIds(page);
  await scan(page);
  await page.getByRole('link', { name: 'Assigned to me' }).click();
  await expect(page).toHaveURL(/\/state\/applications\/assigned$/);
  await expect(page.getByRole('link', { name: 'Assigned to me' })).toHaveAttribute('aria-current', 'page');
  expect(await rowIds(page)).toEqual(mine);
  // Every row lists him, by name, among its reviewers.
  expect(mine.length).toBeGreaterThan(0);
  const reviewerCells = await column(page, 'Reviewers');
  expect(reviewerCells).toHaveLength(mine.length);
  for (const cell of reviewerCells) expect(cell).toMatch(/Ravi Gatekeeper \((Pending|In Progress|Submitted)\)/);
  // The seed assigned Ravi, its one RSM reviewer, to each application its walk took into gating review: Old Mill's
  // GA-OMW001 and GA-OMW002 among them (no journey moves those).
  await page.goto('/state/applications/assigned?q=OMW');
  expect((await rowIds(page)).sort()).toEqual(['GA-OMW001', 'GA-OMW002']);
  for (const cell of await column(page, 'Reviewers')) expect(cell).toMatch(/Ravi Gatekeeper \((Pending|In Progress|Submitted)\)/);
  // At phone width (390 px) the page, the tabs and the drawer fit; the table scrolls inside its own region.
  if (jsEnabled(page)) {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const url of ['/state/applications', '/state/applications?filters=open']) {
      await page.goto(url);
      await ready(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), url).toBeLessThanOrEqual(390);
    }
    await scan(page);
  }
  // An application never sent to review (the seed's submitted GA-LKV002: journeys only open it), searched for by its
  // id, is not there for him.
  await page.goto('/state/applications?q=GA-LKV002');
  await expect(page.getByTestId('filter-chip')).toHaveText([/^Application ID: (GA-)?LKV002×$/]);
  expect(await rowIds(page)).toEqual([]);
});
