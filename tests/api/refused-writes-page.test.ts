// Issue 41, "Moves and sessions" 1 and 2, as a browser without JavaScript meets them (the UI's own forms posted to
// the whole portal: Express, the embedded API, the Remix production build; decision 095):
// - a refused write (the API's 403) keeps the person signed in, on the same screen, with the API's message; the
//   next page of the same screen still opens (a lost session would send it to the login page);
// - a move that lost a race (the API's 409) says so on the page, in a live region, with the status the application
//   has now.
// The race also in Chromium, JavaScript on and off, two browser contexts (two people) on the same confirmation.
// Expected words are the spec's and the issue's: 'Action not allowed for your role' (domain MSG.actionNotAllowed),
// the entity profile's staff message, and "This application changed while you were looking at it…".
import { chromium, type Browser as Chromium, type Page } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { signedInBrowser, signInThroughLogin, startUiPortal, whenHydrated, type UiPortal } from './ui-portal';
import { applications } from '../../api/db/schema';
import { Browser, client, outboxCode } from '../../scripts/bench-support';

let ui: UiPortal;
beforeAll(async () => {
  ui = await startUiPortal({ OTP_EMAIL_LIMIT: '1000', OTP_IP_LIMIT: '1000' });
}, 300_000);
afterAll(async () => {
  await ui?.close();
});

/** A state user signed in through /state/login's two steps (JavaScript off). */
async function stateBrowser(email: string): Promise<Browser> {
  const browser = new Browser(ui.base);
  const sent = await browser.request('/state/login', { intent: 'send-code', email });
  expect(sent.status, 'send-code').toBe(302);
  const verified = await browser.request('/state/login?step=code', { intent: 'verify', code: await outboxCode(client(ui.base), email) });
  expect(verified.status, 'verify').toBe(302);
  return browser;
}

/** The page's visible text around live regions: the alert and status elements' contents, tags dropped. */
function liveRegions(html: string): string[] {
  const found: string[] = [];
  for (const match of html.matchAll(/<(div|p|section|output)\b[^>]*role="(alert|status)"[^>]*>([\s\S]*?)<\/\1>/g)) {
    found.push(match[3]!.replace(/<[^>]+>/g, '').replace(/&#x27;|&#39;/g, "'").replace(/&amp;/g, '&').replace(/\s+/g, ' ').trim());
  }
  return found;
}

/** Still signed in: the screen opens again, not the login page. */
async function stillSignedIn(browser: Browser, path: string) {
  const again = await browser.request(path);
  expect(again.location ?? '', `${path} after the refusal`).not.toMatch(/login/);
  expect(again.status, `${path} after the refusal`).toBe(200);
}

describe('a refused write keeps the session (issue 41, moves and sessions 2)', () => {
  it('org.staff saving the Entity Profile: 403 on the same screen with the API message, still signed in', async () => {
    const browser = await signedInBrowser(ui, 'org.staff@example.org', 'Lakeview Fiber Cooperative');
    const saved = await browser.request('/org/organization-profile', { intent: 'save' });
    expect(saved.location).toBeNull();
    expect(saved.status).toBe(403);
    expect(liveRegions(saved.body).join(' | ')).toContain('You are not allowed to edit the entity profile, please contact your organization admin.');
    await stillSignedIn(browser, '/org/organization-profile');
  });

  it('org.staff posting an unlock request: 403 on the same screen with the API message, still signed in', async () => {
    const browser = await signedInBrowser(ui, 'org.staff@example.org', 'Lakeview Fiber Cooperative');
    const screen = '/org/applications/bead-applcn/GA-LKV002';
    const asked = await browser.request(`${screen}?unlock=message`, { intent: 'unlock-request', message: 'Please unlock: a figure changed.' });
    expect(asked.location).toBeNull();
    expect(asked.status).toBe(403);
    // The API's own 403 message for this write, written out here.
    expect(liveRegions(asked.body).join(' | ')).toContain('Only an organization admin can do this. Please contact your organization admin.');
    await stillSignedIn(browser, screen);
  });

  it('rsm.financial posting intent=mark-as-gating-review: 403 on the review screen with "Action not allowed for your role", still signed in', async () => {
    const browser = await stateBrowser('rsm.financial@example.gov');
    const screen = '/state/applications/review-application/GA-LKV002';
    const moved = await browser.request(screen, { intent: 'mark-as-gating-review' });
    expect(moved.location).toBeNull();
    expect(moved.status).toBe(403);
    expect(liveRegions(moved.body).join(' | ')).toContain('Action not allowed for your role');
    await stillSignedIn(browser, screen);
    // Nothing moved.
    const { token } = await ui.api.signIn('state.admin@example.gov');
    expect((await ui.api.call('/api/v1/review/applications/GA-LKV002', { token })).body.application.status).toBe('SUBMITTED');
  });

  it('rsm.admin posting intent=change-status: 403 on the review screen with the API message, still signed in', async () => {
    const browser = await stateBrowser('rsm.admin@example.gov');
    const screen = '/state/applications/review-application/GA-LKV003';
    const moved = await browser.request(screen, { intent: 'change-status', status: 'SUBMITTED', comments: 'Back to the start.' });
    expect(moved.location).toBeNull();
    expect(moved.status).toBe(403);
    expect(liveRegions(moved.body).join(' | ')).toContain('Action not allowed for your role');
    await stillSignedIn(browser, screen);
  });
});

describe('a move that lost a race says so (issue 41, moves and sessions 1)', () => {
  it('the second confirm of mark-as-gating-awaiting-consensus on GA-SMT002 shows the 409 message and the status now, in a live region', async () => {
    const screen = '/state/applications/review-application/GA-SMT002';
    const confirm = `${screen}?action=mark-as-gating-awaiting-consensus`;
    // The round as the issue walked it: GA-SMT002 in Gating Review.
    const { token } = await ui.api.signIn('state.admin@example.gov');
    expect((await ui.api.call('/api/v1/review/applications/GA-SMT002/mark-as-gating-review', { token, body: {} })).status).toBe(200);
    const [state, rsm] = await Promise.all([stateBrowser('state.admin@example.gov'), stateBrowser('rsm.admin@example.gov')]);
    // Both open the confirmation.
    expect((await state.request(confirm)).status).toBe(200);
    expect((await rsm.request(confirm)).status).toBe(200);
    // rsm.admin confirms first: moved, back to the page with the success toast.
    const first = await rsm.request(confirm, { intent: 'mark-as-gating-awaiting-consensus' });
    expect(first.status).toBe(302);
    // state.admin's confirm meets the new status.
    const second = await state.request(confirm, { intent: 'mark-as-gating-awaiting-consensus' });
    const page = second.status === 302 ? await state.request(second.location!) : second;
    expect(page.status).toBeLessThan(500);
    const live = liveRegions(page.body).join(' | ');
    expect(live).toContain('This application changed while you were looking at it.');
    expect(live).toContain('Gating Awaiting State Consensus');
  });
});

describe('the race in Chromium: two people confirm the same move, JavaScript on and off', () => {
  let chrome: Chromium;
  beforeAll(async () => {
    chrome = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
    });
  }, 120_000);
  afterAll(async () => {
    await chrome?.close();
  });

  const hydrated = whenHydrated;

  async function signedIn(js: boolean, email: string): Promise<Page> {
    const context = await chrome.newContext({ javaScriptEnabled: js, baseURL: ui.base });
    const page = await context.newPage();
    await signInThroughLogin(ui, page, js, email, 'state');
    return page;
  }

  // One application per mode, each put in Gating Review here (GA-SMT002 is the form-post test's above).
  for (const [js, id] of [[true, 'GA-LKV002'], [false, 'GA-LKV007']] as const) {
    it(`the second Confirm shows "This application changed…" and the status now in an alert, the page signed in (${js ? 'JavaScript on' : 'JavaScript off'})`, async () => {
      await ui.api.database.db.update(applications).set({ status: 'GATING_REVIEW' }).where(eq(applications.id, id));
      const confirm = `/state/applications/review-application/${id}?action=mark-as-gating-awaiting-consensus`;
      const [state, rsm] = [await signedIn(js, 'state.admin@example.gov'), await signedIn(js, 'rsm.admin@example.gov')];
      try {
        for (const page of [state, rsm]) {
          await page.goto(confirm);
          await hydrated(page, js);
          await page.getByRole('button', { name: 'Confirm' }).waitFor();
        }
        await rsm.getByRole('button', { name: 'Confirm' }).click();
        await rsm.waitForURL((url) => !url.search.includes('action='));
        await state.getByRole('button', { name: 'Confirm' }).click();
        // The page's own alert (the confirmation, no longer offered, is closed), once the page is read again.
        const alert = state.getByRole('alert').filter({ hasText: 'This application changed while you were looking at it.' }).filter({ hasText: 'It is now Gating Awaiting State Consensus.' });
        await alert.waitFor({ timeout: 15_000 });
        expect(await state.locator('#review-action').count()).toBe(0);
        // The header shows the status now too, and the person is still signed in on the review screen.
        expect(new URL(state.url()).pathname).toBe(`/state/applications/review-application/${id}`);
        await state.getByText('Gating Awaiting State Consensus').first().waitFor();
      } finally {
        await state.context().close();
        await rsm.context().close();
      }
    }, 120_000);
  }
});
