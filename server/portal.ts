// Builds the one-process portal: static files, /healthz, the embedded /api/v1 provider and Remix.
import fs from 'node:fs';
import express, { type Express, type RequestHandler } from 'express';
import compression from 'compression';
import type { ServerBuild } from '@remix-run/node';
import { createRequestHandler } from '@remix-run/express';
import { inTurn } from './admission';
import { createApi } from '../api';
import { httpTransport, inProcessTransport, type ApiTransport } from './api-transport';
import type { ApiContext } from '../api/context';
import { openDatabase, whenDatabaseReachable, type Database } from '../api/db/client';
import { outboxMailer, smtpMailer } from '../api/mail';
import { seedDatabase } from '../api/seed';
import { storageFromEnv } from '../api/storage';
import { schedulePendingUploadSweep } from '../api/services/pending-uploads';
import { heldFileCount, scheduleHeldFileRetry } from '../api/services/held-files';
import { scannerFromEnv } from '../api/scanner';
import type { Env } from './env';
import { limitUiBodies, noStoreByDefault, refuseCrossSiteWrites, securityHeaders } from './edge';
import { portalConfig, sessionSecret, uiBodyLimits } from './ui-context';
import { buildOpenApi } from '../api/openapi/document';
import { openApiHtml } from '../api/openapi/html';

export { sessionSecret, type PortalConfig } from './ui-context';

/** Milliseconds each start phase took (server/start.ts prints them). */
export type StartTimings = Record<string, number>;

export async function prepareDatabase(env: Env, timings: StartTimings = {}): Promise<Database> {
  let at = performance.now();
  const lap = (phase: string) => {
    timings[phase] = Math.round(performance.now() - at);
    at = performance.now();
  };
  const database = await openDatabase({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL });
  lap('open');
  // PostgreSQL may be down or still starting: wait for it instead of exiting. Processes starting together
  // migrate and seed one after the other (docs/decisions/019).
  const seeded = await whenDatabaseReachable(() => database.exclusive(async () => {
    await database.migrate();
    lap('migrate');
    const done = await seedDatabase(database.db, { storage: storageFromEnv({ storageUrl: env.STORAGE_URL, dataDir: env.DATA_DIR }) });
    lap('seed');
    return done;
  }));
  if (seeded) console.log('Seeded the demo data (DESIGN section 3).');
  return database;
}

export function apiContext(env: Env, database: Database, secret: string): ApiContext {
  return {
    db: database.db,
    mailer: env.SMTP_URL ? smtpMailer(env.SMTP_URL, env.MAIL_FROM) : outboxMailer(database.db, { quiet: env.NODE_ENV === 'test' }),
    storage: storageFromEnv({ storageUrl: env.STORAGE_URL, dataDir: env.DATA_DIR }),
    scanner: scannerFromEnv({ clamavUrl: env.SCANNING === 'off' ? undefined : env.CLAMAV_URL, timeoutMs: env.SCAN_TIMEOUT_SECONDS * 1000 }),
    scanRetryBaseSeconds: env.SCAN_RETRY_SECONDS,
    maxUploadBytes: env.MAX_UPLOAD_MB * 1024 * 1024,
    secret,
    limits: { otpPerEmail: env.OTP_EMAIL_LIMIT, otpPerIp: env.OTP_IP_LIMIT, usersAdded: env.USER_ADD_LIMIT, windowSeconds: env.OTP_WINDOW_SECONDS },
    outboxReadable: env.DEV_OUTBOX,
    log: (message, err) => console.error(message, err),
    portalUrl: env.PORTAL_URL ?? `http://localhost:${env.PORT}`,
  };
}

export function createPortalApp(opts: {
  env: Env; database: Database; build?: ServerBuild | (() => Promise<ServerBuild>);
  /** How often expired pending uploads are swept (default PENDING_UPLOAD_SWEEP_MS; tests shorten it). */
  pendingUploadSweepMs?: number;
}): Express {
  const { env, database } = opts;
  const secret = sessionSecret(env);
  const app = express();
  app.disable('x-powered-by');
  if (env.TRUST_PROXY !== undefined) app.set('trust proxy', env.TRUST_PROXY);
  // zlib level 1: a page's HTML and the API's JSON shrink almost as much as at the default level 6 (about 15%
  // larger) for half the CPU, and CPU per page is what a busy deadline night runs out of (issue 8).
  app.use(compression({ level: 1 }));
  app.use(securityHeaders());
  app.use(refuseCrossSiteWrites());

  const ctx = apiContext(env, database, secret);
  app.get('/healthz', async (_req, res) => {
    const ok = await database.ping();
    if (!ok) return void res.status(503).json({ status: 'unavailable' });
    // The scanner's state (docs/decisions/097): clamd down is not the portal down (uploads are held, not refused), so
    // the status stays 200; `waiting` counts the files held for a scan.
    if (!ctx.scanner) return void res.json({ status: 'ok', scanner: 'off' });
    const [up, waiting] = await Promise.all([ctx.scanner.ping(), heldFileCount(ctx.db)]);
    res.json({ status: 'ok', scanner: up ? 'up' : 'down', waiting });
  });

  const api = createApi(ctx);
  // Abandoned pending uploads are swept with their bytes on a timer of this process (decision 022), stopped when
  // its database closes.
  const sweep = schedulePendingUploadSweep(ctx, opts.pendingUploadSweepMs);
  // Files clamd could not scan yet are scanned again, with backoff, by this process's own timer (decision 097).
  const retry = ctx.scanner ? scheduleHeldFileRetry(ctx, Math.min(env.SCAN_RETRY_SECONDS, 30) * 1000) : null;
  const closeDatabase = database.close;
  database.close = async () => {
    await Promise.all([sweep.stop(), retry?.stop()]);
    await closeDatabase.call(database);
  };
  app.use('/api/v1', api);
  // The API reference for a person (decision 098): a page of our own rendered from the same document, no script.
  let apiDocs: string | undefined;
  app.get('/api/docs', (_req, res) => {
    apiDocs ??= openApiHtml(buildOpenApi(api).document);
    res.type('html').send(apiDocs);
  });
  // Embedded: the UI calls this same router in-process; with API_BASE_URL, the API elsewhere over HTTP.
  const transport = env.API_BASE_URL ? httpTransport(env.API_BASE_URL) : inProcessTransport(api);
  apiTransports.set(app, transport);
  if (!opts.build) return app;

  app.use('/build', express.static('public/build', { immutable: true, maxAge: '1y' }));
  app.use(publicFiles('public', { maxAge: '1h' }));

  app.use(noStoreByDefault());
  app.use(limitUiBodies(uiBodyLimits(env)));

  const portal = portalConfig(env, secret);
  // Page reads are rendered in the order they were asked for, a few at a time (decisions 057, 088).
  app.use(inTurn({ limit: env.PAGE_CONCURRENCY }));
  // Remix's own Express adapter, as its documentation shows it (decision 096).
  app.all('*', createRequestHandler({
    build: opts.build,
    mode: env.NODE_ENV,
    getLoadContext: (req, res) => ({ portal, api: transport, clientIp: req.ip ?? req.socket.remoteAddress, cspNonce: String(res.locals.cspNonce ?? ''), requestMethod: req.method, secureRequest: req.secure }),
  }));
  return app;
}

/**
 * The files of `dir` (favicon, fonts, templates), looked up only for paths under its top-level entries: a page
 * URL (/org/applications) goes straight to Remix instead of costing a stat of the disk first.
 */
function publicFiles(dir: string, options: Parameters<typeof express.static>[1]): RequestHandler {
  const entries = new Set(fs.existsSync(dir) ? fs.readdirSync(dir) : []);
  const serve = express.static(dir, options);
  return (req, res, next) => {
    const first = req.path.split('/', 2)[1] ?? '';
    if (!entries.has(first)) return next();
    return serve(req, res, next);
  };
}

const apiTransports = new WeakMap<Express, ApiTransport>();

/** The transport the UI of this portal app uses to reach its API (tests call the API through it too). */
export function apiTransportOf(app: Express): ApiTransport {
  const transport = apiTransports.get(app);
  if (!transport) throw new Error('Not a portal app made by createPortalApp');
  return transport;
}
