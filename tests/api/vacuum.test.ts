// The embedded database's own maintenance (decisions 020 and 049): PGlite has no autovacuum, so the portal vacuums
// and analyzes one table at a time on a timer (api/db/client.ts). Checked on both engines: the tables come round in
// order and wrap, a table that grew is found by its size and has fresh planner statistics after its turn, and the
// timer does a grown table first, without waiting for its turn.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, sql } from 'drizzle-orm';
import { startTestApi, type TestApi } from './harness';
import { scheduleVacuum, tablesGrown, vacuumAllTables, vacuumNextTable, vacuumTable } from '../../api/db/client';
import { applications, rateLimitEvents } from '../../api/db/schema';
import { seedLarge } from '../../scripts/seed-large';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

/** What the planner believes the table holds (pg_class.reltuples, set by vacuum and analyze). */
async function plannerRows(table: string): Promise<number> {
  const result = await api.database.db.execute<{ n: number }>(sql`select reltuples::int as n from pg_class where relname = ${table}`);
  return Number((result.rows as { n: number }[])[0]!.n);
}

/** Runs the maintenance step until it has done `table`; answers the tables done, in order. */
async function vacuumUntil(table: string, from?: string): Promise<string[]> {
  const done: string[] = [];
  let previous = from;
  for (let i = 0; i < 100; i++) {
    previous = await vacuumNextTable(api.database.db, previous);
    done.push(previous!);
    if (previous === table) return done;
  }
  throw new Error(`${table} never came round: ${done.join(', ')}`);
}

describe('vacuumNextTable', () => {
  it('goes through the public tables in order and wraps around', async () => {
    const first = await vacuumUntil('applications');
    expect(first.at(-1)).toBe('applications');
    expect([...first].sort()).toEqual(first);
    const round = await vacuumUntil('applications', 'applications');
    expect(round.length).toBeGreaterThan(5);
    expect(round[0]! < round[1]!).toBe(true);
    // Past the last table it starts again at the first.
    const last = [...round].sort().at(-1)!;
    expect(await vacuumNextTable(api.database.db, last)).toBe([...round].sort()[0]);
  });

  it('leaves a table that grew with the planner statistics of what it holds', async () => {
    await vacuumUntil('applications');
    await seedLarge(api.database.db, { organizations: 2, applications: 400 });
    const [{ n }] = (await api.database.db.select({ n: count() }).from(applications)) as [{ n: number }];
    expect(n).toBeGreaterThanOrEqual(400);
    await vacuumUntil('applications', 'applications');
    expect(await plannerRows('applications')).toBe(n);
  });
});

describe('vacuumAllTables', () => {
  it('does one whole round at once: a table that grew has its statistics, and every public table was analyzed', async () => {
    await seedLarge(api.database.db, { organizations: 2, applications: 450 });
    const [{ n }] = (await api.database.db.select({ n: count() }).from(applications)) as [{ n: number }];
    await vacuumAllTables(api.database.db);
    expect(await plannerRows('applications')).toBe(n);
    const never = await api.database.db.execute<{ name: string }>(sql`
      select relname as name from pg_stat_user_tables where schemaname = 'public' and last_analyze is null and last_autoanalyze is null`);
    expect((never.rows as { name: string }[]).map((r) => r.name)).toEqual([]);
  });
});

/** Every application written again: a new version of each row, so the heap grows by about its size. */
const touchAllApplications = () => api.database.db.execute(sql`update applications set updated_at = updated_at`);

describe('tablesGrown', () => {
  it('names a table that grew since its last vacuum, and not once it is vacuumed', async () => {
    await seedLarge(api.database.db, { organizations: 2, applications: 500 }); // ends with a vacuum analyze
    expect(await tablesGrown(api.database.db)).toEqual([]);
    await touchAllApplications();
    const grown = await tablesGrown(api.database.db);
    expect(grown).toContain('applications');
    expect(grown).not.toContain('programs'); // untouched
    await vacuumTable(api.database.db, 'applications');
    expect(await tablesGrown(api.database.db)).not.toContain('applications');
  });
});

describe('the upkeep timer', () => {
  it('vacuums a table that grew at its next check, before the turn of any table comes', async () => {
    await vacuumAllTables(api.database.db);
    await api.database.db.execute(sql`insert into rate_limit_events (bucket, key)
      select 'upkeep-test', 'k' || g from generate_series(1, 5000) g`);
    expect(await tablesGrown(api.database.db)).toEqual(['rate_limit_events']);
    const errors: unknown[] = [];
    const upkeep = scheduleVacuum(api.database.db, (_message, err) => errors.push(err), { checkMs: 50, roundMs: 3_600_000 });
    try {
      await expect.poll(() => tablesGrown(api.database.db), { timeout: 20_000, interval: 100 }).toEqual([]);
      // Its planner statistics are those of what it holds now.
      const [{ n }] = (await api.database.db.select({ n: count() }).from(rateLimitEvents)) as [{ n: number }];
      expect(await plannerRows('rate_limit_events')).toBe(n);
    } finally {
      await upkeep.stop();
      await api.database.db.execute(sql`delete from rate_limit_events where bucket = 'upkeep-test'`);
    }
    expect(errors).toEqual([]);
  }, 60_000);
});
