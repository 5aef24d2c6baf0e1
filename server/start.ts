// Starting the portal: the HTTP server listens at once and answers 503 (healthz included) while the
// database is opened, migrated and seeded, which may mean waiting for a PostgreSQL that is down.
import cluster from 'node:cluster';
import type { RequestListener, Server } from 'node:http';
import type { ServerBuild } from '@remix-run/node';
import type { Database } from '../api/db/client';
import { PORTAL_MSG } from '../domain/messages';
import { createPortalServer, plainPage } from './edge';
import type { Env } from './env';
import { createPortalApp, prepareDatabase, type StartTimings } from './portal';

const starting: RequestListener = (req, res) => {
  res.statusCode = 503;
  res.setHeader('Retry-After', '5');
  res.setHeader('Cache-Control', 'no-store');
  if (req.url === '/healthz' || req.url?.startsWith('/api/')) {
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify(req.url === '/healthz' ? { status: 'starting' } : { message: PORTAL_MSG.databaseUnavailable }));
    return;
  }
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.end(plainPage('Starting', PORTAL_MSG.databaseUnavailable));
};

export interface StartedPortal {
  server: Server;
  database: Promise<Database>;
}

/** "open 812 ms, migrate 40 ms, …": where a start's time went. */
export const describeTimings = (timings: StartTimings) =>
  Object.entries(timings).map(([phase, ms]) => `${phase} ${ms} ms`).join(', ');

export function startPortal(
  env: Env,
  opts: { host?: string; build?: () => Promise<ServerBuild>; onReady?: (database: Database, timings: StartTimings) => void } = {},
): StartedPortal {
  let handle: RequestListener = starting;
  const server = createPortalServer((req, res) => handle(req, res)).listen(env.PORT, opts.host ?? env.HOST);
  const timings: StartTimings = {};
  // The UI build loads while the database opens (each is about a second); a failure surfaces below.
  const began = performance.now();
  const buildLoading = opts.build?.().then((build) => {
    timings['ui build'] = Math.round(performance.now() - began);
    return build;
  });
  buildLoading?.catch(() => {});
  const database = (async () => {
    const db = await prepareDatabase(env, timings);
    const build = await buildLoading;
    const app = createPortalApp({ env, database: db, build });
    handle = app;
    opts.onReady?.(db, timings);
    return db;
  })();
  return { server, database };
}

/**
 * The primary of a cluster: forks `count` workers that each run the whole portal on the shared port
 * (node:cluster hands out connections), replaces a worker that dies, and stops them on SIGTERM/SIGINT.
 */
export function runPrimary(count: number): void {
  let stopping = false;
  const fork = () => cluster.fork();
  for (let i = 0; i < count; i++) fork();
  const bornAt = new Map<number, number>();
  cluster.on('fork', (worker) => bornAt.set(worker.id, Date.now()));
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    if (Date.now() - (bornAt.get(worker.id) ?? 0) < 10_000 && code !== 0) {
      // It failed at start (a setting, a broken migration): more of the same would not help.
      console.error(`Portal process ${worker.process.pid} failed at start (${signal ?? code}); stopping.`);
      stop('SIGTERM', 1);
      return;
    }
    console.error(`Portal process ${worker.process.pid} ended (${signal ?? code}); starting another.`);
    fork();
  });
  function stop(signal: NodeJS.Signals, exitCode = 0) {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    cluster.disconnect(() => process.exit(exitCode));
  }
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}
