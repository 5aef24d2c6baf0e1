// Two portal processes on one PostgreSQL and one file store behave as one (issue 8 item 5,
// docs/decisions/019): a browser's requests alternate between them, as behind any load balancer, through
// a whole journey. Both start together on an empty database (the start's migrations and seed run one
// process at a time). The store is the S3 bucket of TEST_S3_STORAGE_URL (radosgw, scripts/test.sh) when
// set, else one folder both processes use (STORAGE_URL=file://…), never a process's own DATA_DIR.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pgClient from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PORTAL_MSG } from '../../domain/messages';
import { startPostgres, type RunningPostgres } from '../support/postgres';
import { Browser, ensureBuild, outboxCode, start, stop, until200, type Proc } from './support';

const PORTS = [4393, 4394];
const [A, B] = PORTS.map((port) => `http://127.0.0.1:${port}`) as [string, string];
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-stateless-'));
const storageUrl = process.env.TEST_S3_STORAGE_URL ?? `file://${path.join(root, 'shared-files')}`;
const EMAIL_LIMIT = 4;
let pg: RunningPostgres;
const procs: Proc[] = [];

beforeAll(async () => {
  ensureBuild();
  pg = await startPostgres();
  for (const [i, port] of PORTS.entries()) {
    procs.push(start(`portal ${'AB'[i]}`, ['build/server/index.js'], {
      PORT: String(port),
      DATABASE_URL: pg.url,
      STORAGE_URL: storageUrl,
      // The same secret everywhere: it seals the session cookie and signs download links.
      SESSION_SECRET: 'stateless-test-secret-stateless-test',
      DATA_DIR: path.join(root, `data-${i}`),
      OTP_EMAIL_LIMIT: String(EMAIL_LIMIT),
    }));
  }
  await Promise.all(procs.map((proc, i) => until200(proc, `${[A, B][i]}/healthz`, 120_000)));
}, 240_000);

afterAll(async () => {
  for (const proc of procs) if (proc.exited()) console.error(`${proc.name} ended during the test:\n${proc.output()}`);
  await Promise.all(procs.map(stop));
  pg?.stop();
  fs.rmSync(root, { recursive: true, force: true });
});

/** A JSON call to the API of one process. */
async function call(base: string, p: string, init: { token?: string; body?: unknown } = {}) {
  const res = await fetch(base + '/api/v1' + p, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: { ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}), ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

it('started together on an empty database, the two seeded it once', async () => {
  const client = new pgClient.Client({ connectionString: pg.url });
  await client.connect();
  try {
    expect((await client.query('select count(*)::int as n from programs')).rows[0].n).toBe(1);
    expect((await client.query("select count(*)::int as n from users where email = 'org.admin@example.org'")).rows[0].n).toBe(1);
  } finally {
    await client.end();
  }
  const seededBy = procs.filter((p) => p.output().includes('Seeded the demo data')).length;
  expect(seededBy).toBe(1);
});

it('counts sign-in codes of one email across both processes', async () => {
  const email = 'org.staff@example.org';
  for (let i = 0; i < EMAIL_LIMIT; i++) {
    expect((await call([A, B][i % 2]!, '/send-login-otp', { body: { email } })).status).toBe(200);
  }
  const over = await call(EMAIL_LIMIT % 2 ? B : A, '/send-login-otp', { body: { email } });
  expect(over.status).toBe(429);
  expect(over.body.message).toBe(PORTAL_MSG.tooManyForEmail);
  expect((await call(EMAIL_LIMIT % 2 ? A : B, '/send-login-otp', { body: { email } })).status).toBe(429);
});

it('a whole journey alternating between the processes: sign-in, pages, a save, an upload, Log Out', async () => {
  const email = 'org.admin@example.org';
  const browser = new Browser();
  // The code asked on A is verified on B.
  expect((await browser.send(A, '/org/login', { intent: 'send-code', email })).status).toBe(302);
  const verified = await browser.send(B, '/org/login?step=code', { intent: 'verify', code: await outboxCode(A, email) });
  expect(verified.location, verified.body.slice(0, 300)).toBe('/org/select-organization');
  const choose = await browser.send(A, '/org/select-organization');
  const lakeview = /<option value="([0-9a-f-]{36})"[^>]*>Lakeview Fiber Cooperative/.exec(choose.body)?.[1];
  expect(lakeview, choose.body.slice(0, 1000)).toBeTruthy();
  expect((await browser.send(B, '/org/select-organization', { organizationId: lakeview! })).status).toBe(302);
  for (const [i, page] of ['/org/dashboard', '/org/applications', '/org/organization-profile', '/org/applications?status=DRAFT'].entries()) {
    const answer = await browser.send([A, B][i % 2]!, page);
    expect(answer.status, `${page}: ${answer.body.slice(0, 300)}`).toBe(200);
  }

  // The questions to fill, read through the API (a token of its own).
  expect((await call(B, '/send-login-otp', { body: { email } })).status).toBe(200);
  const token = (await call(A, '/verify-otp', { body: { email, otp: await outboxCode(B, email) } })).body.token as string;
  const draft = 'GA-LKV001';
  const steps = (await call(A, `/applications/${draft}/sections-status`, { token })).body as any[];
  const questionsOf = async (slug: string) => {
    const step = steps.find((s) => s.slug === slug);
    const view = (await call(B, `/applications/${draft}/sections/${step.sectionId}`, { token })).body;
    return { sectionId: step.sectionId as string, questions: view.questions as any[] };
  };

  // A form saved through A reads back through B.
  const managerial = await questionsOf('managerial');
  const narrative = managerial.questions.find((q) => q.type === 'Text' && q.responseType === 'Multiline' && !q.dependentSystemNo && !q.readOnly);
  const page = `/org/applications/bead-applcn/${draft}?step=managerial`;
  const typed = 'Saved through process A, read through process B';
  const saved = await browser.send(A, page, { intent: 'save', [`q.${narrative.id}`]: typed });
  expect(saved.status, saved.body.slice(0, 300)).toBe(302);
  const reread = await browser.send(B, page);
  expect(reread.status).toBe(200);
  expect(reread.body).toContain(typed);

  // A file uploaded through A downloads through B.
  const withFile = await (async () => {
    for (const s of steps.filter((x) => !x.isEntityProfile)) {
      const { sectionId, questions } = await questionsOf(s.slug);
      const q = questions.find((x) => x.type === 'File' && !x.readOnly && !x.dependentSystemNo);
      if (q) return { sectionId, questionId: q.id as string };
    }
    throw new Error('No file question in the draft');
  })();
  const bytes = Buffer.from(`%PDF-1.4\n% uploaded on A at ${new Date().toISOString()}\n%%EOF\n`);
  const form = new FormData();
  form.set('applicationId', draft);
  form.set('sectionId', withFile.sectionId);
  form.set('questionId', withFile.questionId);
  form.set('file', new Blob([bytes], { type: 'application/pdf' }), 'coverage-map.pdf');
  const uploaded = await browser.send(A, '/resources/upload', form);
  expect(uploaded.status, uploaded.body).toBe(200);
  const { file } = JSON.parse(uploaded.body) as { file: { documentId: string } };
  const link = await browser.send(B, `/resources/documents/${file.documentId}?download=1`);
  expect(link.status, link.body.slice(0, 300)).toBe(302);
  const target = link.location!.startsWith('http') ? link.location! : B + link.location!;
  const downloaded = await fetch(target);
  expect(downloaded.status).toBe(200);
  expect(Buffer.from(await downloaded.arrayBuffer()).equals(bytes)).toBe(true);

  // Log Out on A: the same cookie is refused on B, within the 5 s any process may keep a token it verified
  // (decision 048). Asked until refused (30 s at most, however slow the machine): every answer that still let the
  // cookie in must have been asked within those 5 s.
  const cookieBefore = new Map(browser.cookies);
  const loggingOut = Date.now();
  expect((await browser.send(A, '/logout', {})).status).toBe(302);
  const replay = new Browser();
  for (const [k, v] of cookieBefore) replay.cookies.set(k, v);
  const refused = await untilRefused(loggingOut, () => replay.send(B, '/org/dashboard'));
  expect(refused.status).toBe(302);
  expect(refused.location).toContain('/org/login');
  // The API refuses the UI's token on both processes too: at once on the process that logged it out, within the
  // 5 s of the verified-token cache on the other (decision 048).
  expect((await call(A, '/users/me', { token })).status).toBe(200);
  const apiLoggingOut = Date.now();
  expect((await call(B, '/logout', { token })).status).toBeLessThan(300);
  expect((await call(B, '/users/me', { token })).status).toBe(401);
  const onA = await untilRefused(apiLoggingOut, () => call(A, '/users/me', { token }));
  expect(onA.status).toBe(401);
});

/** How long a process may keep a token it verified (decision 048), written here, not read from the portal. */
const CACHE_MS = 5_000;

/**
 * Asks until the answer is not a 200 (every 250 ms, 30 s at most) and answers it. A 200 counts only when it was
 * asked within CACHE_MS of `since` (a moment before the log-out was sent, so after any lookup that may be kept).
 */
async function untilRefused<R extends { status: number }>(since: number, ask: () => Promise<R>): Promise<R> {
  const giveUp = Date.now() + 30_000;
  for (;;) {
    const askedAt = Date.now();
    const res = await ask();
    if (res.status !== 200) return res;
    expect(askedAt - since, 'ms after the log-out that it was still let in').toBeLessThan(CACHE_MS);
    expect(Date.now(), 'still let in after 30 s').toBeLessThan(giveUp);
    await new Promise((r) => setTimeout(r, 250));
  }
}
