// Autosave of a draft section (issue 43 part 2, decision 100), with JavaScript: answers save themselves a few seconds
// after typing stops and when a field is left; the status line says so (a polite live region); offline, the answers
// stay on the page and are saved once the browser is back online; a refused answer keeps its message while the rest
// of the section saves; another tab of the same browser learns of a save and offers to reload the section. The
// expected words are the issue's ("Saving…", "All changes saved at 3:42 PM", "Not saved: you are offline — your
// answers are kept on this page"). Without JavaScript there is no autosave: Save is the form's own post (the specs of
// application-form.spec.ts), so this file runs in the js-on project only (tests/known-skips.md).
import type { Page } from '@playwright/test';
import { test, expect, scan, ready, jsEnabled, signUpAndSignIn, createApplication } from './fixtures';
import { pdfFile } from './form-filler';

test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, 'autosave is a JavaScript enhancement; without it Save is the only way, as before');

const q = (page: Page, no: string) => page.locator(`[data-question="${no}"]`);
const status = (page: Page) => page.getByTestId('autosave-status');
/** "All changes saved at 3:42 PM" (the time is the browser's clock). */
const SAVED = /^All changes saved at \d{1,2}:\d{2} (AM|PM)$/;
const OFFLINE = 'Not saved: you are offline — your answers are kept on this page';

async function draftSection(page: Page, prefix: string) {
  await signUpAndSignIn(page, { prefix, legalName: `Autosave ${prefix} Fiber`, firstName: 'Ada', lastName: 'Autosave' });
  const { id } = await createApplication(page);
  const form = `/org/applications/bead-applcn/${id}?step=project-area`;
  await page.goto(form);
  await ready(page);
  return { id, form };
}

test('typed answers save themselves: a reload shows them without Save, and the application stays a draft', async ({ page }) => {
  test.setTimeout(120_000);
  expect(jsEnabled(page)).toBe(true);
  const { form } = await draftSection(page, 'autotype');
  await expect(status(page)).toHaveAttribute('role', 'status');
  await expect(status(page)).toHaveAttribute('aria-live', 'polite');
  await expect(status(page)).toHaveText('');
  await q(page, '25').locator('input').fill('7');
  // Nothing else is done: no Save, no leaving the field. The pause after typing saves it.
  await expect(status(page)).toHaveText(SAVED, { timeout: 15_000 });
  await expect(page.getByTestId('toast')).toHaveCount(0);
  await scan(page);
  await page.reload();
  await expect(q(page, '25').locator('input')).toHaveValue('7');
  await expect(page.locator('.ui-title-row')).toContainText('Draft');

  // Leaving a field saves at once (well before the pause would).
  await ready(page);
  await q(page, '23').getByLabel('No', { exact: true }).check();
  await q(page, '25').locator('input').fill('8');
  await q(page, '25').locator('input').press('Tab');
  await expect(status(page)).toHaveText(SAVED, { timeout: 2_500 });
  await page.goto(form);
  await expect(q(page, '25').locator('input')).toHaveValue('8');
  await expect(q(page, '23').getByLabel('No', { exact: true })).toBeChecked();
});

test('offline, the answers stay on the page and the status says so; back online they are saved', async ({ page, context }) => {
  test.setTimeout(120_000);
  const { form } = await draftSection(page, 'autooffline');
  await context.setOffline(true);
  await q(page, '25').locator('input').fill('9');
  await q(page, '25').locator('input').press('Tab');
  await expect(status(page)).toHaveText(OFFLINE, { timeout: 10_000 });
  await expect(q(page, '25').locator('input')).toHaveValue('9');
  await context.setOffline(false);
  await expect(status(page)).toHaveText(SAVED, { timeout: 15_000 });
  await page.goto(form);
  await expect(q(page, '25').locator('input')).toHaveValue('9');
});

test('a refused answer is not saved and keeps its message beside the field; the rest of the section saves', async ({ page }) => {
  test.setTimeout(120_000);
  const { form } = await draftSection(page, 'autorefuse');
  await q(page, '23').getByLabel('Yes', { exact: true }).check();
  // 'abc' as a browser could still send it (the field filters letters as they are typed).
  const count = q(page, '25').locator('input');
  await count.evaluate((el: HTMLInputElement) => {
    el.value = 'abc';
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await count.press('Tab');
  // Where the person went on typing: the refusal must not take them back (only a Save's refusal moves focus).
  const typingIn = await page.evaluate(() => {
    document.activeElement?.setAttribute('data-typing-here', '');
    return document.activeElement?.tagName;
  });
  expect(typingIn).not.toBe('BODY');
  await expect(status(page)).toHaveText(/^Saved at \d{1,2}:\d{2} (AM|PM), except the answer marked below: it needs correcting\.$/, { timeout: 15_000 });
  expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-typing-here'))).toBe(true);
  const message = q(page, '25').getByTestId('question-error');
  await expect(message).toBeVisible();
  await expect(count).toHaveAttribute('aria-invalid', 'true');
  expect((await count.getAttribute('aria-describedby'))?.split(/\s+/)).toContain(await message.getAttribute('id'));
  await expect(count).toHaveValue('abc');
  await page.goto(form);
  await expect(q(page, '23').getByLabel('Yes', { exact: true })).toBeChecked();
  await expect(q(page, '25').locator('input')).toHaveValue('');
});

test('another tab of the same browser learns of a save, keeps its own typing, and offers to reload the section', async ({ page, context }) => {
  test.setTimeout(150_000);
  const { form } = await draftSection(page, 'autotabs');
  const other = await context.newPage();
  await other.goto(form);
  await ready(other);
  // The other tab saves.
  await q(other, '25').locator('input').fill('30');
  await q(other, '25').locator('input').press('Tab');
  await expect(status(other)).toHaveText(SAVED, { timeout: 10_000 });
  const notice = page.getByTestId('changed-elsewhere');
  await expect(notice).toContainText(/^This section was saved in another tab at \d{1,2}:\d{2} (AM|PM)\. Your answers here are kept until you choose\./);
  // Typed in the first tab afterwards: kept on the page, not saved over the other tab's answer.
  await q(page, '25').locator('input').fill('12');
  await q(page, '25').locator('input').press('Tab');
  await expect(q(page, '25').locator('input')).toHaveValue('12');
  // This tab does not save over the other's by itself while the person has not chosen.
  await page.waitForTimeout(4_500);
  await expect(status(page)).toHaveText('');
  await scan(page);
  await notice.getByRole('link', { name: 'Reload section' }).click();
  await expect(q(page, '25').locator('input')).toHaveValue('30');
  await expect(page.getByTestId('changed-elsewhere')).toHaveCount(0);
});

test('a section nobody may change here (the Entity Profile step) has no autosave', async ({ page }) => {
  test.setTimeout(90_000);
  const { id } = await draftSection(page, 'autoreadonly');
  await page.goto(`/org/applications/bead-applcn/${id}`);
  await ready(page);
  await expect(page.getByText('These answers come from the')).toBeVisible();
  await expect(status(page)).toHaveCount(0);
});

test('an autosave from a page opened before someone else saved shows the conflict panel instead of overwriting', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const { form } = await draftSection(page, 'autoconflict');
  const cookies = await page.context().cookies();
  // The same person in another browser (no BroadcastChannel between them): only the version check can tell.
  const elsewhere = await browser.newContext({ javaScriptEnabled: true });
  await elsewhere.addCookies(cookies);
  const other = await elsewhere.newPage();
  try {
    await other.goto(form);
    await ready(other);
    await q(other, '25').locator('input').fill('40');
    await q(other, '25').locator('input').press('Tab');
    await expect(status(other)).toHaveText(SAVED, { timeout: 10_000 });

    // This page still holds the version it opened with: its autosave is refused and the panel shows both answers.
    await q(page, '25').locator('input').fill('41');
    await q(page, '25').locator('input').press('Tab');
    const panel = page.getByTestId('edit-conflict');
    await expect(panel).toBeVisible({ timeout: 15_000 });
    await expect(panel).toContainText('saved this section at');
    await expect(q(page, '25').locator('input')).toHaveValue('41');
    await scan(page);
    await panel.getByRole('radio', { name: 'Keep mine' }).first().check();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByTestId('toast')).toContainText('Section saved successfully');
    await other.goto(form);
    await expect(q(other, '25').locator('input')).toHaveValue('41');
  } finally {
    await elsewhere.close();
  }
});

test('a file stored at once becomes the answer through the same save as the typing: no conflict with oneself', async ({ page }) => {
  test.setTimeout(120_000);
  const { id } = await draftSection(page, 'autofile');
  const form = `/org/applications/bead-applcn/${id}?step=technology`;
  await page.goto(form);
  await ready(page);
  // The narrative typed first, then the diagram chosen while its autosave may still be on its way.
  await q(page, '30').locator('textarea').fill('Fiber along the county road, with a backhaul to the regional hub.');
  await q(page, '31').locator('input[type="file"]').setInputFiles(pdfFile('autosave-diagram.pdf'));
  await expect(q(page, '31').getByTestId('upload-status')).toHaveText('Document uploaded successfully', { timeout: 20_000 });
  // More typing after the file: its save starts from the version the file's save left.
  await q(page, '30').locator('textarea').fill('Fiber along the county road, with a backhaul to the regional hub in Madison.');
  await q(page, '30').locator('textarea').press('Tab');
  await expect(status(page)).toHaveText(SAVED, { timeout: 15_000 });
  await expect(page.getByTestId('edit-conflict')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Section saved successfully' })).toBeVisible();
  await expect(page.getByTestId('edit-conflict')).toHaveCount(0);
  await page.goto(form);
  await expect(q(page, '30').locator('textarea')).toHaveValue('Fiber along the county road, with a backhaul to the regional hub in Madison.');
  await expect(q(page, '31').getByTestId('file-link')).toContainText('autosave-diagram.pdf');
});
