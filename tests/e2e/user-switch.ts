// A user's Active switch on a users list (the organization's Users screen, the State Admin's organization users;
// decisions 033, 035): disabling asks first (?disable=, the Disable User dialog with spec 5's question, scanned), then
// "Yes, disable"; enabling is at once. One home for the steps users.spec.ts and organizations.spec.ts both take.
import type { Locator, Page } from '@playwright/test';
import { expect, confirmDialog, ready } from './fixtures';
import { USER_MSG } from '../../domain/messages';

const toggle = (row: Locator, name: string) => row.getByRole('switch', { name: new RegExp(name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });

/** Disables `name` from their `row`'s switch through the confirmation (axe and valid HTML on it); the switch is then off. */
export async function disableUser(page: Page, row: Locator, name: string) {
  await toggle(row, name).click();
  await expect(page).toHaveURL(/disable=/);
  await confirmDialog(page, 'Disable User', USER_MSG.disableConfirm, 'Yes, disable');
  await expect(page.getByTestId('toast').first()).toContainText(USER_MSG.disabled(name));
  await expect(row.getByRole('switch')).toHaveAttribute('aria-checked', 'false');
}

/** Enables `name` again from their `row`'s switch: at once, no question; the switch is then on. */
export async function enableUser(page: Page, row: Locator, name: string) {
  await ready(page);
  await toggle(row, name).click();
  await expect(page.getByTestId('toast').first()).toContainText(USER_MSG.enabled(name));
  await expect(row.getByRole('switch')).toHaveAttribute('aria-checked', 'true');
}
