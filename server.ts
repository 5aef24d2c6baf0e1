// The process entry: one Node HTTP server for the whole portal (DESIGN section 2).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from '@remix-run/node';
import { readEnv } from './server/env';
import { createPortalApp, prepareDatabase } from './server/portal';
import { isDatabaseUnavailable } from './api/db/errors';

const started = Date.now();
const env = readEnv();
const database = await prepareDatabase(env);
const build = (await import(pathToFileURL(path.resolve('build/index.js')).href)) as ServerBuild;
const app = createPortalApp({ env, database, build });

const server = app.listen(env.PORT, env.HOST, () => {
  console.log(`Broadband Grants Portal on http://localhost:${env.PORT} (${database.kind}, ${env.NODE_ENV}) ready in ${Date.now() - started} ms`);
});

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  console.log(`${signal}: closing`);
  server.close();
  server.closeAllConnections?.();
  await database.close();
  process.exit(0);
}
// A database fault that escaped a request (a stray promise) is logged, never fatal; anything else still is.
process.on('unhandledRejection', (reason) => {
  if (!isDatabaseUnavailable(reason)) throw reason;
  console.error('The database cannot be reached (outside a request):', reason instanceof Error ? reason.message : reason);
});
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
