// `npm run bench:load`: many organization users at once against the production server, on both engines.
// A script that prints figures, not a test. For each engine (PGlite embedded, then a throwaway
// PostgreSQL server from tests/support/postgres.ts) it starts `build/server/index.js` as its own
// process (NODE_ENV=production, a fresh DATA_DIR, sign-in limits raised, dev outbox on 127.0.0.1),
// then runs LOAD_USERS simulated users for LOAD_SECONDS. Each user registers its own organization,
// signs in to the API and to the UI with codes read from the dev outbox, creates an application,
// then loops with think time: the UI list page /org/applications, the API list, open a section,
// save answers, upload a small file, and every LOAD_AUTOSAVE_MS the section form posted whole to the UI's autosave
// (issue 43). Printed per engine: requests, errors by status, p50/p95/p99
// per kind of request, and at the end every acknowledged save and upload read back (lost = 0 is the
// target; the exit status is 1 when an engine missed it). Every request goes to 127.0.0.1. The default
// think time is short on purpose (a stress setting): people pause far longer between pages.
//
//   LOAD_USERS (200)  LOAD_SECONDS (300)  LOAD_THINK_MS (1000, mean pause between a user's requests)
//   LOAD_AUTOSAVE_MS (10000: each user's section form also posted whole to /resources/autosave this often; 0 = off)
//   LOAD_ENGINES (pglite,postgres)  LOAD_PORT (3320)      or flags: --users 50 --seconds 60 ...
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPostgres, type RunningPostgres } from '../tests/support/postgres';
import { TECHNOLOGY_TYPES, isEligibleTechnology } from '../domain/technology';
import { Browser, client, expectStatus, outboxCode, percentile, table, type Client } from './bench-support';
import { formFromAnswers } from '../app/utils/question-form';
import { AUTOSAVE_FIELDS } from '../domain/autosave';
import type { AnswerValue, QuestionDef } from '../domain/questions';

function setting(name: string, flag: string, fallback: string): string {
  const at = process.argv.indexOf(`--${flag}`);
  if (at > 0 && process.argv[at + 1]) return process.argv[at + 1]!;
  return process.env[name] || fallback;
}

const USERS = Number(setting('LOAD_USERS', 'users', '200'));
const SECONDS = Number(setting('LOAD_SECONDS', 'seconds', '300'));
const THINK_MS = Number(setting('LOAD_THINK_MS', 'think', '1000'));
/** How often each user's page autosaves its section (issue 43); 0 leaves the autosave out. */
const AUTOSAVE_MS = Number(setting('LOAD_AUTOSAVE_MS', 'autosave', '10000'));
const PORT = Number(setting('LOAD_PORT', 'port', '3320'));
const ENGINES = setting('LOAD_ENGINES', 'engines', 'pglite,postgres').split(',').map((e) => e.trim()) as ('pglite' | 'postgres')[];
/** Users start spread over this time, so sign-up is a steady stream rather than one burst. */
const RAMP_MS = Math.min(30_000, (SECONDS * 1000) / 5);
const REQUEST_TIMEOUT_MS = 60_000;
const SERVER_ENTRY = path.resolve('build/server/index.js');

type Kind = 'sign-up' | 'sign-in (API)' | 'sign-in (UI)' | 'create application' | 'page /org/applications' | 'list (API)' | 'open section' | 'save answers' | 'autosave (UI)' | 'upload';

/** Latencies and outcomes per kind of request, for one engine. */
class Recorder {
  readonly latencies = new Map<Kind, number[]>();
  readonly errors = new Map<string, number>();
  readonly errorSamples: string[] = [];
  requests = 0;

  record(kind: Kind, ms: number, outcome: string | null, detail?: string) {
    this.requests++;
    const list = this.latencies.get(kind) ?? [];
    list.push(ms);
    this.latencies.set(kind, list);
    if (outcome) this.fail(`${kind}: ${outcome}`, detail);
  }

  fail(key: string, detail?: string) {
    this.errors.set(key, (this.errors.get(key) ?? 0) + 1);
    if (this.errorSamples.length < 10) this.errorSamples.push(`${key} ${detail ?? ''}`.slice(0, 300));
  }

  errorCount() {
    return [...this.errors.values()].reduce((a, b) => a + b, 0);
  }
}

/** One timed request, counted as an error unless it answers `expected` (and passes `check`). */
async function timed<T>(
  rec: Recorder,
  kind: Kind,
  expected: number,
  send: () => Promise<{ status: number; body: T }>,
  check: (body: T) => boolean = () => true,
): Promise<{ status: number; body: T } | null> {
  const start = performance.now();
  try {
    const res = await send();
    const outcome = res.status !== expected ? `HTTP ${res.status}` : check(res.body) ? null : `HTTP ${res.status}, wrong content`;
    rec.record(kind, performance.now() - start, outcome, outcome ? JSON.stringify(res.body).slice(0, 200) : undefined);
    return outcome ? null : res;
  } catch (err) {
    const error = err as Error & { cause?: { code?: string } };
    const outcome = error.name === 'TimeoutError' ? 'timeout' : error.cause?.code ? `network ${error.cause.code}` : `failed: ${error.message}`;
    rec.record(kind, performance.now() - start, outcome);
    return null;
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const think = () => pause(THINK_MS * (0.5 + Math.random()));

// ---------------------------------------------------------------------------------------------
// One simulated user
// ---------------------------------------------------------------------------------------------

interface Shared {
  baseUrl: string;
  programId: string;
  sectionId: string;
  /** Free-text questions of that section that no other question depends on. */
  questionIds: string[];
  /** Every question of that section, as the form renders them (the autosave posts the whole form, as a browser does). */
  questions: QuestionDef[];
  area: string;
  technology: string;
}

interface UserOutcome {
  api: Client;
  organizationId: string;
  applicationId: string;
  acknowledgedSaves: number;
  /** Values a later read must show, per question: the last acknowledged one, or one of the unacknowledged tries since. */
  expected: Map<string, Set<string>>;
  /** Saves acknowledged but not yet read back. */
  unchecked: number;
  lostSaves: number;
  uploads: string[];
}

const tag = (user: number) => `load${String(user).padStart(4, '0')}`;

async function signUpAndSignIn(rec: Recorder, shared: Shared, user: number, runId: string): Promise<{ api: Client; browser: Browser; organizationId: string } | null> {
  const api = client(shared.baseUrl);
  const email = `${tag(user)}.${runId}@load.example`;
  const signup = await timed(rec, 'sign-up', 201, () =>
    api.call('/api/v1/organization/signup', { body: { legalName: `Load Test Broadband ${user}`, firstName: 'Lee', lastName: `Loader`, email } }));
  if (!signup) return null;
  const verified = await timed(rec, 'sign-in (API)', 200, async () =>
    api.call<{ token: string; user: { organizations: { id: string }[] } }>('/api/v1/verify-otp', { body: { email, otp: await outboxCode(api, email) } }));
  if (!verified) return null;
  api.token = verified.body.token;
  const organizationId = verified.body.user.organizations[0]!.id;

  const browser = new Browser(shared.baseUrl, REQUEST_TIMEOUT_MS);
  const signedIn = await timed(rec, 'sign-in (UI)', 302, async () => {
    const sent = await browser.request('/org/login', { intent: 'send-code', email });
    if (sent.status !== 302) return { status: sent.status, body: sent.body.slice(0, 200) };
    const code = await outboxCode(api, email);
    const res = await browser.request('/org/login?step=code', { intent: 'verify', code });
    return { status: res.status, body: res.location };
  });
  if (!signedIn) return null;
  return { api, browser, organizationId };
}

async function runUser(rec: Recorder, shared: Shared, user: number, runId: string, deadline: number): Promise<UserOutcome | null> {
  const session = await signUpAndSignIn(rec, shared, user, runId);
  if (!session) return null;
  const { api, browser, organizationId } = session;
  const created = await timed(rec, 'create application', 201, () =>
    api.call<{ applicationId: string }>(`/api/v1/applications/create?organizationId=${organizationId}`, {
      body: { programId: shared.programId, projectLocation: shared.area, technologyType: shared.technology },
    }));
  if (!created) return null;
  const applicationId = created.body.applicationId;
  const outcome: UserOutcome = { api, organizationId, applicationId, acknowledgedSaves: 0, expected: new Map(), unchecked: 0, lostSaves: 0, uploads: [] };
  const sectionPath = `/api/v1/applications/${applicationId}/sections/${shared.sectionId}`;
  let lastAutosave = Date.now();

  for (let round = 1; Date.now() < deadline; round++) {
    await think();
    // The page must list this user's application: a sign-in page or an empty list is not a success.
    await timed(rec, 'page /org/applications', 200, () => browser.request('/org/applications'), (html) => html.includes(applicationId));
    await think();
    await timed(rec, 'list (API)', 200, () => api.call(`/api/v1/organization/${organizationId}/applications?page=1&limit=25`));
    await think();
    const opened = await timed(rec, 'open section', 200, () => api.call<{ questions: { id: string; answer: unknown }[] }>(sectionPath));
    if (opened) readBack(outcome, opened.body.questions);
    await think();
    // One to three answers changed per save, each value unique to this user and round.
    const ids = shared.questionIds;
    const picked = Array.from({ length: 1 + (round % ids.length) }, (_v, k) => ids[(round + k) % ids.length]!);
    const values = picked.map((questionId) => ({ questionId, value: `${tag(user)} round ${round} ${crypto.randomBytes(6).toString('hex')}` }));
    for (const v of values) (outcome.expected.get(v.questionId) ?? outcome.expected.set(v.questionId, new Set()).get(v.questionId)!).add(v.value);
    const saved = await timed(rec, 'save answers', 200, () => api.call(`${sectionPath}/answers`, { body: { answers: values } }));
    if (saved) {
      for (const v of values) outcome.expected.set(v.questionId, new Set([v.value]));
      outcome.acknowledgedSaves++;
      outcome.unchecked++;
    }
    // The autosave rhythm (issue 43): every AUTOSAVE_MS the section form is posted whole to /resources/autosave, as the
    // page's script does while someone types: what was read, the save above, and one answer typed anew.
    if (AUTOSAVE_MS > 0 && opened && Date.now() - lastAutosave >= AUTOSAVE_MS) {
      lastAutosave = Date.now();
      const answers: Record<string, AnswerValue> = Object.fromEntries(opened.body.questions.map((q) => [q.id, q.answer as AnswerValue]));
      for (const [id, accepted] of outcome.expected) if (accepted.size === 1) answers[id] = [...accepted][0]!;
      const typed = { questionId: ids[round % ids.length]!, value: `${tag(user)} autosave ${round} ${crypto.randomBytes(6).toString('hex')}` };
      answers[typed.questionId] = typed.value;
      (outcome.expected.get(typed.questionId) ?? outcome.expected.set(typed.questionId, new Set()).get(typed.questionId)!).add(typed.value);
      const fields: [string, string][] = [
        ...formFromAnswers(shared.questions, answers),
        [AUTOSAVE_FIELDS.application, applicationId],
        [AUTOSAVE_FIELDS.section, shared.sectionId],
      ];
      const autosaved = await timed(rec, 'autosave (UI)', 200, () => browser.request('/resources/autosave', fields), (body) => body.includes('"savedAt"') && body.includes('"errors":{}'));
      if (autosaved) {
        outcome.expected.set(typed.questionId, new Set([typed.value]));
        outcome.acknowledgedSaves++;
        outcome.unchecked++;
      }
    }
    await think();
    const uploaded = await timed(rec, 'upload', 201, () => upload(api, shared, organizationId, applicationId, `${tag(user)}-round-${round}.pdf`));
    if (uploaded) outcome.uploads.push((uploaded.body as { document: { id: string } }).document.id);
  }
  return outcome;
}

/** Compares what the server holds with every acknowledged save not yet read back. */
function readBack(outcome: UserOutcome, questions: { id: string; answer: unknown }[]) {
  if (outcome.unchecked === 0) return;
  const held = new Map(questions.map((q) => [q.id, q.answer]));
  const missing = [...outcome.expected].some(([id, accepted]) => !accepted.has(String(held.get(id))));
  if (missing) outcome.lostSaves += outcome.unchecked;
  outcome.unchecked = 0;
}

async function upload(api: Client, shared: Shared, organizationId: string, applicationId: string, fileName: string) {
  const form = new FormData();
  form.set('organizationId', organizationId);
  form.set('programId', shared.programId);
  form.set('sectionId', shared.sectionId);
  form.set('applicationId', applicationId);
  form.set('description', 'Load test attachment');
  const content = `%PDF-1.4\n% ${fileName}\n${'0'.repeat(2048)}\n%%EOF\n`;
  form.set('file', new Blob([content], { type: 'application/pdf' }), fileName);
  const res = await fetch(`${api.baseUrl}/api/v1/documents/upload`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${api.token}` },
    body: form,
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const text = await res.text();
  return { status: res.status, body: (text.startsWith('{') ? JSON.parse(text) : text) as unknown };
}

// ---------------------------------------------------------------------------------------------
// One engine: the server process, the users, the read-back
// ---------------------------------------------------------------------------------------------

interface EngineResult {
  engine: string;
  rec: Recorder;
  seconds: number;
  users: number;
  usersRunning: number;
  acknowledgedSaves: number;
  lostSaves: number;
  acknowledgedUploads: number;
  lostUploads: number;
  serverLog: string;
}

/**
 * A copy of the production build to run from, so a rebuild during a long run cannot change the server
 * between engines: build/, the migrations, the seed's project areas and package.json copied, node_modules
 * and public/ linked.
 */
function snapshotBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-load-build-'));
  fs.cpSync('build', path.join(dir, 'build'), { recursive: true });
  for (const data of ['api/db/migrations', 'api/seed/project-areas.csv']) fs.cpSync(data, path.join(dir, data), { recursive: true });
  fs.copyFileSync('package.json', path.join(dir, 'package.json'));
  for (const linked of ['node_modules', 'public']) fs.symlinkSync(path.resolve(linked), path.join(dir, linked));
  return dir;
}

async function startServer(buildDir: string, env: Record<string, string>, logFile: string): Promise<ChildProcess> {
  const out = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, [path.join(buildDir, 'build/server/index.js')], {
    cwd: buildDir,
    env: { ...process.env, ...env },
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  const baseUrl = `http://127.0.0.1:${env.PORT}`;
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}); see ${logFile}`);
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) return child;
    } catch {
      /* not listening yet */
    }
    await pause(250);
  }
  child.kill('SIGTERM');
  throw new Error(`The server did not answer /healthz within 2 minutes; see ${logFile}`);
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, pause(15_000)]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

/** The section to work on: the form section with the most free-text questions nothing depends on (up to 3). */
async function pickSection(baseUrl: string): Promise<Shared> {
  const admin = client(baseUrl);
  const email = `load.setup.${Date.now()}@load.example`;
  expectStatus('setup sign-up', await admin.call('/api/v1/organization/signup', { body: { legalName: 'Load Setup', firstName: 'Sam', lastName: 'Setup', email } }), 201);
  const verified = await admin.call<{ token: string; user: { organizations: { id: string }[] } }>('/api/v1/verify-otp', { body: { email, otp: await outboxCode(admin, email) } });
  expectStatus('setup verify-otp', verified);
  admin.token = verified.body.token;
  const programs = await admin.call<{ id: string }[]>('/api/v1/program/all');
  expectStatus('program/all', programs);
  const programId = programs.body[0]!.id;
  const areas = await admin.call<{ name: string }[]>('/api/v1/project-area/all');
  expectStatus('project-area/all', areas);
  const technology = TECHNOLOGY_TYPES.find(isEligibleTechnology)!;
  const area = areas.body[0]!.name;
  const created = await admin.call<{ applicationId: string }>(`/api/v1/applications/create?organizationId=${verified.body.user.organizations[0]!.id}`, {
    body: { programId, projectLocation: area, technologyType: technology },
  });
  expectStatus('applications/create', created, 201);
  const sectionList = await admin.call<{ id: string; isEntityProfile: boolean }[]>(`/api/v1/section/all?programId=${programId}`);
  expectStatus('section/all', sectionList);
  type Q = { id: string; systemNo: string; type: string; responseType: string | null; readOnly: boolean; visible: boolean; dependentSystemNo: string | null };
  let best: Shared | null = null;
  for (const section of sectionList.body.filter((s) => !s.isEntityProfile)) {
    const view = await admin.call<{ questions: Q[] }>(`/api/v1/applications/${created.body.applicationId}/sections/${section.id}`);
    expectStatus('open section', view);
    const parents = new Set(view.body.questions.map((q) => q.dependentSystemNo).filter(Boolean));
    const free = view.body.questions.filter((q) =>
      q.type === 'Text' && (q.responseType === null || q.responseType === 'Multiline') && !q.readOnly && q.visible && !q.dependentSystemNo && !parents.has(q.systemNo));
    if (free.length > (best?.questionIds.length ?? 0)) {
      best = { baseUrl, programId, sectionId: section.id, questionIds: free.slice(0, 3).map((q) => q.id), questions: view.body.questions as unknown as QuestionDef[], area, technology };
    }
  }
  if (!best) throw new Error('No form section has a free-text question to save');
  return best;
}

async function runEngine(engine: 'pglite' | 'postgres', buildDir: string): Promise<EngineResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `portal-load-${engine}-`));
  const serverLog = path.join(os.tmpdir(), `portal-load-${engine}-${process.pid}.log`);
  let pg: RunningPostgres | null = null;
  let server: ChildProcess | null = null;
  try {
    if (engine === 'postgres') pg = await startPostgres();
    log(`${engine}: starting the production server on 127.0.0.1:${PORT} (log ${serverLog})`);
    server = await startServer(buildDir, {
      NODE_ENV: 'production',
      SCANNING: 'off',
      HOST: '127.0.0.1',
      PORT: String(PORT),
      DATA_DIR: dataDir,
      ...(pg ? { DATABASE_URL: pg.url } : {}),
      SESSION_SECRET: crypto.randomBytes(24).toString('hex'),
      // Every simulated user signs up and in from 127.0.0.1.
      OTP_EMAIL_LIMIT: '1000',
      OTP_IP_LIMIT: '1000000',
      DEV_OUTBOX: 'true',
    }, serverLog);
    const baseUrl = `http://127.0.0.1:${PORT}`;
    const shared = await pickSection(baseUrl);
    const rec = new Recorder();
    const runId = Date.now().toString(36);
    log(`${engine}: ${USERS} users for ${SECONDS} s (think time ${THINK_MS} ms mean, ramp-up ${RAMP_MS / 1000} s)`);
    const started = Date.now();
    const deadline = started + SECONDS * 1000;
    const progress = setInterval(() => log(`${engine}: ${Math.round((Date.now() - started) / 1000)} s, ${rec.requests} requests, ${rec.errorCount()} errors`), 30_000);
    const outcomes = await Promise.all(Array.from({ length: USERS }, async (_v, user) => {
      await pause((RAMP_MS * user) / USERS);
      try {
        return await runUser(rec, shared, user + 1, runId, deadline);
      } catch (err) {
        rec.fail('user stopped', (err as Error).message);
        return null;
      }
    }));
    clearInterval(progress);
    const seconds = (Date.now() - started) / 1000;

    log(`${engine}: reading back every acknowledged save and upload`);
    let lostSaves = 0;
    let lostUploads = 0;
    for (const o of outcomes) {
      if (!o) continue;
      const view = await o.api.call<{ questions: { id: string; answer: unknown }[] }>(`/api/v1/applications/${o.applicationId}/sections/${shared.sectionId}`);
      expectStatus('read-back section', view);
      readBack(o, view.body.questions);
      lostSaves += o.lostSaves;
      const held = new Set<string>();
      for (let page = 1; ; page++) {
        const docs = await o.api.call<{ documents: { id: string }[] }>(`/api/v1/documents/organizations/${o.organizationId}/documents?page=${page}&limit=100`);
        expectStatus('read-back documents', docs);
        for (const d of docs.body.documents) held.add(d.id);
        if (docs.body.documents.length < 100) break;
      }
      lostUploads += o.uploads.filter((id) => !held.has(id)).length;
    }
    const running = outcomes.filter((o): o is UserOutcome => o !== null);
    return {
      engine: engine === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL',
      rec,
      seconds,
      users: USERS,
      usersRunning: running.length,
      acknowledgedSaves: running.reduce((n, o) => n + o.acknowledgedSaves, 0),
      lostSaves,
      acknowledgedUploads: running.reduce((n, o) => n + o.uploads.length, 0),
      lostUploads,
      serverLog,
    };
  } finally {
    if (server) await stopServer(server);
    pg?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------------------------

function log(message: string) {
  console.log(`[bench:load ${new Date().toISOString().slice(11, 19)}] ${message}`);
}

const ms = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));

function report(r: EngineResult) {
  console.log(`\n=== ${r.engine}: ${r.users} users for ${r.seconds.toFixed(0)} s ===`);
  console.log(`requests ${r.rec.requests} (${(r.rec.requests / r.seconds).toFixed(1)}/s), errors ${r.rec.errorCount()}, users that ran to the end ${r.usersRunning}/${r.users}`);
  const rows = [...r.rec.latencies].map(([kind, samples]) => {
    const sorted = [...samples].sort((a, b) => a - b);
    const errors = [...r.rec.errors].filter(([key]) => key.startsWith(`${kind}: `)).reduce((n, [, c]) => n + c, 0);
    return [kind, samples.length, errors, ms(percentile(sorted, 50)), ms(percentile(sorted, 95)), ms(percentile(sorted, 99)), ms(sorted.at(-1) ?? 0)];
  });
  const all = [...r.rec.latencies.values()].flat().sort((a, b) => a - b);
  rows.push(['all', all.length, r.rec.errorCount(), ms(percentile(all, 50)), ms(percentile(all, 95)), ms(percentile(all, 99)), ms(all.at(-1) ?? 0)]);
  console.log('latency in ms, from the client, think time excluded (sign-in rows include reading the dev outbox)');
  console.log(table(['request', 'count', 'errors', 'p50', 'p95', 'p99', 'max'], rows));
  if (r.rec.errors.size > 0) {
    console.log('errors by kind and status:');
    for (const [key, n] of r.rec.errors) console.log(`  ${key}: ${n}`);
    for (const sample of r.rec.errorSamples) console.log(`  e.g. ${sample}`);
    console.log(`  server log: ${r.serverLog}`);
  }
  console.log(`acknowledged saves ${r.acknowledgedSaves}, every one read back: lost ${r.lostSaves}`);
  console.log(`acknowledged uploads ${r.acknowledgedUploads}, every one listed afterwards: lost ${r.lostUploads}`);
}

async function main() {
  if (!fs.existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} is missing: run npm run build first.`);
  if (!(USERS > 0 && SECONDS > 0 && THINK_MS >= 0)) throw new Error('LOAD_USERS and LOAD_SECONDS must be positive numbers, LOAD_THINK_MS zero or more.');
  console.log(`Node ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const buildDir = snapshotBuild();
  const results: EngineResult[] = [];
  try {
    for (const engine of ENGINES) results.push(await runEngine(engine, buildDir));
  } finally {
    fs.rmSync(buildDir, { recursive: true, force: true });
  }
  for (const r of results) report(r);
  const failed = results.some((r) => r.rec.errorCount() > 0 || r.lostSaves > 0 || r.lostUploads > 0);
  console.log(failed ? '\nTarget missed: see the errors or losses above.' : '\nTarget met on every engine: 0 errors, 0 lost.');
  return failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
