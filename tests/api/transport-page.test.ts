// Issue 8 items 1-2 at the page: GET /org/applications, signed in, through the real portal app (Express,
// the embedded API, the Remix production build) in embedded mode, reaches the API only in-process (no
// request arrives at /api/v1 over a socket, no fetch to it) and reads /users/me once for the shell and
// the page together. Counted where the calls really go: the HTTP server's requests, fetch, and the
// UI's transport.
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import type { Server } from 'node:http';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { ServerBuild } from '@remix-run/node';
import { startTestApi, type TestApi } from './harness';
import { forgetProcessCaches } from '../../api/process-cache';
import { apiTransportOf, createPortalApp } from '../../server/portal';
import { freePort } from '../support/postgres';
import { Browser, client, signInBrowser } from '../../scripts/bench-support';

let api: TestApi;
let server: Server;
let base: string;
let transport: ReturnType<typeof apiTransportOf>;

beforeAll(async () => {
  if (!fs.existsSync('build/index.js')) {
    execFileSync('flock', ['/tmp/portal-build.lock', 'npm', 'run', 'build'], { stdio: 'ignore', env: { ...process.env, NODE_ENV: 'production' } });
  }
  const build = (await import(pathToFileURL(path.resolve('build/index.js')).href)) as ServerBuild;
  const port = await freePort();
  api = await startTestApi({ PORT: String(port), HOST: '127.0.0.1', OTP_EMAIL_LIMIT: '100' });
  const portal = createPortalApp({ env: api.env, database: api.database, build });
  transport = apiTransportOf(portal);
  server = await new Promise<Server>((resolve) => {
    const s = portal.listen(port, '127.0.0.1', () => resolve(s));
  });
  base = `http://127.0.0.1:${port}`;
}, 300_000);

afterAll(async () => {
  vi.restoreAllMocks();
  server?.closeAllConnections?.();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await api?.close();
});

it('the list page calls the API in-process only and reads /users/me once', async () => {
  expect(transport.kind).toBe('in-process');
  const me = await api.call('/api/v1/users/me', { token: (await api.signIn('org.admin@example.org')).token });
  const lakeview = me.body.organizations.find((o: { name: string }) => o.name === 'Lakeview Fiber Cooperative');
  const browser = new Browser(base);
  await signInBrowser(browser, client(base), 'org.admin@example.org', lakeview.id);
  const url = '/org/applications?status=SUBMITTED_ANY&page=1&size=10';
  expect((await browser.request(url)).status).toBe(200); // warm: the first render loads the route's modules

  const overSocket: string[] = [];
  server.on('request', (req) => overSocket.push(req.url ?? ''));
  const fetched: string[] = [];
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    fetched.push(String(input instanceof Request ? input.url : input));
    return realFetch(input, init);
  });
  const inProcess: string[] = [];
  const send = transport.send.bind(transport);
  vi.spyOn(transport, 'send').mockImplementation((call) => {
    inProcess.push(`${call.method} ${call.path}`);
    return send(call);
  });
  // Cold: the token this browser's pages used a moment ago is forgotten, so the page looks it up (decision 048).
  forgetProcessCaches();
  const recording = api.database.statements.record();

  const page = await browser.request(url);
  const statements = recording.stop();
  vi.restoreAllMocks();

  expect(page.status).toBe(200);
  expect(page.body).toContain('Lakeview');
  // The browser's own request is the only one over the socket, and the only fetch is the browser's.
  expect(overSocket).toEqual([url]);
  expect(fetched.filter((u) => u.includes('/api/v1'))).toEqual([]);
  expect(inProcess.filter((c) => c === 'GET /users/me')).toHaveLength(1);
  expect(inProcess.length).toBeGreaterThanOrEqual(2); // the profile and the list at least
  // One request, one authentication: the token is looked up once however many in-process calls follow.
  const isTokenLookup = (s: string) => /from "api_tokens"/i.test(s) && /token_hash/i.test(s);
  const tokenLookups = statements.filter(isTokenLookup);
  expect(tokenLookups, statements.join('\n\n')).toHaveLength(1);
  // Warm: the next page within PROCESS_CACHE_TTL_MS uses the token this process verified and the unread counts it
  // read, two statements fewer: the list's own is left (api/process-cache.ts).
  const isUnreadCount = (s: string) => /from message_threads t/i.test(s) && /message_reads/i.test(s);
  expect(statements.filter(isUnreadCount)).toHaveLength(1);
  const again = api.database.statements.record();
  expect((await browser.request(url)).status).toBe(200);
  const next = again.stop();
  expect(next.filter((s) => isTokenLookup(s) || isUnreadCount(s)), next.join('\n\n')).toHaveLength(0);
  expect(next).toHaveLength(statements.length - 2);
  console.log(`GET ${url}: in-process calls ${inProcess.join(', ')}; ${statements.length} statements`);
}, 120_000);
