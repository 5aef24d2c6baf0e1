// `npm run db:reset`: drops everything, migrates and seeds again (PGlite under DATA_DIR, or DATABASE_URL).
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { readEnv } from '../server/env';
import { prepareDatabase } from '../server/portal';
import { openDatabase } from '../api/db/client';

const env = readEnv();
if (env.DATABASE_URL) {
  const database = await openDatabase({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL });
  await database.db.execute(sql`drop schema if exists public cascade`);
  await database.db.execute(sql`drop schema if exists drizzle cascade`);
  await database.db.execute(sql`create schema public`);
  await database.close();
} else {
  const dir = path.resolve(env.DATA_DIR, 'pglite');
  const lock = path.resolve(env.DATA_DIR, 'portal.lock');
  if (fs.existsSync(lock)) {
    const pid = Number(fs.readFileSync(lock, 'utf8'));
    try {
      process.kill(pid, 0);
      console.error(`The portal (process ${pid}) is using ${dir}. Stop it first.`);
      process.exit(1);
    } catch {
      // A stale lock from a stopped process.
    }
  }
  fs.rmSync(dir, { recursive: true, force: true });
}
const database = await prepareDatabase(env);
await database.close();
console.log(`Database reset and seeded (${database.kind}).`);
