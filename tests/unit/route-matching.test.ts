// The remembered route matching (server/route-matching.ts, decision 040) answers what @remix-run/router's
// matchRoutes answers, with the routes of the tree passed in, for trees shaped like the portal's.
import { describe, expect, it, vi } from 'vitest';
import { matchRoutes } from '@remix-run/router';
import { KEPT_MATCHES, rememberRouteMatches, rememberingMatchRoutes } from '../../server/route-matching';
import { portalLikeRouteTree as tree, expectInstalledOnce } from '../support/route-tree';


const PATHS = [
  '/', '/help', '/nowhere', '/org', '/org/', '/org/dashboard', '/org/applications', '/org/applications/',
  '/org/applications/bead-applcn/GA-LKV002', '/org/x/bead-applcn/GA%20LKV', '/org/applications/view-history/GA-1',
  '/org/login', '/org/unknown/deeper', '/state', '/state/applications', '/state/applications/gating',
  '/state/applications/review-application/GA-SMT009', '/state/exact', '/state/Exact', '/resources/documents/12',
  '/ORG/DASHBOARD', '/org//dashboard', '/state/applications?x=1#h', '/help#top',
];

describe('remembered route matching', () => {
  it('answers as matchRoutes does, for new trees of the same shape and for the same tree again', () => {
    const remembering = rememberingMatchRoutes(matchRoutes as never);
    const stable = tree();
    for (let round = 0; round < 3; round++) {
      for (const path of PATHS) {
        for (const routes of [stable, tree()]) {
          for (const location of [path, { pathname: path.split(/[?#]/)[0] }]) {
            const expected = matchRoutes(routes as never, location);
            const got = remembering(routes as never, location);
            expect(got).toEqual(expected);
            // The caller's own route objects, and one params object shared by the matches, as matchRoutes gives.
            got?.forEach((m, i) => {
              expect(m.route).toBe(expected![i]!.route);
              expect(m.params).toBe(got[0]!.params);
            });
          }
        }
      }
    }
    expect(remembering(tree() as never, '/org/dashboard', '/base')).toEqual(matchRoutes(tree() as never, '/org/dashboard', '/base'));
    expect(remembering(tree() as never, '/base/org/dashboard', '/base')).toEqual(matchRoutes(tree() as never, '/base/org/dashboard', '/base'));
  });

  it('gives each call its own match objects (a caller changing one does not change the next answer)', () => {
    const remembering = rememberingMatchRoutes(matchRoutes as never);
    const routes = tree();
    const first = remembering(routes as never, '/org/applications/bead-applcn/GA-1')!;
    first[0]!.params.id = 'changed';
    first[0]!.pathname = 'changed';
    expect(remembering(routes as never, '/org/applications/bead-applcn/GA-1')).toEqual(matchRoutes(routes as never, '/org/applications/bead-applcn/GA-1'));
  });

  it('asks matchRoutes once per shape and path, keeps a bounded number, and leaves trees without unique ids to it', () => {
    const original = vi.fn(matchRoutes);
    const remembering = rememberingMatchRoutes(original as never);
    for (let i = 0; i < 5; i++) remembering(tree() as never, '/org/dashboard');
    expect(original).toHaveBeenCalledTimes(1);
    for (let i = 0; i <= KEPT_MATCHES + 5; i++) remembering(tree() as never, `/org/applications/bead-applcn/GA-${i}`);
    remembering(tree() as never, '/org/dashboard');
    expect(original).toHaveBeenCalledTimes(1 + KEPT_MATCHES + 6 + 1);
    const noIds = [{ path: '/', children: [{ path: 'a' }] }];
    remembering(noIds as never, '/a');
    remembering(noIds as never, '/a');
    expect(original).toHaveBeenCalledTimes(1 + KEPT_MATCHES + 6 + 1 + 2);
  });

  it('is put once in the module Remix reads matchRoutes from', () => {
    expectInstalledOnce('@remix-run/router', 'matchRoutes', rememberRouteMatches);
  });
});
