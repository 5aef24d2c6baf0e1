// Every route of the /api/v1 provider, read from its Express routers, so a new route is covered by the
// tests that walk them without being listed anywhere.
import type { RequestHandler, Router } from 'express';
import { createApi, type ApiContext } from '../../api';

export interface ApiRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Express path, e.g. '/applications/:id/submit' (relative to /api/v1). */
  path: string;
  /** The route's own handlers, guards first (a guard may carry a declaration, e.g. its access rule). */
  handlers: RequestHandler[];
}

interface Layer {
  route?: { path: string | string[]; methods: Record<string, boolean>; stack: { handle: RequestHandler }[] };
  handle: { stack?: Layer[] };
}

/**
 * Stands in for any part of the context a router reads while it is built (e.g. a statement it prepares
 * once: `ctx.db.select(…).from(…).prepare(…)`): every property and call answers itself, and it is not a
 * promise. Nothing runs on it: the routes are only read, never called.
 */
const inert: unknown = new Proxy(function inert() {}, {
  get: (_target, property) => (property === 'then' ? undefined : inert),
  apply: () => inert,
});

/** The routes of the API provider, in the order they are matched (building it reaches no database). */
export function providerRoutes(): ApiRoute[] {
  return apiRoutes(createApi({ db: inert, log: () => undefined } as unknown as ApiContext));
}

export function apiRoutes(router: Router): ApiRoute[] {
  const found: ApiRoute[] = [];
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
        for (const path of paths) {
          for (const [method, on] of Object.entries(layer.route.methods)) {
            if (on && method !== '_all') found.push({ method: method.toUpperCase() as ApiRoute['method'], path, handlers: layer.route.stack.map((l) => l.handle) });
          }
        }
      } else if (layer.handle.stack) {
        walk(layer.handle.stack);
      }
    }
  };
  walk((router as unknown as { stack: Layer[] }).stack);
  return found;
}

/** A concrete URL for a route: every :param filled with a plausible value. */
export function fillPath(path: string, values: Record<string, string> = {}): string {
  return path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(values[name] ?? (/id$/i.test(name) ? '00000000-0000-4000-8000-000000000000' : 'x')));
}
