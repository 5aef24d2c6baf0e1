// The route registry of /api/v1: every route as Express matches it, in the order it is matched, each with its
// handlers, guards first. It is our own record, not Express's: the routers register their routes through `declared`
// (get/post/put/patch/delete record the route, then call Express's documented `router.get(path, ...handlers)`;
// `use` mounts a declared sub-router, with a prefix if given, and records it in place). The OpenAPI document is built
// from it, and the tests that walk every route (fuzz, the role × route matrix, the document's coverage) read it too.
import type { ErrorRequestHandler, RequestHandler, Router } from 'express';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRoute {
  method: HttpMethod;
  /** Express path, e.g. '/applications/:id/submit' (relative to /api/v1). */
  path: string;
  /** The route's own handlers, guards first (a guard may carry a declaration, e.g. its access rule). */
  handlers: RequestHandler[];
}

type Entry = { route: ApiRoute } | { prefix: string; mounted: Router };

/** What each declared Express router holds, in the order it was registered. */
const records = new WeakMap<Router, Entry[]>();

type Register = (path: string, ...handlers: RequestHandler[]) => DeclaredRouter;

/** An Express router whose routes are recorded as they are registered. */
export interface DeclaredRouter {
  /** The Express router itself, to mount (`app.use('/api/v1', api.router)`). */
  readonly router: Router;
  get: Register;
  post: Register;
  put: Register;
  patch: Register;
  delete: Register;
  /** A middleware for every request from here on. */
  use(handler: RequestHandler): DeclaredRouter;
  use(handler: ErrorRequestHandler): DeclaredRouter;
  /** A declared sub-router: its routes are recorded here, in place, under the prefix. */
  use(router: DeclaredRouter): DeclaredRouter;
  use(prefix: string, router: DeclaredRouter): DeclaredRouter;
}

export function declared(router: Router): DeclaredRouter {
  const entries: Entry[] = [];
  records.set(router, entries);
  const register = (method: HttpMethod): Register => (path, ...handlers) => {
    entries.push({ route: { method, path, handlers } });
    const express = method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
    router[express](path, ...handlers);
    return self;
  };
  const self: DeclaredRouter = {
    router,
    get: register('GET'),
    post: register('POST'),
    put: register('PUT'),
    patch: register('PATCH'),
    delete: register('DELETE'),
    use(...args: [RequestHandler | ErrorRequestHandler | DeclaredRouter] | [string, DeclaredRouter]) {
      const [prefix, mounted] = args.length === 2 ? args : ['', args[0]];
      if ('router' in mounted) {
        entries.push({ prefix, mounted: mounted.router });
        if (prefix) router.use(prefix, mounted.router);
        else router.use(mounted.router);
      } else {
        router.use(mounted);
      }
      return self;
    },
  };
  return self;
}

/** Every route of a declared router, sub-routers expanded in place under their prefix, in matching order. */
export function apiRoutes(router: Router): ApiRoute[] {
  const entries = records.get(router);
  if (!entries) throw new Error('apiRoutes: this router was not built with declared(), so its routes are not recorded');
  return entries.flatMap((entry) => 'route' in entry
    ? [entry.route]
    : apiRoutes(entry.mounted).map((r) => ({ ...r, path: joinPath(entry.prefix, r.path) })));
}

function joinPath(prefix: string, path: string): string {
  if (!prefix) return path;
  return `${prefix.replace(/\/$/, '')}${path === '/' ? '' : path}` || '/';
}

/** '/applications/:id/sections/:sectionId' → '/applications/{id}/sections/{sectionId}' (OpenAPI's path template). */
export function openApiPath(expressPath: string): string {
  return expressPath.replace(/:(\w+)/g, '{$1}');
}

export function pathParams(expressPath: string): string[] {
  return [...expressPath.matchAll(/:(\w+)/g)].map((m) => m[1]!);
}
