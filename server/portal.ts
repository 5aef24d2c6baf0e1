// Builds the one-process portal: static files, /healthz, the embedded /api/v1 provider and Remix.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import express, { type Express } from 'express';
import compression from 'compression';
import type { ServerBuild } from '@remix-run/node';
import { createRequestHandler } from '@remix-run/express';
import { createApi } from '../api';
import type { ApiContext } from '../api/context';
import { openDatabase, whenDatabaseReachable, type Database } from '../api/db/client';
import { outboxMailer, smtpMailer } from '../api/mail';
import { seedDatabase } from '../api/seed';
import { storageFromEnv } from '../api/storage';
import type { Env } from './env';
import {
  FORM_BODY_LIMIT_BYTES, MULTIPART_OVERHEAD_BYTES, limitUiBodies, noStoreByDefault, refuseCrossSiteWrites, securityHeaders,
} from './edge';

export interface PortalConfig {
  apiBaseUrl: string;
  /** Links the provider hands out (signed downloads) resolve against this: '' for the embedded one (same origin). */
  apiPublicOrigin: string;
  sessionSecret: string;
  /** The upload limit the form checks before sending (MAX_UPLOAD_MB; the provider enforces its own). */
  maxUploadBytes: number;
  secureCookies: boolean;
  helpUrl: string;
  /** Where the login page says development codes can be read; null when mail is really sent. */
  devOutboxUrl: string | null;
}

/** SESSION_SECRET, or outside production one generated once and kept in DATA_DIR. */
export function sessionSecret(env: Env): string {
  if (env.SESSION_SECRET) return env.SESSION_SECRET;
  const file = path.resolve(env.DATA_DIR, 'session-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(env.DATA_DIR, { recursive: true });
  const secret = crypto.randomBytes(32).toString('hex');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

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
  // PostgreSQL may be down or still starting: wait for it instead of exiting.
  const seeded = await whenDatabaseReachable(async () => {
    await database.migrate();
    lap('migrate');
    const done = await seedDatabase(database.db);
    lap('seed');
    return done;
  });
  if (seeded) console.log('Seeded the demo data (DESIGN section 3).');
  return database;
}

export function apiContext(env: Env, database: Database, secret: string): ApiContext {
  return {
    db: database.db,
    mailer: env.SMTP_URL ? smtpMailer(env.SMTP_URL, env.MAIL_FROM) : outboxMailer(database.db, { quiet: env.NODE_ENV === 'test' }),
    storage: storageFromEnv({ storageUrl: env.STORAGE_URL, dataDir: env.DATA_DIR }),
    maxUploadBytes: env.MAX_UPLOAD_MB * 1024 * 1024,
    secret,
    limits: { otpPerEmail: env.OTP_EMAIL_LIMIT, otpPerIp: env.OTP_IP_LIMIT, windowSeconds: env.OTP_WINDOW_SECONDS },
    outboxReadable: env.DEV_OUTBOX,
    log: (message, err) => console.error(message, err),
  };
}

export function createPortalApp(opts: { env: Env; database: Database; build?: ServerBuild | (() => Promise<ServerBuild>) }): Express {
  const { env, database } = opts;
  const secret = sessionSecret(env);
  const app = express();
  app.disable('x-powered-by');
  if (env.TRUST_PROXY !== undefined) app.set('trust proxy', env.TRUST_PROXY);
  app.use(compression());
  app.use(securityHeaders());
  app.use(refuseCrossSiteWrites());

  app.get('/healthz', async (_req, res) => {
    const ok = await database.ping();
    res.status(ok ? 200 : 503).json(ok ? { status: 'ok' } : { status: 'unavailable' });
  });

  app.use('/api/v1', createApi(apiContext(env, database, secret)));
  if (!opts.build) return app;

  app.use('/build', express.static('public/build', { immutable: true, maxAge: '1y' }));
  app.use(express.static('public', { maxAge: '1h' }));

  app.use(noStoreByDefault());
  app.use(limitUiBodies({ formBytes: FORM_BODY_LIMIT_BYTES, multipartBytes: env.MAX_UPLOAD_MB * 1024 * 1024 + MULTIPART_OVERHEAD_BYTES }));

  const portal: PortalConfig = {
    apiBaseUrl: (env.API_BASE_URL ?? `http://127.0.0.1:${env.PORT}/api/v1`).replace(/\/$/, ''),
    apiPublicOrigin: env.API_BASE_URL ? new URL(env.API_BASE_URL).origin : '',
    sessionSecret: secret,
    maxUploadBytes: env.MAX_UPLOAD_MB * 1024 * 1024,
    secureCookies: env.NODE_ENV === 'production',
    helpUrl: env.HELP_URL,
    devOutboxUrl: env.DEV_OUTBOX && !env.API_BASE_URL ? '/api/v1/dev/outbox?email=' : null,
  };
  app.all('*', createRequestHandler({ build: opts.build, mode: env.NODE_ENV, getLoadContext: (req, res) => ({ portal, clientIp: req.ip ?? req.socket.remoteAddress, cspNonce: String(res.locals.cspNonce ?? ''), requestMethod: req.method }) }));
  return app;
}
