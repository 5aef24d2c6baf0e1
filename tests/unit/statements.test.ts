// The query logger (api/db/client.ts StatementCounter) on a real PGlite: what it counts, and that
// measure() keeps concurrent requests' statements apart.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { fromPglite, type Database } from '../../api/db/client';

let database: Database;
beforeAll(async () => {
  database = fromPglite(await PGlite.create());
}, 60_000);
afterAll(async () => {
  await database?.close();
});

const select = (n: number) => database.db.execute(sql`select ${n}::int as n`);

it('records every statement and its parameters between record() and stop(), and nothing outside', async () => {
  await select(0);
  const recording = database.statements.record();
  await select(1);
  await select(2);
  const statements = recording.stop();
  await select(3);
  expect(statements).toEqual(['select $1::int as n', 'select $1::int as n']);
  expect(recording.params).toEqual([[1], [2]]);
});

it('counts a transaction as drizzle runs it on PostgreSQL: begin, its statements, commit', async () => {
  const recording = database.statements.record();
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`select 1`);
  });
  expect(recording.stop()).toEqual(['begin', 'select 1', 'commit']);
});

it('measure() counts only the statements run on behalf of its function, even interleaved with others', async () => {
  const [a, b] = await Promise.all([
    database.statements.measure(async () => {
      for (let i = 0; i < 3; i++) await select(i);
      return 'a';
    }),
    database.statements.measure(async () => {
      await select(10);
      return 'b';
    }),
    select(99), // outside any measure
  ]);
  expect(a.result).toBe('a');
  expect(a.statements).toHaveLength(3);
  expect(b.result).toBe('b');
  expect(b.statements).toHaveLength(1);
});
