// Valid HTML (issue 9 item 21): the server's HTML of every screen a person reaches, for each kind of account,
// checked with html-validate (.htmlvalidate.json; decision 025). Each account's screens are found by following
// the links of its pages from the dashboard (one page per path and set of query names), so a new screen or
// URL-state dialog is checked without being listed here. JS off only: it is the server's HTML either way.
// Every other JS-off journey validates the pages it opens too (fixtures.ts), forms with errors included.
import { test, expect, ACCOUNTS, signIn, validateHtml } from './fixtures';
import type { APIRequestContext } from '@playwright/test';

test.skip(({ javaScriptEnabled }) => javaScriptEnabled !== false, 'the server HTML is the same with JS on');

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
    if (!(res.headers()['content-type'] ?? '').includes('text/html')) continue;
    const html = await res.text();
    failures.push(...(await validateHtml(html, url.pathname + url.search)));
    for (const m of html.matchAll(/<a\b[^>]*?\bhref="([^"#]*)(?:#[^"]*)?"/g)) {
      const href = m[1]!.replace(/&amp;/g, '&');
      if (!href) continue;
      const next = new URL(href, url);
      if (next.origin !== url.origin || NEVER.test(next.pathname) || new Set(next.searchParams.keys()).size > MAX_QUERY_NAMES) continue;
      queue.push(next.pathname + next.search);
    }
  }
  expect(failures, `html-validate errors on ${seen.size} screens`).toEqual([]);
  return [...seen];
}

test('signed-out screens are valid HTML', async ({ page, baseURL }) => {
  const screens = await crawl(page.request, baseURL!, [
    '/', '/org/login', '/org/login?step=code&email=org.admin%40example.org', '/state/login', '/org/sign-up', '/pagenotfound', '/unauthorized',
    '/no-such-page',
  ]);
  expect(screens.length).toBeGreaterThanOrEqual(6);
});

const ROLES: [name: string, email: string, start: string[]][] = [
  ['organization admin', ACCOUNTS.orgAdmin, ['/org/dashboard', '/org/select-organization', '/org/applications?new=1', '/org/applications/bead-applcn/GA-LKV001']],
  ['organization staff', ACCOUNTS.orgStaff, ['/org/dashboard']],
  ['state admin', ACCOUNTS.stateAdmin, ['/state/dashboard']],
  ['RSM reviewer', ACCOUNTS.rsmReviewer, ['/state/dashboard']],
];

for (const [name, email, start] of ROLES) {
  test(`every screen of the ${name} is valid HTML`, async ({ page, baseURL }) => {
    test.setTimeout(180_000);
    await signIn(page, email);
    const screens = await crawl(page.request, baseURL!, start);
    expect(screens.length).toBeGreaterThanOrEqual(3);
  });
}
