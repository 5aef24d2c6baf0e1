// The server document's scripts and head links written once for each shape of page (components/kept-markup.tsx,
// keepMarkup; decisions 072, 073), through Remix's real server runtime: a small app (root, a layout with an index, a
// page with a parameter and one whose loader fails into its boundary, each with links of its own; single fetch and
// lazy route discovery on, as the portal's remix.config.js) is served by the portal's entry steps with <Links> and
// <Scripts> in its root, and again with <PageLinks> and <PageScripts>. Every document must be the same bytes, each
// with its own nonce, the first time a shape of page is seen and every time after. The layout writes the shell's side
// menu (its plain nav, and the kept SideMenu), with items, page item and mode that change from page to page.
import { createElement as h, Fragment } from 'react';
import { Links, Meta, Outlet, RemixServer, Scripts, useLoaderData, useLocation } from '@remix-run/react';
import { createRequestHandler, type EntryContext, type ServerBuild } from '@remix-run/node';
import { manifestRoute, remixBuild } from '../support/remix-build';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readPageData, renderDocument } from '../../app/utils/render-document.server';
import { tidyDocument } from '../../app/utils/html-document.server';
import { keepMarkup, scriptsAfterFirstPaint } from '../../app/utils/scripts-after-paint.server';
import { PageLinks, PageScripts, RouteFailedContext } from '../../app/components/kept-markup';
import { NonceProvider, useNonce } from '../../app/utils/nonce';
import { SideMenu, SideMenuNav } from '../../app/components/shell';
import type { MenuEntry } from '../../domain/menu';

type HandleDocument = ServerBuild['entry']['module']['default'];

let nonces = 0;
/** The portal's entry steps (entry.server.tsx, without compression), with a new nonce for each page. */
const entry: HandleDocument = async (request, status, headers, context: EntryContext) => {
  const nonce = `N${String(++nonces).padStart(3, '0')}+Yq/=`;
  await readPageData(context, 5_000);
  const rendered = await renderDocument(
    () => h(NonceProvider, { value: nonce },
      h(RouteFailedContext.Provider, { value: Boolean(context.staticHandlerContext.errors) }, h(RemixServer, { context, url: request.url, nonce }))),
    { nonce, abortDelay: 5_000 },
  );
  headers.set('Content-Type', 'text/html; charset=utf-8');
  const html = keepMarkup(scriptsAfterFirstPaint(tidyDocument(rendered.html)), context.renderMeta, nonce);
  return new Response(`${nonce}\n${html}`, { status: rendered.failed ? 500 : status, headers });
};

function root(scripts: 'remix' | 'portal') {
  return function Root() {
    const { title } = useLoaderData<{ title: string }>();
    return h('html', { lang: 'en' },
      h('head', null, h('meta', { charSet: 'utf-8' }), h('title', null, title), h(Meta), scripts === 'remix' ? h(Links) : h(PageLinks)),
      h('body', null, h('main', null, h(Outlet)),
        h(Fragment, null, scripts === 'remix' ? h(ScriptsWithNonce) : h(PortalScripts))));
  };
}
// The nonce as root.tsx reads it.
function ScriptsWithNonce() {
  return h(Scripts, { nonce: useNonce() });
}
function PortalScripts() {
  return h(PageScripts, { nonce: useNonce() });
}

const MENU: MenuEntry[] = [
  { label: 'Dashboard', path: '/org', icon: 'dashboard' },
  { label: 'List', path: '/org/list', icon: 'applications' },
  { label: 'Users', path: '/org/users', icon: 'users' },
];

/** The layout: the side menu (the item pages show two items; `?menu=` sets the mode), then the page. */
function layout(scripts: 'remix' | 'portal') {
  return function Layout() {
    const { pathname, search } = useLocation();
    const menu = (new URLSearchParams(search).get('menu') ?? 'auto') as 'auto' | 'open' | 'collapsed';
    const items = pathname.startsWith('/org/item') ? MENU.slice(0, 2) : MENU;
    const selected = pathname.startsWith('/org/list') ? '/org/list' : '/org';
    return h(Fragment, null, h(scripts === 'remix' ? SideMenuNav : SideMenu, { items, selected, menu }), h(Outlet));
  };
}

const page = (text: string) => ({
  links: () => [{ rel: 'stylesheet', href: `/build/${text.toLowerCase()}.css` }, { rel: 'preload', href: '/fonts/a.woff2', as: 'font', crossOrigin: 'anonymous' }],
  loader: ({ params }: { params: Record<string, string | undefined> }) => ({ text, id: params.id ?? null }),
  default: function Page() {
    const { text, id } = useLoaderData<{ text: string; id: string | null }>();
    return h('p', null, `${text} ${id ?? ''}`);
  },
});

function app(scripts: 'remix' | 'portal') {
  const route = (id: string, parentId: string | undefined, path: string | undefined, index?: true) =>
    manifestRoute(id, parentId, path, { index, imports: [`/build/_shared/${id}-chunk.js`] });
  const manifest = {
    root: route('root', undefined, ''),
    'routes/org': route('routes/org', 'root', 'org'),
    'routes/org._index': route('routes/org._index', 'routes/org', undefined, true),
    'routes/org.list': route('routes/org.list', 'routes/org', 'list'),
    'routes/org.item.$id': route('routes/org.item.$id', 'routes/org', 'item/:id'),
    'routes/org.broken': route('routes/org.broken', 'routes/org', 'broken'),
  };
  const modules = {
    root: { default: root(scripts), loader: () => ({ title: 'Pages' }), links: () => [{ rel: 'icon', href: '/favicon.svg' }] },
    'routes/org': { default: layout(scripts), loader: () => ({ layout: true }), ErrorBoundary: () => h('p', null, 'The layout caught it'), links: () => [{ rel: 'stylesheet', href: '/build/org.css' }] },
    'routes/org._index': page('Dashboard'),
    'routes/org.list': page('List'),
    'routes/org.item.$id': page('Item'),
    'routes/org.broken': { ...page('Broken'), loader: () => { throw new Error('this page failed'); } },
  };
  return createRequestHandler(remixBuild(manifest, modules, { entry, entryImports: ['/build/_shared/react.js'] }), 'production');
}

const remixPages = app('remix');
const portalPages = app('portal');

/** A page as each app writes it, each with its own nonce; the nonce is put back as one word to compare them. */
async function both(path: string) {
  const [remix, portal] = await Promise.all([remixPages, portalPages].map(async (handle) => {
    const text = await (await handle(new Request(`http://portal.test${path}`))).text();
    const at = text.indexOf('\n');
    const nonce = text.slice(0, at);
    const html = text.slice(at + 1);
    return { nonce, html, same: html.split(nonce).join('NONCE') };
  }));
  return { remix: remix!, portal: portal! };
}

describe('<PageLinks>, <PageScripts> and the side menu with keepMarkup', () => {
  // Remix logs the failing page's error, as it should: not this test's output.
  const quiet = vi.spyOn(console, 'error');
  beforeAll(() => void quiet.mockImplementation(() => undefined));
  afterAll(() => quiet.mockRestore());

  it('writes what <Links> and <Scripts> write, the first time a shape of page is seen and every time after, each with its nonce', async () => {
    for (const path of [
      '/org/list', '/org/list', '/org/item/GA-1', '/org/item/GA-2', '/org/item/GA-1', '/org', '/org/list?page=2', '/org/broken', '/org/broken', '/org/list',
      '/org/list?menu=collapsed', '/org?menu=collapsed', '/org/list?menu=open', '/org/list?menu=collapsed', '/org/item/GA-5?menu=open', '/org/item/GA-5?menu=open',
    ]) {
      const { remix, portal } = await both(path);
      expect(portal.same, path).toBe(remix.same);
      // The page's own nonce on each script, never another page's.
      expect(portal.html.split(portal.nonce).length, path).toBe(remix.html.split(remix.nonce).length);
      expect(portal.html).not.toContain('data-portal-');
      expect(portal.html).not.toContain('\u0000');
    }
  });

  it('writes the scripts Remix would: the context, the boot script after the first paint, and the data', async () => {
    await both('/org/item/GA-3');
    const { portal } = await both('/org/item/GA-3');
    expect(portal.html).toContain(`<script nonce="${portal.nonce}">window.__remixContext = {"future":`);
    expect(portal.html).toContain('import * as route2 from \\"/build/routes/org.item.$id.js\\"');
    expect(portal.html).toContain(`n=${JSON.stringify(portal.nonce)}`);
    expect(portal.html).toContain('window.__remixContext.streamController.enqueue(');
    expect(portal.html).toContain('GA-3');
  });

  it("writes each page's own menu: its items, its page's item current, its mode", async () => {
    await both('/org/list?menu=collapsed');
    const { portal: list } = await both('/org/list?menu=collapsed');
    expect(list.html).toContain('data-menu="collapsed"');
    expect(list.html).toContain('<a aria-current="page" title="List" data-discover="true" href="/org/list">');
    expect(list.html).toContain('href="/org/users"');
    const { portal: item } = await both('/org/item/GA-6?menu=collapsed');
    expect(item.html).toContain('<a aria-current="page" title="Dashboard" data-discover="true" href="/org">');
    expect(item.html).not.toContain('href="/org/users"');
    expect(item.html).not.toContain('aria-current="page" title="List"');
  });

  it("writes each page's own links: the routes it matched, not a failed route's", async () => {
    const { portal: list } = await both('/org/list');
    expect(list.html).toContain('<link rel="icon" href="/favicon.svg"/><link rel="stylesheet" href="/build/org.css"/><link rel="stylesheet" href="/build/list.css"/>');
    const { portal: item } = await both('/org/item/GA-4');
    expect(item.html).toContain('href="/build/item.css"');
    expect(item.html).not.toContain('href="/build/list.css"');
    const { portal: broken } = await both('/org/broken');
    expect(broken.html).toContain('The layout caught it');
    expect(broken.html).not.toContain('href="/build/broken.css"');
  });
});
