// The server's cheap Link (app/components/link.tsx, decision 040) writes what Remix's Link writes.
import { createElement, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom/server';
import { Link as RemixLink } from '@remix-run/react';
import { describe, expect, it } from 'vitest';
import { Link, isLocationRelative, isPlainAbsolutePath } from '../../app/components/link';

const at = (location: string, element: ReactElement) => renderToString(createElement(StaticRouter, { location }, element));

describe('Link on the server', () => {
  const cases: Record<string, unknown>[] = [
    { to: '/state/applications/review-application/GA-LKV002' },
    { to: '/state/applications/review-application/GA-LKV002?action=mark-as-gating-review', 'aria-label': 'Mark as Gating Review: GA-LKV002' },
    { to: '/org/applications/bead-applcn/GA-1#section-2', className: 'row-link', title: 'Open' },
    { to: '/org/dashboard', 'aria-current': 'page', 'data-testid': 'menu' },
    { to: '/org/applications', preventScrollReset: true, replace: true, state: { from: 'x' }, relative: 'path' },
    { to: '/org/applications', reloadDocument: true },
    { to: '/org/applications', discover: 'none', target: '_blank', rel: 'noreferrer' },
    { to: '?page=2' },
    { to: '?page=2&size=25&cancel=GA-1#cancel-confirm', preventScrollReset: true, 'aria-label': 'Cancel GA-1' },
    { to: '#x' },
    { to: '?q=a%20b' },
    // Not written here: Remix's own Link renders these (a path relative to the route depends on the route it is in).
    { to: '?' },
    { to: '#' },
    { to: '?#x' },
    { to: 'x' },
    { to: '.' },
    { to: '../x' },
    { to: '/a/../b' },
    { to: '/x?' },
    { to: '//elsewhere.example/x' },
    { to: 'https://elsewhere.example/x' },
    { to: { pathname: '/x', search: '?a=1' } },
    { to: '/org/applications', prefetch: 'render' },
  ];
  for (const props of cases) {
    it(`writes the same <a> as Remix's Link for ${JSON.stringify(props)}`, () => {
      const children = 'Text';
      for (const location of ['/state/applications?page=2', '/org/applications/bead-applcn/GA-1', '/org/applications/?x=1#y', '/org/a%20b']) {
        const ours = at(location, createElement(Link, props as never, children));
        const remix = at(location, createElement(RemixLink, props as never, children));
        expect(ours).toBe(remix);
      }
    });
  }

  it('writes the <a> itself for a plain path (no router needed), Remix’s Link for the rest', () => {
    expect(renderToString(createElement(Link, { to: '/x?a=1', className: 'c' }, 't'))).toBe('<a class="c" data-discover="true" href="/x?a=1">t</a>');
    expect(() => renderToString(createElement(Link, { to: 'x' }, 't'))).toThrow();
  });

  it('writes a query or fragment link against the location’s path itself', () => {
    expect(at('/org/applications?page=2', createElement(Link, { to: '?page=3' }, 't'))).toBe('<a data-discover="true" href="/org/applications?page=3">t</a>');
    for (const to of ['?a=1', '?a=1#b', '#b']) expect(isLocationRelative(to)).toBe(true);
    for (const to of ['?', '#', '?#b', '?a#', '/a?b', 'a?b', '', null]) expect(isLocationRelative(to)).toBe(false);
  });

  it('takes only paths the router leaves as they are', () => {
    expect(isPlainAbsolutePath('/state/applications?x=1#y')).toBe(true);
    for (const to of ['/', '/a/b', '/a/b?c=d&e=/f', '/a.b/c', '/a?b=..']) expect(isPlainAbsolutePath(to)).toBe(true);
    for (const to of ['?a', '#a', 'a/b', '/a/./b', '/a/..', '//x', '/a//b', '/a?', '/a#', '/a?#b', 1, null]) expect(isPlainAbsolutePath(to)).toBe(false);
  });
});
