// A click made before React is ready is not lost (issue 9 item 12). On a slow device (CPU throttled 6x through
// the DevTools protocol) the page's scripts are held back until the click has happened, so the click certainly
// lands on the server's HTML: a link must still navigate and a submit button must still submit (nothing may
// preventDefault before hydration; Remix's <Form> is a plain form until then). Then the scripts arrive and the
// page that opened hydrates without errors. JS on only: without JavaScript every click is this case.
import type { Page } from '@playwright/test';
import { test, expect, ACCOUNTS, signIn, signUpAndSignIn, createApplication, ready } from './fixtures';

test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, 'without JavaScript there is no hydration to wait for');

/** A slow device whose scripts wait: answers `release`, which lets them load (and keeps them loading after). */
async function slowDevice(page: Page, opts: { holdScripts: boolean }): Promise<{ release: () => void; held: () => number }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  let open = !opts.holdScripts;
  let heldCount = 0;
  const waiting: (() => void)[] = [];
  await page.route(/\/build\/.*\.js$/, async (route) => {
    if (!open) {
      heldCount++;
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
    await route.continue();
  });
  // Where the click landed: on the server's HTML (no hydration marker) or on the hydrated page.
  await page.addInitScript(() => {
    window.addEventListener('click', () => {
      sessionStorage.setItem('clickedHydrated', String(document.documentElement.dataset.hydrated === 'true'));
    }, { capture: true });
  });
  return {
    release: () => {
      open = true;
      waiting.splice(0).forEach((go) => go());
    },
    held: () => heldCount,
  };
}

const clickedHydrated = (page: Page) => page.evaluate(() => sessionStorage.getItem('clickedHydrated'));

test("the list's New application link pressed before hydration opens the dialog", async ({ page }) => {
  await signIn(page, ACCOUNTS.orgAdmin);
  const device = await slowDevice(page, { holdScripts: true });
  await page.goto('/org/applications', { waitUntil: 'commit' });
  await page.getByRole('link', { name: 'New application' }).click();
  await expect(page).toHaveURL(/[?&]new=1/);
  await expect(page.getByRole('heading', { name: 'New application' })).toBeVisible();
  expect(device.held()).toBeGreaterThan(0);
  expect(await clickedHydrated(page)).toBe('false');
  device.release();
  await ready(page);
  await expect(page.getByLabel('Project area')).toBeVisible();
});

test("the list's New application link pressed as soon as it shows, scripts loading and hydrating, opens the dialog", async ({ page }) => {
  await signIn(page, ACCOUNTS.orgAdmin);
  await slowDevice(page, { holdScripts: false });
  await page.goto('/org/applications', { waitUntil: 'commit' });
  // Wherever hydration is when the click lands (before, during or just after), the dialog opens.
  await page.getByRole('link', { name: 'New application' }).click();
  await expect(page).toHaveURL(/[?&]new=1/);
  await expect(page.getByRole('heading', { name: 'New application' })).toBeVisible();
  await ready(page);
  await expect(page.getByLabel('Project area')).toBeVisible();
});

test("a form's Save pressed before hydration saves the section", async ({ page }) => {
  test.setTimeout(120_000);
  await signUpAndSignIn(page, { prefix: 'hydration', legalName: 'Hydration Fiber', firstName: 'Hal', lastName: 'Hydrate' });
  const { id } = await createApplication(page);
  const device = await slowDevice(page, { holdScripts: true });
  await page.goto(`/org/applications/bead-applcn/${id}?step=project-area`, { waitUntil: 'commit' });
  const cais = page.locator('[data-question="25"] input');
  await cais.fill('17');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByTestId('toast')).toContainText('Section saved successfully');
  expect(device.held()).toBeGreaterThan(0);
  expect(await clickedHydrated(page)).toBe('false');
  device.release();
  await ready(page);
  await page.reload();
  await expect(page.locator('[data-question="25"] input')).toHaveValue('17');
});
