// Presence on an application's form (issue 43 part 3, decision 101), with JavaScript: the section page says who else
// has the same application open right now ("Olivia Admin is also editing Budget & Match"), from the page's heartbeat.
// Names are the demo seed's (Olivia Admin, Lakeview's admin; Oscar Staff, its staff), written by hand. Without
// JavaScript there is no heartbeat and no line (the js-off project skips this file: tests/known-skips.md).
import { test, expect, signIn, scan, ready, ACCOUNTS } from './fixtures';

test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, 'presence comes from the page\'s heartbeat, a JavaScript enhancement');

test('two people on one application each see the other, with the section, and the line goes when one leaves', async ({ browser, page }) => {
  test.setTimeout(120_000);
  // GA-LKV001 is Lakeview's draft (api/seed): Olivia may change it, Oscar (staff) only reads it.
  await signIn(page, ACCOUNTS.orgAdmin, { organization: 'Lakeview Fiber Cooperative' });
  await page.goto('/org/applications/bead-applcn/GA-LKV001?step=project-area');
  await ready(page);
  const sectionName = (await page.getByRole('heading', { level: 2 }).first().textContent())!.trim();

  const other = await browser.newContext({ javaScriptEnabled: true });
  const staff = await other.newPage();
  try {
    await signIn(staff, ACCOUNTS.orgStaff);
    await staff.goto('/org/applications/bead-applcn/GA-LKV001?step=project-area');
    await ready(staff);
    // Oscar's first beat already finds Olivia.
    // (Other specs may have Olivia on another step of this draft at the same moment: the words, not the step, are checked
    // where that could differ.)
    await expect(staff.getByTestId('presence')).toContainText(/Olivia Admin is also editing \S/, { timeout: 15_000 });
    await expect(staff.getByTestId('presence').getByRole('listitem')).toHaveCount(1);
    await expect(staff.getByTestId('presence')).toHaveAttribute('role', 'status');
    // Olivia learns of Oscar at her next beat (every 20 s), or at once when her page is shown again.
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await expect(page.getByTestId('presence')).toContainText(`Oscar Staff is also viewing ${sectionName}`, { timeout: 25_000 });
    await scan(page);

    // Oscar leaves: Olivia's line empties at her next beat.
    await staff.goto('/org/applications');
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await expect(page.getByTestId('presence')).not.toContainText('Oscar Staff', { timeout: 25_000 });
  } finally {
    await other.close();
  }
});
