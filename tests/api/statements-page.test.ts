// Statements per list page (issue 8, "a test counts statements per list page and fails above the limit"):
// GET /org/applications, signed in, through the real portal app (Express, the embedded API, the Remix
// production build) in embedded mode, runs at most 4 SQL statements in total, counted by the query logger
// (api/db/client.ts) from the request's start to its end, whatever transport the UI uses to reach the API.
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import type { Server } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ServerBuild } from '@remix-run/node';
import { startTestApi, type TestApi } from './harness';
import { createPortalApp } from '../../server/portal';
import { freePort } from '../support/postgres';
import { Browser, client, signInBrowser } from '../../scripts/bench-support';

/** The limit of issue 8's table: one statement to authenticate, then what the page needs. */
const PAGE_STATEMENTS = 4;

let api: TestApi;
let server: Server;
let base: string;

beforeAll(async () => {
  // The production build (a development one cannot be served without Vite); built here when missing.
  if (!fs.existsSync('build/index.js')) {
    execFileSync('flock', ['/tmp/portal-build.lock', 'npm', 'run', 'build'], { stdio: 'ignore', env: { ...process.env, NODE_ENV: 'production' } });
  }
  const build = (await import(pathToFileURL(path.resolve('build/index.js')).href)) as ServerBuild;
  // PORT is where the UI reaches the embedded API when it goes over loopback HTTP (today's fallback).
  const port = await freePort();
  api = await startTestApi({ PORT: String(port), HOST: '127.0.0.1', OTP_EMAIL_LIMIT: '100' });
  const portal = createPortalApp({ env: api.env, database: api.database, build });
  server = await new Promise<Server>((resolve) => {
    const s = portal.listen(port, '127.0.0.1', () => resolve(s));
  });
  base = `http://127.0.0.1:${port}`;
}, 300_000);

afterAll(async () => {
  server?.closeAllConnections?.();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await api?.close();
});

it(`GET /org/applications runs at most ${PAGE_STATEMENTS} statements`, async () => {
  const me = await api.call('/api/v1/users/me', { token: (await api.signIn('org.admin@example.org')).token });
  const lakeview = me.body.organizations.find((o: { name: string }) => o.name === 'Lakeview Fiber Cooperative');
  const browser = new Browser(base);
  await signInBrowser(browser, client(base), 'org.admin@example.org', lakeview.id);
  const browse = (url: string) => browser.request(url);

  const url = '/org/applications?status=SUBMITTED_ANY&page=1&size=10';
  expect((await browse(url)).status).toBe(200); // warm: the first render loads the route's modules
  const counts: number[] = [];
  for (let run = 0; run < 3; run++) {
    const recording = api.database.statements.record();
    const page = await browse(url);
    const statements = recording.stop();
    expect(page.status).toBe(200);
    expect(page.body).toContain('Lakeview');
    counts.push(statements.length);
    expect(statements.length, `statements for one page:\n\n${statements.join('\n\n')}`).toBeLessThanOrEqual(PAGE_STATEMENTS);
  }
  console.log(`GET ${url}: ${counts.join(', ')} statements`);
}, 120_000);
