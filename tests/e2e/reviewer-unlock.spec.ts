// The reviewer-side unlock request (spec 4 "An org admin or reviewer-side request asks to unlock a section";
// docs/decisions/034), JS on and off, axe on each screen (html-validate on every page through the fixtures): on an
// application the test submits itself and the State Admin moves to the gating review, the RSM admin (the stage's admin)
// asks on the review screen (Request unlock: a URL-state dialog, ?unlock=request, a required message), the request is
// listed on /state/unlock-requests as a reviewer's, the State Admin approves it there, and the organization sees the
// section unlocked.
import type { Page } from '@playwright/test';
import { test, expect, signIn, logOut, scan, ready, apiToken, ACCOUNTS } from './fixtures';
import { submitFreshApplication } from './submitted-application';
import { UNLOCK_MSG } from '../../domain/unlock-requests';

const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });

test('a stage admin asks to unlock a section on the review screen; the State Admin approves; the organization can change it', async ({ page }) => {
  test.setTimeout(240_000);
  const app = await submitFreshApplication(page, 'Reviewer Unlock E2E');
  const technology = app.sections.technology!;
  const message = `The network design contradicts the map (${test.info().project.name}).`;
  const headers = { Authorization: `Bearer ${await apiToken(page, ACCOUNTS.stateAdmin)}` };
  const moved = await page.request.post(`/api/v1/review/applications/${app.id}/change-status`, {
    headers, data: { status: 'GATING_REVIEW', comments: 'Gating review for the reviewer unlock journey.' },
  });
  expect(moved.status(), await moved.text()).toBe(200);

  await signIn(page, ACCOUNTS.rsmAdmin);
  await page.goto(`/state/applications/review-application/${app.id}?step=technology`);
  const panel = page.getByTestId('section-content');
  await expect(panel.getByRole('heading', { level: 2 })).toHaveText(technology.name);
  await ready(page);
  await panel.getByRole('link', { name: `Request unlock ${technology.name}` }).click();
  await expect(page).toHaveURL(/unlock=request/);
  const dialog = page.getByRole('dialog', { name: UNLOCK_MSG.dialogTitle });
  await expect(dialog).toContainText(`Ask the State Admin to unlock the section ${technology.name} of application ${app.id}`);
  const box = dialog.getByLabel('Message to the State Admin');
  await expect(box).toHaveAttribute('placeholder', UNLOCK_MSG.placeholder);
  await expect(box).toHaveAttribute('required', '');
  await scan(page);
  await ready(page);
  await box.fill(message);
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(toast(page, UNLOCK_MSG.sent)).toBeVisible();
  await expect(page).not.toHaveURL(/unlock=/);
  await expect(page).toHaveURL(/step=technology/);
  await expect(panel.getByTestId('section-lock')).toContainText('An unlock request for this section is waiting for the State Admin.');
  await expect(panel.getByTestId('unlock-section')).toHaveCount(0);
  await scan(page);
  // A second request of the same section is refused by the API (one open unlock per section).
  const again = await page.request.post('/api/v1/unlock-requests/review-request', {
    headers: { Authorization: `Bearer ${await apiToken(page, ACCOUNTS.rsmAdmin)}` },
    data: { applicationId: app.id, sectionId: technology.id, message: 'Again' },
  });
  expect(again.status()).toBe(409);
  await logOut(page);

  // The State Admin sees who asked, from the review side, and approves it as any other request.
  await signIn(page, ACCOUNTS.stateAdmin);
  await page.goto(`/state/unlock-requests?q=${app.id}`);
  const row = page.getByTestId('unlock-row').filter({ hasText: message });
  await expect(row).toContainText('(reviewer request)');
  await expect(row).toContainText(technology.name);
  await scan(page);
  await ready(page);
  await row.getByRole('button', { name: /Approve/ }).click();
  await expect(toast(page, 'Section unlocked')).toBeVisible();
  await expect(page.getByTestId('unlock-row').filter({ hasText: message })).toContainText('Approved');
  await logOut(page);

  // The organization sees the section unlocked.
  await signIn(page, app.adminEmail);
  await page.goto(`/org/applications/bead-applcn/${app.id}?step=technology`);
  await expect(page.getByTestId('section-content').getByTestId('lock-state')).toContainText('Unlocked');
  await scan(page);
});
