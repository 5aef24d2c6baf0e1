// The embedded database's statements as named prepared statements (api/db/pglite-statements.ts, decision 079):
// they answer what PGlite's own query() and exec() answer (rows, fields, types, counts, errors), PostgreSQL holds
// each statement with parameters once under a name, at most `limit` of them, and a name whose statement no
// longer fits its table is made again. An answer is read from its bytes alone (decision 087).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { PgliteStatements } from '../../api/db/pglite-statements';

let db: PGlite;
let statements: PgliteStatements;

const held = async () => (await db.query<{ statement: string }>('select statement from pg_prepared_statements order by prepare_time')).rows.map((r) => r.statement);

beforeAll(async () => {
  db = await PGlite.create();
  statements = new PgliteStatements(db);
  await db.exec(`
    create table t (id int primary key, name text not null, at timestamptz, day date, tags text[], doc jsonb, n bigint,
      ok boolean, amount numeric(12, 2), bytes bytea);
    insert into t values
      (1, 'ärger ✓', '2026-11-28T12:00:00Z', '2026-11-28', '{x,"y z"}', '{"k": [1, "two"]}', 9007199254740993, true, 12.50, '\\x00ff'),
      (2, 'b', null, null, '{}', null, null, false, null, null);
  `);
}, 60_000);

afterAll(async () => {
  await db?.close();
});

describe('a statement with parameters', () => {
  it("answers what PGlite's query() answers, in both row modes, with drizzle's text types", async () => {
    const select = 'select * from t where id = any($1::int[]) or name = $2 order by id';
    for (const options of [{}, { rowMode: 'array' as const }, { rowMode: 'array' as const, textTypes: [1184, 1082] }]) {
      const parsers = options.textTypes ? Object.fromEntries(options.textTypes.map((oid) => [oid, (v: unknown) => v])) : undefined;
      const expected = await db.query(select, [[1, 2], 'none'], { rowMode: options.rowMode, parsers });
      expect(statements.query(select, [[1, 2], 'none'], options)).toEqual(expected);
      expect(statements.query(select, [[1, 2], 'none'], options)).toEqual(expected);
    }
    const row = statements.query<Record<string, unknown>>('select at, doc, n, ok, amount, bytes, tags from t where id = $1', [1]).rows[0];
    expect(row).toEqual({ at: new Date('2026-11-28T12:00:00Z'), doc: { k: [1, 'two'] }, n: 9007199254740993n, ok: true, amount: '12.50', bytes: Uint8Array.from([0, 255]), tags: ['x', 'y z'] });
  });

  it('reads a type made after its first statements, once PGlite refreshes its parsers (an array of a new enum)', async () => {
    // The parsers with drizzle's text types are made by the first statement that asks for them, before the type exists.
    const textTypes = [1184];
    statements.query('select at from t where id = $1', [1], { textTypes });
    await db.exec("create type tint as enum ('red', 'green')");
    await db.refreshArrayTypes();
    const select = "select array['red', 'green']::tint[] as tints, $1::int as n";
    const expected = await db.query(select, [1]);
    expect(expected.rows).toEqual([{ tints: ['red', 'green'], n: 1 }]);
    expect(statements.query(select, [1], { textTypes })).toEqual(expected);
  });

  it('serializes parameters by the types PostgreSQL gives them, as PGlite does (dates, JSON, arrays, booleans, null)', async () => {
    const insert = 'insert into t (id, name, at, tags, doc, ok, n) values ($1, $2, $3, $4, $5, $6, $7) returning id, at, tags, doc, ok, n';
    const values = [3, 'c', new Date('2026-01-02T03:04:05Z'), ['a', 'b"c'], { nested: { list: [1, null] } }, false, null];
    const result = statements.query(insert, values);
    expect(result).toMatchObject({ command: 'INSERT', affectedRows: 1, rowCount: 1 });
    expect(result.rows).toEqual([{ id: 3, at: new Date('2026-01-02T03:04:05Z'), tags: ['a', 'b"c'], doc: { nested: { list: [1, null] } }, ok: false, n: null }]);
    const update = statements.query('update t set name = $1 where id > $2', ['many', 1]);
    expect(update).toEqual({ rows: [], fields: [], command: 'UPDATE', affectedRows: 2, rowCount: 2 });
  });

  it('is parsed once: PostgreSQL holds it under a name, and runs it from there, planned for its parameters each time', async () => {
    const text = 'select name from t where id = $1 order by name limit $2';
    for (let i = 0; i < 8; i++) statements.query(text, [1 + (i % 2), 10]);
    const kept = await db.query<{ generic_plans: number; custom_plans: number }>('select generic_plans::int, custom_plans::int from pg_prepared_statements where statement = $1', [text]);
    // After five runs PostgreSQL would keep a generic plan when it looked cheaper: never here.
    expect(kept.rows).toEqual([{ generic_plans: 0, custom_plans: 8 }]);
  });

  it('fails with PGlite\'s DatabaseError and PostgreSQL\'s fields, and the next statement runs', async () => {
    const err = (() => {
      try {
        statements.query('insert into t (id, name) values ($1, $2)', [1, 'again']);
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({ code: '23505', table: 't', constraint: 't_pkey', query: 'insert into t (id, name) values ($1, $2)', message: expect.stringContaining('duplicate key') });
    expect(() => statements.query('select nonsense from t where id = $1', [1])).toThrow(/column "nonsense" does not exist/);
    expect((await held()).some((s) => s.includes('nonsense'))).toBe(false);
    expect(statements.query('select count(*)::int as n from t where id < $1', [100]).rows).toEqual([{ n: 3 }]);
  });

  it('inside a transaction, a failed statement ends it as in PostgreSQL; COMMIT then rolls back', () => {
    statements.exec('BEGIN');
    statements.query('update t set name = $1 where id = $2', ['lost', 2]);
    expect(() => statements.query('insert into t (id, name) values ($1, $2)', [2, 'dup'])).toThrow(/duplicate key/);
    expect(() => statements.query('select name from t where id = $1', [2])).toThrow(/current transaction is aborted/);
    expect(statements.exec('COMMIT')[0]).toMatchObject({ command: 'ROLLBACK' });
    expect(statements.query('select name from t where id = $1', [2]).rows).toEqual([{ name: 'many' }]);
  });

  it("is made again when its table changed under it (PostgreSQL's \"cached plan must not change result type\")", async () => {
    await db.exec('create table changing (id int primary key, a text); insert into changing values (1, \'one\')');
    const text = 'select * from changing where id = $1';
    expect(statements.query(text, [1]).rows).toEqual([{ id: 1, a: 'one' }]);
    await db.exec('alter table changing add column b text default \'new\'');
    const after = statements.query(text, [1]);
    expect(after.rows).toEqual([{ id: 1, a: 'one', b: 'new' }]);
    expect(after.fields.map((f) => f.name)).toEqual(['id', 'a', 'b']);
  });
});

describe('an answer', () => {
  it("of several megabytes, in more than one write from the database, equals PGlite's query()", async () => {
    const select = "select n, repeat('x', $1::int) as filler from generate_series(1, 3000) n";
    const expected = await db.query(select, [1000]);
    let writes = 0;
    const stream = db.execProtocolRawStream.bind(db);
    db.execProtocolRawStream = (message, options) => stream(message, { ...options, onRawData: (bytes) => (writes++, options.onRawData(bytes)) });
    try {
      expect(statements.query(select, [1000])).toEqual(expected);
    } finally {
      db.execProtocolRawStream = stream;
    }
    expect(writes).toBeGreaterThan(1);
  });

  it('without ReadyForQuery at its end is a failure, not rows', () => {
    const stream = db.execProtocolRawStream.bind(db);
    // A database that stops partway: the answer's last bytes do not come.
    db.execProtocolRawStream = (message, options) => stream(message, { ...options, onRawData: (bytes) => options.onRawData(bytes.subarray(0, bytes.length - 6)) });
    try {
      expect(() => statements.query('select name from t where id = $1', [1])).toThrow('The embedded database gave no complete answer');
    } finally {
      db.execProtocolRawStream = stream;
    }
    // The next statement runs.
    expect(statements.query('select $1::int as n', [7]).rows).toEqual([{ n: 7 }]);
  });
});

describe('statements without parameters', () => {
  it("run unnamed, as PGlite's query() answers them (DDL, VACUUM, a constant query)", async () => {
    const before = await held();
    expect(statements.query('select 1 as one, null::text as none')).toEqual(await db.query('select 1 as one, null::text as none'));
    expect(statements.query('create table plain (id int)')).toEqual({ rows: [], fields: [], command: 'CREATE', affectedRows: 0 });
    expect(statements.query('vacuum analyze t')).toMatchObject({ command: 'VACUUM' });
    expect(await held()).toEqual(before);
  });

  it("run several at once through exec(), as PGlite's exec() answers them", async () => {
    const text = "insert into plain values (1), (2); select id from plain order by id; update plain set id = id + 10";
    await db.exec('create table plain_copy (id int)');
    const expected = await db.exec(text.replaceAll('plain', 'plain_copy'));
    const got = statements.exec(text);
    expect(got.map((r) => ({ ...r, fields: r.fields.length }))).toEqual(expected.map((r) => ({ ...r, fields: r.fields.length })));
    expect(got[1]!.rows).toEqual([{ id: 1 }, { id: 2 }]);
  });
});

describe('the statements held', () => {
  it('are at most `limit`: the one used longest ago is closed, and made again when used again', async () => {
    const few = new PgliteStatements(db, 2);
    const texts = [1, 2, 3].map((k) => `select ${k} as k, name from t where id = $1`);
    few.query(texts[0]!, [1]);
    few.query(texts[1]!, [1]);
    few.query(texts[0]!, [1]);
    few.query(texts[2]!, [1]);
    expect(few.preparedCount).toBe(2);
    const now = await held();
    expect(now).toContain(texts[0]);
    expect(now).not.toContain(texts[1]);
    expect(now).toContain(texts[2]);
    expect(few.query(texts[1]!, [1]).rows).toEqual([{ k: 2, name: 'ärger ✓' }]);
    expect(await held()).not.toContain(texts[0]);
  });

  it('are refused once the database is closed, as PGlite refuses them (read as "unavailable")', async () => {
    const other = await PGlite.create();
    const closing = new PgliteStatements(other);
    closing.query('select $1::int as n', [1]);
    await other.close();
    expect(() => closing.query('select $1::int as n', [1])).toThrow('PGlite is closed');
    expect(() => closing.exec('select 1')).toThrow('PGlite is closed');
  });
});
