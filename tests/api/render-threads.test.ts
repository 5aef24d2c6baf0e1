// Render threads (server/render-threads.ts, decision 078), through the real portal app (Express, the embedded API,
// the Remix production build) with RENDER_THREADS=1: a page rendered on the thread is the same document as the same
// page rendered on the main thread (but for each response's own CSP nonce), a page with route errors stays on the
// main thread, and with the thread gone every page is still answered, on the main thread.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signedInBrowser, startUiPortal, type UiPortal } from './ui-portal';
import { renderThreadsOf } from '../../server/portal';
import type { Browser } from '../../scripts/bench-support';

let ui: UiPortal;
let browser: Browser;

beforeAll(async () => {
  ui = await startUiPortal({ RENDER_THREADS: '1' });
  browser = await signedInBrowser(ui, 'org.admin@example.org', 'Lakeview Fiber Cooperative');
}, 300_000);

afterAll(async () => {
  await ui?.close();
});

/** The document with its response's nonce taken out (every response has its own). */
function withoutNonce(html: string): string {
  const nonce = /nonce="([^"]+)"/.exec(html)?.[1];
  return nonce ? html.split(nonce).join('NONCE') : html;
}

const PAGES = [
  '/org/dashboard',
  '/org/applications',
  '/org/applications?status=SUBMITTED_ANY&page=1&size=5',
  '/org/applications?q=GA-&page=2&size=5&menu=collapsed',
  '/org/organization-profile',
  '/org/users',
  '/org/applications/bead-applcn/GA-LKV001',
  '/org/applications/view-history/GA-LKV001',
  '/org/messages',
];

it('renders pages on its thread, the same documents as the main thread writes, and falls back when the thread is gone', async () => {
  const threads = renderThreadsOf(ui.portal)!;
  expect(threads).toBeDefined();
  for (let i = 0; i < 300 && !threads.ready; i++) await new Promise((r) => setTimeout(r, 100));
  expect(threads.ready).toBe(true);

  const onThread = new Map<string, string>();
  for (const url of PAGES) {
    const before = threads.rendered;
    const res = await browser.request(url);
    expect(res.status, url).toBe(200);
    expect(threads.rendered, `${url} was rendered on the thread`).toBe(before + 1);
    onThread.set(url, withoutNonce(res.body));
  }

  // A page whose loader failed (an application that does not exist) keeps Remix's own error render, here.
  const before = threads.rendered;
  const missing = await browser.request('/org/applications/bead-applcn/GA-NOPE00');
  expect(missing.status).toBe(404);
  expect(threads.rendered).toBe(before);

  // Without the thread the same pages come from the main thread.
  await threads.close();
  expect(threads.ready).toBe(false);
  for (const url of PAGES) {
    const res = await browser.request(url);
    expect(res.status, url).toBe(200);
    expect(withoutNonce(res.body), url).toBe(onThread.get(url));
  }
});
