// Render threads (server/render-threads.ts, decision 078) on a stand-in build (tests/support/render-thread-build.mjs):
// a job reaches the thread with the request's part of the page (URL, nonce, loader data, the page's data text) and
// its answer comes back; a page with route errors or data a thread cannot be sent is not sent; a thread that stops is
// not waited for (its page is given back to the main thread) and is started again; a build that cannot be loaded
// leaves every page to the main thread.
import { afterEach, describe, expect, it } from 'vitest';
import type { EntryContext } from '@remix-run/node';
import { RenderThreads } from '../../server/render-threads';
import { withPageData } from '../../server/page-data';

const BUILD = new URL('../support/render-thread-build.mjs', import.meta.url).href;
const BROKEN = new URL('../support/render-thread-broken-build.mjs', import.meta.url).href;

/** A page's context as entry.server has it after readPageData. */
function page(loaderData: Record<string, unknown> = { root: { title: 'Applications' } }, errors: Record<string, unknown> | null = null): EntryContext {
  const context = {
    staticHandlerContext: {
      basename: '/', location: { pathname: '/org/applications', search: '', hash: '', state: null, key: 'default' },
      matches: [{ params: {}, pathname: '/', pathnameBase: '/', route: { id: 'root', path: '' } }],
      loaderData, actionData: null, errors, statusCode: 200, loaderHeaders: {}, actionHeaders: {}, activeDeferreds: null,
    },
    serverHandoffString: '{}',
    renderMeta: {},
  } as unknown as EntryContext;
  return withPageData(context, '[page data]');
}

async function until(check: () => boolean, ms = 30_000) {
  for (const end = Date.now() + ms; !check(); ) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

let threads: RenderThreads | undefined;
afterEach(async () => {
  await threads?.close();
  threads = undefined;
});

describe('render threads', () => {
  it('render a page on a thread from the request part of its context', async () => {
    threads = RenderThreads.start(BUILD, 1);
    expect(await threads.render(page(), 'http://portal/org/applications', 'abc'), 'not ready yet: the main thread renders').toBeNull();
    await until(() => threads!.ready);
    expect(await threads.render(page(), 'http://portal/org/applications', 'abc')).toEqual({
      html: '<p>http://portal/org/applications abc [page data] Applications</p>',
      failed: false,
    });
    expect(await threads.render(page(), 'http://portal/failed', 'n')).toMatchObject({ failed: true });
    expect(threads.rendered).toBe(2);
  });

  it('leave to the main thread a page with route errors, or with data a structured clone cannot copy', async () => {
    threads = RenderThreads.start(BUILD, 1);
    await until(() => threads!.ready);
    expect(await threads.render(page(undefined, { root: new Error('boom') }), 'http://portal/x', 'n')).toBeNull();
    expect(await threads.render(page({ root: { title: 'x', later: () => 1 } }), 'http://portal/x', 'n')).toBeNull();
    expect(threads.rendered).toBe(0);
    expect(await threads.render(page(), 'http://portal/x', 'n')).not.toBeNull();
  });

  it('give a page back when its thread stops, and start the thread again', async () => {
    const told: string[] = [];
    threads = RenderThreads.start(BUILD, 1, { log: (m) => told.push(m), restartMs: 200 });
    await until(() => threads!.ready);
    expect(await threads.render(page(), 'http://portal/crash', 'n')).toBeNull();
    expect(threads.ready).toBe(false);
    await until(() => threads!.ready);
    expect(await threads.render(page(), 'http://portal/again', 'n')).toMatchObject({ failed: false });
  });

  it('render nothing, and say so, when the build cannot be loaded', async () => {
    const told: string[] = [];
    threads = RenderThreads.start(BROKEN, 1, { log: (m) => told.push(m), restartMs: 200 });
    await until(() => told.length > 0);
    expect(told[0]).toMatch(/A render thread could not start \(no build here\)/);
    await new Promise((r) => setTimeout(r, 400));
    expect(threads.ready).toBe(false);
    expect(await threads.render(page(), 'http://portal/x', 'n')).toBeNull();
  });
});
