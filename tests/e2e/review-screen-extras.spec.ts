// The review screen, issue 41, JavaScript on and off, on the test's own submitted application:
// - item 12: with a gating consensus table it fits a phone (390 px). The "Set consensus" links' visually hidden words
//   ("of question 6") were placed against the page, not the table's scrolling region, and made the page 751 px wide.
//   The application is put in Gating In State Consensus by the State_Admin's Assign Status (no review is needed to
//   open the table: each question reads "No submitted review").
// - item 13: it links the application's history, for everyone who reads the application (the history's read rule).
import { test, expect, signIn, logOut, scan, ready, apiToken, ACCOUNTS } from './fixtures';
import { submitFreshApplication } from './submitted-application';
import { reviewUrl } from './score-preview';

const WIDTH = 390;

test('the review screen with a gating consensus table does not scroll sideways at 390 px', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: WIDTH, height: 844 });
  const { id } = await submitFreshApplication(page, 'Consensus Width');
  const token = await apiToken(page, ACCOUNTS.stateAdmin);
  const moved = await page.request.post(`/api/v1/review/applications/${id}/change-status`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { status: 'GATING_IN_STATE_CONSENSUS', comments: 'Consensus meeting for the width check.' },
  });
  expect(moved.status(), await moved.text()).toBe(200);

  await signIn(page, ACCOUNTS.stateAdmin);
  await page.goto(reviewUrl(id));
  await ready(page);
  const table = page.getByRole('region', { name: 'Gating consensus table' });
  await expect(table).toBeVisible();
  // The State_Admin's links, each named with its question by the visually hidden words.
  await expect(table.getByRole('link', { name: /^Set consensus of question \d+$/ }).first()).toBeVisible();
  // The table is wider than the phone and scrolls inside its region; the page itself does not.
  expect(await table.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  const width = await page.evaluate(() => document.scrollingElement!.scrollWidth);
  expect(width, 'the page scrolls sideways').toBeLessThanOrEqual(WIDTH);
  await scan(page);
});

test('the review screen links the application\'s history, and the link opens it', async ({ page }) => {
  test.setTimeout(120_000);
  const { id } = await submitFreshApplication(page, 'History Link');
  const token = await apiToken(page, ACCOUNTS.stateAdmin);
  const moved = await page.request.post(`/api/v1/review/applications/${id}/mark-as-gating-review`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { comments: 'Into gating for the history link.' },
  });
  expect(moved.status(), await moved.text()).toBe(200);

  // The State_Admin and the financial reviewer (who reads every submitted application, never its whole history).
  for (const who of [ACCOUNTS.stateAdmin, ACCOUNTS.rsmFinancial]) {
    await signIn(page, who);
    await page.goto(reviewUrl(id));
    await ready(page);
    await page.getByRole('link', { name: `History of ${id}`, exact: true }).click();
    await expect(page).toHaveURL(`/state/applications/view-history/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: `History of ${id}` })).toBeVisible();
    await expect(page.getByRole('table', { name: `History of ${id}` })).toContainText('Into gating for the history link.');
    await scan(page);
    await page.getByRole('link', { name: `Back to application ${id}` }).click();
    await expect(page).toHaveURL(reviewUrl(id));
    await logOut(page);
  }
});
