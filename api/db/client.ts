// Opens the database: PGlite under DATA_DIR by default, PostgreSQL when DATABASE_URL is set.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { schema } from './schema';
import { describeDatabaseError, isDatabaseUnavailable } from './errors';

export type Db = NodePgDatabase<typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /** PGlite only: the instance, for dumps in tests. */
  pglite?: PGlite;
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

export function fromPglite(client: PGlite): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    migrate: () => migratePglite(db as never, { migrationsFolder: migrationsFolder() }),
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

/** While PostgreSQL is away a request waits this long for a connection, then answers 503. */
export const CONNECT_TIMEOUT_MS = 3_000;
const PING_TIMEOUT_MS = 2_000;

type Log = (message: string, err?: unknown) => void;
const logToConsole: Log = (message, err) => console.error(message, describeDatabaseError(err));

export async function openDatabase(opts: { dataDir: string; databaseUrl?: string; log?: Log }): Promise<Database> {
  if (opts.databaseUrl) {
    const log = opts.log ?? logToConsole;
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true });
    // A connection whose server went away (restart, failover) emits 'error' on its client, whether idle
    // or checked out between two queries of a transaction; unheard, that ends the process. The query
    // that needed it fails (503) and the pool replaces it.
    pool.on('connect', (client) => client.on('error', (err) => log('PostgreSQL: a connection was lost; it will be replaced.', err)));
    pool.on('error', () => {}); // the same error, already logged by the client's listener above
    const db = drizzlePg(pool, { schema });
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(db, { migrationsFolder: migrationsFolder() }),
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
  const client = await PGlite.create(dir);
  const database = fromPglite(client);
  const close = database.close;
  database.close = async () => {
    await close();
    unlock();
  };
  return database;
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
