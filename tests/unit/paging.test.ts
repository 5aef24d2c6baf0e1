// The paged statement of every list (api/db/paging.ts, decisions 012 and 086): its rows, count and order whatever its
// shape, and where its limit stands against its joins.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { pagedStatements, pagePlaceholders, param } from '../../api/db/paging';
import type { Db } from '../../api/db/client';

const owners = pgTable('owners', { id: integer('id').primaryKey(), name: text('name').notNull() });
const items = pgTable('items', {
  id: integer('id').primaryKey(),
  ownerId: integer('owner_id').notNull().references(() => owners.id),
  kind: text('kind').notNull(),
});

let client: PGlite;
let db: Db;
const sent: string[] = [];

beforeAll(async () => {
  client = await PGlite.create();
  await client.exec(`
    create table owners (id integer primary key, name text not null);
    create table items (id integer primary key, owner_id integer not null references owners(id), kind text not null);
    insert into owners values (1, 'Zeta'), (2, 'Alpha'), (3, 'Mid');
    insert into items select n, 1 + n % 3, case when n % 2 = 0 then 'even' else 'odd' end from generate_series(1, 20) n;
  `);
  db = drizzle(client, { logger: { logQuery: (q: string) => void sent.push(q) } }) as unknown as Db;
});
afterAll(async () => {
  await client?.close();
});

const lastStatement = () => sent.at(-1)!;

/** Items with their owner's name: a list of items joined to their owners, in `orderBy`. */
const itemsWithOwners = (orderBy: SQL[], where?: SQL) => () => ({
  columns: { id: items.id, owner: owners.name },
  from: items,
  join: (q: any) => q.innerJoin(owners, eq(owners.id, items.ownerId)),
  where,
  orderBy,
});

describe('pagedStatements', () => {
  it('limits the page before its joins when its order reads only its table, with the same rows and count', async () => {
    const page = pagedStatements<{ id: number; owner: string }>(db, 'items_by_id');
    const build = itemsWithOwners([desc(items.id)], eq(items.kind, sql`${param('kind')}::text`));
    const { total, rows } = await page('k', build, { kind: 'even', ...pagePlaceholders({ page: 2, limit: 3 }) });
    expect(total).toBe(10);
    expect(rows).toEqual([14, 12, 10].map((id) => ({ id, owner: ['Zeta', 'Alpha', 'Mid'][id % 3] })));
    // The page's own select holds the limit; the joins stand outside it.
    const statement = lastStatement();
    expect(statement).toMatch(/from \(select [^()]*from "items" where [^]*limit \$\d+ offset \$\d+\) "items" inner join "owners"/);
  });

  it('joins before the limit when its order reads a joined table, so the order is whole across pages', async () => {
    const page = pagedStatements<{ id: number; owner: string }>(db, 'items_by_owner');
    const build = itemsWithOwners([asc(owners.name), asc(items.id)]);
    const pages = [];
    for (let n = 1; n <= 4; n++) pages.push(...(await page('all', build, pagePlaceholders({ page: n, limit: 6 }))).rows);
    const expected = (await client.query<{ id: number; owner: string }>(
      'select items.id, owners.name as owner from items join owners on owners.id = items.owner_id order by owners.name, items.id',
    )).rows;
    expect(pages).toEqual(expected);
    expect(lastStatement()).toMatch(/from "items" inner join "owners" [^]*limit \$\d+ offset \$\d+\) "page"/);
  });

  it('keeps one select for a list without joins', async () => {
    const page = pagedStatements<{ id: number }>(db, 'owners_only');
    const { total, rows } = await page('all', () => ({
      columns: { id: owners.id }, from: owners, where: undefined, orderBy: [asc(owners.name)],
    }), pagePlaceholders({ page: 1, limit: 2 }));
    expect(total).toBe(3);
    expect(rows).toEqual([{ id: 2 }, { id: 3 }]);
    expect(lastStatement()).not.toMatch(/\) "owners"/);
  });
});
