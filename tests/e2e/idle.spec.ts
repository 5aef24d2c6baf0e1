// The inactivity warning needs JavaScript; without it the server ends an idle session (API tests cover that).
import { test, expect, signIn, ACCOUNTS, jsEnabled } from './fixtures';

test('after inactivity a warning counts down; Stay connected keeps the session, zero logs out', async ({ page }) => {
  test.skip(!jsEnabled(page), 'The warning dialog is a JavaScript enhancement.');
  await page.addInitScript(() => {
    (window as any).__portalIdle = { timeoutMs: 1500, countdownSeconds: 3 };
  });
  await signIn(page, ACCOUNTS.stateAdmin);
  const dialog = page.getByRole('dialog', { name: 'Are you still there?' });
  await expect(dialog).toBeVisible({ timeout: 8000 });
  await expect(dialog.getByTestId('idle-countdown')).toHaveText(/0:0[0-3]/);
  await dialog.getByRole('button', { name: 'Stay connected' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL('/state/dashboard');
  await expect(dialog).toBeVisible({ timeout: 8000 });
  await expect(page).toHaveURL('/state/login', { timeout: 10_000 });
  await expect(page.getByTestId('toast')).toContainText('Your session ended after a period of inactivity.');
});
