// Remix's route trees built once per build (server/route-trees.ts, decision 062): the remembering createServerRoutes
// and convertRoutesToDataRoutes give what the originals give, the same objects again for the same build, a new tree
// when a route module changes; and a page served through Remix's real runtime is the same document with them.
import { createRequire } from 'node:module';
import { createElement as h } from 'react';
import { Links, Meta, Outlet, Scripts, useLoaderData, useRouteError } from '@remix-run/react';
import { createRequestHandler } from '@remix-run/node';
import { UNSAFE_convertRoutesToDataRoutes as convertRoutesToDataRoutes } from '@remix-run/router';
import { UNSAFE_mapRouteProperties as mapRouteProperties } from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  rememberRouteTrees, rememberingConvertRoutes, rememberingCreateServerRoutes, rememberingEntryRouteModules, rememberingServerHandoffString,
} from '../../server/route-trees';
import { FUTURE, manifestRoute, remixBuild } from '../support/remix-build';

const require = createRequire(import.meta.url);
type CreateServerRoutes = Parameters<typeof rememberingCreateServerRoutes>[0];
const remixRoutes = require('@remix-run/react/dist/routes.js') as { createServerRoutes: CreateServerRoutes };
const originalCreateServerRoutes = remixRoutes.createServerRoutes;
const remixEntry = require('@remix-run/server-runtime/dist/entry.js') as { createEntryRouteModules: Parameters<typeof rememberingEntryRouteModules>[0] };
const originalEntryRouteModules = remixEntry.createEntryRouteModules;
const remixHandoff = require('@remix-run/server-runtime/dist/serverHandoff.js') as { createServerHandoffString: Parameters<typeof rememberingServerHandoffString>[0] };
const originalHandoffString = remixHandoff.createServerHandoffString;

function Root() {
  const { title } = useLoaderData<{ title: string }>();
  return h('html', { lang: 'en' },
    h('head', null, h('meta', { charSet: 'utf-8' }), h('title', null, title), h(Meta), h(Links)),
    h('body', null, h('main', null, h(Outlet)), h(Scripts)));
}

const modules = () => ({
  root: { default: Root, loader: () => ({ title: 'Applications' }) },
  'routes/org': { default: () => h('section', null, h('h1', null, 'Organization'), h(Outlet)) },
  'routes/org.applications': {
    default: function List() {
      const { rows } = useLoaderData<{ rows: string[] }>();
      return h('ul', null, rows.map((id) => h('li', { key: id }, id)));
    },
    ErrorBoundary: () => h('p', null, `Failed: ${String(useRouteError())}`),
    loader: ({ request }: { request: Request }) => ({ rows: [`GA-${new URL(request.url).searchParams.get('page') ?? '1'}01`, 'GA-<b>'] }),
  },
  'routes/help': { default: () => h('p', null, 'Help') },
});

function manifest() {
  const route = (id: string, parentId: string | undefined, path: string | undefined) =>
    manifestRoute(id, parentId, path, { hasLoader: id !== 'routes/org' && id !== 'routes/help', hasErrorBoundary: id === 'routes/org.applications' });
  return {
    root: route('root', undefined, ''),
    'routes/org': route('routes/org', 'root', 'org'),
    'routes/org.applications': route('routes/org.applications', 'routes/org', 'applications'),
    'routes/help': route('routes/help', 'root', 'help'),
  };
}

/** The shape of a route tree, for comparing two builds of it (functions and elements by their component's name). */
function shape(routes: object[]): unknown {
  return routes.map((route) => Object.fromEntries(Object.entries(route).map(([key, value]) => [
    key,
    key === 'children' && value ? shape(value as object[])
      : typeof value === 'function' ? `fn ${(value as { name: string }).name}`
        : value && typeof value === 'object' && 'type' in value ? `element ${String((value.type as { name?: string }).name ?? value.type)}` : value,
  ])));
}

describe('remembering createServerRoutes', () => {
  it('gives the same tree again for the same build, as the original builds it', () => {
    const remembering = rememberingCreateServerRoutes(originalCreateServerRoutes);
    const routeManifest = manifest();
    const routeModules = modules();
    const first = remembering(routeManifest, routeModules, FUTURE, false);
    expect(shape(first)).toEqual(shape(originalCreateServerRoutes(routeManifest, routeModules, FUTURE, false)));
    // A new modules object each request (Remix makes one per page), holding the same modules: the same tree.
    expect(remembering(routeManifest, { ...routeModules }, FUTURE, false)).toBe(first);
  });

  it('builds the tree again when a route module, the manifest, the future flags or the mode differ', () => {
    const remembering = rememberingCreateServerRoutes(originalCreateServerRoutes);
    const routeManifest = manifest();
    const routeModules = modules();
    const first = remembering(routeManifest, routeModules, FUTURE, false);
    const changed = { ...routeModules, 'routes/help': { default: function NewHelp() { return h('p', null, 'New help'); } } };
    const second = remembering(routeManifest, changed, FUTURE, false);
    expect(second).not.toBe(first);
    expect(JSON.stringify(shape(second))).toContain('NewHelp');
    const { 'routes/help': _help, ...fewer } = routeModules;
    expect(() => remembering(routeManifest, fewer as typeof routeModules, FUTURE, false)).toThrow(/No `routeModule`/);
    expect(remembering(manifest(), routeModules, FUTURE, false)).not.toBe(first);
    const third = remembering(routeManifest, routeModules, FUTURE, false);
    expect(remembering(routeManifest, routeModules, { ...FUTURE }, false)).not.toBe(third);
  });
});

describe('remembering convertRoutesToDataRoutes', () => {
  it('gives the same data routes again for the same tree, and the caller\'s manifest gives each by id as the original\'s does', () => {
    const remembering = rememberingConvertRoutes(convertRoutesToDataRoutes as never);
    const routes = originalCreateServerRoutes(manifest(), modules(), FUTURE, false);
    const expectedManifest: Record<string, object> = {};
    const expected = convertRoutesToDataRoutes(routes as never, mapRouteProperties, undefined, expectedManifest as never);
    const first: Record<string, object> = {};
    const dataRoutes = remembering(routes, mapRouteProperties, undefined, first);
    expect(shape(dataRoutes)).toEqual(shape(expected as object[]));
    const ids = Object.keys(expectedManifest);
    expect(ids.length).toBeGreaterThan(3);
    for (const id of ids) expect(shape([first[id]!])).toEqual(shape([expectedManifest[id]!]));
    expect(first['routes/nowhere']).toBeUndefined();
    const second: Record<string, object> = {};
    expect(remembering(routes, mapRouteProperties, undefined, second)).toBe(dataRoutes);
    for (const id of ids) expect(second[id]).toBe(first[id]);
    // Each entry of the manifest is the data route in the tree, as the original's are.
    expect(second['routes/org.applications']).toBe((dataRoutes[0] as { children: { children: object[] }[] }).children[0]!.children[0]);
    // Another tree: converted anew.
    const other = originalCreateServerRoutes(manifest(), modules(), FUTURE, false);
    expect(remembering(other, mapRouteProperties, undefined, {})).not.toBe(dataRoutes);
  });
});

describe("remembering a document's route modules and handoff text", () => {
  it('gives the same route modules again for the same build, new ones when a module changes', () => {
    const remembering = rememberingEntryRouteModules(originalEntryRouteModules);
    const moduleA = { default: () => null }, moduleB = { default: () => null };
    const routes: Record<string, { module: unknown }> = { root: { module: moduleA }, 'routes/x': { module: moduleB } };
    const first = remembering(routes);
    expect(first).toEqual(originalEntryRouteModules(routes));
    expect(remembering(routes)).toBe(first);
    routes['routes/x'] = { module: { default: () => null } };
    const changed = remembering(routes);
    expect(changed).not.toBe(first);
    expect(changed).toEqual(originalEntryRouteModules(routes));
    expect(remembering({ ...routes })).toEqual(changed);
  });

  it('writes the same handoff text, once for the same flags, afresh for anything of the request', () => {
    const remembering = rememberingServerHandoffString(originalHandoffString);
    const future = { v3_singleFetch: true, v3_fetcherPersist: true };
    const handoff = { basename: '/', criticalCss: undefined, future, isSpaMode: false };
    const text = remembering({ ...handoff });
    expect(text).toBe(originalHandoffString({ ...handoff }));
    expect(remembering({ ...handoff })).toBe(text);
    for (const other of [
      { ...handoff, isSpaMode: true }, { ...handoff, basename: '/portal' }, { ...handoff, future: { ...future } },
      { ...handoff, criticalCss: '.a{color:red}' }, { ...handoff, state: { loaderData: { root: { a: '</script>' } } } },
    ]) {
      expect(remembering(other)).toBe(originalHandoffString(other));
    }
    expect(remembering({ ...handoff })).toBe(text);
  });
});

describe('a page served through Remix with the trees remembered', () => {
  const build = remixBuild(manifest(), modules());
  const handle = createRequestHandler(build, 'production');
  const serve = async (path: string) => {
    const response = await handle(new Request(`http://portal.test${path}`));
    return { status: response.status, html: await response.text() };
  };

  it('is the same document, for each page and request, as without', async () => {
    const paths = ['/org/applications?page=2', '/org/applications?page=3', '/help', '/nowhere'];
    const before = [];
    for (const path of paths) before.push(await serve(path));
    rememberRouteTrees();
    rememberRouteTrees(); // once per process, however often asked
    for (let round = 0; round < 2; round++) {
      for (const [i, path] of paths.entries()) expect(await serve(path)).toEqual(before[i]);
    }
    expect(before[0]).toMatchObject({ status: 200 });
    expect(before[0]!.html).toContain('<li>GA-201</li><li>GA-&lt;b&gt;</li>');
    expect(before[1]!.html).toContain('<li>GA-301</li>');
    expect(before[2]!.html).toContain('<p>Help</p>');
    expect(before[3]!.status).toBe(404);
    // The tree a render asks for is now built once: the same object for every request.
    const given = remixRoutes.createServerRoutes;
    expect(given).not.toBe(originalCreateServerRoutes);
    expect(remixEntry.createEntryRouteModules).not.toBe(originalEntryRouteModules);
    expect(remixHandoff.createServerHandoffString).not.toBe(originalHandoffString);
    const routeModules = Object.fromEntries(Object.entries(build.routes).map(([id, route]) => [id, route.module]));
    expect(given(build.assets.routes, routeModules, FUTURE, false)).toBe(given(build.assets.routes, { ...routeModules }, FUTURE, false));
  });
});
