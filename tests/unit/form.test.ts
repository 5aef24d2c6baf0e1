// The server's cheap Form and useFetcher (app/components/form.tsx, decision 074) write what Remix's write, under a data
// router as Remix renders a page.
import fs from 'node:fs';
import path from 'node:path';
import { createElement, useId, type ReactElement, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { Outlet } from 'react-router-dom';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom/server';
import { Form as RemixForm, useFetcher as useRemixFetcher } from '@remix-run/react';
import { describe, expect, it } from 'vitest';
import { Form, useFetcher } from '../../app/components/form';

/** The element rendered by the matched route (an index route under /org/applications, or a route with a parameter). */
async function at(location: string, element: ReactElement): Promise<string> {
  const routes = [{
    id: 'root', path: '/', element: createElement(Outlet),
    children: [
      { id: 'list', path: 'org/applications', children: [{ id: 'list-index', index: true, element }] },
      { id: 'page', path: 'org/:name', element },
    ],
  }];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://portal.test${location}`));
  if (context instanceof Response) throw new Error(`answered ${context.status}`);
  return renderToString(createElement(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, context), context, hydrate: false }));
}

const LOCATIONS = ['/org/applications?page=2&index', '/org/applications/?q=a%20b', '/org/a%20b?x=1'];
const children = [createElement('input', { type: 'hidden', name: 'intent', value: 'x', key: 'i' }), createElement('button', { type: 'submit', key: 'b' }, 'Go')];

describe('Form on the server', () => {
  const cases: Record<string, unknown>[] = [
    { method: 'post', action: '/logout' },
    { method: 'get', action: '/org/applications?status=SUBMITTED&page=2#list', role: 'search', className: 'ui-inline-form' },
    { method: 'post', action: '/resources/organization', reloadDocument: true, className: 'ui-contents' },
    { method: 'POST', action: '/x', discover: 'none', id: 'f', 'aria-label': 'A form', encType: 'multipart/form-data', noValidate: true },
    { action: '/x' },
    { method: 'dialog', action: '/x' },
    { method: 'post', action: '/x', replace: true, preventScrollReset: true, state: { a: 1 }, relative: 'path', viewTransition: true, onSubmit: () => {} },
    { method: 'post', action: '/x', navigate: false, fetcherKey: 'k' },
    // Not written here: Remix's own Form renders these (an action relative to the route, or none, depends on the route).
    { method: 'post' },
    { method: 'get', className: 'c' },
    { method: 'post', action: '.' },
    { method: 'post', action: 'x' },
    { method: 'post', action: '/a/../b' },
    { method: 'post', action: '/x?' },
    { method: 'post', action: '//elsewhere.example/x' },
    { method: 'post', action: 'https://elsewhere.example/x' },
  ];
  for (const props of cases) {
    it(`writes the same <form> as Remix's Form for ${JSON.stringify(props)}`, async () => {
      for (const location of LOCATIONS) {
        const ours = await at(location, createElement(Form, props as never, ...children));
        const remix = await at(location, createElement(RemixForm, props as never, ...children));
        expect(ours).toBe(remix);
        expect(ours).toContain('<form');
      }
    });
  }

  it('writes the <form> itself for a plain path (no router needed), Remix’s Form for the rest', () => {
    expect(renderToString(createElement(Form, { method: 'post', action: '/logout', className: 'c' }, 'x')))
      .toBe('<form method="post" action="/logout" class="c" data-discover="true">x</form>');
    expect(() => renderToString(createElement(Form, { method: 'post' }, 'x'))).toThrow();
  });
});

describe('useFetcher on the server', () => {
  /** A component with a fetcher and its form, and under it a child whose id comes from useId. */
  const withFetcher = (use: typeof useFetcher, formProps: Record<string, unknown>) => {
    function Child() {
      const id = useId();
      return createElement('p', { id }, 'child');
    }
    function Fetching({ children: inner }: { children?: ReactNode }) {
      const fetcher = use<{ total: number }>();
      return createElement('div', { 'data-state': fetcher.state, 'data-total': fetcher.data?.total ?? 'none' },
        createElement(fetcher.Form, formProps as never, ...children), createElement(Child), inner);
    }
    return createElement(Fetching, null, createElement(Fetching));
  };
  const cases: Record<string, unknown>[] = [
    { method: 'post', action: '/resources/preferences', className: 'ui-contents', onSubmit: () => {} },
    { method: 'post', action: '/resources/preferences?x=1' },
    { action: '/resources/unread' },
    { method: 'post', action: '/x', discover: 'render' },
    // Remix's fetcher form writes these (its action resolved against the route).
    { method: 'post' },
    { method: 'post', action: 'x' },
  ];
  for (const props of cases) {
    it(`writes what Remix's fetcher writes, ids of later parts too, for ${JSON.stringify(props)}`, async () => {
      for (const location of LOCATIONS) {
        const ours = await at(location, withFetcher(useFetcher, props));
        const remix = await at(location, withFetcher(useRemixFetcher as typeof useFetcher, props));
        expect(ours).toBe(remix);
        expect(ours).toContain('data-state="idle" data-total="none"');
        expect(ours).toMatch(/<p id=":[^"]+:">child<\/p>/);
      }
    });
  }
});

describe('the app', () => {
  it('takes Form and useFetcher from components/form, so every page gets the server\'s cheap ones', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.tsx?$/.test(entry.name) && full !== path.join('app', 'components', 'form.tsx')) files.push(full);
      }
    };
    walk('app');
    expect(files.length).toBeGreaterThan(100);
    const direct = files.filter((file) => {
      const imports = [...fs.readFileSync(file, 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*'@remix-run\/react'/g)];
      return imports.some(([, names]) => names!.split(',').some((n) => /^(Form|useFetcher)(\s+as\s+\w+)?$/.test(n.trim())));
    });
    expect(direct).toEqual([]);
  });
});
