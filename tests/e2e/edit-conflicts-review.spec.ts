// Edit conflicts on the review screen (issue 43 part 1, docs/decisions/099), JS on and off: a reviewer's marks of a
// section open in two browsers (the same reviewer, as in two tabs), and the rubric sheet open by two State Admins. Both
// start from the same version; the first saves; the second's Save is refused with the conflict panel (who saved, when,
// and per mark or criterion both changed both values with Keep mine / Take theirs); what only the first changed merges
// in by itself; the chosen values are what is stored (read through the API).
import type { Browser, Page } from '@playwright/test';
import { test, expect, signIn, scan, ready, apiToken, jsEnabled, ACCOUNTS } from './fixtures';
import { submitFreshApplication } from './submitted-application';
import { openScorePreview, toast } from './score-preview';
import { markControls, openSectionToMark, savedMarks } from './marking-screen';
import { MARK_MSG } from '../../domain/review-marks';

const CHOOSE_EACH = 'Choose Keep mine or Take theirs for each answer.';

/** A second browser on the same portal, with the first one's JavaScript setting (and, given, its sign-in). */
async function secondBrowser(browser: Browser, page: Page, storageState?: Awaited<ReturnType<ReturnType<Page['context']>['storageState']>>) {
  const context = await browser.newContext({ baseURL: new URL(page.url()).origin, javaScriptEnabled: jsEnabled(page), storageState });
  return { context, page: await context.newPage() };
}

test('a reviewer\'s marks saved in another tab meanwhile: the conflict panel, Keep mine, the mark only the other changed merged in', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const { app, reviewer, score } = await openSectionToMark(page, 'Marks Conflict');
  const section = page.url();
  const other = await secondBrowser(browser, page, await page.context().storageState());
  try {
    const second = other.page;
    await second.goto(section);
    await ready(second);
    const mine = markControls(second);
    await expect(mine.score('23')).toHaveValue('');

    // The first tab saves 8 of 10 and 4 of 5.
    await score('23').fill('8');
    await score('25').fill('4');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(toast(page, MARK_MSG.saved)).toBeVisible();

    // The second, from the same version, gives 23 a 6: refused, the panel says who and when, 23 both ways. With
    // JavaScript the autosave of the field left finds it stale and hands over to Save, which shows the panel.
    await mine.score('23').fill('6');
    if (jsEnabled(second)) await mine.score('23').press('Tab');
    else await second.getByRole('button', { name: 'Save', exact: true }).click();
    const panel = second.getByTestId('edit-conflict');
    await expect(panel).toContainText(/Tess Typist saved this section at \d{1,2}:\d{2} [AP]M while you were editing\./);
    const q23 = panel.getByRole('group', { name: 'Mark for question 23' });
    await expect(q23.getByTestId('mine')).toHaveText('6 of 10');
    await expect(q23.getByTestId('theirs')).toHaveText('8 of 10');
    // Only 23 is asked about; what was typed is still in the form, and 25 (only the first gave it) merged in.
    await expect(panel.getByRole('group')).toHaveCount(1);
    await expect(mine.score('23')).toHaveValue('6');
    await expect(mine.score('25')).toHaveValue('4');
    await scan(second);

    // Save without choosing is refused, nothing lost; then Keep mine.
    await ready(second);
    await second.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(panel).toContainText(CHOOSE_EACH);
    await expect(mine.score('23')).toHaveValue('6');
    await ready(second);
    await q23.getByLabel('Keep mine').check();
    await second.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(toast(second, MARK_MSG.saved)).toBeVisible();
    await expect(second.getByTestId('edit-conflict')).toHaveCount(0);
  } finally {
    await other.context.close();
  }

  // Stored: the mark kept (6) and the one only the first tab gave (4); the first tab shows them after a reload.
  expect(await savedMarks(page.request, reviewer, app.id)).toEqual({ 23: { score: 6, comment: null }, 25: { score: 4, comment: null } });
  await page.goto(section);
  await expect(score('23')).toHaveValue('6');
  await expect(score('25')).toHaveValue('4');
});

test('the rubric sheet saved by another State Admin meanwhile: the conflict panel, Take theirs, the criterion only they changed merged in', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const app = await submitFreshApplication(page, 'Rubric Conflict');
  const token = await apiToken(page, ACCOUNTS.stateAdmin);
  const admin = { Authorization: `Bearer ${token}` };
  const email = `rita.rubric.${test.info().project.name}.${Date.now()}@example.gov`;
  const added = await page.request.post('/api/v1/users/add-staff', { headers: admin, data: { firstName: 'Rita', lastName: 'Rubric', email, roleId: 'State_Admin' } });
  expect(added.ok(), await added.text()).toBe(true);

  await signIn(page, ACCOUNTS.stateAdmin);
  const sheet = await openScorePreview(page, app.id);
  const other = await secondBrowser(browser, page);
  try {
    // Rita, on the same sheet, saves first: outlay 30, local government support 4.
    await signIn(other.page, email);
    const theirs = await openScorePreview(other.page, app.id);
    await theirs.getByLabel('Minimal BEAD outlay (0 to 40)').fill('30');
    await theirs.getByLabel('Local government support (0 to 5)').fill('4');
    await theirs.getByRole('button', { name: 'Save scores' }).click();
    await expect(toast(other.page, 'Rubrics score updated successfully')).toBeVisible();
  } finally {
    await other.context.close();
  }

  // The first admin, from the version before: outlay 25 and affordability 20.
  await sheet.getByLabel('Minimal BEAD outlay (0 to 40)').fill('25');
  await sheet.getByLabel('Affordability (0 to 25)').fill('20');
  await sheet.getByRole('button', { name: 'Save scores' }).click();
  const dialog = page.getByRole('dialog', { name: 'Score Preview' });
  const panel = dialog.getByTestId('edit-conflict');
  await expect(panel).toContainText(/Rita Rubric saved the rubric sheet at \d{1,2}:\d{2} [AP]M while you were editing\./);
  const outlay = panel.getByRole('group', { name: 'Minimal BEAD outlay' });
  await expect(outlay.getByTestId('mine')).toHaveText('25 of 40');
  await expect(outlay.getByTestId('theirs')).toHaveText('30 of 40');
  await expect(panel.getByRole('group')).toHaveCount(1);
  await expect(dialog.getByLabel('Minimal BEAD outlay (0 to 40)')).toHaveValue('25');
  await expect(dialog.getByLabel('Affordability (0 to 25)')).toHaveValue('20');
  await expect(dialog.getByLabel('Local government support (0 to 5)')).toHaveValue('4');
  await scan(page);

  await ready(page);
  await dialog.getByRole('button', { name: 'Save scores' }).click();
  await expect(panel).toContainText(CHOOSE_EACH);
  await expect(dialog.getByLabel('Affordability (0 to 25)')).toHaveValue('20');
  await ready(page);
  await outlay.getByLabel('Take theirs').check();
  await dialog.getByRole('button', { name: 'Save scores' }).click();
  await expect(toast(page, 'Rubrics score updated successfully')).toBeVisible();
  await expect(dialog.getByTestId('edit-conflict')).toHaveCount(0);

  // Stored: their outlay, my affordability, their local government support.
  const stored = await (await page.request.get(`/api/v1/rubric-scores/application/${app.id}/score`, { headers: admin })).json();
  expect([stored.totalOutlayFundsScore, stored.affordabilityScore, stored.communityGovernmentSupportScore]).toEqual([30, 20, 4]);
});
