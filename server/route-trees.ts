// Remix's route trees for a page's render, built once per build (issue 8, decision 062). For every page,
// `<RemixServer>` builds React Router's route tree from the build's route manifest and modules
// (`createServerRoutes`), and React Router's static router converts that tree to data routes, with a React element
// for each route (`convertRoutesToDataRoutes`). Both depend only on the build, not on the request: its manifest, its
// route modules (the same module objects for every request), its future flags. So the first tree is kept and given
// again while those are the same, and its data routes are kept with it. Route objects and their elements are not
// changed by a render (React elements are immutable values), so sharing them across requests is safe; the matches,
// loader data and location of each request stay its own.
//
// Both trees were rebuilt for every page: 0.1-0.15 ms of a list page's CPU, and, being alive while the page renders,
// a large part of what each young-generation collection copied and promoted. The remembered matches
// (server/route-matching.ts) then find the tree by identity instead of describing a new one.
import { replaceExport } from './replace-export';

type Modules = Record<string, unknown>;
type CreateServerRoutes = (manifest: object, routeModules: Modules, future: unknown, isSpaMode: boolean, ...more: unknown[]) => object[];
type ConvertRoutes = (routes: object[], mapRouteProperties: unknown, parentPath?: string[], manifest?: Record<string, object>) => object[];

/** createServerRoutes keeping its last tree, given again for the same manifest, route modules, future flags and mode. */
export function rememberingCreateServerRoutes(original: CreateServerRoutes): CreateServerRoutes {
  let last: { manifest: object; modules: Modules; given: Modules; count: number; future: unknown; isSpaMode: boolean; routes: object[] } | undefined;
  const sameModules = (kept: Modules, count: number, given: Modules) => {
    let seen = 0;
    for (const id in given) {
      if (kept[id] !== given[id]) return false;
      seen++;
    }
    return seen === count;
  };
  return (manifest, routeModules, future, isSpaMode, ...more) => {
    // A subtree (the parent id and the routes by parent that createServerRoutes passes itself) is built as before.
    if (more.some((arg) => arg !== undefined)) return original(manifest, routeModules, future, isSpaMode, ...more);
    if (last && last.manifest === manifest && last.future === future && last.isSpaMode === isSpaMode
      && (last.given === routeModules || sameModules(last.modules, last.count, routeModules))) {
      last.given = routeModules;
      return last.routes;
    }
    const routes = original(manifest, routeModules, future, isSpaMode);
    last = { manifest, modules: { ...routeModules }, given: routeModules, count: Object.keys(routeModules).length, future, isSpaMode, routes };
    return routes;
  };
}

/**
 * convertRoutesToDataRoutes keeping the data routes of its last tree (and the manifest it fills by id), given again
 * for the same tree and route mapping. The caller's manifest then gives each data route by its id, as the conversion
 * would have filled it: it reads them from the kept one (its prototype), rather than a copy of 50-odd routes made
 * for every page (React Router's only use of it per render is looking up the matched routes).
 */
export function rememberingConvertRoutes(original: ConvertRoutes): ConvertRoutes {
  let last: { routes: object[]; mapRouteProperties: unknown; dataRoutes: object[]; manifest: Record<string, object> } | undefined;
  return (routes, mapRouteProperties, parentPath, manifest) => {
    if (parentPath?.length || (manifest && Object.keys(manifest).length > 0)) return original(routes, mapRouteProperties, parentPath, manifest);
    if (!last || last.routes !== routes || last.mapRouteProperties !== mapRouteProperties) {
      const filled: Record<string, object> = {};
      last = { routes, mapRouteProperties, dataRoutes: original(routes, mapRouteProperties, undefined, filled), manifest: filled };
    }
    if (manifest) Object.setPrototypeOf(manifest, last.manifest);
    return last.dataRoutes;
  };
}

type EntryRouteModules = (routes: Record<string, { module: unknown }>) => Modules;
type ServerHandoffString = (handoff: { basename?: string; criticalCss?: string; future: object; isSpaMode: boolean; state?: unknown }) => string;

/**
 * Remix's route modules by id for a document (`createEntryRouteModules`), one object per build: made from the build's
 * routes on every page, and never changed by a render. Given again while the build's routes and each route's module
 * are the same; a build with a route or module changed (development) gets a new one.
 */
export function rememberingEntryRouteModules(original: EntryRouteModules): EntryRouteModules {
  let last: { routes: Record<string, { module: unknown }>; modules: Modules } | undefined;
  return (routes) => {
    if (last && last.routes === routes && Object.keys(routes).every((id) => last!.modules[id] === routes[id]!.module)) return last.modules;
    last = { routes, modules: original(routes) };
    return last.modules;
  };
}

/**
 * The handoff's text for a document (`createServerHandoffString`: the basename, future flags and mode, as escaped JSON),
 * written once per build: with single fetch and no critical CSS (production) it holds nothing of the request.
 */
export function rememberingServerHandoffString(original: ServerHandoffString): ServerHandoffString {
  let last: { future: object; basename?: string; isSpaMode: boolean; text: string } | undefined;
  return (handoff) => {
    const keys = Object.keys(handoff);
    const plain = handoff.criticalCss === undefined && handoff.state === undefined && keys.every((k) => k === 'basename' || k === 'criticalCss' || k === 'future' || k === 'isSpaMode');
    if (!plain) return original(handoff);
    if (last && last.future === handoff.future && last.basename === handoff.basename && last.isSpaMode === handoff.isSpaMode) return last.text;
    last = { future: handoff.future, basename: handoff.basename, isSpaMode: handoff.isSpaMode, text: original(handoff) };
    return last.text;
  };
}

/**
 * Puts the remembering functions in the modules `<RemixServer>` (@remix-run/react's routes), React Router's
 * `createStaticRouter` (@remix-run/router) and Remix's document handler (@remix-run/server-runtime's entry and
 * serverHandoff) read them from on each call (once per process).
 */
export function rememberRouteTrees(): void {
  replaceExport<CreateServerRoutes>('@remix-run/react/dist/routes.js', 'createServerRoutes', rememberingCreateServerRoutes);
  replaceExport<ConvertRoutes>('@remix-run/router', 'UNSAFE_convertRoutesToDataRoutes', rememberingConvertRoutes);
  replaceExport<EntryRouteModules>('@remix-run/server-runtime/dist/entry.js', 'createEntryRouteModules', rememberingEntryRouteModules);
  replaceExport<ServerHandoffString>('@remix-run/server-runtime/dist/serverHandoff.js', 'createServerHandoffString', rememberingServerHandoffString);
}
