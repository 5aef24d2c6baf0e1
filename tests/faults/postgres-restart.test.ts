// Issue 7 item 2: PostgreSQL crashes and comes back under a storm of saves. The portal (over real HTTP,
// in this process: an unhandled pool error would fail the run) answers 503 with the outage message
// meanwhile, /healthz says 503, it recovers without a restart, and no acknowledged save is lost or torn.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createPortalApp, prepareDatabase } from '../../server/portal';
import { readEnv } from '../../server/env';
import type { Database } from '../../api/db/client';
import { PORTAL_MSG } from '../../domain/messages';
import { startPostgres, type RunningPostgres } from '../support/postgres';
import { createDrafts, expectEverySaveKept, portalAt, saveStorm, signIn, until, type Portal } from './support';

let pg: RunningPostgres;
let database: Database;
let server: Server;
let portal: Portal;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-fault-pg-'));

beforeAll(async () => {
  pg = await startPostgres({ durable: true });
  const env = readEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, SESSION_SECRET: 'fault-test-secret-fault-test-secret', DATABASE_URL: pg.url, OTP_EMAIL_LIMIT: '100' });
  database = await prepareDatabase(env);
  const app = createPortalApp({ env, database });
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  portal = portalAt(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});

afterAll(async () => {
  // Close every connection first: server.close() alone waits for a busy keep-alive connection. A clean-clone CI
  // run (d17febd, load average ~10) timed out here after the test itself had passed; which part hung was not
  // found, so each step is bounded and says on stderr which one did not finish (decision 010).
  const bounded = async (what: string, work: Promise<unknown>) => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), 15_000)));
    if ((await Promise.race([work.then(() => 'done' as const), late])) === 'late') console.error(`postgres-restart teardown: ${what} did not finish in 15 s`);
    clearTimeout(timer);
  };
  if (server) {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    await bounded('the HTTP server close', closed);
  }
  if (database) await bounded('the PostgreSQL pool end (a client still checked out?)', database.close());
  pg?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

it('survives PostgreSQL crashing and restarting during a storm of saves, losing no acknowledged save', async () => {
  const token = await signIn(portal, 'org.admin@example.org');
  const drafts = await createDrafts(portal, token, 4);
  // Fill the pool: the writers below use a few connections, the rest sit idle when PostgreSQL goes away
  // (an idle connection's error was what ended the process).
  await Promise.all(Array.from({ length: 10 }, () => portal.call('/api/v1/users/me', { token })));

  let acknowledged = 0;
  let failed = 0;
  // Writers 0 and 1 stop at the crash (their drafts prove what was acknowledged before it survived);
  // writers 2 and 3 keep saving through the outage and the restart.
  const storm = saveStorm(portal, token, drafts, {
    quitAtFault: 2,
    onAnswer: (status) => {
      if (status === 200) acknowledged++;
      if (status !== 200) failed++;
    },
  });
  await until('saves acknowledged before the crash', () => acknowledged >= 20);

  pg.halt('immediate');
  await until('saves failing while PostgreSQL is down', () => failed >= 8);
  expect(storm.result.unexpected, 'a save the database could not take is answered 503').toEqual([]);
  const started = Date.now();
  const health = await portal.call('/healthz');
  expect(health.status).toBe(503);
  expect(Date.now() - started, '/healthz answers quickly while the database is away').toBeLessThan(5_000);
  const read = await portal.call('/api/v1/users/me', { token });
  // Signed-in users stay signed in: an outage is 503, never 401.
  expect(read).toEqual({ status: 503, body: { message: PORTAL_MSG.databaseUnavailable } });

  const beforeRestart = acknowledged;
  pg.resume();
  await until('/healthz back to 200 without restarting the portal', async () => (await portal.call('/healthz')).status === 200);
  await until('saves acknowledged again after the restart', () => acknowledged >= beforeRestart + 20);
  const result = await storm.stop();

  expect(result.unexpected, 'every save is answered 200 or 503').toEqual([]);
  expect(result.statuses[0] ?? 0, 'the portal answered every request').toBe(0);
  await expectEverySaveKept(portal, token, drafts, result);
});
