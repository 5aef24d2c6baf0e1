// The process entry: one Node HTTP server for the whole portal (DESIGN section 2).
import cluster from 'node:cluster';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from '@remix-run/node';
import { processCount, readEnv, type Env } from './server/env';
import { describeDatabaseError, isDatabaseUnavailable } from './api/db/errors';
import { describeTimings, runPrimary, startPortal } from './server/start';

// The process's own start (node's clock origin) and when this module ran, after its imports had loaded.
const processStarted = Math.round(performance.timeOrigin);
const started = Date.now();
let env: Env;
try {
  env = readEnv();
} catch (err) {
  // A setting is wrong: say which, without a stack trace, and do not start.
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
// WEB_CONCURRENCY: one process per core behind node:cluster when the database is shared (PostgreSQL).
const processes = processCount(env);
if (processes.note && cluster.isPrimary) console.log(processes.note);
if (processes.count > 1 && cluster.isPrimary) {
  console.log(`Starting ${processes.count} portal processes on port ${env.PORT} (WEB_CONCURRENCY).`);
  runPrimary(processes.count);
} else {
  serve();
}

function serve() {
  // `npm run serve:api` (--api-only): the API and /healthz without the UI, for a UI served on its own
  // (`npm run serve:ui`, docs/decisions/018).
  const apiOnly = process.argv.includes('--api-only');
  const buildUrl = pathToFileURL(path.resolve('build/index.js')).href;
  const { server, database } = startPortal(env, {
    build: apiOnly ? undefined : async () => (await import(buildUrl)) as ServerBuild,
    onReady: (db, timings) =>
      console.log(`Broadband Grants Portal on http://localhost:${env.PORT} (${db.kind}, ${env.NODE_ENV}) ${apiOnly ? 'API only, ' : ''}ready in ${Date.now() - started} ms (modules ${started - processStarted} ms before that; ${describeTimings(timings)})`),
  });
  database.catch((err) => {
    console.error('The portal could not start:', err);
    process.exit(1);
  });
  // The embedded database's thread stopped on its own (decision 076): every statement would fail from then on, so
  // the process stops, and whoever runs it (a supervisor, or the person who ran npm start) starts it again.
  void database.then(
    (db) =>
      db.lost?.then((err) => {
        console.error(`${err.message} The portal stops; start it again to reopen its data.`);
        process.exit(1);
      }),
    () => {},
  );
  if (env.DEV_OUTBOX) {
    console.log(`Development outbox ON: mail is not sent; sign-in codes are printed here and readable from this machine at http://localhost:${env.PORT}/api/v1/dev/outbox?email=… Set SMTP_URL (and unset DEV_OUTBOX) for real mail.`);
  }

  let closing = false;
  async function shutdown(signal: string) {
    if (closing) return;
    closing = true;
    console.log(`${signal}: closing`);
    server.close();
    server.closeAllConnections?.();
    await (await database.catch(() => null))?.close();
    process.exit(0);
  }
  // A database fault that escaped a request (a stray promise) is logged, never fatal; anything else still is.
  process.on('unhandledRejection', (reason) => {
    if (!isDatabaseUnavailable(reason)) throw reason;
    console.error('The database cannot be reached (outside a request):', describeDatabaseError(reason));
  });
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}
