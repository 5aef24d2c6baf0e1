// Motion (docs/decisions/014): framer-motion is not in a page's first load but arrives after hydration; a toast
// fades in when motion may run, and appears at once under prefers-reduced-motion. Without JS there is no motion.
import fs from 'node:fs';
import path from 'node:path';
import { test, expect, jsEnabled, ready } from './fixtures';

/** The build's chunk that holds framer-motion (the dynamic import of app/components/motion-kit.tsx). */
function motionChunk(): string {
  const metafile = JSON.parse(fs.readFileSync(path.resolve('build/metafile.js.json'), 'utf8')) as { outputs: Record<string, { inputs: Record<string, unknown> }> };
  const entry = Object.entries(metafile.outputs).find(([, o]) => Object.keys(o.inputs).some((i) => i.endsWith('app/components/motion-kit.tsx')));
  expect(entry, 'a motion chunk in the build').toBeTruthy();
  expect(Object.keys(entry![1].inputs).some((i) => i.includes('node_modules/framer-motion/')), 'framer-motion is in that chunk').toBe(true);
  return '/' + entry![0].replace(/^public\//, '');
}

test('framer-motion is not in the first load; it arrives after hydration, and never without JavaScript', async ({ page }) => {
  const chunk = motionChunk();
  const html = await (await page.request.get('/org/sign-up')).text();
  const firstLoad = [...html.matchAll(/\/build\/[^"'\s)]+\.js/g)].map((m) => m[0]);
  expect(firstLoad.length).toBeGreaterThan(0);
  expect(firstLoad).not.toContain(chunk);
  // The route manifest (which names each route's imports) does not list it either.
  const manifest = firstLoad.find((u) => u.includes('/manifest-'));
  expect(manifest, `the route manifest among ${firstLoad.join(', ')}`).toBeTruthy();
  expect(await (await page.request.get(manifest!)).text()).not.toContain(chunk);
  const requested: string[] = [];
  page.on('request', (r) => requested.push(new URL(r.url()).pathname));
  await page.goto('/org/sign-up');
  await ready(page);
  if (jsEnabled(page)) {
    await expect.poll(() => requested, { timeout: 30_000 }).toContain(chunk);
    await expect(page.locator('html')).toHaveAttribute('data-motion', 'ready', { timeout: 30_000 });
  } else {
    // Without JavaScript the page loads whole (every request it makes is over) and asks for no motion at all.
    await page.waitForLoadState('networkidle');
    expect(requested).toContain('/org/sign-up');
    expect(requested).not.toContain(chunk);
    await expect(page.locator('html')).not.toHaveAttribute('data-motion', /.*/);
  }
});

test('motion arriving after hydration keeps what a person has typed (the page is not remounted)', async ({ page }) => {
  test.skip(!jsEnabled(page), 'no motion without JavaScript');
  await page.goto('/org/login');
  await ready(page);
  await page.getByLabel('Email').fill('typed.before.motion@example.org');
  await expect(page.locator('html')).toHaveAttribute('data-motion', 'ready');
  await expect(page.getByLabel('Email')).toHaveValue('typed.before.motion@example.org');
});

/** Signs up a new organization; returns the toast's opacity at the moment it was inserted. */
async function toastOpacityOnArrival(page: import('@playwright/test').Page) {
  await page.goto('/org/sign-up');
  await ready(page);
  await expect(page.locator('html')).toHaveAttribute('data-motion', 'ready');
  await page.evaluate(() => {
    const w = window as unknown as { toastOpacity?: string };
    new MutationObserver((records, observer) => {
      for (const r of records)
        for (const n of r.addedNodes)
          if (n instanceof HTMLElement && n.dataset.testid === 'toast') {
            w.toastOpacity = getComputedStyle(n).opacity;
            observer.disconnect();
          }
    }).observe(document.body, { childList: true, subtree: true });
  });
  await page.getByLabel('Organization legal name').fill('Motion Test Networks');
  await page.getByLabel('First Name').fill('Mo');
  await page.getByLabel('Last Name').fill('Tion');
  await page.getByLabel('Email').fill(`motion.${test.info().project.name}.${Date.now()}@example.org`);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByTestId('toast')).toContainText('Signed up successfully');
  await expect(page.getByTestId('toast')).toHaveCSS('opacity', '1');
  return page.evaluate(() => (window as unknown as { toastOpacity?: string }).toastOpacity);
}

test('a toast fades in when motion may run', async ({ page }) => {
  test.skip(!jsEnabled(page), 'no motion without JavaScript');
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  expect(Number(await toastOpacityOnArrival(page))).toBeLessThan(1);
});

test('under prefers-reduced-motion nothing animates: the toast is there at once', async ({ page }) => {
  test.skip(!jsEnabled(page), 'no motion without JavaScript');
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await toastOpacityOnArrival(page)).toBe('1');
  expect(await page.evaluate(() => document.getAnimations().length)).toBe(0);
});
