// The gaps of issue 11's unlocks (docs/decisions/039), JS on and off, axe on every screen, each on an application
// the test submits itself through the API (a fresh organization):
// - the State Admin closes the programme's unlock window on /state/unlock-requests (asked first, a URL-state
//   alertdialog): the organization's lock shows the closed-window text and no link, the API refuses its request; the
//   window is reopened. The seeded programme is the only one, so the closed period holds the 'unlock-window' lock that
//   unlock-requests.spec holds while it asks (the workers share the server).
// - the State Admin unlocks the section shown on the review screen (Unlock section: the Admin Unlock dialog).
import type { Page } from '@playwright/test';
import { test, expect, signIn, logOut, scan, ready, apiToken, ACCOUNTS } from './fixtures';
import { exclusive } from './exclusive';
import { submitFreshApplication } from './submitted-application';
import { lockedNotice, UNLOCK_MSG, WINDOW_MSG } from '../../domain/unlock-requests';
import { formatListDate } from '../../domain/dates';

const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });

/** The window as the State Admin's API reports it (one programme in the demo data). */
async function windowOf(page: Page) {
  const headers = { Authorization: `Bearer ${await apiToken(page, ACCOUNTS.stateAdmin)}` };
  const { windows } = await (await page.request.get('/api/v1/program/unlock-windows', { headers })).json();
  return { window: windows[0] as { programId: string; open: boolean; dueDate: string }, headers };
}

test('the State Admin closes the unlock window: the organization cannot ask any more; then reopens it', async ({ page }) => {
  test.setTimeout(300_000);
  const app = await submitFreshApplication(page, 'Window E2E');
  const orgHeaders = { Authorization: `Bearer ${await apiToken(page, app.adminEmail)}` };
  const ask = () => page.request.post(`/api/v1/unlock-requests?organizationId=${app.organizationId}`, {
    headers: orgHeaders, data: { applicationId: app.id, sectionId: app.sections.technology!.id, message: 'Please unlock' },
  });

  await exclusive('unlock-window', async () => {
    const { window, headers } = await windowOf(page);
    try {
      expect(window.open).toBe(true);
      await signIn(page, ACCOUNTS.stateAdmin);
      await page.goto('/state/unlock-requests');
      const panel = page.getByTestId('unlock-window');
      await expect(panel.getByRole('heading', { name: 'Unlock window' })).toBeVisible();
      await expect(panel).toContainText(`Unlock window: open until ${formatListDate(window.dueDate)}`);
      await scan(page);
      await ready(page);
      await panel.getByRole('link', { name: 'Close window' }).click();
      await expect(page).toHaveURL(new RegExp(`window=${window.programId}`));
      const confirm = page.getByRole('alertdialog', { name: 'Close unlock window' });
      await expect(confirm).toContainText(WINDOW_MSG.confirmClose);
      await scan(page);
      await ready(page);
      await confirm.getByRole('button', { name: 'Yes, close the window' }).click();
      await expect(toast(page, WINDOW_MSG.closed)).toBeVisible();
      await expect(page).not.toHaveURL(/window=/);
      await expect(panel).toContainText(`Unlock window: closed on ${formatListDate(new Date())}`);
      await expect(panel.getByRole('link', { name: 'Reopen window' })).toBeVisible();
      await scan(page);
      await logOut(page);

      // The organization: spec 4's closed-window text, the lock no link; its request refused by the API.
      await signIn(page, app.adminEmail);
      await page.goto(`/org/applications/bead-applcn/${app.id}?step=technology`);
      await expect(page.getByText(lockedNotice(false), { exact: true })).toBeVisible();
      await expect(page.getByTestId('section-content').getByRole('link', { name: /Locked/ })).toHaveCount(0);
      await scan(page);
      const refused = await ask();
      expect(refused.status()).toBe(409);
      expect((await refused.json()).message).toBe(UNLOCK_MSG.windowClosedRefusal);
      await logOut(page);

      // Reopened (asked first as well): the organization may ask again.
      await signIn(page, ACCOUNTS.stateAdmin);
      await page.goto('/state/unlock-requests');
      await ready(page);
      await panel.getByRole('link', { name: 'Reopen window' }).click();
      const reopen = page.getByRole('alertdialog', { name: 'Reopen unlock window' });
      await expect(reopen).toContainText(WINDOW_MSG.confirmReopen);
      await scan(page);
      await ready(page);
      await reopen.getByRole('button', { name: 'Yes, reopen the window' }).click();
      await expect(toast(page, WINDOW_MSG.reopened)).toBeVisible();
      await expect(panel).toContainText(`Unlock window: open until ${formatListDate(window.dueDate)}`);
      expect((await windowOf(page)).window.open).toBe(true);
    } finally {
      // Never leave it closed for the other journeys.
      await page.request.put(`/api/v1/program/${window.programId}/unlock-window`, { headers, data: { status: 'open' } });
    }
  });
  const asked = await ask();
  expect(asked.status(), await asked.text()).toBe(201);

  // The state's history names both toggles.
  await page.goto('/state/history?action=UNLOCK_WINDOW_CLOSED');
  await expect(page.getByText('Closed the unlock window of BEAD Round 1').first()).toBeVisible();
});

test('the State Admin unlocks a locked section from the review screen', async ({ page }) => {
  test.setTimeout(180_000);
  const app = await submitFreshApplication(page, 'Review Unlock E2E');
  const technology = app.sections.technology!;
  const message = `Please correct the network design (${test.info().project.name}).`;

  await signIn(page, ACCOUNTS.stateAdmin);
  // The entity information is never unlocked here: no action.
  await page.goto(`/state/applications/review-application/${app.id}`);
  await expect(page.getByTestId('unlock-section')).toHaveCount(0);
  await page.goto(`/state/applications/review-application/${app.id}?step=technology`);
  const panel = page.getByTestId('section-content');
  await expect(panel.getByRole('heading', { level: 2 })).toHaveText(technology.name);
  await scan(page);
  await ready(page);
  await panel.getByRole('link', { name: `Unlock section ${technology.name}` }).click();
  await expect(page).toHaveURL(/unlock=section/);
  const dialog = page.getByRole('dialog', { name: 'Admin Unlock' });
  await expect(dialog).toContainText(`Unlock the section ${technology.name} of application ${app.id}`);
  await expect(dialog.getByLabel('Message to the organization')).toHaveAttribute('placeholder', UNLOCK_MSG.placeholder);
  await scan(page);
  await ready(page);
  await dialog.getByLabel('Message to the organization').fill(message);
  await dialog.getByRole('button', { name: 'Unlock' }).click();
  await expect(toast(page, UNLOCK_MSG.adminUnlocked)).toBeVisible();
  await expect(page).not.toHaveURL(/unlock=/);
  await expect(page).toHaveURL(/step=technology/);
  await expect(panel.getByTestId('section-lock')).toContainText(UNLOCK_MSG.unlockedTip);
  await expect(panel.getByTestId('unlock-section')).toHaveCount(0);
  await expect(page.getByTestId('section-step').filter({ hasText: technology.name })).toContainText('Unlocked for changes');
  await scan(page);

  // The same unlock as from /state/unlock-requests: listed among the admin unlocks.
  await page.goto(`/state/unlock-requests?view=admin&q=${app.id}`);
  await expect(page.getByTestId('unlock-row').filter({ hasText: message })).toContainText('Approved');
  await logOut(page);

  // The organization sees the section unlocked.
  await signIn(page, app.adminEmail);
  await page.goto(`/org/applications/bead-applcn/${app.id}?step=technology`);
  await expect(page.getByTestId('section-content').getByTestId('lock-state')).toContainText('Unlocked');

  // Its history (issue 11 item 10): the drawer's Action filter offers the unlock, and finds it in words.
  await page.goto('/org/history?filters=open');
  const drawer = page.getByRole('dialog', { name: 'Filters' });
  await expect(drawer.getByLabel('Action').locator('option', { hasText: 'Section unlocked' })).toHaveCount(1);
  await expect(drawer.getByLabel('Action').locator('option', { hasText: 'Section resubmitted' })).toHaveCount(1);
  await expect(drawer.getByLabel('Action').locator('option', { hasText: 'User added' })).toHaveCount(1);
  await scan(page);
  await ready(page);
  await drawer.getByLabel('Action').selectOption('SECTION_UNLOCKED');
  await drawer.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/action=SECTION_UNLOCKED/);
  await expect(page.getByTestId('filter-chip').filter({ hasText: 'Action: Section unlocked' })).toBeVisible();
  await expect(page.getByTestId('history-row')).toHaveCount(1);
  await expect(page.getByTestId('history-row')).toContainText(`Unlocked the section ${technology.name} for changes (State Admin unlock)`);
  await expect(page.getByTestId('history-row').getByRole('link', { name: app.id })).toBeVisible();
  await scan(page);
});
