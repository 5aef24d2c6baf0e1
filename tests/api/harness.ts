// Each API test file gets its own database (a copy of the seeded template) and a real HTTP server.
// `call` goes through the transport named by TEST_TRANSPORT: 'http' (default: fetch to the server) or
// 'inprocess' (the UI's own in-process client, server/api-transport.ts, dispatching to the same router).
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { inject } from 'vitest';
import pg from 'pg';
import { fromPglite, openDatabase, type Database } from '../../api/db/client';
import { PgliteRemote } from '../../api/db/pglite-remote';
import { createPortalServer } from '../../server/edge';
import { apiTransportOf, createPortalApp } from '../../server/portal';
import { httpTransport, type ApiTransport } from '../../server/api-transport';
import { readEnv, type Env } from '../../server/env';
import { withDatabase } from './setup-postgres';

export type TransportName = 'http' | 'inprocess';
/** The transport this run's `call` uses (TEST_TRANSPORT; HTTP unless told). */
export const TRANSPORT: TransportName = process.env.TEST_TRANSPORT === 'inprocess' ? 'inprocess' : 'http';

export interface CallInit {
  method?: string;
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
  /** Over a socket whatever the run's transport: for what only HTTP has (loopback-only routes, the edge). */
  http?: boolean;
}

export interface TestApi {
  baseUrl: string;
  /** The client `call` uses for /api/v1 (the same code the UI's callApi uses). */
  transport: ApiTransport;
  database: Database;
  env: Env;
  close(): Promise<void>;
  /** fetch + JSON, with an optional bearer token and client address. */
  call<T = any>(path: string, init?: CallInit): Promise<{ status: number; body: T }>;
  /** The newest code in the dev outbox for this email. */
  latestCode(email: string): Promise<string>;
  /** Full sign-in: send a code, read it, verify it. */
  signIn(email: string): Promise<{ token: string; user: any }>;
  /** `signIn` for each account in turn: tokens, user ids and profiles by email (or by the key naming each email). */
  signInAll<E extends string>(emails: readonly E[]): Promise<SignedIn<E>>;
  signInAll<K extends string>(emails: Readonly<Record<K, string>>): Promise<SignedIn<K>>;
  /** A multipart POST over HTTP (uploads), its answer read as `call` reads one. */
  postForm<T = any>(path: string, form: FormData, token?: string): Promise<{ status: number; body: T }>;
}

/** Accounts signed in by `signInAll`. */
export interface SignedIn<K extends string> {
  tokens: Record<K, string>;
  ids: Record<K, string>;
  /** The user verify-otp answered (roles, organizations): a Viewer. */
  profiles: Record<K, any>;
}

/** A response's text as JSON, or the text itself when it is not JSON (null when empty). */
function bodyOf(text: string): any {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}

async function testDatabase(): Promise<Database> {
  if (process.env.TEST_DB === 'postgres') {
    const adminUrl = inject('postgresUrl');
    const name = `portal_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name} template portal_template`);
    await admin.end();
    const database = await openDatabase({ dataDir: '/tmp', databaseUrl: withDatabase(adminUrl, name) });
    const close = database.close;
    database.close = async () => {
      await close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name}`);
      await cleanup.end();
    };
    return database;
  }
  // PGlite on its own thread, as the portal runs it (decision 076), from the migrated template.
  return fromPglite((await PgliteRemote.start({ loadDump: inject('pgliteTemplate') })).asPglite());
}

export async function startTestApi(overrides: Partial<Record<string, string>> = {}): Promise<TestApi> {
  const database = await testDatabase();
  const env = readEnv({
    NODE_ENV: 'test',
    DATA_DIR: '/tmp/portal-test-data',
    SESSION_SECRET: 'test-secret-test-secret-test-secret',
    ...overrides,
  });
  const app = createPortalApp({ env, database });
  const server: Server = await new Promise((resolve) => {
    // The portal's own HTTP server, as `npm start` runs it (decision 061).
    const s = createPortalServer(app).listen(0, '127.0.0.1', () => resolve(s));
  });
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const overHttp = httpTransport(baseUrl);
  const inProcess = apiTransportOf(app);
  const transport = TRANSPORT === 'inprocess' ? inProcess : httpTransport(`${baseUrl}/api/v1`);

  const call: TestApi['call'] = async (path, init = {}) => {
    // Outside /api/v1 (/healthz) there is only HTTP.
    const http = init.http || TRANSPORT === 'http' || !path.startsWith('/api/v1/');
    const headers: Record<string, string> = { ...(init.headers ?? {}) };
    if (init.body !== undefined) headers['Content-Type'] = 'application/json';
    if (init.token) headers.Authorization = `Bearer ${init.token}`;
    const res = await (http ? overHttp : inProcess).send({
      method: init.method ?? (init.body !== undefined ? 'POST' : 'GET'),
      path: http ? path : path.slice('/api/v1'.length),
      headers,
      body: init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body),
    });
    return { status: res.status, body: bodyOf(res.text) };
  };

  const latestCode = async (email: string) => {
    // The dev outbox answers direct loopback only: a socket, whatever the transport under test.
    const { body } = await call(`/api/v1/dev/outbox?email=${encodeURIComponent(email)}`, { http: true });
    const match = /code is (\d{6})/.exec(body?.[0]?.text ?? '');
    if (!match) throw new Error(`No code in the outbox for ${email}`);
    return match[1]!;
  };

  const signIn: TestApi['signIn'] = async (email) => {
    const sent = await call('/api/v1/send-login-otp', { body: { email } });
    if (sent.status !== 200) throw new Error(`send-login-otp ${sent.status}: ${JSON.stringify(sent.body)}`);
    const otp = await latestCode(email);
    const verified = await call('/api/v1/verify-otp', { body: { email, otp } });
    if (verified.status !== 200) throw new Error(`verify-otp ${verified.status}: ${JSON.stringify(verified.body)}`);
    return verified.body;
  };

  const signInAll = async (emails: readonly string[] | Readonly<Record<string, string>>) => {
    const signed: SignedIn<string> = { tokens: {}, ids: {}, profiles: {} };
    // One after another, in the order given (each reads its own code from the outbox).
    for (const [key, email] of Array.isArray(emails) ? emails.map((e) => [e, e] as const) : Object.entries(emails)) {
      const { token, user } = await signIn(email);
      signed.tokens[key] = token;
      signed.ids[key] = user.id;
      signed.profiles[key] = user;
    }
    return signed;
  };

  const postForm: TestApi['postForm'] = async (path, form, token) => {
    const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
    const res = await fetch(`${baseUrl}${path}`, { method: 'POST', headers, body: form });
    return { status: res.status, body: bodyOf(await res.text()) };
  };

  return {
    baseUrl,
    transport,
    database,
    env,
    call,
    latestCode,
    signIn,
    signInAll: signInAll as TestApi['signInAll'],
    postForm,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections?.();
      await database.close();
    },
  };
}
