// Every screen at a phone's width (issue 9 item 11; the 'phone' project: 390 x 844, JavaScript on): the page never
// scrolls sideways (a table scrolls inside its own region), and each screen's actions can be reached on screen.
import type { Locator, Page } from '@playwright/test';
import { test, expect, signIn, ready, scan, ACCOUNTS } from './fixtures';

const WIDTH = 390;

/** The page fits the phone's width: nothing makes the document itself scroll sideways. */
async function fitsPhone(page: Page) {
  await ready(page);
  const widths = await page.evaluate(() => ({
    document: document.documentElement.scrollWidth,
    body: document.body.scrollWidth,
    // What sticks out, for the failure message.
    wide: Array.from(document.querySelectorAll<HTMLElement>('body *'))
      .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 1 && !el.closest('.ui-table-frame'))
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${el.className} (${Math.round(el.getBoundingClientRect().right)}px)`),
  }));
  expect(widths.document, `${page.url()} scrolls sideways: ${widths.wide.join(', ')}`).toBeLessThanOrEqual(WIDTH);
  expect(widths.body, `${page.url()} body is wider than the phone`).toBeLessThanOrEqual(WIDTH);
}

/** Each action can be brought on screen (a table's row actions by scrolling the table's own region) and is whole. */
async function reachable(...actions: Locator[]) {
  for (const action of actions) {
    await action.scrollIntoViewIfNeeded();
    await expect(action).toBeInViewport({ ratio: 1 });
  }
}

async function screen(page: Page, path: string, actions: (page: Page) => Locator[]) {
  await page.goto(path);
  await fitsPhone(page);
  await reachable(...actions(page));
}

test('the public screens fit a phone', async ({ page }) => {
  await screen(page, '/org/login', (p) => [p.getByLabel('Email'), p.getByRole('button', { name: 'Send code' })]);
  await screen(page, '/state/login', (p) => [p.getByRole('button', { name: 'Send code' })]);
  await screen(page, '/org/sign-up', (p) => [p.getByRole('button', { name: 'Register' })]);
  await screen(page, '/help', () => []);
  await screen(page, '/no-such-screen', (p) => [p.getByRole('link').first()]);
});

test('the organization screens fit a phone, with every action reachable', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, ACCOUNTS.orgAdmin);
  const menu = (p: Page) => p.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Applications' });
  await screen(page, '/org/dashboard', (p) => [menu(p)]);

  // The list: heading action, search, filter, the table's row actions (inside the table's own scrolling region),
  // the pager.
  await screen(page, '/org/applications?status=DRAFT', (p) => [
    p.getByRole('link', { name: 'New application' }),
    p.getByRole('button', { name: 'Search' }),
    p.getByRole('link', { name: 'Filter', exact: true }),
    p.getByRole('link', { name: /^Edit GA-/ }),
    p.getByRole('link', { name: /^Delete GA-/ }),
    p.getByLabel('Rows per page'),
  ]);
  const draft = (await page.getByRole('link', { name: /^Delete GA-/ }).getAttribute('aria-label'))!.replace('Delete ', '');
  await expect(page.getByRole('region', { name: /^Applications, page/ })).toBeVisible();
  await scan(page);
  await screen(page, '/org/applications', (p) => [p.getByRole('link', { name: /^History of GA-/ }).last(), p.getByRole('button', { name: /^Print GA-/ }).first()]);

  // The filter drawer and the dialogs.
  await screen(page, '/org/applications?filters=open', (p) => {
    const drawer = p.getByRole('dialog', { name: 'Filters' });
    return [drawer.getByRole('radio', { name: 'This Month' }), drawer.getByLabel('Project location'), drawer.getByRole('link', { name: 'Reset' }), drawer.getByRole('button', { name: 'Apply' })];
  });
  await scan(page);
  await screen(page, '/org/applications?new=1', (p) => [p.getByLabel('Proposed Technology Type'), p.getByRole('button', { name: 'Create application' })]);
  await screen(page, `/org/applications?cancel=${draft}`, (p) => [p.getByRole('alertdialog').getByRole('link', { name: 'Yes' })]);
  await screen(page, `/org/applications?cancel=${draft}&step=reason`, (p) => [p.getByLabel(`Reason for cancelling ${draft}`), p.getByRole('button', { name: 'Ok' })]);
  await screen(page, `/org/applications?delete=${draft}`, (p) => [p.getByRole('alertdialog').getByRole('button', { name: 'Delete' })]);

  // The histories.
  await screen(page, '/org/history', (p) => [p.getByTestId('history-row').first().getByRole('cell').first(), p.getByTestId('page-status')]);
  await screen(page, `/org/applications/view-history/${draft}`, (p) => [p.getByRole('link', { name: 'Back to Applications' }), p.getByTestId('page-status')]);

  // The form and the profile (their own parts, H3/H2: the check is the same).
  await screen(page, `/org/applications/bead-applcn/${draft}`, (p) => [p.getByRole('button', { name: 'Submit application' })]);
  await screen(page, '/org/organization-profile', (p) => [p.getByRole('button', { name: 'Save' })]);
});

test('the state dashboard fits a phone', async ({ page }) => {
  await signIn(page, ACCOUNTS.stateAdmin);
  await screen(page, '/state/dashboard', () => []);
});
