// Valid HTML (issue 9 item 21): the server's HTML of every screen a person reaches, for each kind of account,
// checked with html-validate (.htmlvalidate.json; decision 025). Each account's screens are found by following
// the links of its pages from the dashboard (one page per path and set of query names), so a new screen or
// URL-state dialog is checked without being listed here. JS off only: it is the server's HTML either way.
// Every other JS-off journey validates the pages it opens too (fixtures.ts), forms with errors included.
// With JS on, one test checks what only script adds: every form in the hydrated pages has a submit button.
import { test, expect, ACCOUNTS, signIn, validateHtml, ready } from './fixtures';
import type { APIRequestContext, Page } from '@playwright/test';

const serverHtmlOnly = (javaScriptEnabled: boolean | undefined) => javaScriptEnabled !== false;

/**
 * A screen's identity: its path (a status in it stands for all) and the names of its query parameters, not their
 * values, but for `step` (each section of the form is its own screen).
 */
function screenOf(url: URL): string {
  const names = [...new Set([...url.searchParams.keys()])].sort().map((n) => (n === 'step' ? `step=${url.searchParams.get(n)}` : n));
  return `${url.pathname.replace(/\/[A-Z][A-Z_]+$/, '/:status')}?${names.join('&')}`;
}

/** Links that stack a third URL-state parameter (a dialog over a filter over a page) add nothing new to check. */
const MAX_QUERY_NAMES = 2;

const NEVER = /^\/(?:logout|resources\/|api\/|build\/|fonts\/|healthz)/;

/**
 * The screens that answer an error status on purpose: the not-found screens 404 (what is not there, as DESIGN 5 answers
 * what may not be seen) and /unauthorized 403 (spec 2's route guard sends a user of the other role type there). Every
 * other screen the crawl reaches must answer 200 (or redirect): an error page is valid HTML too, and must not pass for
 * a screen.
 */
const ERROR_SCREENS: Record<string, number> = { '/pagenotfound': 404, '/no-such-page': 404, '/unauthorized': 403 };

/** Follows same-origin links from `start`, validating each new screen's HTML; answers the screens seen. */
async function crawl(request: APIRequestContext, base: string, start: string[], limit = 150): Promise<string[]> {
  const queue = [...start];
  const seen = new Set<string>();
  const failures: string[] = [];
  while (queue.length > 0 && seen.size < limit) {
    const path = queue.shift()!;
    const url = new URL(path, base);
    const screen = screenOf(url);
    if (seen.has(screen)) continue;
    seen.add(screen);
    const res = await request.get(url.href, { maxRedirects: 0 });
    if (res.status() >= 300 && res.status() < 400) {
      const to = res.headers().location;
      if (to) queue.push(new URL(to, url).pathname + new URL(to, url).search);
      continue;
    }
    const expected = ERROR_SCREENS[url.pathname] ?? 200;
    if (res.status() !== expected) failures.push(`${url.pathname}${url.search}: HTTP ${res.status()}, expected ${expected}`);
    if (!(res.headers()['content-type'] ?? '').includes('text/html')) {
      failures.push(`${url.pathname}${url.search}: ${res.headers()['content-type'] ?? 'no content type'}, not a screen's HTML`);
      continue;
    }
    const html = await res.text();
    failures.push(...(await validateHtml(html, url.pathname + url.search)));
    for (const m of html.matchAll(/<a\b([^>]*?)\bhref="([^"#]*)(?:#[^"]*)?"([^>]*)>/g)) {
      const href = m[2]!.replace(/&amp;/g, '&');
      // A download (the exports, a PDF, a ZIP: marked `download`) is a file, not a screen: not fetched.
      if (!href || /\sdownload(?:[\s=>]|$)/.test(` ${m[1]} ${m[3]}`)) continue;
      const next = new URL(href, url);
      if (next.origin !== url.origin || NEVER.test(next.pathname) || new Set(next.searchParams.keys()).size > MAX_QUERY_NAMES) continue;
      queue.push(next.pathname + next.search);
    }
  }
  expect(failures, `HTTP statuses and html-validate errors on ${seen.size} screens`).toEqual([]);
  return [...seen];
}

test('signed-out screens are valid HTML', async ({ page, baseURL, javaScriptEnabled }) => {
  test.skip(serverHtmlOnly(javaScriptEnabled), 'the server HTML is the same with JS on');
  const screens = await crawl(page.request, baseURL!, [
    '/', '/org/login', '/org/login?step=code&email=org.admin%40example.org', '/state/login', '/org/sign-up', '/pagenotfound', '/unauthorized',
    '/no-such-page',
  ]);
  // The eight start pages, each its own screen.
  expect(screens.length).toBeGreaterThanOrEqual(8);
});

const ROLES: [name: string, email: string, start: string[]][] = [
  ['organization admin', ACCOUNTS.orgAdmin, ['/org/dashboard', '/org/admin-dashboard', '/org/select-organization', '/org/applications?new=1', '/org/applications/bead-applcn/GA-LKV001']],
  ['organization staff', ACCOUNTS.orgStaff, ['/org/dashboard']],
  ['state admin', ACCOUNTS.stateAdmin, ['/state/dashboard']],
  ['RSM reviewer', ACCOUNTS.rsmReviewer, ['/state/dashboard']],
];

for (const [name, email, start] of ROLES) {
  test(`every screen of the ${name} is valid HTML`, async ({ page, baseURL, javaScriptEnabled }) => {
    test.skip(serverHtmlOnly(javaScriptEnabled), 'the server HTML is the same with JS on');
    test.setTimeout(180_000);
    await signIn(page, email);
    const screens = await crawl(page.request, baseURL!, start);
    expect(screens.length).toBeGreaterThanOrEqual(3);
  });
}

/** wcag/h32 (a form needs a submit button) on the page as script left it: the forms only script renders included. */
async function formsWithoutSubmit(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  await ready(page);
  // The idle watcher (a lazily loaded form of its own) is in place on every signed-in page.
  if (!/\/login|select-organization/.test(path)) await expect(page.locator('html')).toHaveAttribute('data-idle-watch', 'on');
  const errors = await validateHtml(await page.content(), `${path} (hydrated)`);
  // A document html-validate could not parse would hide the rule: that fails too.
  return errors.filter((line) => / (wcag\/h32|parser-error):/.test(line));
}

test('with JavaScript, every form of the hydrated pages has a submit button (wcag/h32)', async ({ page, javaScriptEnabled }) => {
  test.skip(javaScriptEnabled === false, 'the server HTML is checked by the tests above');
  test.setTimeout(120_000);
  const failures: string[] = [];
  failures.push(...(await formsWithoutSubmit(page, '/org/login')));
  await signIn(page, ACCOUNTS.orgAdmin);
  await page.goto('/org/applications?status=DRAFT');
  const draft = (await page.getByRole('link', { name: /^Delete GA-/ }).first().getAttribute('aria-label'))!.replace('Delete ', '');
  for (const path of [
    '/org/dashboard', '/org/admin-dashboard', '/org/select-organization', '/org/applications', '/org/applications?filters=open', '/org/applications?new=1',
    `/org/applications?delete=${draft}`, `/org/applications/bead-applcn/${draft}`, '/org/applications/bead-applcn/GA-LKV001',
    '/org/organization-profile', '/org/history',
  ]) failures.push(...(await formsWithoutSubmit(page, path)));
  await page.context().clearCookies();
  await signIn(page, ACCOUNTS.stateAdmin);
  for (const path of [
    '/state/dashboard', '/state/applications', '/state/applications/review-application/GA-LKV002?action=mark-as-gating-review',
    '/state/history?filters=open',
  ]) failures.push(...(await formsWithoutSubmit(page, path)));
  expect(failures).toEqual([]);
});
