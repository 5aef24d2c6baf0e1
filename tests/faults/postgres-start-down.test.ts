// Issue 7 item 2: the portal started while PostgreSQL is down waits for it, saying why, instead of
// exiting; once PostgreSQL is up it migrates and serves, and /healthz answers 200.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort, startPostgres, type RunningPostgres } from '../support/postgres';
import { PORTAL_MSG } from '../../domain/messages';
import { portalAt, serveApi, stopChild, until, type Child } from './support';

let pg: RunningPostgres;
let child: Child | undefined;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-fault-start-'));

beforeAll(async () => {
  pg = await startPostgres();
  pg.halt();
});

afterAll(async () => {
  await stopChild(child);
  pg?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('waits for a PostgreSQL that is down at start, then serves without a restart', async () => {
  const port = await freePort();
  child = serveApi({ DATABASE_URL: pg.url, DATA_DIR: dataDir, PORT: String(port) });
  await until('two logged retries', () => /attempt 2\b/.test(child!.output()) || child!.exited());
  expect(child.exited(), child.output()).toBe(false);
  expect(child.output()).toMatch(/The database cannot be reached \(attempt 1\); retrying in 0\.5 s\. ECONNREFUSED/);

  // Meanwhile the portal answers, and says it cannot reach its database.
  const waiting = portalAt(`http://127.0.0.1:${port}`);
  expect((await waiting.call('/healthz')).status).toBe(503);
  const meanwhile = await waiting.call('/api/v1/program/all');
  expect(meanwhile.status).toBe(503);
  expect(meanwhile.body.message).toBe(PORTAL_MSG.databaseUnavailable);

  pg.resume();
  const portal = portalAt(`http://127.0.0.1:${port}`);
  await until('/healthz 200', async () => (await portal.call('/healthz')).status === 200, 60_000);
  expect((await portal.call('/api/v1/program/all')).status, 'the API serves (401 without a token, not 5xx)').toBe(401);
  expect(child.exited()).toBe(false);
});
