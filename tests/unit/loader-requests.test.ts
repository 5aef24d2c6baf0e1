// A page read's loaders get the page's request itself where Remix's copies would be the same (server/loader-requests.ts,
// decision 064): the address a loader sees is the one Remix's own callRouteLoader gives it, for every kind of address;
// a GET whose copies would not change it is handed the request itself, anything else a copy as before; and a page
// served through Remix's real runtime is the same document with it.
import { createRequire } from 'node:module';
import { createElement as h } from 'react';
import { Outlet, Scripts, useLoaderData } from '@remix-run/react';
import { createRequestHandler } from '@remix-run/node';
import { describe, expect, it } from 'vitest';
import { addressUnchangedByCopies, shareLoaderRequests, sharingCallRouteLoader } from '../../server/loader-requests';
import { manifestRoute, remixBuild } from '../support/remix-build';

const require = createRequire(import.meta.url);
type CallRouteLoader = Parameters<typeof sharingCallRouteLoader>[0];
const remixData = require('@remix-run/server-runtime/dist/data.js') as { callRouteLoader: CallRouteLoader };
const responses = require('@remix-run/server-runtime/dist/responses.js') as Parameters<typeof sharingCallRouteLoader>[1];
const original = remixData.callRouteLoader;

const ADDRESSES = [
  'http://portal.test/org/applications',
  'http://portal.test/org/applications?page=2',
  'http://portal.test/org/applications?page=2&size=25&status=SUBMITTED_ANY&location=Alderbrook+County+-+North%2CCedarvale+County+-+Central',
  'http://portal.test/org/applications?q=GA%20LKV', // re-encoded by the copies (q=GA+LKV)
  'http://portal.test/org/applications?flag',
  'http://portal.test/org/applications?',
  'http://portal.test/org/applications?index',
  'http://portal.test/org/applications?index&page=2',
  'http://portal.test/org/applications?index=1&page=2',
  'http://portal.test/org/applications?_routes=root&page=2',
  'http://portal.test/org/applications?page=%E2%9C%93&x=a~b*c',
  'http://portal.test/org/applications#top',
];

/** What a loader is handed by this callRouteLoader for a request. */
async function handed(call: CallRouteLoader, request: Request) {
  let seen: Request | undefined;
  const result = await call({
    request, loadContext: { portal: true }, params: { id: '1' }, routeId: 'routes/x', singleFetch: true,
    loader: (args) => {
      seen = args.request;
      return { context: args.context, params: args.params };
    },
  });
  return { seen: seen!, result };
}

describe('a loader\'s request', () => {
  const sharing = sharingCallRouteLoader(original, responses);

  it('has the address Remix would give it, for every kind of address; the request itself where that is its own', async () => {
    for (const address of ADDRESSES) {
      const request = new Request(address, { headers: { cookie: 'a=1' } });
      const theirs = await handed(original, request);
      const ours = await handed(sharing, request);
      expect(ours.seen.url, address).toBe(theirs.seen.url);
      expect(ours.result).toEqual(theirs.result);
      expect(ours.seen.headers.get('cookie')).toBe('a=1');
      expect(ours.seen === request, address).toBe(theirs.seen.url === request.url && addressUnchangedByCopies(request.url));
    }
    expect(addressUnchangedByCopies(ADDRESSES[1]!)).toBe(true);
    expect(addressUnchangedByCopies(ADDRESSES[3]!)).toBe(false);
    expect(addressUnchangedByCopies(ADDRESSES[6]!)).toBe(false);
  });

  it('is a copy, as Remix makes it, for a write and without single fetch', async () => {
    const post = new Request(ADDRESSES[1]!, { method: 'POST', body: 'a=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect((await handed(sharing, post)).seen).not.toBe(post);
    const get = new Request(ADDRESSES[1]!);
    let seen: Request | undefined;
    await sharing({ request: get, loadContext: {}, params: {}, routeId: 'r', singleFetch: false, loader: (args) => ((seen = args.request), null) });
    expect(seen).not.toBe(get);
  });

  it('follows the page\'s abort signal', async () => {
    const page = new AbortController();
    const { seen } = await handed(sharing, new Request(ADDRESSES[1]!, { signal: page.signal }));
    page.abort();
    expect(seen.signal.aborted).toBe(true);
  });

  it('refuses a loader that returns nothing with Remix\'s words', async () => {
    const call = (fn: CallRouteLoader) => fn({ request: new Request(ADDRESSES[1]!), loadContext: {}, params: {}, routeId: 'routes/x', singleFetch: true, loader: () => undefined });
    const theirs = await call(original).catch((error: Error) => error.message);
    expect(await call(sharing).catch((error: Error) => error.message)).toBe(theirs);
    expect(theirs).toContain('routes/x');
  });
});

describe('a page served through Remix with loaders handed the request itself', () => {
  const seen: Record<string, Request[]> = {};
  const record = (id: string) => ({ request }: { request: Request }) => {
    (seen[id] ??= []).push(request);
    return { id, page: new URL(request.url).searchParams.get('page') ?? '1', q: new URL(request.url).searchParams.get('q') };
  };
  const modules = {
    root: { default: () => h('html', { lang: 'en' }, h('body', null, h(Outlet), h(Scripts))), loader: record('root') },
    'routes/org': { default: () => h('section', null, h(Outlet)), loader: record('routes/org') },
    'routes/org.applications': {
      default: function List() {
        const data = useLoaderData<{ page: string; q: string | null }>();
        return h('p', null, `Page ${data.page} ${data.q ?? ''}`);
      },
      loader: record('routes/org.applications'),
    },
  };
  const manifest = {
    root: manifestRoute('root', undefined, ''),
    'routes/org': manifestRoute('routes/org', 'root', 'org'),
    'routes/org.applications': manifestRoute('routes/org.applications', 'routes/org', 'applications'),
  };
  const build = remixBuild(manifest, modules);
  const handle = createRequestHandler(build, 'production');
  const serve = async (path: string) => {
    for (const key of Object.keys(seen)) delete seen[key];
    const response = await handle(new Request(`http://portal.test${path}`));
    const loaders = Object.values(seen).map((requests) => requests[0]!);
    return { status: response.status, html: await response.text(), urls: loaders.map((r) => r.url), shared: new Set(loaders).size === 1 };
  };

  it('is the same document, each loader seeing the same address; one request for all three where nothing is taken out', async () => {
    const paths = ['/org/applications?page=2', '/org/applications?q=GA%20LKV', '/org/applications?index&page=3', '/org/applications.data?page=4'];
    const before = [];
    for (const path of paths) before.push(await serve(path));
    expect(before.every((page) => !page.shared)).toBe(true);
    shareLoaderRequests();
    shareLoaderRequests(); // once per process, however often asked
    expect(remixData.callRouteLoader).not.toBe(original);
    const after = [];
    for (const path of paths) after.push(await serve(path));
    for (const [i, page] of after.entries()) {
      expect({ status: page.status, html: page.html, urls: page.urls }).toEqual({ status: before[i]!.status, html: before[i]!.html, urls: before[i]!.urls });
    }
    expect(before[0]!.html).toContain('Page 2');
    expect(before[1]!.html).toContain('Page 1 GA LKV');
    expect(after.map((page) => page.shared)).toEqual([true, false, false, true]);
  });
});
