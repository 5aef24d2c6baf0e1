// A route tree shaped like the portal's, for the tests of Remix's route matching as the portal changes it
// (server/route-matching.ts, server/static-handler.ts).
import { createRequire } from 'node:module';
import { expect } from 'vitest';

export type R = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: R[] };

/** A tree like the portal's (root, org/state layouts, index routes, dynamic and optional segments, splats), made anew each time. */
export function portalLikeRouteTree(): R[] {
  return [
    {
      id: 'root', path: '', children: [
        { id: 'routes/_index', index: true },
        { id: 'routes/help', path: 'help' },
        { id: 'routes/$', path: '*' },
        {
          id: 'routes/org', path: 'org', children: [
            { id: 'routes/org._index', index: true },
            { id: 'routes/org.dashboard', path: 'dashboard' },
            { id: 'routes/org.applications._index', path: 'applications', index: true },
            { id: 'routes/org.$section.bead-applcn.$id', path: ':section/bead-applcn/:id' },
            { id: 'routes/org.$section.view-history.$id', path: ':section/view-history/:id' },
            { id: 'routes/org.$', path: '*' },
          ],
        },
        { id: 'routes/org_.login', path: 'org/login' },
        {
          id: 'routes/state', path: 'state', children: [
            { id: 'routes/state.applications.($tab)', path: 'applications/:tab?' },
            { id: 'routes/state.$section.review-application.$id', path: ':section/review-application/:id' },
            { id: 'routes/state.Exact', path: 'Exact', caseSensitive: true },
          ],
        },
        { id: 'routes/resources.documents.$id', path: 'resources/documents/:id' },
      ],
    },
  ];
}

/**
 * Checks that `install` replaces `name` in module `specifier`'s exports, and that installing again changes nothing
 * (server/replace-export.ts); puts the original back.
 */
export function expectInstalledOnce(specifier: string, name: string, install: () => void): void {
  const exports = createRequire(import.meta.url)(specifier) as Record<string, unknown>;
  const before = exports[name];
  try {
    install();
    const installed = exports[name];
    install();
    expect(installed).not.toBe(before);
    expect(exports[name]).toBe(installed);
  } finally {
    exports[name] = before;
  }
}
