// The process entry: one Node HTTP server for the whole portal (DESIGN section 2).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from '@remix-run/node';
import { readEnv } from './server/env';
import { createPortalApp, prepareDatabase } from './server/portal';
import { describeDatabaseError, isDatabaseUnavailable } from './api/db/errors';
import { createPortalServer } from './server/edge';

const started = Date.now();
const env = readEnv();
const database = await prepareDatabase(env);
const build = (await import(pathToFileURL(path.resolve('build/index.js')).href)) as ServerBuild;
const app = createPortalApp({ env, database, build });

const server = createPortalServer(app).listen(env.PORT, env.HOST, () => {
  console.log(`Broadband Grants Portal on http://localhost:${env.PORT} (${database.kind}, ${env.NODE_ENV}) ready in ${Date.now() - started} ms`);
});
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
  await database.close();
  process.exit(0);
}
// A database fault that escaped a request (a stray promise) is logged, never fatal; anything else still is.
process.on('unhandledRejection', (reason) => {
  if (!isDatabaseUnavailable(reason)) throw reason;
  console.error('The database cannot be reached (outside a request):', describeDatabaseError(reason));
});
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
