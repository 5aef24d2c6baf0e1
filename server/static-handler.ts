// Remix's static handler, matching a request against the routes of its branch only (issue 8, decision 066). The
// server runtime makes one static handler per build (`createStaticHandler`), and its `query` and `queryRoute` match
// every request against the whole route tree with @remix-run/router's own matchRoutes: a module-internal call that
// the remembered matching of decision 040 cannot reach. Each call flattens and ranks the tree's 80-odd branches and
// compiles their patterns again: about 4% of a list page's CPU and 7% of what it allocates.
//
// The handler made here first matches the request's path with the exported (remembered) matchRoutes, then hands the
// request to a handler made, once per branch, from a copy of the tree that holds only the matched routes (each
// route's children cut down to the next one). Matching that small tree gives the same matches: the branch that won
// among all of them still wins among its own prefixes, which keep their order. A request that matches nothing (a
// 404) or a path the remembered matcher cannot key goes to the whole-tree handler, as before; so does everything
// else the handler is asked (its data routes, errors).
import { replaceExport } from './replace-export';
import { createRequire } from 'node:module';

interface RouteLike {
  id?: string;
  path?: string;
  index?: boolean;
  children?: RouteLike[];
}

interface StaticHandlerLike {
  dataRoutes: RouteLike[];
  query: (request: Request, opts?: unknown) => Promise<unknown>;
  queryRoute: (request: Request, opts?: unknown) => Promise<unknown>;
}

type CreateStaticHandler = (routes: RouteLike[], opts?: { basename?: string } & Record<string, unknown>) => StaticHandlerLike;
type MatchRoutes = (routes: RouteLike[], location: { pathname: string }, basename?: string) => { route: RouteLike }[] | null;

/** At most this many branch handlers are kept per handler (a build has about as many branches as routes). */
export const KEPT_BRANCHES = 500;

/** The routes of one branch, outermost first, as a tree of copies in which each route's only child is the next. */
export function branchTree(chain: RouteLike[]): RouteLike[] {
  let below: RouteLike[] | undefined;
  for (let i = chain.length - 1; i >= 0; i--) {
    const route = chain[i]!;
    below = [{ ...route, children: below ?? (route.children ? [] : undefined) }];
  }
  return below ?? [];
}

/** The path a request is matched by: the URL's path name, as `query` takes it (matchRoutes decodes it, for both). */
function pathnameOf(request: Request): string {
  return new URL(request.url).pathname;
}

/** createStaticHandler whose handlers match a request within its branch (see the top of this file). */
export function branchMatchingStaticHandler(original: CreateStaticHandler, matchRoutes: () => MatchRoutes): CreateStaticHandler {
  return (routes, opts) => {
    const whole = original(routes, opts);
    const branches = new Map<string, StaticHandlerLike>();
    const handlerFor = (request: Request): StaticHandlerLike => {
      const matches = matchRoutes()(routes, { pathname: pathnameOf(request) }, opts?.basename ?? '/');
      if (!matches?.length || matches.some((m) => typeof m.route.id !== 'string')) return whole;
      const key = matches.map((m) => m.route.id).join('\u0000');
      let handler = branches.get(key);
      if (!handler) {
        if (branches.size >= KEPT_BRANCHES) branches.clear();
        handler = original(branchTree(matches.map((m) => m.route)), opts);
        branches.set(key, handler);
      }
      return handler;
    };
    return {
      ...whole,
      query: (request, queryOpts) => handlerFor(request).query(request, queryOpts),
      queryRoute: (request, queryOpts) => handlerFor(request).queryRoute(request, queryOpts),
    };
  };
}

/** Puts the branch-matching createStaticHandler in @remix-run/router's module, where the server runtime reads it. */
export function matchWithinBranches(): void {
  const router = createRequire(import.meta.url)('@remix-run/router') as { matchRoutes: MatchRoutes };
  replaceExport<CreateStaticHandler>('@remix-run/router', 'createStaticHandler', (original) => branchMatchingStaticHandler(original, () => router.matchRoutes));
}
