// Opens the database: PGlite under DATA_DIR by default, PostgreSQL when DATABASE_URL is set.
import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { Logger } from 'drizzle-orm/logger';
import { schema } from './schema';
import { describeDatabaseError, isDatabaseUnavailable } from './errors';
import { PgliteRemote } from './pglite-remote';

export type Db = NodePgDatabase<typeof schema>;

/**
 * The query logger: counts the SQL statements the portal sends, on both engines (drizzle's logger, plus
 * PGlite's own BEGIN and COMMIT, which drizzle does not see there). Off unless someone is counting: then
 * logQuery is one comparison. Two ways to count:
 * - `record()`: every statement of the process until `stop()` (tests and the bench, one request at a time);
 * - `measure(fn)`: the statements run in fn's async context only (one request among many; an in-process
 *   API call made from fn counts, a loopback HTTP call does not).
 */
export interface Recording {
  statements: string[];
  params: unknown[][];
  stop(): string[];
}

export class StatementCounter implements Logger {
  private readonly windows = new Set<Recording>();
  private readonly scope = new AsyncLocalStorage<string[]>();
  private scoped = 0;

  logQuery(query: string, params: unknown[] = []): void {
    if (this.windows.size === 0 && this.scoped === 0) return;
    for (const window of this.windows) {
      window.statements.push(query);
      window.params.push(params);
    }
    if (this.scoped > 0) this.scope.getStore()?.push(query);
  }

  /** Starts counting every statement; `stop()` ends it and returns them in order (their parameters in `params`). */
  record(): Recording {
    const recording: Recording = { statements: [], params: [], stop: () => (this.windows.delete(recording), recording.statements) };
    this.windows.add(recording);
    return recording;
  }

  /** Runs fn and returns what it resolved to with the statements run on its behalf. */
  async measure<T>(fn: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
    const statements: string[] = [];
    this.scoped += 1;
    try {
      const result = await this.scope.run(statements, fn);
      return { result, statements };
    } finally {
      this.scoped -= 1;
    }
  }
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /**
   * Runs fn while no other portal process runs it on this database: the start's migrations and seed when
   * several processes start together (PostgreSQL: a session advisory lock; PGlite has one process).
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /** PGlite only: the instance (or its thread's stand-in, pglite-remote.ts), for dumps. */
  pglite?: PGlite;
  /** PGlite on its thread only: settles if that thread stops on its own; every statement fails from then on. */
  lost?: Promise<Error>;
  /** Counts the statements sent to this database (off until asked). */
  statements: StatementCounter;
}

export function migrationsFolder(): string {
  const candidates = [
    path.resolve(process.cwd(), 'api/db/migrations'),
    path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'migrations'),
  ];
  const found = candidates.find((p) => fs.existsSync(path.join(p, 'meta', '_journal.json')));
  if (!found) throw new Error(`Migrations folder not found (looked in ${candidates.join(', ')})`);
  return found;
}

/** When the journal's newest migration was made: drizzle records it as that migration's created_at. */
function newestMigration(folder: string): number {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

/**
 * Runs drizzle's migrator unless the database already has the journal's newest migration: a start with
 * nothing to migrate costs one query instead of the migrator's statements (docs/decisions/019).
 */
async function migrateIfBehind(query: (sql: string) => Promise<{ last: string | null }[]>, migrate: (folder: string) => Promise<void>): Promise<void> {
  const folder = migrationsFolder();
  try {
    const [row] = await query('select max(created_at)::text as last from drizzle.__drizzle_migrations');
    if (row?.last && Number(row.last) >= newestMigration(folder)) return;
  } catch (err) {
    // No migrations table yet: a new database, migrated below. A database that cannot be reached is not that.
    if (isDatabaseUnavailable(err)) throw err;
  }
  await migrate(folder);
}

export function fromPglite(client: PGlite): Database {
  const statements = new StatementCounter();
  // PGlite runs a transaction's BEGIN and COMMIT itself: count them as drizzle does on node-postgres.
  const transaction = client.transaction.bind(client);
  client.transaction = (async (fn: Parameters<PGlite['transaction']>[0]) => {
    statements.logQuery('begin');
    try {
      return await transaction(fn);
    } finally {
      statements.logQuery('commit');
    }
  }) as PGlite['transaction'];
  const db = drizzlePglite(client, { schema, logger: statements }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    statements,
    migrate: () => migrateIfBehind(async (sql) => (await client.query<{ last: string | null }>(sql)).rows, (folder) => migratePglite(db as never, { migrationsFolder: folder })),
    exclusive: (fn) => fn(),
    ping: async () => {
      try {
        await client.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

/** PGlite does not lock its directory: a pid file keeps two processes off one database. */
function lockDirectory(dir: string): () => void {
  const lock = path.join(dir, 'portal.lock');
  if (fs.existsSync(lock)) {
    const pid = Number(fs.readFileSync(lock, 'utf8'));
    let alive = false;
    try {
      if (pid && pid !== process.pid) {
        process.kill(pid, 0);
        alive = true;
      }
    } catch {
      alive = false;
    }
    if (alive) throw new Error(`The embedded database in ${dir} is in use by process ${pid}. Stop it first, or set DATA_DIR.`);
  }
  fs.writeFileSync(lock, String(process.pid));
  return () => fs.rmSync(lock, { force: true });
}

/** The advisory lock key of the start (migrate and seed): one process at a time. */
const START_LOCK = 0x706f7274; // 'port'

/** While PostgreSQL is away a request waits this long for a connection, then answers 503. */
export const CONNECT_TIMEOUT_MS = 3_000;
const PING_TIMEOUT_MS = 2_000;

type Log = (message: string, err?: unknown) => void;
const logToConsole: Log = (message, err) => console.error(message, describeDatabaseError(err));

export async function openDatabase(opts: { dataDir: string; databaseUrl?: string; log?: Log }): Promise<Database> {
  if (opts.databaseUrl) {
    const log = opts.log ?? logToConsole;
    // plan_cache_mode=force_custom_plan: the paged lists run as named prepared statements (api/db/paging.ts), and
    // after five runs PostgreSQL would switch to a generic plan that cannot see the filters' values; for the
    // org list's date range it estimated one row, so it fetched every row of the range and sorted them
    // (1,865 rows, 1,394 heap blocks, 3-7 ms at 100k) instead of reading the index backwards to the page
    // (0.5 ms). Planning with the values costs a fraction of a millisecond (decision 020).
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl, max: 10, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true,
      options: '-c plan_cache_mode=force_custom_plan',
    });
    // A connection whose server went away (restart, failover) emits 'error' on its client, whether idle
    // or checked out between two queries of a transaction; unheard, that ends the process. The query
    // that needed it fails (503) and the pool replaces it.
    pool.on('connect', (client) => client.on('error', (err) => log('PostgreSQL: a connection was lost; it will be replaced.', err)));
    pool.on('error', () => {}); // the same error, already logged by the client's listener above
    const statements = new StatementCounter();
    const db = drizzlePg(pool, { schema, logger: statements });
    return {
      db,
      kind: 'postgres',
      statements,
      migrate: () => migrateIfBehind(async (sql) => (await pool.query<{ last: string | null }>(sql)).rows, (folder) => migratePg(db, { migrationsFolder: folder })),
      exclusive: async (fn) => {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [START_LOCK]);
          try {
            return await fn();
          } finally {
            await client.query('select pg_advisory_unlock($1)', [START_LOCK]).catch(() => {});
          }
        } finally {
          client.release();
        }
      },
      ping: async () => {
        try {
          await pool.query({ text: 'select 1', query_timeout: PING_TIMEOUT_MS } as pg.QueryConfig);
          return true;
        } catch {
          return false;
        }
      },
      close: () => pool.end(),
    };
  }
  const dir = path.resolve(opts.dataDir, 'pglite');
  fs.mkdirSync(dir, { recursive: true });
  const unlock = lockDirectory(path.resolve(opts.dataDir));
  // PGlite runs on its own thread (decision 076). A new database starts from the build's template (initdb and
  // migrations done; pglite-template.ts).
  const remote = await PgliteRemote.start({ dataDir: dir }).catch((err) => {
    unlock();
    throw err;
  });
  const database = fromPglite(remote.asPglite());
  database.lost = remote.lost;
  const maintenance = scheduleVacuum(database.db, opts.log ?? logToConsole);
  const close = database.close;
  database.close = async () => {
    await maintenance.stop();
    await close();
    unlock();
  };
  return database;
}

/**
 * PGlite has no autovacuum (decision 012): without vacuum the list counts read the heap instead of the index
 * alone, and without analyze the planner has no statistics of a table that grew. PGlite keeps no activity
 * statistics, so the embedded portal does the upkeep itself, one table at a time (each a short pause: PGlite runs
 * one statement at a time). Every PGLITE_VACUUM_CHECK_MS it looks for a table that grew since its last vacuum
 * (tablesGrown) and does the one that grew most; without one, every PGLITE_VACUUM_MS it does the next table in
 * turn, so each table is done about every hour or two whatever happens (decisions 020 and 049).
 */
export const PGLITE_VACUUM_MS = 5 * 60_000;
export const PGLITE_VACUUM_CHECK_MS = 60_000;

/** Vacuums and analyzes one public table. */
export async function vacuumTable(db: Db, name: string): Promise<void> {
  await db.execute(sql.raw(`vacuum analyze "public"."${name.replaceAll('"', '""')}"`));
}

/** Vacuums and analyzes the public table after `previous` (alphabetical order, wrapping around); answers its name. */
export async function vacuumNextTable(db: Db, previous?: string): Promise<string | undefined> {
  const result = await db.execute<{ name: string }>(sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`);
  const names = (result.rows as { name: string }[]).map((r) => r.name);
  if (names.length === 0) return undefined;
  const name = names.find((n) => previous !== undefined && n > previous) ?? names[0]!;
  await vacuumTable(db, name);
  return name;
}

/**
 * The public tables whose heap grew by a fifth, and by at least 8 pages (64 KB), since their last vacuum or
 * analyze, the most grown first. Inserts and updates both grow the heap (an update writes a new row version), so
 * this is PGlite's stand-in for autovacuum's thresholds (50 rows + 10-20 %): pg_class.relpages is the size the
 * last vacuum or analyze saw, pg_relation_size the size now, and reading both costs no scan.
 */
export async function tablesGrown(db: Db): Promise<string[]> {
  const result = await db.execute<{ name: string }>(sql`
    select name from (
      select c.relname as name, c.relpages as seen,
             pg_relation_size(c.oid) / current_setting('block_size')::bigint as pages
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind = 'r'
    ) sizes
    where pages >= seen + greatest(8, seen / 5)
    order by pages - seen desc, name`);
  return (result.rows as { name: string }[]).map((r) => r.name);
}

/**
 * One whole round of that maintenance at once: every public table vacuumed and analyzed. The benches measure a
 * database in the state the embedded portal keeps it in, not one just bulk-loaded (decision 048).
 */
export async function vacuumAllTables(db: Db): Promise<void> {
  const first = await vacuumNextTable(db);
  for (let previous = first; previous !== undefined; ) {
    const next = await vacuumNextTable(db, previous);
    if (next === first) return;
    previous = next;
  }
}

/** The embedded database's upkeep timer (see PGLITE_VACUUM_MS); the intervals are options for the tests. */
export function scheduleVacuum(
  db: Db,
  log: Log,
  opts: { checkMs?: number; roundMs?: number } = {},
): { stop(): Promise<void> } {
  const checkMs = opts.checkMs ?? PGLITE_VACUUM_CHECK_MS;
  const roundMs = opts.roundMs ?? PGLITE_VACUUM_MS;
  let previous: string | undefined;
  let lastInTurn = Date.now();
  let running: Promise<void> | null = null;
  const step = async () => {
    const [grown] = await tablesGrown(db);
    if (grown !== undefined) return vacuumTable(db, grown);
    if (Date.now() - lastInTurn < roundMs) return;
    lastInTurn = Date.now();
    previous = await vacuumNextTable(db, previous);
  };
  const timer = setInterval(() => {
    if (running) return;
    running = step()
      .catch((err) => log('PGlite: vacuum failed; it is tried again later.', err))
      .finally(() => (running = null));
  }, checkMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

/**
 * Runs `attempt` until the database answers: while it cannot be reached, waits (0.5 s doubling to 15 s)
 * and says why on each retry. Any other failure (bad credentials, a broken migration) is thrown.
 */
export async function whenDatabaseReachable<T>(attempt: () => Promise<T>, opts: { log?: Log; maxDelayMs?: number } = {}): Promise<T> {
  const log = opts.log ?? logToConsole;
  const maxDelay = opts.maxDelayMs ?? 15_000;
  for (let delay = 500, tries = 1; ; delay = Math.min(delay * 2, maxDelay), tries++) {
    try {
      return await attempt();
    } catch (err) {
      if (!isDatabaseUnavailable(err)) throw err;
      log(`The database cannot be reached (attempt ${tries}); retrying in ${delay / 1000} s.`, err);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
