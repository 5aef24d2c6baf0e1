// The BEAD rubric's Score Preview on the review screen (issue 12 item 6, review rubric 5, decision 042), JavaScript on
// and off, axe on every screen (html-validate on every page through the fixtures): on an application the test submits
// itself, the State Admin opens Score Preview (?rubric=preview) from the action menu and reads each criterion with its
// max and the server's suggestion; a score above max is refused with the message tied to its field and the typed value
// kept; the scores save ('Rubrics score updated successfully') and the total shows; "Use suggestion" takes a
// criterion's suggestion; the application's history tells each save in words. The financial reviewer reads the same sheet without a form.
import { test, expect, signIn, logOut, scan, ready, ACCOUNTS } from './fixtures';
import { submitFreshApplication } from './submitted-application';
import { reviewUrl, toast, scanSettled, openScorePreview } from './score-preview';

test('the State Admin scores the rubric in Score Preview: a bad value is refused and kept, the saved total shows', async ({ page }) => {
  test.setTimeout(240_000);
  const app = await submitFreshApplication(page, 'Rubric E2E');

  await signIn(page, ACCOUNTS.stateAdmin);
  // The list's row offers it too, opening the review screen's dialog by its URL.
  await page.goto(`/state/applications?q=${app.id}`);
  await expect(page.getByRole('link', { name: `Score Preview: ${app.id}` })).toHaveAttribute('href', `${reviewUrl(app.id)}?rubric=preview`);
  const dialog = await openScorePreview(page, app.id);
  await expect(dialog.getByTestId('rubric-total')).toContainText('Total: not scored (of 100)');
  await expect(dialog.getByTestId('rubric-totalOutlayFundsScore')).toContainText('Minimal BEAD outlay (0 to 40)');
  await expect(dialog.getByTestId('rubric-totalOutlayFundsScore')).toContainText(/Suggested [\d.]+: outlay \$[\d,]+\/location; lowest in area \$[\d,]+/);
  await expect(dialog.getByTestId('rubric-communityGovernmentSupportScore')).toContainText('No suggestion: judged by the office.');
  await scan(page);

  // Above max: refused, the message tied to the field, what was typed kept.
  const outlay = dialog.getByLabel('Minimal BEAD outlay (0 to 40)');
  await outlay.fill('45');
  await dialog.getByLabel('Local government support (0 to 5)').fill('4');
  await dialog.getByRole('button', { name: 'Save scores' }).click();
  const again = page.getByRole('dialog', { name: 'Score Preview' });
  const error = again.getByText('Minimal BEAD outlay must be between 0 and 40.');
  await expect(error).toBeVisible();
  await expect(again.getByLabel('Minimal BEAD outlay (0 to 40)')).toHaveValue('45');
  await expect(again.getByLabel('Minimal BEAD outlay (0 to 40)')).toHaveAttribute('aria-invalid', 'true');
  await expect(again.getByLabel('Minimal BEAD outlay (0 to 40)')).toHaveAttribute('aria-describedby', /rubric-totalOutlayFundsScore-error/);
  await expect(again.getByLabel('Local government support (0 to 5)')).toHaveValue('4');
  await expect(again.getByTestId('rubric-total')).toContainText('Total: not scored');
  await ready(page);
  await scan(page);

  // Saved: the toast, the dialog still open on the total the server computed.
  await again.getByLabel('Minimal BEAD outlay (0 to 40)').fill('30.5');
  await again.getByRole('button', { name: 'Save scores' }).click();
  await expect(toast(page, 'Rubrics score updated successfully')).toBeVisible();
  const saved = page.getByRole('dialog', { name: 'Score Preview' });
  await expect(saved.getByTestId('rubric-total')).toContainText('Total: 34.5 of 100');
  await expect(saved.getByTestId('rubric-totalOutlayFundsScore')).toContainText('Saved: 30.5.');
  await expect(saved.getByLabel('Minimal BEAD outlay (0 to 40)')).toHaveValue('30.5');
  await ready(page);
  await scanSettled(page);

  // Use suggestion: the criterion takes the server's suggestion, the rest stays as saved.
  const labor = saved.getByTestId('rubric-laborLawsComplianceScore');
  const suggested = /Suggested ([\d.]+)/.exec((await labor.innerText()) ?? '')?.[1];
  expect(suggested).toBeTruthy();
  await labor.getByRole('button', { name: 'Use suggestion for Fair labor practices' }).click();
  await expect(toast(page, 'Rubrics score updated successfully')).toBeVisible();
  const used = page.getByRole('dialog', { name: 'Score Preview' });
  await expect(used.getByTestId('rubric-laborLawsComplianceScore')).toContainText(`Saved: ${suggested}.`);
  await expect(used.getByTestId('rubric-total')).toContainText(`Total: ${Math.round((34.5 + Number(suggested)) * 100) / 100} of 100`);
  await ready(page);

  // Closing leaves the review screen without the dialog.
  await used.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).not.toHaveURL(/rubric=/);
  await expect(page.getByRole('dialog', { name: 'Score Preview' })).toHaveCount(0);

  // The application's history tells each save in words, old and new.
  await page.goto(`/state/applications/view-history/${app.id}`);
  await ready(page);
  await expect(page.getByText(`Updated the rubric scores of ${app.id} (Minimal BEAD outlay: not scored → 30.5; Local government support: not scored → 4; total 0 → 34.5)`)).toBeVisible();
  await expect(page.getByText(new RegExp(`Updated the rubric scores of ${app.id} \\(Fair labor practices: not scored → ${suggested!.replace('.', '\\.')}; total 34\\.5 → `))).toBeVisible();
  await logOut(page);

  // The financial reviewer reads the sheet, with no form.
  await signIn(page, ACCOUNTS.rsmFinancial);
  await page.goto(`${reviewUrl(app.id)}?rubric=preview`);
  await ready(page);
  const readOnly = page.getByRole('dialog', { name: 'Score Preview' });
  await expect(readOnly).toBeVisible();
  await expect(readOnly.getByTestId('rubric-totalOutlayFundsScore')).toContainText('Saved: 30.5.');
  await expect(readOnly.getByRole('spinbutton')).toHaveCount(0);
  await expect(readOnly.getByRole('button')).toHaveCount(0);
  await scanSettled(page);
});
