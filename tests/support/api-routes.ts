// Every route of the /api/v1 provider, read from its Express routers (the route registry, api/openapi/registry.ts),
// so a new route is covered by the tests that walk them without being listed anywhere.
import { createApi, type ApiContext } from '../../api';
import { apiRoutes, type ApiRoute } from '../../api/openapi/registry';

export { apiRoutes, type ApiRoute };

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

/** A concrete URL for a route: every :param filled with a plausible value. */
export function fillPath(path: string, values: Record<string, string> = {}): string {
  return path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(values[name] ?? (/id$/i.test(name) ? '00000000-0000-4000-8000-000000000000' : 'x')));
}
