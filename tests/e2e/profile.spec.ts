// Entity Profile: staff read only; an admin's save with errors keeps everything typed and ties the
// errors to their fields; a fixed save returns to /org/ with the toast; Cancel asks first. JS on and off.
import type { Page } from '@playwright/test';
import { test, expect, signIn, scan, ready, jsEnabled, ACCOUNTS, signUpAndSignIn } from './fixtures';

const q = (page: Page, no: string) => page.locator(`[data-question="${no}"]`);

test('organization staff see the profile read-only, with the spec message', async ({ page }) => {
  await signIn(page, ACCOUNTS.orgStaff);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Entity Profile' }).click();
  await expect(page).toHaveURL('/org/organization-profile');
  await expect(page.getByRole('status').filter({ hasText: 'You are not allowed to edit the entity profile' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await expect(q(page, '4').locator('select')).toBeDisabled();
  await expect(q(page, '1').locator('input')).toHaveValue('Lakeview Fiber Cooperative');
  await scan(page);
});

test('an admin fixes the errors the server finds, saves, and lands on /org/', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpAndSignIn(page, { prefix: 'profile', legalName: 'Prairie Profile Co', firstName: 'Pru', lastName: 'Profile' });
  await page.goto('/org/organization-profile');
  await ready(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Entity Profile' })).toBeVisible();
  await scan(page);

  await q(page, '2.1').getByLabel('RDOF').check();
  await q(page, '4').locator('select').selectOption('Cooperative');
  await q(page, '5').getByLabel('Street address 1').fill('12 Prairie Road');
  await q(page, '5').getByLabel('City').fill('Madison');
  await q(page, '5').getByLabel('State').selectOption('Wisconsin');
  await q(page, '5').getByLabel('Zip code').fill('537');
  await q(page, '6').locator('input').fill('SHORT');
  await q(page, '7').locator('input').fill('0012345678');
  await q(page, '8').locator('input').fill('123456789');
  await q(page, '10').locator('input').fill('Pru Profile');
  await q(page, '11').locator('input').fill('Manager');
  await q(page, '12').locator('input').fill('not-an-email');
  await q(page, '13').locator('input').fill('6085550123');
  await q(page, '14').locator('input').fill('Sam Board');
  await q(page, '15').locator('input').fill('Chair');
  await q(page, '16').locator('input').fill('sam@prairie.example.org');
  await q(page, '17').locator('input').fill('6085550124');
  await q(page, '18').locator('input').fill('7');
  const table = q(page, '19');
  await table.getByRole('textbox').nth(0).fill('Prairie Holdings');
  await table.getByRole('textbox').nth(1).fill('60');
  await table.getByRole('textbox').nth(2).fill('1 Main St, Madison');
  // Add a row (a form post without JavaScript): what was typed stays.
  await table.getByRole('button', { name: /Add row/ }).click();
  await expect(q(page, '19').getByRole('row')).toHaveCount(3);
  await expect(q(page, '6').locator('input')).toHaveValue('SHORT');
  await expect(q(page, '19').getByRole('textbox').nth(0)).toHaveValue('Prairie Holdings');
  await q(page, '19').getByRole('textbox').nth(3).fill('Members');
  await q(page, '19').getByRole('textbox').nth(4).fill('40');
  await q(page, '19').getByRole('textbox').nth(5).fill('2 Main St, Madison');

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('error-summary')).toBeVisible();
  const uei = q(page, '6').locator('input');
  await expect(q(page, '6').getByTestId('question-error')).toHaveText(
    'Value should be exactly 12 characters/numbers – note: if the UEI has both characters and numbers as a combination.',
  );
  await expect(uei).toHaveAttribute('aria-describedby', /error/);
  await expect(q(page, '12').getByTestId('question-error')).toHaveText('Please enter a valid email address');
  await expect(q(page, '5').getByTestId('question-error')).toHaveText('Zip code must be 5 or 9 digits.');
  // Everything typed is kept.
  await expect(uei).toHaveValue('SHORT');
  await expect(q(page, '11').locator('input')).toHaveValue('Manager');
  await expect(q(page, '19').getByRole('textbox').nth(3)).toHaveValue('Members');
  await scan(page);

  await ready(page);
  await uei.fill('ABCDEFGH1234');
  await q(page, '12').locator('input').fill('pru@prairie.example.org');
  await q(page, '5').getByLabel('Zip code').fill('53703');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL('/org/dashboard');
  await expect(page.getByTestId('toast')).toContainText('Profile saved successfully');
  await page.goto('/org/organization-profile');
  await expect(q(page, '6').locator('input')).toHaveValue('ABCDEFGH1234');
  // Phones come back formatted (stored as 10 digits); with JavaScript they format as they are typed.
  await expect(q(page, '13').locator('input')).toHaveValue('(608) 555-0123');
  await expect(q(page, '17').locator('input')).toHaveValue('(608) 555-0124');
  await expect(q(page, '19').getByRole('row')).toHaveCount(3);

  // Cancel asks before leaving.
  await ready(page);
  await page.getByRole('link', { name: 'Cancel' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Leave this page?' });
  await expect(dialog).toContainText('Are you sure you want to leave this page?');
  await scan(page);
  await dialog.getByRole('link', { name: 'Yes' }).click();
  await expect(page).toHaveURL('/org/dashboard');

  if (jsEnabled(page)) {
    await page.goto('/org/organization-profile');
    await ready(page);
    const phone = q(page, '17').locator('input');
    await phone.fill('');
    await phone.pressSequentially('6085550199');
    await expect(phone).toHaveValue('(608) 555-0199');
  }
});

test('Enter in a field saves the profile (its first submit button), not the owners table’s Add row', async ({ page }) => {
  await signUpAndSignIn(page, { prefix: 'enter', legalName: 'Enter Key Co', firstName: 'Eve', lastName: 'Enter' });
  await page.goto('/org/organization-profile');
  await ready(page);
  const rows = await q(page, '19').getByRole('row').count();
  await q(page, '6').locator('input').fill('SHORT');
  await q(page, '6').locator('input').press('Enter');
  // A save: the server's errors come back (the profile is far from complete) and no row was added.
  await expect(page.getByTestId('error-summary')).toBeVisible();
  await expect(q(page, '6').getByTestId('question-error')).toBeVisible();
  await expect(q(page, '19').getByRole('row')).toHaveCount(rows);
  await expect(q(page, '6').locator('input')).toHaveValue('SHORT');
  if (jsEnabled(page)) await expect(page.getByTestId('error-summary')).toBeFocused();
});
