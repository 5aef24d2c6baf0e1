// A data request the router cancelled is not an error on the page (decision 069). Remix's single fetch drops a promise
// that rejects when a newer click aborts a data response whose body is still arriving; Chromium then reports
// "signal is aborted without reason" twice as uncaught (session 19's clean-clone run saw it in state-bulk.spec.ts, a
// click on "Back to Applications" while the confirmation's revalidation loaded). The page marks an aborted request's
// rejection handled; any other unhandled rejection is still reported. JS on only: without JavaScript there is no
// router to cancel anything.
import { test, expect, ready } from './fixtures';

test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, 'without JavaScript no request is made by the page');

test('an aborted request that nobody awaited is not reported as a page error; any other rejection still is', async ({ page, consoleErrors }) => {
  await page.goto('/org/login');
  await ready(page);
  const reported: string[] = [];
  page.on('pageerror', (error) => reported.push(error.message));

  // As turbo-stream's dropped promises reject: a fetch's AbortError, nobody handling it.
  await page.evaluate(async () => {
    const controller = new AbortController();
    const aborted = fetch('/healthz', { signal: controller.signal });
    controller.abort();
    void aborted.then(() => undefined);
    void Promise.reject(new DOMException('signal is aborted without reason', 'AbortError'));
    await new Promise((resolve) => setTimeout(resolve, 50));
  });

  // A real failure nobody handled is still an error on the page.
  const failure = page.waitForEvent('pageerror');
  await page.evaluate(() => {
    void Promise.reject(new Error('a rejection that is not an abort'));
  });
  expect((await failure).message).toBe('a rejection that is not an abort');
  expect(reported).toEqual(['a rejection that is not an abort']);
  // The page error above was this test's own doing: the rest of the run's console must be clean.
  consoleErrors.splice(consoleErrors.indexOf('a rejection that is not an abort'), 1);
});
