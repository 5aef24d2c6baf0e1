// `npm run serve:api` and `npm run serve:ui` (docs/decisions/018): the API as its own service and the UI
// alone under @remix-run/serve in front of it (API_BASE_URL), both from the production build, as two
// processes. A person signs in through the UI (the code from the API's development outbox) and loads
// pages: every response carries the security headers, a CSP nonce of its own, and that nonce on every
// inline script; data requests too; cross-site posts are refused by the UI as by the one-process portal.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PORTAL_MSG } from '../../domain/messages';
import { Browser, ensureBuild, expectSecurePage, outboxCode, start, stop, until200, SECURITY_HEADERS, type Proc } from './support';

const API_PORT = 4391;
const UI_PORT = 4392;
const apiBase = `http://127.0.0.1:${API_PORT}`;
const uiBase = `http://127.0.0.1:${UI_PORT}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-split-'));
const SECRET = 'split-test-secret-split-test-secret';
let api: Proc | undefined;
let ui: Proc | undefined;

beforeAll(async () => {
  ensureBuild();
  api = start('serve:api', ['build/server/index.js', '--api-only'], { PORT: String(API_PORT), DATA_DIR: dataDir, SESSION_SECRET: SECRET });
  // What `npm run serve:ui` runs: remix-serve on the UI's server build.
  ui = start('serve:ui', ['node_modules/.bin/remix-serve', 'build/ui/index.js'], {
    PORT: String(UI_PORT), API_BASE_URL: `${apiBase}/api/v1`, SESSION_SECRET: SECRET, DATA_DIR: path.join(dataDir, 'ui'),
  });
  await until200(api, `${apiBase}/healthz`);
  await until200(ui, `${uiBase}/org/login`);
}, 180_000);

afterAll(async () => {
  await stop(ui);
  await stop(api);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('the API alone serves no pages, and the UI alone serves them with the headers and a fresh nonce per response', async () => {
  expect((await fetch(`${apiBase}/org/login`)).status).toBe(404);
  const browser = new Browser();
  const first = await browser.send(uiBase, '/org/login');
  expect(first.status).toBe(200);
  expect(ui!.output()).toContain('[remix-serve]');
  const second = await browser.send(uiBase, '/org/login');
  expect(expectSecurePage(second)).not.toBe(expectSecurePage(first));
});

it('signs in through the UI in front of the API, then every page and data request keeps the headers', async () => {
  const browser = new Browser();
  const email = 'org.admin@example.org';
  const sent = await browser.send(uiBase, '/org/login', { intent: 'send-code', email });
  expect(sent.status, sent.body.slice(0, 300)).toBe(302);
  const verified = await browser.send(uiBase, '/org/login?step=code', { intent: 'verify', code: await outboxCode(apiBase, email) });
  expect(verified.status, verified.body.slice(0, 300)).toBe(302);
  expect(verified.location).toBe('/org/select-organization');
  // The redirects of actions carry the headers too.
  for (const name of SECURITY_HEADERS) expect(verified.headers.get(name), name).toBeTruthy();

  const choose = await browser.send(uiBase, '/org/select-organization');
  expectSecurePage(choose);
  const lakeview = /<option value="([0-9a-f-]{36})"[^>]*>Lakeview Fiber Cooperative/.exec(choose.body)?.[1];
  expect(lakeview, choose.body.slice(0, 2000)).toBeTruthy();
  expect((await browser.send(uiBase, '/org/select-organization', { organizationId: lakeview! })).status).toBe(302);

  const nonces = new Set<string>();
  for (const page of ['/org/dashboard', '/org/applications', '/org/applications/bead-applcn/GA-LKV001', '/org/organization-profile']) {
    const answer = await browser.send(uiBase, page);
    expect(answer.status, `${page}: ${answer.body.slice(0, 300)}`).toBe(200);
    nonces.add(expectSecurePage(answer));
  }
  expect(nonces.size).toBe(4);

  // A client-side navigation's data request (single fetch) has the same headers and no-store.
  const data = await browser.send(uiBase, '/org/dashboard.data');
  expect(data.status).toBe(200);
  for (const name of SECURITY_HEADERS) expect(data.headers.get(name), name).toBeTruthy();
  expect(data.headers.get('cache-control')).toBe('no-store');

  // A post from another site is refused before the action runs.
  const foreign = await fetch(`${uiBase}/logout`, {
    method: 'POST',
    headers: { Origin: 'https://evil.example', 'Content-Type': 'application/x-www-form-urlencoded', Cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    body: '',
    redirect: 'manual',
  });
  expect(foreign.status).toBe(403);
  expect(await foreign.text()).toContain(PORTAL_MSG.requestBlocked);
  expect((await browser.send(uiBase, '/org/dashboard')).status).toBe(200);

  // Log Out through the UI ends the session at the API.
  const out = await browser.send(uiBase, '/logout', {});
  expect(out.status).toBe(302);
  expect((await browser.send(uiBase, '/org/dashboard')).status).toBe(302);
});
