// Issue 7 item 2 as a person sees it: the production server (build/server/index.js) on PostgreSQL, plain
// form posts as with JavaScript off. While PostgreSQL is down a page answers 503 with the outage
// message, a Save re-renders the form with what was typed and the message, and nobody is signed out;
// when PostgreSQL is back the same Save goes through, without restarting the portal.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PORTAL_MSG } from '../../domain/messages';
import { startPostgres, type RunningPostgres } from '../support/postgres';
import { portalAt, stopChild, signIn, until, type Child, type Portal } from './support';

const PORT = 3312;
const base = `http://127.0.0.1:${PORT}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-fault-ui-'));
let pg: RunningPostgres;
let child: Child | undefined;
let portal: Portal;

beforeAll(async () => {
  // npm test builds before Vitest; run alone, build once here when there is no build yet (a production
  // build: Vitest's NODE_ENV=test would make a development one, which a production server cannot run).
  if (!fs.existsSync('build/server/index.js') || !fs.existsSync('build/index.js')) {
    execFileSync('flock', ['/tmp/portal-build.lock', 'npm', 'run', 'build'], { stdio: 'ignore', env: { ...process.env, NODE_ENV: 'production' } });
  }
  pg = await startPostgres({ durable: true });
  const server = spawn(process.execPath, ['build/server/index.js'], {
    env: {
      ...process.env, NODE_ENV: 'production', SCANNING: 'off', SESSION_SECRET: 'fault-ui-secret-fault-ui-secret', DATABASE_URL: pg.url, DATA_DIR: dataDir,
      PORT: String(PORT), HOST: '127.0.0.1', DEV_OUTBOX: 'true', OTP_EMAIL_LIMIT: '100',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  server.stdout.on('data', (chunk) => (text += chunk));
  server.stderr.on('data', (chunk) => (text += chunk));
  child = { process: server, output: () => text, exited: () => server.exitCode !== null || server.signalCode !== null };
  portal = portalAt(base);
  await until('the production server to answer /healthz', async () => child!.exited() || (await portal.call('/healthz')).status === 200, 90_000);
  expect(child.exited(), child.output()).toBe(false);
}, 400_000);

afterAll(async () => {
  await stopChild(child);
  pg?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A browser without JavaScript: cookies kept, redirects not followed, forms posted urlencoded. */
function browser() {
  const cookies = new Map<string, string>();
  const send = async (url: string, form?: Record<string, string>) => {
    const res = await fetch(base + url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        Cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(form ? { 'Content-Type': 'application/x-www-form-urlencoded', Origin: base } : {}),
      },
      body: form ? new URLSearchParams(form) : undefined,
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
    return { status: res.status, location: res.headers.get('location'), html: await res.text() };
  };
  return { get: (url: string) => send(url), post: (url: string, form: Record<string, string>) => send(url, form) };
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

it('shows the outage on pages and re-renders a failed Save with what was typed, then saves once PostgreSQL is back', async () => {
  // A draft with a free-text question, made through the API.
  const token = await signIn(portal, 'org.admin@example.org');
  const me = (await portal.call('/api/v1/users/me', { token })).body;
  const lakeview = me.organizations.find((o: any) => o.name === 'Lakeview Fiber Cooperative');
  const programId = (await portal.call('/api/v1/program/all', { token })).body[0].id;
  const area = (await portal.call('/api/v1/project-area/all', { token })).body[0].name;
  const created = await portal.call(`/api/v1/applications/create?organizationId=${lakeview.id}`, {
    token,
    body: { programId, projectLocation: area, technologyType: 'Fiber to the premises' },
  });
  const applicationId = created.body.applicationId as string;
  const steps = (await portal.call(`/api/v1/applications/${applicationId}/sections-status`, { token })).body as any[];
  const step = steps.find((s) => s.slug === 'managerial');
  const view = (await portal.call(`/api/v1/applications/${applicationId}/sections/${step.sectionId}`, { token })).body;
  const narrative = (view.questions as any[]).find((q) => q.type === 'Text' && q.responseType === 'Multiline' && !q.dependentSystemNo);

  // Signed in through the UI's own forms.
  const ui = browser();
  expect((await ui.post('/org/login', { intent: 'send-code', email: 'org.admin@example.org' })).status).toBe(302);
  const outbox = await portal.call('/api/v1/dev/outbox?email=org.admin%40example.org');
  const code = /code is (\d{6})/.exec(outbox.body[0].text)![1]!;
  expect((await ui.post('/org/login', { intent: 'verify', code })).location).toBe('/org/select-organization');
  expect((await ui.post('/org/select-organization', { organizationId: lakeview.id })).status).toBe(302);
  const page = `/org/applications/bead-applcn/${applicationId}?step=managerial`;
  expect((await ui.get(page)).status).toBe(200);

  pg.halt('fast');
  const dashboard = await ui.get('/org/dashboard');
  expect(dashboard.status, child!.output().slice(-3000)).toBe(503);
  expect(dashboard.html).toContain(PORTAL_MSG.databaseUnavailable);

  const typed = 'We have run 40 rural networks since 1998 (typed while the database was away)';
  const failed = await ui.post(page, { intent: 'save', [`q.${narrative.id}`]: typed });
  expect(failed.status).toBe(503);
  expect(failed.html).toContain(PORTAL_MSG.databaseUnavailable);
  expect(failed.html).toContain(escapeHtml(typed));

  pg.resume();
  await until('/healthz 200 again', async () => (await portal.call('/healthz')).status === 200, 60_000);
  // Still signed in: the outage did not end the session.
  const saved = await ui.post(page, { intent: 'save', [`q.${narrative.id}`]: typed });
  expect(saved.status, saved.html.slice(0, 500)).toBe(302);
  expect(saved.location).toBe(page);
  const after = (await portal.call(`/api/v1/applications/${applicationId}/sections/${step.sectionId}`, { token })).body;
  expect((after.questions as any[]).find((q) => q.id === narrative.id).answer).toBe(typed);
  expect(child!.exited()).toBe(false);
});
