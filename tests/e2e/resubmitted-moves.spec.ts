// A resubmitted application goes back to gating, never straight to a later stage (issue 39 item 3; DESIGN 4:
// RESUBMITTED → GATING_REVIEW only): the State_Admin's review screen of the seed's GA-LKV006 (Technical Review →
// Revision Needed → Resubmitted in the demo's walk) offers Gating Review, not Technical Review nor State Review, and a
// hand-made link to either opens no confirmation. JavaScript on and off (the js-on and js-off projects). Read-only:
// nothing is moved, so the other specs meet GA-LKV006 as seeded.
import { test, expect, signIn, ready, scan, ACCOUNTS } from './fixtures';

const ID = 'GA-LKV006';
const reviewUrl = `/state/applications/review-application/${ID}`;

test('the review screen of a resubmitted application offers Gating Review, not Technical Review nor State Review', async ({ page }) => {
  await signIn(page, ACCOUNTS.stateAdmin);
  await page.goto(reviewUrl);
  await ready(page);
  await expect(page.getByRole('heading', { level: 1, name: `Application ${ID}` })).toBeVisible();
  await expect(page.locator('.ui-title-row .ui-status-tag')).toHaveText('Resubmitted');

  const menu = page.getByRole('navigation', { name: 'Actions' });
  const link = (label: string) => menu.getByRole('link', { name: label, exact: true });
  await expect(link('Gating Review')).toHaveCount(1);
  await expect(link('Technical Review')).toHaveCount(0);
  await expect(link('State Review')).toHaveCount(0);
  // DESIGN 4 from RESUBMITTED for the State_Admin: gating review, reject, withdraw, change-status (the menu's labels, spec 4).
  await expect(menu.getByRole('link').filter({ hasNotText: 'Score Preview' })).toHaveText(['Gating Review', 'Reject', 'Withdraw', 'Assign Status']);
  await scan(page);

  // The confirmation is ?action= in the URL (decision 004): typed by hand, a move the machine refuses opens nothing.
  for (const action of ['mark-as-technical-review', 'mark-as-state-review']) {
    await page.goto(`${reviewUrl}?action=${action}`);
    await ready(page);
    await expect(page.locator('.ui-title-row .ui-status-tag')).toHaveText('Resubmitted');
    await expect(page.locator('#review-action')).toHaveCount(0);
  }
  // The allowed one does open.
  await page.goto(`${reviewUrl}?action=mark-as-gating-review`);
  await ready(page);
  await expect(page.locator('#review-action').getByRole('heading', { name: 'Gating Review' })).toBeVisible();
});
