// The rubric's Score Preview on the review screen (decision 042), shared by the journeys that score applications
// (rubric.spec, candidate-dashboard.spec): the review screen's path, the save's toast, a scan once toasts have gone,
// and opening the dialog from the review screen's action menu.
import type { Page } from '@playwright/test';
import { expect, ready, scan, jsEnabled } from './fixtures';

export const reviewUrl = (id: string) => `/state/applications/review-application/${id}`;

export const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

/** axe once the toasts have gone (a toast fading out blends its colours with the page). */
export async function scanSettled(page: Page) {
  if (jsEnabled(page)) await expect(page.getByTestId('toast')).toHaveCount(0, { timeout: 10_000 });
  await scan(page);
}

/** Opens the review screen of `id` and its Score Preview from the action menu; answers the dialog. */
export async function openScorePreview(page: Page, id: string) {
  await page.goto(reviewUrl(id));
  await ready(page);
  await page.getByTestId('action-menu').getByRole('link', { name: 'Score Preview' }).click();
  await expect(page).toHaveURL(/rubric=preview/);
  const dialog = page.getByRole('dialog', { name: 'Score Preview' });
  await expect(dialog).toBeVisible();
  await ready(page);
  return dialog;
}
