// Shared journey helpers: sign in through the real form and the dev outbox, axe scans, console errors.
import path from 'node:path';
import { test as base, expect, type APIRequestContext, type Browser, type Download, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { FileSystemConfigLoader, HtmlValidate } from 'html-validate';

export const ACCOUNTS = {
  orgAdmin: 'org.admin@example.org',
  orgStaff: 'org.staff@example.org',
  summitAdmin: 'summit.admin@example.org',
  stateAdmin: 'state.admin@example.gov',
  stateReviewer: 'state.reviewer@example.gov',
  ctcAdmin: 'ctc.admin@example.gov',
  ctcReviewer: 'ctc.reviewer@example.gov',
  rsmAdmin: 'rsm.admin@example.gov',
  rsmReviewer: 'rsm.reviewer@example.gov',
  rsmFinancial: 'rsm.financial@example.gov',
} as const;

const htmlValidate = new HtmlValidate(new FileSystemConfigLoader());

/**
 * html-validate's errors for a page's HTML (rules in .htmlvalidate.json, decision 025), one line each. Rules set
 * to "warn" (known, owned, not yet fixed: decision 025) are added to the test's annotations, not failed.
 */
export async function validateHtml(html: string, where: string): Promise<string[]> {
  // The file name only picks the config: .htmlvalidate.json at the repository root.
  const report = await htmlValidate.validateString(html, path.resolve('page.html'));
  const line = (m: (typeof report.results)[number]['messages'][number]) =>
    `${where} ${m.line}:${m.column} ${m.ruleId}: ${m.message}${m.selector ? ` (${m.selector})` : ''}`;
  const messages = report.results.flatMap((r) => r.messages);
  const annotations = test.info().annotations;
  for (const m of messages.filter((x) => x.severity < 2)) {
    if (!annotations.some((a) => a.type === `html-validate ${m.ruleId}`)) annotations.push({ type: `html-validate ${m.ruleId}`, description: line(m) });
  }
  return messages.filter((m) => m.severity >= 2).map(line);
}

/** Pages of tests that turned JavaScript off themselves (`test.use({ javaScriptEnabled: false })` in a JS-on project). */
const scriptless = new WeakSet<Page>();

export const test = base.extend<{ consoleErrors: string[]; validHtml: void; scriptSetting: void; neverHydrated: void }>({
  // The test's own JavaScript setting, not only its project's: jsEnabled (ready, scan) reads it.
  scriptSetting: [
    async ({ page, javaScriptEnabled }, use) => {
      if (javaScriptEnabled === false) scriptless.add(page);
      await use();
    },
    { auto: true },
  ],

  // With JavaScript off, the browser shows exactly the server's HTML: every page a journey opens (a form
  // with its errors too) is validated, and the test fails on the first invalid one (issue 9 item 21).
  validHtml: [
    async ({ page, javaScriptEnabled }, use) => {
      if (javaScriptEnabled !== false) {
        await use();
        return;
      }
      const pending: Promise<string[]>[] = [];
      page.on('response', (res) => {
        if (res.request().resourceType() !== 'document' || !(res.headers()['content-type'] ?? '').includes('text/html')) return;
        // The browser's own pages (its PDF viewer, chrome-extension://…/index.html, in a preview frame) are not the portal's.
        if (!/^https?:/.test(res.url())) return;
        const where = new URL(res.url()).pathname + new URL(res.url()).search;
        pending.push(res.text().then((html) => validateHtml(html, where), () => []));
      });
      await use();
      const errors = (await Promise.all(pending)).flat();
      expect(errors, 'html-validate errors in the server HTML').toEqual([]);
    },
    { auto: true },
  ],

  // A JavaScript-off journey (the js-off project, or a test that turned JavaScript off) passes on the server's HTML
  // alone: its page never hydrated (decision 094). The root marks <html data-hydrated="true"> once React has taken the
  // document (app/root.tsx); read from the DOM, which needs no script.
  neverHydrated: [
    async ({ page, javaScriptEnabled }, use) => {
      await use();
      const declaredOff = javaScriptEnabled === false || test.info().project.name === 'js-off';
      if (!declaredOff || page.isClosed() || !/^https?:/.test(page.url())) return;
      expect(await page.locator('html').getAttribute('data-hydrated'), `a JavaScript-off page hydrated: ${page.url()}`).toBeNull();
    },
    { auto: true },
  ],

  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        // Not errors: a 4xx the page handles, and a navigation the router aborted because a newer one (a click
        // while the last save's revalidation was loading) replaced it: React Router's single fetch logs that abort
        // (remix-run/react-router#14761), and the person simply lands on the page they clicked.
        // The same for a fetcher's load (a background read such as the unread badge's) that a navigation or a form's
        // submission interrupted (React Router aborts loads in flight then, and reads again after): Remix logs the abort
        // of a body still arriving (single-fetch.js), though nothing failed.
        const interrupted = /^AbortError: signal is aborted without reason\n\s+at \S+ \(.*\n\s+at Object\.\S+ \[as (navigate|fetch)\]/.test(msg.text());
        // Nor the browser's own report of a request made while a test had put it offline (context.setOffline).
        const offline = /net::ERR_INTERNET_DISCONNECTED/.test(msg.text());
        if (msg.type() === 'error' && !/status of 4\d\d/.test(msg.text()) && !interrupted && !offline) errors.push(msg.text());
      });
      page.on('pageerror', (err) => errors.push(err.message));
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

export function jsEnabled(page: Page): boolean {
  return !scriptless.has(page) && test.info().project.use.javaScriptEnabled !== false;
}

/** With JavaScript on, interact only once React has hydrated. */
export async function ready(page: Page) {
  if (!jsEnabled(page)) return;
  await page.waitForFunction(
    () => (window as any).__remixRouter?.state?.initialized === true && document.documentElement.dataset.hydrated === 'true',
  );
}

/**
 * Presses a section form's Save and waits for that save's own answer, then its toast. A toast seen at once could be
 * the last save's, still showing; and with JavaScript a Save pressed while an autosave is in flight is sent only once
 * that autosave has answered (decision 100), so a test that moved on at the old toast would leave before it is sent.
 */
export async function saveSectionForm(page: Page) {
  await ready(page);
  const answered = page.waitForResponse((res) => res.request().method() === 'POST' && /^\/org\/[^/]+\/bead-applcn\//.test(new URL(res.url()).pathname));
  await page.getByRole('button', { name: 'Save', exact: true }).first().click();
  await answered;
  await expect(page.getByTestId('toast').filter({ hasText: 'Section saved successfully' }).last()).toBeVisible();
}

/**
 * The page a JavaScript-off page's HTML is scanned in: one per browser (a worker's), made at its first scan and used
 * for every later one, with JavaScript on, on the portal's origin (the page's styles and fonts load as they do for
 * the page itself). A context and a page a scan would cost a second or more on a 2-core machine (decision 065).
 */
const scratchPages = new WeakMap<Browser, Promise<Page>>();
function scratchPage(page: Page): Promise<Page> {
  const browser = page.context().browser()!;
  let scratch = scratchPages.get(browser);
  if (!scratch) {
    scratch = (async () => {
      const context = await browser.newContext({ javaScriptEnabled: true });
      const target = await context.newPage();
      await target.goto(new URL('/healthz', page.url()).href);
      return target;
    })();
    scratchPages.set(browser, scratch);
  }
  return scratch;
}

/**
 * The WCAG 2.1 A and AA rules, run by axe.run in the page itself (legacy mode: axe's own frame messaging reaches
 * same-origin frames), every violation with all its nodes, other results with one node each (resultTypes). The
 * library's default runs axe.runPartial in each frame, then opens a blank page to inject axe again and finish the
 * run there: three times the cost for the same violations (decision 065).
 */
const axeFor = (page: Page) =>
  new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).setLegacyMode(true);

/**
 * axe-core needs timers, which do not run with JavaScript disabled: then the page's server-rendered
 * HTML (scripts removed) is scanned in a scratch page of the same origin, with the same styles and viewport.
 */
export async function scan(page: Page) {
  let target = page;
  const scripted = jsEnabled(page);
  // A toast or a chip fading in or out (framer-motion animates opacity with the Web Animations API) has its colours
  // blended with the page for a moment: axe would measure that moment's contrast. Running animations are let end
  // first (at most 3 s; an endless one is left alone).
  // And with JavaScript, a submission or its revalidation in flight is let end first (at most 10 s): a Save button
  // disabled while its form is sent is skipped by axe, then fades back in while axe is still reading the page.
  const routerIdle = () =>
    page
      .waitForFunction(() => {
        const state = (window as any).__remixRouter?.state;
        return !state || (state.navigation.state === 'idle' && state.revalidation === 'idle');
      }, null, { timeout: 10_000 })
      .catch(() => undefined);
  const settle = () =>
    target.evaluate(async () => {
      // What React has yet to commit (a button enabled again starts its fade only then): two frames.
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      const deadline = Date.now() + 3000;
      const running = () => document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity);
      while (running().length > 0 && Date.now() < deadline) {
        await Promise.race([Promise.all(running().map((a) => a.finished.catch(() => undefined))), new Promise((resolve) => setTimeout(resolve, 250))]);
      }
    });
  if (!scripted) {
    const html = (await page.content()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '');
    target = await scratchPage(page);
    const viewport = page.viewportSize();
    if (viewport) await target.setViewportSize(viewport);
    await target.setContent(html, { waitUntil: 'load' });
  }
  const analyze = async () => {
    if (scripted) await routerIdle();
    await settle();
    const results = await axeFor(target).analyze();
    return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  };
  // One reading, after the running animations ended (settle): axe is not run again until a violation goes away
  // (decision 094), so a violation that shows for a moment fails as a lasting one does.
  const summary = await analyze();
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

/** A dialog by its name, a modal or an alert dialog (a confirmation) alike. */
export const dialog = (page: Page, name: string) => page.getByRole('dialog', { name }).or(page.getByRole('alertdialog', { name }));

/** Answers a confirmation dialog yes: its question is checked and the dialog scanned (axe, valid HTML) first. */
export async function confirmDialog(page: Page, title: string, question: string, yes: string) {
  const confirm = dialog(page, title);
  await expect(confirm).toContainText(question);
  await ready(page);
  await scan(page);
  await confirm.getByRole('button', { name: yes }).click();
}

/** A download's bytes, read from Playwright's stream (a PDF for pdftotext, an XLSX or ZIP to open in memory). */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** A bearer token for `email` through the API's own sign-in (the code from the development outbox): a test's setup through the API. */
export async function apiToken(page: Page, email: string): Promise<string> {
  // A new code replaces the last one: a test in the other project signing the same person in at the same moment
  // can make ours stale, so ask again (a few times, apart).
  for (let attempt = 1; ; attempt++) {
    const sentAt = Date.now();
    expect((await page.request.post('/api/v1/send-login-otp', { data: { email } })).ok()).toBe(true);
    const otp = await latestCode(page, email, sentAt);
    const res = await page.request.post('/api/v1/verify-otp', { data: { email, otp } });
    if (res.ok()) return ((await res.json()) as { token: string }).token;
    expect(attempt, await res.text()).toBeLessThan(4);
    await page.waitForTimeout(500 + Math.floor(Math.random() * 1500));
  }
}

/**
 * The newest sign-in code mailed to `email` since `after` (the development outbox). The outbox also holds the
 * account's notifications, which another worker's test may send at the same moment: only a message that carries a
 * code counts, so a notice newer than the code does not hide it.
 */
export async function latestCode(page: Page | { request: APIRequestContext }, email: string, after: number): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const res = await page.request.get(`/api/v1/dev/outbox?email=${encodeURIComponent(email)}`);
      const messages = (await res.json()) as { text: string; createdAt: string }[];
      code = messages
        .filter((m) => new Date(m.createdAt).getTime() >= after - 1000)
        .map((m) => /code is (\d{6})/.exec(m.text)?.[1])
        .find(Boolean);
      return code;
    })
    .toBeTruthy();
  return code!;
}

export async function requestCode(page: Page, email: string, portal: 'org' | 'state' = 'org') {
  await page.goto(`/${portal}/login`);
  await ready(page);
  const sentAt = Date.now();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page).toHaveURL(/step=code/);
  await expect(page.getByRole('heading', { level: 1, name: 'Enter your sign-in code' })).toBeVisible();
  return latestCode(page, email, sentAt);
}

/**
 * Asks for a code and enters it. Another worker may ask for a newer code for the same account at
 * the same moment (which retires this one): then it asks again, up to three times.
 */
export async function enterFreshCode(page: Page, email: string, portal: 'org' | 'state' = 'org') {
  for (let attempt = 1; attempt <= 3; attempt++) {
    const code = await requestCode(page, email, portal);
    await ready(page);
    await page.getByLabel('6-digit code').fill(code);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const left = await page
      .waitForURL((url) => !(url.pathname === `/${portal}/login` && url.search.includes('step=code')), { timeout: 5000 })
      .then(() => true)
      .catch(() => false);
    if (left) return;
  }
  throw new Error(`Could not sign in as ${email}`);
}

/**
 * Signs in through the real form's action: the two posts the form makes (email, then code from the outbox), sent by
 * the page's own request context, whose cookies are the browser's; then the page opens where the action sends it. A
 * journey's setup need not render and fill the two login screens again: sign-in.spec.ts does that, with JavaScript
 * on and off (decision 065). For a user of several organizations, picks `organization` on the real screen.
 */
export async function signIn(page: Page, email: string, opts: { portal?: 'org' | 'state'; organization?: string } = {}) {
  const portal = opts.portal ?? portalOf(email);
  const post = (form: Record<string, string>) => page.request.post(`/${portal}/login`, { form, maxRedirects: 0 });
  let next: string | undefined;
  // Another worker may ask for a newer code for the same account at the same moment (which retires this one): then
  // ask again, up to three times.
  for (let attempt = 1; attempt <= 3 && !next; attempt++) {
    const sentAt = Date.now();
    const sent = await post({ intent: 'send-code', email });
    expect(sent.status(), await sent.text()).toBe(302);
    const code = await latestCode(page, email, sentAt);
    const verified = await post({ intent: 'verify', code });
    const location = verified.headers()['location'];
    if (verified.status() === 302 && location && !location.includes('/login')) next = location;
  }
  if (!next) throw new Error(`Could not sign in as ${email}`);
  await page.goto(next);
  await landOnDashboard(page, opts.organization);
}

/** Signs in on the two login screens themselves, as a person does: sign-in.spec.ts signs every seed account in so. */
export async function signInThroughForm(page: Page, email: string, opts: { portal?: 'org' | 'state'; organization?: string } = {}) {
  await enterFreshCode(page, email, opts.portal ?? portalOf(email));
  await landOnDashboard(page, opts.organization);
}

/** The login a seed account uses: the state's (.gov addresses) or the organizations'. */
const portalOf = (email: string): 'org' | 'state' => (email.endsWith('.gov') ? 'state' : 'org');

/** After the code: a user of several organizations picks one (`organization`, Lakeview unless told), then the dashboard. */
async function landOnDashboard(page: Page, organization = 'Lakeview') {
  if (new URL(page.url()).pathname === '/org/select-organization') {
    await ready(page);
    const option = page.locator('#organizationId option', { hasText: organization });
    await page.getByLabel('Select an entity').selectOption((await option.getAttribute('value'))!);
    await page.getByRole('button', { name: 'Next' }).click();
  }
  await expect(page).toHaveURL(/\/(org|state)\/dashboard$/);
  await ready(page);
}

export async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Log Out' }).click();
  // Wait for the sign-out to land: a navigation started right after the click could still carry the session.
  await expect(page).toHaveURL(/\/(org|state)\/login/);
}

export async function menuLabels(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  return (await nav.getByRole('link').allInnerTexts()).map((t) => t.trim());
}

/** A fresh organization for one run (its counts untouched by other journeys), signed in as its admin. */
export async function signUpAndSignIn(page: Page, who: { prefix: string; legalName: string; firstName: string; lastName: string }) {
  const project = test.info().project.name;
  const email = `${who.prefix}.${project}.${Date.now()}@example.org`;
  const legalName = `${who.legalName} ${project}`;
  const signup = await page.request.post('/api/v1/organization/signup', {
    data: { legalName, firstName: who.firstName, lastName: who.lastName, email },
  });
  expect(signup.status()).toBe(201);
  await signIn(page, email);
  return { email, legalName };
}

/** New application through the dialog on /org/applications; answers its id once the form has opened. */
export async function createApplication(page: Page, opts: { areaOption?: number; technology?: string } = {}): Promise<{ id: string; area: string }> {
  await page.goto('/org/applications?new=1');
  await ready(page);
  const area = (await page.getByLabel('Project area').locator('option').nth(opts.areaOption ?? 1).getAttribute('value'))!;
  await page.getByLabel('Project area').selectOption(area);
  await page.getByLabel('Proposed Technology Type').selectOption(opts.technology ?? 'Fiber to the premises');
  await page.getByRole('button', { name: 'Create application' }).click();
  await expect(page).toHaveURL(/bead-applcn\/GA-/);
  return { id: new URL(page.url()).pathname.split('/').pop()!, area };
}
