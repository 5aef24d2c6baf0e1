// The question fields (H2, decision 021): spec 5's input rules applied as a person types (JavaScript on) with the
// caret kept and a refused character said politely in the field's live region; the zip's input message; a radio
// question without an answer keeps a checked, quiet "Not answered" (JavaScript on and off; read by lynx); a table
// at a phone's width scrolls in its own region with Add row and Remove reachable.
import { execFileSync } from 'node:child_process';
import type { Locator, Page } from '@playwright/test';
import { test, expect, ready, jsEnabled, scan, signUpAndSignIn, createApplication } from './fixtures';

const q = (page: Page, no: string) => page.locator(`[data-question="${no}"]`);
const caret = (input: Locator) => input.evaluate((el: HTMLInputElement) => [el.selectionStart, el.selectionEnd]);
/** The live region a filtering input is described by (its id ends in -typing). */
async function typingStatus(input: Locator): Promise<Locator> {
  const ids = ((await input.getAttribute('aria-describedby')) ?? '').split(' ');
  const id = ids.find((x) => x.endsWith('-typing'));
  expect(id, 'a filtering input is described by its live region').toBeTruthy();
  const region = input.page().locator(`[id="${id}"]`);
  await expect(region).toHaveAttribute('aria-live', 'polite');
  return region;
}

test('inputs filter as they are typed: value, caret and a polite word when a character is refused', async ({ page }) => {
  test.skip(!jsEnabled(page), 'filters need JavaScript; without it the server checks each save');
  test.setTimeout(150_000);
  await signUpAndSignIn(page, { prefix: 'typing', legalName: 'Typing Fiber', firstName: 'Tia', lastName: 'Typing' });
  const { id } = await createApplication(page);

  // Number (74): digits and one dot; a refused letter keeps the caret where it was.
  await page.goto(`/org/applications/bead-applcn/${id}?step=affordability`);
  await ready(page);
  const months = q(page, '74').locator('input');
  await months.pressSequentially('1a2.3.4');
  await expect(months).toHaveValue('12.34');
  await expect(await typingStatus(months)).toHaveText('Numbers take digits and one decimal point.');
  await months.fill('');
  await months.pressSequentially('1234');
  await months.press('ArrowLeft');
  await months.press('ArrowLeft');
  await months.pressSequentially('x');
  await expect(months).toHaveValue('1234');
  expect(await caret(months)).toEqual([2, 2]);
  await months.pressSequentially('.');
  await expect(months).toHaveValue('12.34');
  expect(await caret(months)).toEqual([3, 3]);
  await expect(months).toBeFocused();

  // Date (75): automatic slashes, a one-digit month or day closed by a slash padded, 10 characters.
  const start = q(page, '75').locator('input');
  await start.pressSequentially('011520251');
  await expect(start).toHaveValue('01/15/2025');
  await start.fill('');
  await start.pressSequentially('1/5/2025');
  await expect(start).toHaveValue('01/05/2025');

  // Currency (26): a leading minus, thousands grouped as typed, 2 decimals at most; typing in the middle keeps the caret.
  await page.goto(`/org/applications/bead-applcn/${id}?step=budget`);
  await ready(page);
  const cost = q(page, '26').locator('input');
  await cost.pressSequentially('-1234567.555');
  await expect(cost).toHaveValue('-1,234,567.55');
  await cost.fill('');
  await cost.pressSequentially('1234');
  await expect(cost).toHaveValue('1,234');
  await cost.evaluate((el: HTMLInputElement) => el.setSelectionRange(3, 3)); // '1,2|34'
  await cost.pressSequentially('9');
  await expect(cost).toHaveValue('12,934');
  expect(await caret(cost)).toEqual([4, 4]); // after the 9: '12,9|34'

  // Table cells: Alphanumeric (63, License number) letters, digits, hyphen and space.
  await page.goto(`/org/applications/bead-applcn/${id}?step=labor`);
  await ready(page);
  const license = q(page, '63').getByRole('textbox', { name: 'License number, row 1' });
  await license.pressSequentially('LIC-12_#a b');
  await expect(license).toHaveValue('LIC-12a b');
  await expect(await typingStatus(license)).toHaveText('Only letters, digits, hyphens and spaces are allowed.');

  // ApplicationNumber (84): upper-cased, GA- and 6 letters or digits, 9 at most; a paste gets its prefix fixed.
  await page.goto(`/org/applications/bead-applcn/${id}?step=compliance`);
  await ready(page);
  const related = q(page, '84').getByRole('textbox', { name: 'Application number, row 1' });
  await related.pressSequentially('ga-1b2c3d4');
  await expect(related).toHaveValue('GA-1B2C3D');
  await related.fill('');
  await related.focus();
  await page.keyboard.insertText('abc123'); // one insertion, like a paste
  await expect(related).toHaveValue('GA-ABC123');
  expect(await caret(related)).toEqual([9, 9]);

  // Phone (profile 13): digits only, at most 10, shown (608) 555-0100; zip: digits, the dash after 5, its input message.
  await page.goto('/org/organization-profile');
  await ready(page);
  const phone = q(page, '13').locator('input');
  await phone.pressSequentially('608555a01009');
  await expect(phone).toHaveValue('(608) 555-0100');
  await phone.evaluate((el: HTMLInputElement) => el.setSelectionRange(7, 7)); // '(608) 5|55-0100'
  await phone.press('Backspace');
  await expect(phone).toHaveValue('(608) 550-100');
  expect(await caret(phone)).toEqual([6, 6]);
  const zip = q(page, '5').getByLabel('Zip code');
  await zip.pressSequentially('537');
  await zip.press('Tab');
  const zipError = q(page, '5').getByTestId('zip-input-error');
  await expect(zipError).toHaveText('Zip code must be 5 or 9 digits long.');
  await expect(zip).toHaveAttribute('aria-describedby', new RegExp(`\\b${await zipError.getAttribute('id')}\\b`));
  await expect(zip).toHaveAttribute('aria-invalid', 'true');
  await zip.click();
  await zip.press('End');
  await zip.pressSequentially('031234x');
  await expect(zip).toHaveValue('53703-1234');
  await expect(zipError).toHaveCount(0);
  await scan(page);
});

test('a radio question without an answer keeps "Not answered" checked, and is saved unanswered', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpAndSignIn(page, { prefix: 'radio', legalName: 'Radio Fiber', firstName: 'Rae', lastName: 'Radio' });
  const { id } = await createApplication(page);
  await page.goto(`/org/applications/bead-applcn/${id}?step=project-area`);
  await ready(page);
  const serves = q(page, '23');
  await expect(serves.getByLabel('Not answered')).toBeChecked();
  await expect(serves.getByLabel('Yes', { exact: true })).not.toBeChecked();

  // A browser that checks the first radio of a group with none checked (lynx did, and saved 'Yes') finds one checked.
  const html = await page.content();
  const dump = execFileSync('lynx', ['-dump', '-stdin', '-force_html', '-nolist', '-width=200'], { input: html, encoding: 'utf8' });
  const group = dump.slice(dump.indexOf('23. Will the project serve'), dump.indexOf('23. Will the project serve') + 400);
  expect(group).toMatch(/\(\*\) Not answered/);
  expect(group).toMatch(/\( \) Yes/);

  // Saved untouched: still unanswered (not 'Yes').
  await q(page, '25').locator('input').fill('3');
  await page.getByRole('button', { name: 'Save', exact: true }).first().click();
  await expect(page.getByTestId('toast')).toContainText('Section saved successfully');
  await page.goto(`/org/applications/bead-applcn/${id}?step=project-area`);
  await ready(page);
  await expect(serves.getByLabel('Not answered')).toBeChecked();
  await expect(serves.getByLabel('Yes', { exact: true })).not.toBeChecked();
  await expect(serves.getByLabel('No', { exact: true })).not.toBeChecked();

  // Answered, then taken back to "Not answered": saved as no answer again.
  await serves.getByLabel('No', { exact: true }).check();
  await page.getByRole('button', { name: 'Save', exact: true }).first().click();
  await expect(page.getByTestId('toast')).toContainText('Section saved successfully');
  await page.goto(`/org/applications/bead-applcn/${id}?step=project-area`);
  await ready(page);
  await expect(serves.getByLabel('No', { exact: true })).toBeChecked();
  await serves.getByLabel('Not answered').check();
  await page.getByRole('button', { name: 'Save', exact: true }).first().click();
  await expect(page.getByTestId('toast')).toContainText('Section saved successfully');
  await page.goto(`/org/applications/bead-applcn/${id}?step=project-area`);
  await expect(serves.getByLabel('Not answered')).toBeChecked();
  await scan(page);
});

test('a table at a phone’s width scrolls inside its own labelled region, with Add row and Remove reachable', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpAndSignIn(page, { prefix: 'narrow', legalName: 'Narrow Fiber', firstName: 'Nat', lastName: 'Narrow' });
  const { id } = await createApplication(page);
  await page.goto(`/org/applications/bead-applcn/${id}?step=financial`);
  await ready(page);
  const table = q(page, '46');
  const region = table.getByRole('region', { name: /Sources of matching funds/ });
  await expect(region).toBeVisible();
  await expect(table.getByText('Scroll sideways to see every column.')).toBeVisible();
  const sizes = await region.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(sizes.scroll).toBeGreaterThan(sizes.client);
  // The question (and everything in it but the scrolling table) fits the phone's width.
  const wide = await table.evaluate((box) =>
    [box, ...Array.from(box.querySelectorAll<HTMLElement>('*'))]
      .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 1 && !el.closest('.q-table-region'))
      .map((el) => `${el.tagName.toLowerCase()}.${el.className} (${Math.round(el.getBoundingClientRect().right)}px)`),
  );
  expect(wide, 'parts of the table question stick out of the phone').toEqual([]);
  await table.getByRole('button', { name: /Add row/ }).click();
  const remove = table.getByRole('button', { name: 'Remove row 2' });
  await remove.scrollIntoViewIfNeeded();
  await expect(remove).toBeInViewport({ ratio: 1 });
  await remove.click();
  await expect(table.getByRole('button', { name: /Remove row/ })).toHaveCount(0);
  await scan(page);
});
