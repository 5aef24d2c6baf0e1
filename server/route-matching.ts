// Remix's route matching, remembered (issue 8, decision 040). Every page request asks @remix-run/router's
// matchRoutes which routes a path goes through four or five times (the request handler, the render's routes,
// the route manifest it sends for each parent path), and each call flattens and ranks the whole route tree and
// compiles every route's pattern again: almost a millisecond of a list page's CPU. The answer depends only on the
// tree's shape (ids, paths, index and case flags) and the path, so it is kept per shape and path (bounded), and
// given back as fresh match objects pointing at the routes of the tree the caller passed, exactly as matchRoutes
// builds them (one params object shared by the matches of a call). A tree whose routes lack unique ids is matched
// as before.
import { replaceExport } from './replace-export';

interface RouteLike {
  id?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children?: RouteLike[];
}

interface RouteMatchLike {
  params: Record<string, string | undefined>;
  pathname: string;
  pathnameBase: string;
  route: RouteLike;
}

type MatchRoutes = (routes: RouteLike[], location: string | { pathname?: string }, basename?: string) => RouteMatchLike[] | null;

interface Kept {
  ids: string[];
  pathnames: string[];
  bases: string[];
  params: Record<string, string | undefined>;
}

interface TreeIndex {
  shape: number;
  routes: Map<string, RouteLike>;
}

/** How many (tree, path) answers are kept; past it the memory starts again (paths carry ids: unbounded otherwise). */
export const KEPT_MATCHES = 2000;

/** matchRoutes remembering its answers per tree shape and path; `original` is called for anything not kept. */
export function rememberingMatchRoutes(original: MatchRoutes): MatchRoutes {
  const shapes = new Map<string, number>();
  const trees = new WeakMap<RouteLike[], TreeIndex | null>();
  const kept = new Map<string, Kept | null>();

  function indexOf(routes: RouteLike[]): TreeIndex | null {
    let found = trees.get(routes);
    if (found !== undefined) return found;
    const byId = new Map<string, RouteLike>();
    let unique = true;
    const describe = (list: RouteLike[]): string =>
      list
        .map((route) => {
          if (typeof route.id !== 'string' || byId.has(route.id)) unique = false;
          else byId.set(route.id, route);
          const children = route.children?.length ? `[${describe(route.children)}]` : route.children ? '[]' : '';
          return `${JSON.stringify([route.id, route.path ?? null, !!route.index, !!route.caseSensitive])}${children}`;
        })
        .join(',');
    const shapeText = describe(routes);
    if (unique) {
      let shape = shapes.get(shapeText);
      if (shape === undefined) shapes.set(shapeText, (shape = shapes.size));
      found = { shape, routes: byId };
    } else {
      found = null;
    }
    trees.set(routes, found);
    return found;
  }

  const remembering: MatchRoutes = (routes, location, basename = '/') => {
    const tree = Array.isArray(routes) ? indexOf(routes) : null;
    const where = typeof location === 'string' ? `s${location}` : location && typeof location === 'object' ? `o${location.pathname ?? ''}` : null;
    if (!tree || where === null) return original(routes, location, basename);
    const key = `${tree.shape}\u0000${basename}\u0000${where}`;
    let answer = kept.get(key);
    if (answer === undefined) {
      const matches = original(routes, location, basename);
      answer = matches
        ? {
            ids: matches.map((m) => m.route.id!),
            pathnames: matches.map((m) => m.pathname),
            bases: matches.map((m) => m.pathnameBase),
            params: { ...(matches[matches.length - 1]?.params ?? {}) },
          }
        : null;
      if (kept.size >= KEPT_MATCHES) kept.clear();
      kept.set(key, answer);
    }
    if (!answer) return null;
    const params = { ...answer.params };
    return answer.ids.map((id, i) => ({ params, pathname: answer.pathnames[i]!, pathnameBase: answer.bases[i]!, route: tree.routes.get(id)! }));
  };
  return remembering;
}

/**
 * Puts the remembering matchRoutes in @remix-run/router's module, which Remix's server runtime, its React
 * components and React Router read it from on each call (once per process).
 */
export function rememberRouteMatches(): void {
  replaceExport<MatchRoutes>('@remix-run/router', 'matchRoutes', rememberingMatchRoutes);
}
