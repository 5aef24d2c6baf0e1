// The embedded database on its own thread (api/db/pglite-remote.ts, decision 076): the portal's calls give what
// PGlite in the same thread gives (rows, types, errors with PostgreSQL's fields), transactions commit, roll back
// and keep other statements out while open, and a thread that cannot open its database says so.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { fromPglite, type Database } from '../../api/db/client';
import { isDatabaseUnavailable, isUniqueViolation } from '../../api/db/errors';
import { PgliteRemote } from '../../api/db/pglite-remote';
import { THREAD_NAMES } from '../../api/worker-thread';
import { namedThreadsNs } from '../../scripts/bench-support';

let remote: PgliteRemote;
let direct: PGlite;
let database: Database;

beforeAll(async () => {
  [remote, direct] = await Promise.all([PgliteRemote.start({}), PGlite.create()]);
  database = fromPglite(remote.asPglite());
  for (const client of [remote.asPglite(), direct]) {
    await client.exec(`create table t (id int primary key, name text not null, at timestamptz, tags text[], doc jsonb, n bigint)`);
  }
}, 60_000);

afterAll(async () => {
  await database?.close();
  await direct?.close();
});

describe('a statement on the thread', () => {
  it('answers what PGlite on the main thread answers: rows, fields, affected rows, in both row modes', async () => {
    const insert = `insert into t values ($1, $2, $3, $4, $5, $6), (2, 'b', null, '{}', null, null) returning id`;
    const values = [1, 'a', new Date('2026-11-28T12:00:00Z'), ['x', 'y'], { k: [1, 'two'] }, 9007199254740993n];
    const rows = await Promise.all([remote.asPglite(), direct].map((c) => c.query(insert, values)));
    expect(rows[0]).toEqual(rows[1]);
    for (const rowMode of ['object', 'array'] as const) {
      const [viaThread, here] = await Promise.all([remote.asPglite(), direct].map((c) => c.query('select * from t order by id', [], { rowMode })));
      expect(viaThread).toEqual(here);
    }
    const [row] = (await remote.query<{ at: Date; doc: unknown; n: bigint }>('select at, doc, n from t where id = 1')).rows;
    expect(row).toEqual({ at: new Date('2026-11-28T12:00:00Z'), doc: { k: [1, 'two'] }, n: 9007199254740993n });
  });

  it("reads as text the types drizzle asks for as text (its parsers, which cannot cross threads, are all `(v) => v`)", async () => {
    const parsers = { 1184: (value: unknown) => value };
    const { rows } = await remote.query<{ at: unknown }>('select at from t where id = 1', [], { parsers });
    expect(typeof rows[0]!.at).toBe('string');
    expect(await database.db.execute(sql`select ${'2026-11-28T12:00:00Z'}::timestamptz as at`).then((r) => r.rows[0])).toEqual({ at: '2026-11-28 12:00:00+00' });
    // A parser that does more than that cannot cross to the thread: refused, not dropped.
    await expect(remote.query('select 1', [], { parsers: { 1184: (value: unknown) => new Date(String(value)) } })).rejects.toThrow(/not \(value\) => value/);
  });

  it("fails with PostgreSQL's error fields, so the portal's mapping (409 on a duplicate) works as in-process", async () => {
    const err = await remote.query('insert into t (id, name) values (1, $1)', ['again']).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({ code: '23505', table: 't', constraint: 't_pkey', message: expect.stringContaining('duplicate key') });
    expect(isUniqueViolation(err)).toBe(true);
    const viaDrizzle = await database.db.execute(sql`insert into t (id, name) values (1, 'again')`).catch((e: unknown) => e);
    expect(isUniqueViolation(viaDrizzle)).toBe(true);
    expect(isDatabaseUnavailable(viaDrizzle)).toBe(false);
  });
});

describe('a transaction on the thread', () => {
  it('commits what its callback wrote and answers what the callback answered', async () => {
    const answer = await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into t (id, name) values (10, 'ten')`);
      return (await tx.execute(sql`select count(*)::int as n from t where id = 10`)).rows[0];
    });
    expect(answer).toEqual({ n: 1 });
    expect((await remote.query('select name from t where id = 10')).rows).toEqual([{ name: 'ten' }]);
  });

  it('rolls back everything when its callback throws, and throws what the callback threw', async () => {
    const thrown = new Error('no');
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into t (id, name) values (11, 'eleven')`);
        throw thrown;
      }),
    ).rejects.toBe(thrown);
    expect((await remote.query('select * from t where id = 11')).rows).toEqual([]);
  });

  it("rolls back after a failed statement, with that statement's error", async () => {
    const err = await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into t (id, name) values (12, 'twelve')`);
        await tx.execute(sql`insert into t (id, name) values (12, 'twelve again')`);
      })
      .catch((e: unknown) => e);
    expect(isUniqueViolation(err)).toBe(true);
    expect((await remote.query('select * from t where id = 12')).rows).toEqual([]);
  });

  it('refuses to commit what a failed statement ended, as PGlite does, even when the callback caught that error', async () => {
    const commitAfterFailure = (client: PGlite) =>
      client
        .transaction(async (tx) => {
          await tx.query('insert into t (id, name) values ($1, $2)', [15, 'fifteen']);
          await tx.query('insert into t (id, name) values ($1, $2)', [15, 'fifteen again']).catch(() => {});
        })
        .catch((e: unknown) => e);
    const [viaThread, here] = await Promise.all([commitAfterFailure(remote.asPglite()), commitAfterFailure(direct)]);
    expect(here).toBeInstanceOf(Error);
    expect((viaThread as Error).message).toBe((here as Error).message);
    expect((await remote.query('select * from t where id = 15')).rows).toEqual([]);
  });

  it('keeps a nested transaction (a savepoint) apart: its rollback leaves the outer one', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into t (id, name) values (13, 'outer')`);
      await tx.transaction(async (inner) => {
        await inner.execute(sql`insert into t (id, name) values (14, 'inner')`);
        inner.rollback();
      }).catch(() => {});
    });
    expect((await remote.query('select id from t where id in (13, 14) order by id')).rows).toEqual([{ id: 13 }]);
  });

  it('keeps every other statement and transaction out until it ends, and runs them after it in order', async () => {
    const order: string[] = [];
    let wrote!: () => void;
    const firstWrote = new Promise<void>((resolve) => (wrote = resolve));
    let othersSent!: () => void;
    const sent = new Promise<void>((resolve) => (othersSent = resolve));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = database.db.transaction(async (tx) => {
      await tx.execute(sql`update t set name = 'first' where id = 1`);
      order.push('first wrote');
      wrote();
      await sent;
      // A statement of the open transaction, sent after the others: the thread answers in the order calls came, so by
      // its answer the others have reached the thread, and had they not been kept out they would have run (and been
      // answered) before it. No clock: the answers' order says it.
      await tx.execute(sql`select 1`);
      order.push('first read again');
      await held;
      await tx.execute(sql`update t set name = 'first, again' where id = 1`);
      order.push('first ends');
    });
    await firstWrote;
    const outside = remote.query<{ name: string }>('select name from t where id = 1').then((r) => order.push(`outside read ${r.rows[0]!.name}`));
    const second = database.db.transaction(async (tx) => {
      order.push('second began');
      await tx.execute(sql`update t set name = 'second' where id = 1`);
    });
    othersSent();
    await expect.poll(() => order.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
    expect(order).toEqual(['first wrote', 'first read again']);
    release();
    await Promise.all([first, outside, second]);
    expect(order).toEqual(['first wrote', 'first read again', 'first ends', 'outside read first, again', 'second began']);
    expect((await remote.query('select name from t where id = 1')).rows).toEqual([{ name: 'second' }]);
  }, 60_000);
});

describe('the thread itself', () => {
  it.runIf(process.platform === 'linux')('names itself for the operating system, so its CPU can be told apart (top -H, the bench)', () => {
    const names = fs.readdirSync('/proc/self/task').map((task) => {
      try {
        return fs.readFileSync(`/proc/self/task/${task}/comm`, 'utf8').trim();
      } catch {
        return '';
      }
    });
    expect(names).toContain(THREAD_NAMES.pglite);
    // It has worked (the statements above): the bench reads its time on a CPU by that name.
    expect(namedThreadsNs([THREAD_NAMES.pglite])[THREAD_NAMES.pglite]).toBeGreaterThan(0);
  });

  it('dumps the database, which PGlite opens again with the same rows', async () => {
    const dump = await remote.dumpDataDir('gzip');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-remote-')), 'dump.tar.gz');
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    const copy = await PgliteRemote.start({ loadDump: file });
    try {
      expect((await copy.query('select id from t order by id')).rows).toEqual((await remote.query('select id from t order by id')).rows);
    } finally {
      await copy.close();
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    }
  }, 60_000);

  it('says why when its database cannot be opened, and a closed one refuses calls as unavailable', async () => {
    await expect(PgliteRemote.start({ loadDump: '/nonexistent/dump.tar.gz' })).rejects.toThrow(/ENOENT/);
    const other = await PgliteRemote.start({});
    await other.close();
    expect(other.closed).toBe(true);
    const err = await other.query('select 1').catch((e: unknown) => e);
    expect(isDatabaseUnavailable(err)).toBe(true);
  }, 60_000);

  it('a thread that stops on its own fails the calls waiting for it and every later one, and says it is lost', async () => {
    const crashing = await PgliteRemote.start({});
    const waiting = crashing.query('select pg_sleep(2)').catch((e: unknown) => e);
    await (crashing as unknown as { worker: { terminate(): Promise<number> } }).worker.terminate();
    const lost = await crashing.lost;
    expect(lost.message).toMatch(/The embedded database stopped/);
    expect(isDatabaseUnavailable(await waiting)).toBe(true);
    expect(isDatabaseUnavailable(await crashing.query('select 1').catch((e: unknown) => e))).toBe(true);
    expect(crashing.closed).toBe(true);
  }, 60_000);
});
