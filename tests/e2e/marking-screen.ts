// The reviewer's side of the review screen's marking (decision 038), shared by the journeys that mark through it
// (review-marking.spec, technical-marking.spec): the declaration of no conflict of interest that opens the answers,
// and the message a control's aria-describedby points to.
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';
import { toast } from './score-preview';
import { MARK_MSG } from '../../domain/review-marks';

/** Declares no conflict of interest on the screen (the declaration form shown): the answers show. */
export async function declareNoConflict(page: Page) {
  await page.getByTestId('conflict-form').getByRole('radio', { name: /I have no conflict of interest/ }).check();
  await page.getByRole('button', { name: 'Submit declaration' }).click();
  await expect(toast(page, MARK_MSG.declaredNone)).toBeVisible();
  await expect(page.getByTestId('review-answers')).toBeVisible();
}

/** The control is marked invalid and its aria-describedby names the element saying `message`. */
export async function expectDescribedError(page: Page, control: Locator, message: string) {
  await expect(control).toHaveAttribute('aria-invalid', 'true');
  const id = await control.getAttribute('aria-describedby');
  expect(id, 'aria-describedby').toBeTruthy();
  await expect(page.locator(`[id="${id}"]`)).toHaveText(message);
}
