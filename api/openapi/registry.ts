// The route registry of /api/v1: every route as Express matches it, read from the routers themselves (the order
// they are matched in, each with its handlers, guards first). The OpenAPI document is built from it, and the tests
// that walk every route (fuzz, the role × route matrix, the document's coverage) read it too.
import type { RequestHandler, Router } from 'express';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRoute {
  method: HttpMethod;
  /** Express path, e.g. '/applications/:id/submit' (relative to /api/v1). */
  path: string;
  /** The route's own handlers, guards first (a guard may carry a declaration, e.g. its access rule). */
  handlers: RequestHandler[];
}

interface Layer {
  route?: { path: string | string[]; methods: Record<string, boolean>; stack: { handle: RequestHandler }[] };
  handle: { stack?: Layer[] };
}

export function apiRoutes(router: Router): ApiRoute[] {
  const found: ApiRoute[] = [];
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
        for (const path of paths) {
          for (const [method, on] of Object.entries(layer.route.methods)) {
            if (on && method !== '_all') found.push({ method: method.toUpperCase() as HttpMethod, path, handlers: layer.route.stack.map((l) => l.handle) });
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

/** '/applications/:id/sections/:sectionId' → '/applications/{id}/sections/{sectionId}' (OpenAPI's path template). */
export function openApiPath(expressPath: string): string {
  return expressPath.replace(/:(\w+)/g, '{$1}');
}

export function pathParams(expressPath: string): string[] {
  return [...expressPath.matchAll(/:(\w+)/g)].map((m) => m[1]!);
}
