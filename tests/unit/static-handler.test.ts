// The static handler that matches a request within its branch (server/static-handler.ts, decision 066) answers what
// Remix's whole-tree static handler answers: the same matches, loader data, action data, status and errors, for
// document reads, index actions, data requests to one route, splats, a 404 and a refused method; and a small app
// served through Remix's real runtime gives the same documents, data and resources with it installed.
import { createRequire } from 'node:module';
import { createElement as h } from 'react';
import { Outlet, Scripts, useLoaderData } from '@remix-run/react';
import { createRequestHandler } from '@remix-run/node';
import { describe, expect, it, vi } from 'vitest';
import { createStaticHandler, matchRoutes } from '@remix-run/router';
import { branchMatchingStaticHandler, branchTree, matchWithinBranches } from '../../server/static-handler';
import { rememberingMatchRoutes } from '../../server/route-matching';
import { portalLikeRouteTree, type R, expectInstalledOnce } from '../support/route-tree';
import { manifestRoute, remixBuild } from '../support/remix-build';

type Loaded = R & { loader?: unknown; action?: unknown; children?: Loaded[] };

/** The tree with a loader on every route and an action on the leaves: each answers with its id, params and method. */
function routesWithData(): Loaded[] {
  const add = (routes: R[]): Loaded[] =>
    routes.map((route) => {
      const answer = ({ params, request }: { params: object; request: Request }) => ({ id: route.id, params, method: request.method });
      return { ...route, loader: answer, ...(route.children ? { children: add(route.children) } : { action: answer }) };
    });
  return add(portalLikeRouteTree());
}

const BASE = 'http://portal.test';

/** What a query or queryRoute answered, without the route objects (which are each handler's own copies). */
async function outcome(run: () => Promise<unknown>) {
  try {
    const result = (await run()) as Record<string, unknown> | Response;
    if (result instanceof Response) return { response: result.status, body: await result.text() };
    if (!result || typeof result !== 'object' || !('matches' in result)) return { value: result };
    const { matches, loaderData, actionData, errors, statusCode } = result as {
      matches: { route: { id: string }; params: object; pathname: string; pathnameBase: string }[];
      loaderData: unknown; actionData: unknown; errors: unknown; statusCode: number;
    };
    return { matches: matches.map((m) => [m.route.id, m.params, m.pathname, m.pathnameBase]), loaderData, actionData, errors, statusCode };
  } catch (thrown) {
    return { thrown: thrown instanceof Response ? thrown.status : String(thrown) };
  }
}

const READS = [
  '/', '/help', '/org', '/org/dashboard', '/org/applications', '/org/applications?page=2&size=25',
  '/org/applications/bead-applcn/GA-1', '/org/history/view-history/GA-7?tab=2', '/org/login', '/org/no/such/page',
  '/state/applications', '/state/applications/passed', '/state/apps/review-application/GA-3', '/state/Exact', '/state/exact',
  '/resources/documents/42', '/nowhere/at/all', '/%20spaced%20/path',
];

describe('the branch-matching static handler', () => {
  const matching = rememberingMatchRoutes(matchRoutes as never);
  const make = () => {
    const routes = routesWithData();
    return { whole: createStaticHandler(routes as never), branch: branchMatchingStaticHandler(createStaticHandler as never, () => matching as never)(routes as never) };
  };

  it('answers document reads as the whole tree does', async () => {
    const { whole, branch } = make();
    for (const path of READS) {
      const request = () => new Request(BASE + path);
      expect(await outcome(() => branch.query(request())), path).toEqual(await outcome(() => whole.query(request())));
    }
  });

  it('answers actions (index and leaf), data requests to one route, and refused methods as the whole tree does', async () => {
    const { whole, branch } = make();
    const cases: [string, RequestInit, string?][] = [
      ['/org/applications?index', { method: 'POST', body: 'a=1' }],
      ['/org/dashboard', { method: 'POST', body: 'a=1' }],
      ['/org/history/view-history/GA-7', { method: 'POST', body: 'a=1' }],
      ['/org', { method: 'POST', body: 'a=1' }],
      ['/help', { method: 'PATCH', body: 'a=1' }],
      ['/help', { method: 'PROPFIND' }],
    ];
    for (const [path, init] of cases) {
      const request = () => new Request(BASE + path, init);
      expect(await outcome(() => branch.query(request())), `${init.method} ${path}`).toEqual(await outcome(() => whole.query(request())));
    }
    const routeReads: [string, string | undefined][] = [
      ['/org/dashboard', 'routes/org'], ['/org/dashboard', 'routes/org.dashboard'], ['/org/dashboard', 'routes/help'],
      ['/resources/documents/42', undefined], ['/org/applications?index', 'routes/org.applications._index'], ['/nowhere', undefined],
    ];
    for (const [path, routeId] of routeReads) {
      const request = () => new Request(BASE + path);
      expect(await outcome(() => branch.queryRoute(request(), { routeId })), `${routeId} ${path}`).toEqual(await outcome(() => whole.queryRoute(request(), { routeId })));
    }
  });

  it('makes one handler per branch, gives the whole tree what matches nothing, and keeps the whole tree\'s data routes', async () => {
    const original = vi.fn(createStaticHandler);
    const routes = routesWithData();
    const handler = branchMatchingStaticHandler(original as never, () => matching as never)(routes as never);
    expect(original).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 3; i++) await handler.query(new Request(`${BASE}/org/applications/bead-applcn/GA-${i}`));
    await handler.query(new Request(`${BASE}/org/dashboard`));
    expect(original).toHaveBeenCalledTimes(3);
    expect((original.mock.calls[1]![0] as R[])[0]!.children![0]!.children!.map((r) => r.id)).toEqual(['routes/org.$section.bead-applcn.$id']);
    await handler.query(new Request(`${BASE}/nowhere`)); // the splat under root
    expect(original).toHaveBeenCalledTimes(4);
    expect(handler.dataRoutes).toBe(original.mock.results[0]!.value.dataRoutes);

    // Without the splats, a path that matches nothing is the whole tree's 404.
    const noSplats = routesWithData();
    noSplats[0]!.children = noSplats[0]!.children!.filter((r) => r.path !== '*');
    original.mockClear();
    const strict = branchMatchingStaticHandler(original as never, () => matching as never)(noSplats as never);
    const lost = await outcome(() => strict.query(new Request(`${BASE}/nowhere`)));
    expect(original).toHaveBeenCalledTimes(1);
    expect(lost).toMatchObject({ statusCode: 404 });
    expect(lost).toEqual(await outcome(() => createStaticHandler(noSplats as never).query(new Request(`${BASE}/nowhere`))));
  });

  it('cuts a branch down to copies, each route holding only the next', () => {
    const [root] = portalLikeRouteTree();
    const org = root!.children!.find((r) => r.id === 'routes/org')!;
    const leaf = org.children![1]!;
    const tree = branchTree([root!, org, leaf]);
    expect(tree).toEqual([{ ...root, children: [{ ...org, children: [leaf] }] }]);
    expect(tree[0]).not.toBe(root);
    expect(root!.children!.length).toBeGreaterThan(1);
    expect(branchTree([root!, org])).toEqual([{ ...root, children: [{ ...org, children: [] }] }]);
  });

  it('is put once in the module the server runtime reads createStaticHandler from', () => {
    expectInstalledOnce('@remix-run/router', 'createStaticHandler', matchWithinBranches);
  });
});

describe('an app served through Remix with the branch-matching static handler', () => {
  const modules = {
    root: { default: () => h('html', null, h('body', null, h(Outlet), h(Scripts))) },
    'routes/org': { default: () => h('section', null, h(Outlet)), loader: () => ({ org: 'Summit' }) },
    'routes/org.items.$id': {
      default: function Item() {
        const { id } = useLoaderData<{ id: string }>();
        return h('p', null, `Item ${id}`);
      },
      loader: ({ params }: { params: { id: string } }) => ({ id: params.id }),
    },
    'routes/resources.ping': { loader: ({ request }: { request: Request }) => new Response(`pong ${new URL(request.url).search}`) },
  };
  const manifest = {
    root: manifestRoute('root', undefined, '', { hasLoader: false }),
    'routes/org': manifestRoute('routes/org', 'root', 'org'),
    'routes/org.items.$id': manifestRoute('routes/org.items.$id', 'routes/org', 'items/:id'),
    'routes/resources.ping': manifestRoute('routes/resources.ping', 'root', 'resources/ping'),
  };
  const paths = ['/org/items/GA-1', '/org/items/GA-2.data', '/org/items/GA-3.data?_routes=routes%2Forg.items.%24id', '/resources/ping?x=1', '/nowhere'];
  const serveAll = async () => {
    const handle = createRequestHandler(remixBuild(manifest, modules), 'production');
    const answers = [];
    for (const path of paths) {
      const response = await handle(new Request(`http://portal.test${path}`));
      answers.push({ path, status: response.status, body: await response.text() });
    }
    return answers;
  };

  it('answers the same, and the runtime makes its handlers through it', async () => {
    const router = createRequire(import.meta.url)('@remix-run/router') as { createStaticHandler: typeof createStaticHandler };
    const before = router.createStaticHandler;
    const expected = await serveAll();
    const made = vi.fn(before);
    const matching = rememberingMatchRoutes(matchRoutes as never);
    router.createStaticHandler = branchMatchingStaticHandler(made as never, () => matching as never) as never;
    try {
      expect(await serveAll()).toEqual(expected);
      // The whole tree's handler, then one for each branch asked for: the item (document and data) and the resource; the
      // 404 has no branch.
      expect(made).toHaveBeenCalledTimes(3);
    } finally {
      router.createStaticHandler = before;
    }
    expect(expected[0]).toMatchObject({ status: 200 });
    expect(expected[0]!.body).toContain('<p>Item GA-1</p>');
    expect(expected[1]!.body).toContain('GA-2');
    expect(expected[3]).toEqual({ path: '/resources/ping?x=1', status: 200, body: 'pong ?x=1' });
    expect(expected[4]!.status).toBe(404);
  });
});
