// A small Remix server build for tests that serve pages through Remix's real runtime (createRequestHandler): the
// route manifest and modules a test gives, an entry that renders <RemixServer> to one string, the portal's future flags.
import { createElement as h } from 'react';
import { renderToString } from 'react-dom/server';
import { RemixServer } from '@remix-run/react';
import type { EntryContext, ServerBuild } from '@remix-run/node';

export const FUTURE = { v3_fetcherPersist: true, v3_relativeSplatPath: true, v3_throwAbortReason: true, v3_singleFetch: true, v3_lazyRouteDiscovery: true, v3_routeConfig: false, unstable_optimizeDeps: false };

/** A manifest entry for route `id` (no action, no client loader or action). */
export function manifestRoute(
  id: string,
  parentId: string | undefined,
  path: string | undefined,
  opts: { index?: boolean; hasLoader?: boolean; hasErrorBoundary?: boolean; imports?: string[] } = {},
) {
  return {
    id, parentId, path, index: opts.index, caseSensitive: undefined, hasAction: false, hasLoader: opts.hasLoader ?? true,
    hasClientAction: false, hasClientLoader: false, hasErrorBoundary: opts.hasErrorBoundary ?? false, module: `/build/${id}.js`,
    imports: opts.imports ?? [],
  };
}

type HandleDocument = ServerBuild['entry']['module']['default'];

/** The default entry: <RemixServer> rendered to one string. */
const toString: HandleDocument = (request, status, headers, context: EntryContext) => {
  headers.set('Content-Type', 'text/html; charset=utf-8');
  return new Response(`<!DOCTYPE html>${renderToString(h(RemixServer, { context, url: request.url }))}`, { status, headers });
};

/**
 * The build of these routes (manifest by id) and their modules (by the same ids), rendered by `entry` (by default
 * <RemixServer> to one string); `entryImports`, the client entry's shared chunks.
 */
export function remixBuild(
  manifest: Record<string, object>,
  modules: Record<string, object>,
  { entry = toString, entryImports = [] }: { entry?: HandleDocument; entryImports?: string[] } = {},
): ServerBuild {
  return {
    mode: 'production',
    entry: { module: { default: entry } },
    routes: Object.fromEntries(Object.entries(manifest).map(([id, route]) => [id, { ...route, module: modules[id] }])),
    assets: { entry: { module: '/build/entry.client.js', imports: entryImports }, routes: manifest, url: '/build/manifest.js', version: 'test' },
    publicPath: '/build/',
    assetsBuildDirectory: 'public/build',
    future: FUTURE,
    isSpaMode: false,
  } as unknown as ServerBuild;
}
