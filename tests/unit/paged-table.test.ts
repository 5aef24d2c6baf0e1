// The list kit's PagedTable (app/components/list-kit/paged-table.tsx) writes what the screens wrote by hand before
// it: a DataTable captioned "<Noun>, page N of M", then a Pager of the same page.
import { Fragment, createElement as h, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router-dom/server';
import { describe, expect, it } from 'vitest';
import { DataTable, type Column } from '../../app/components/list-kit/data-table';
import { Pager } from '../../app/components/list-kit/pager';
import { PagedTable } from '../../app/components/list-kit/paged-table';

type Row = { id: string; name: string };
const columns: Column<Row>[] = [
  { header: 'ID', cell: (r) => r.id, nowrap: true },
  { header: 'Name', cell: (r) => h('b', null, r.name) },
];
const rows: Row[] = [{ id: 'a', name: 'Ada' }, { id: 'b', name: 'Bo' }];
const rowKey = (r: Row) => r.id;

/** Rendered on the server at `url`, inside a route (the pager's links and rows-per-page form read the location). */
async function render(url: string, element: () => ReactNode) {
  const handler = createStaticHandler([{ path: '/list', Component: () => h('div', null, element()) }]);
  const context = await handler.query(new Request(`http://portal.test${url}`));
  if (context instanceof Response) throw new Error('no page');
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(h(StaticRouterProvider, { router, context, hydrate: false }));
}

/** The HTML without the empty comments React writes between text parts. */
function plain(html: string) {
  return html.replaceAll('<!-- -->', '');
}

describe('PagedTable', () => {
  const list = { page: 2, totalPages: 3, totalRecords: 25 };
  const cases: { name: string; url: string; props: Record<string, unknown>; before: () => ReactNode }[] = [
    {
      name: 'with rows per page (the default pager label)',
      url: '/list?page=2&pageSize=10&q=x',
      props: { noun: ['user', 'users'], pageSize: { size: 10, sizes: [10, 25] } },
      before: () =>
        h(Fragment, null,
          h(DataTable<Row>, { caption: 'Users, page 2 of 3', columns, rows, rowKey, testId: 't', rowTestId: 'r' }),
          h(Pager, { page: 2, totalPages: 3, totalRecords: 25, noun: ['user', 'users'], pageSize: { size: 10, sizes: [10, 25] } })),
    },
    {
      name: 'with a pager label and no rows-per-page',
      url: '/list?page=2',
      props: { noun: ['entry', 'entries'], label: 'History pages' },
      before: () =>
        h(Fragment, null,
          h(DataTable<Row>, { caption: 'Users, page 2 of 3', columns, rows, rowKey, testId: 't', rowTestId: 'r' }),
          h(Pager, { page: 2, totalPages: 3, totalRecords: 25, noun: ['entry', 'entries'], label: 'History pages' })),
    },
    {
      name: 'with the table wrapped (a bulk form around selectable rows)',
      url: '/list',
      props: { noun: ['user', 'users'], wrap: (table: ReactNode) => h('form', { 'aria-label': 'Selected' }, table) },
      before: () =>
        h(Fragment, null,
          h('form', { 'aria-label': 'Selected' }, h(DataTable<Row>, { caption: 'Users, page 2 of 3', columns, rows, rowKey, testId: 't', rowTestId: 'r' })),
          h(Pager, { page: 2, totalPages: 3, totalRecords: 25, noun: ['user', 'users'] })),
    },
  ];
  for (const c of cases) {
    it(`writes the same HTML as a DataTable and a Pager ${c.name}`, async () => {
      const after = await render(c.url, () => h(PagedTable<Row>, { list, caption: 'Users', columns, rows, rowKey, testId: 't', rowTestId: 'r', ...(c.props as { noun: [string, string] }) }));
      const before = await render(c.url, c.before);
      expect(after).toContain('aria-label="Users, page 2 of 3"');
      expect(plain(after)).toContain('Page 2 of 3 (25 ');
      expect(after).toBe(before);
    });
  }

  it('says "No data" on an empty page and names one record in the singular', async () => {
    const html = await render('/list', () => h(PagedTable<Row>, { list: { page: 1, totalPages: 1, totalRecords: 1 }, caption: 'Users', columns, rows: [], rowKey, noun: ['user', 'users'] }));
    expect(html).toContain('<caption class="visually-hidden">Users, page 1 of 1</caption>');
    expect(html).toContain('No data');
    expect(plain(html)).toContain('Page 1 of 1 (1 user)');
    expect(html).not.toContain('Next');
  });
});
