// `AB_A=<tree> AB_B=<tree> npx tsx scripts/bench-cpu-ab.ts`: two builds of the portal served side by side on the same
// data, both pinned to CPU 0, and batches of requests interleaved between them (A then B, B then A, ...), so both see the
// same load: on this shared 2-core machine bench-cpu's one-build-at-a-time figures move by ±1 ms from run to run, more
// than most savings. Each tree is a checkout with its own `npm run build` (e.g. `git worktree add --detach /tmp/x <rev>`,
// node_modules linked); the data (demo + 1,000 bench applications, vacuumed, as bench-cpu) is prepared once and copied
// (PGlite) or shared (PostgreSQL). CPU per request from /proc/<pid>/schedstat (ns, not clock ticks). Prints each side's
// mean and A - B (mean and median of the rounds' differences). Decision 055.
//   AB_ENGINES (pglite,postgres)  AB_ROUNDS (10)  AB_BATCH (40 requests a side a round)  AB_ONLY=regex (request labels)
//   AB_A_FLAGS / AB_B_FLAGS  node flags of each side's server (e.g. AB_B_FLAGS=--max-semi-space-size=64 with AB_B=AB_A)
//   AB_A_ENV / AB_B_ENV  environment settings of each side's server, space-separated NAME=value (e.g. AB_B_ENV=PAGE_CONCURRENCY=2)
//   AB_LOAD=s  instead of one request at a time, each side under 32 connections for s seconds a round (autocannon in a
//              worker thread of this process, the servers on CPU 0): req/s of each side, interleaved the same way
//   CPU per request is the main thread's (schedstat) and, in brackets, all the process's threads' (GC helpers too).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, vacuumAllTables } from '../api/db/client';
import { seedDatabase } from '../api/seed';
import { benchAdminEmail, benchFilteredList, benchOrganizations, seedLarge } from './seed-large';
import { startPostgres, freePort, type RunningPostgres } from '../tests/support/postgres';
import { Browser, client, loadTest, mainThreadNs, outboxCode, signIn, signInBrowser } from './bench-support';

const A = path.resolve(process.env.AB_A ?? '.'), B = path.resolve(process.env.AB_B ?? '.');
const ENGINES = (process.env.AB_ENGINES ?? 'pglite,postgres').split(',');
const ROUNDS = Number(process.env.AB_ROUNDS ?? 10), BATCH = Number(process.env.AB_BATCH ?? 40);
const ONLY = process.env.AB_ONLY ? new RegExp(process.env.AB_ONLY) : undefined;
const FLAGS = { a: (process.env.AB_A_FLAGS ?? '').split(' ').filter(Boolean), b: (process.env.AB_B_FLAGS ?? '').split(' ').filter(Boolean) };
const settings = (list = '') => Object.fromEntries(list.split(' ').filter(Boolean).map((s) => [s.slice(0, s.indexOf('=')), s.slice(s.indexOf('=') + 1)]));
const ENVS = { a: settings(process.env.AB_A_ENV), b: settings(process.env.AB_B_ENV) };
const LOAD = Number(process.env.AB_LOAD ?? 0);
const TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim() || 100);
function cpuMs(pid: number) {
  const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(f[11]) + Number(f[12])) * 1000) / TICKS;
}

async function serve(dir: string, dataDir: string, pgUrl: string | undefined, flags: string[], extraEnv: Record<string, string>) {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', SCANNING: 'off', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir,
    SESSION_SECRET: crypto.randomBytes(24).toString('hex'), DEV_OUTBOX: 'true', OTP_EMAIL_LIMIT: '100000', OTP_IP_LIMIT: '100000', ...(pgUrl ? { DATABASE_URL: pgUrl } : {}), ...extraEnv };
  const server = spawn('taskset', ['-c', '0', process.execPath, ...flags, path.join(dir, 'build/server/index.js')], { cwd: dir, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (await fetch(`${base}/healthz`).then((r) => r.ok, () => false)) break;
    if (i > 600) throw new Error('no healthz');
    await new Promise((r) => setTimeout(r, 100));
  }
  const api = client(base); api.token = await signIn(api, benchAdminEmail(1));
  const browser = new Browser(base); await signInBrowser(browser, api, benchAdminEmail(1));
  const stateApi = client(base); stateApi.token = await signIn(stateApi, 'state.admin@example.gov');
  const stateBrowser = new Browser(base);
  await stateBrowser.request('/state/login', { intent: 'send-code', email: 'state.admin@example.gov' });
  await stateBrowser.request('/state/login?step=code', { intent: 'verify', code: await outboxCode(api, 'state.admin@example.gov') });
  return { server, base, api, browser, stateApi, stateBrowser };
}

async function runEngine(engine: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'h55-ab-'));
  let pg: RunningPostgres | undefined;
  const servers: ChildProcess[] = [];
  try {
    if (engine === 'postgres') pg = await startPostgres();
    const database = await openDatabase({ dataDir, databaseUrl: pg?.url });
    await database.migrate(); await seedDatabase(database.db);
    await seedLarge(database.db, { organizations: 200, applications: 1000, batchSize: 1000 });
    const bigOrg = (await benchOrganizations(database.db)).orgIds[0]!;
    const filtered = await benchFilteredList(database.db, bigOrg);
    await vacuumAllTables(database.db); await database.close();
    const dataB = dataDir + '-b'; fs.cpSync(dataDir, dataB, { recursive: true });
    const sa = await serve(A, dataDir, pg?.url, FLAGS.a, ENVS.a); servers.push(sa.server);
    const sb = await serve(B, dataB, pg?.url, FLAGS.b, ENVS.b); servers.push(sb.server);
    type S = typeof sa;
    const page = (b: (s: S) => Browser, p: string) => ({
      label: `page ${p}`, get: async (s: S) => (await b(s).request(p)).status, url: (s: S) => s.base + p, headers: (s: S) => ({ cookie: b(s).cookieHeader() }),
    });
    const call = (c: (s: S) => typeof sa.api, label: string, p: string) => ({
      label, get: async (s: S) => (await c(s).call(p)).status, url: (s: S) => s.base + p, headers: (s: S) => ({ authorization: `Bearer ${c(s).token}` }),
    });
    const all = [
      page((s) => s.browser, '/org/applications?page=2'),
      page((s) => s.browser, '/org/applications?page=2&size=25'),
      call((s) => s.api, 'API org applications (10)', `/api/v1/organization/${bigOrg}/applications?page=2&limit=10`),
      call((s) => s.api, 'API org applications', `/api/v1/organization/${bigOrg}/applications?page=2&limit=25`),
      // npm run bench's filtered list and its API call.
      page((s) => s.browser, filtered.page(1, 10)),
      call((s) => s.api, 'API org applications filtered', filtered.api(1, 10)),
      page((s) => s.stateBrowser, '/state/applications?page=2&size=25'),
      call((s) => s.stateApi, 'API review applications', '/api/v1/review/applications?page=2&limit=25'),
    ];
    for (const t of all.filter((target) => !ONLY || ONLY.test(target.label))) {
      for (const s of [sa, sb]) { const st = await t.get(s); if (st !== 200) throw new Error(`${t.label} ${st}`); for (let i = 0; i < 30; i++) await t.get(s); }
      if (LOAD > 0) for (const s of [sa, sb]) await loadTest(t.url(s), t.headers(s), 32, 2);
      const sum = { a: 0, b: 0 }; const every = { a: 0, b: 0 }; const diffs: number[] = [];
      for (let r = 0; r < ROUNDS; r++) {
        const order: [S, 'a' | 'b'][] = r % 2 ? [[sb, 'b'], [sa, 'a']] : [[sa, 'a'], [sb, 'b']];
        const per: Record<string, number> = {};
        for (const [s, k] of order) {
          if (LOAD > 0) {
            per[k] = (await loadTest(t.url(s), t.headers(s), 32, LOAD)).requestsPerSec; sum[k] += per[k]!;
            continue;
          }
          const before = mainThreadNs(s.server.pid!), beforeAll = cpuMs(s.server.pid!);
          for (let i = 0; i < BATCH; i++) await t.get(s);
          per[k] = (mainThreadNs(s.server.pid!) - before) / 1e6 / BATCH; sum[k] += per[k]!;
          every[k] += (cpuMs(s.server.pid!) - beforeAll) / BATCH;
        }
        diffs.push(per.a! - per.b!);
      }
      diffs.sort((x, y) => x - y);
      const side = (k: 'a' | 'b') => LOAD > 0 ? (sum[k] / ROUNDS).toFixed(1) : `${(sum[k] / ROUNDS).toFixed(2)} (${(every[k] / ROUNDS).toFixed(2)})`;
      console.log([engine, t.label, side('a'), side('b'), ((sum.a - sum.b) / ROUNDS).toFixed(2), diffs[Math.floor(diffs.length / 2)]!.toFixed(2)].join('\t'));
    }
  } finally {
    for (const s of servers) { s.kill('SIGINT'); await new Promise((r) => (s.exitCode !== null ? r(null) : s.once('exit', r))); }
    pg?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true }); fs.rmSync(dataDir + '-b', { recursive: true, force: true });
  }
}
console.log(LOAD > 0 ? `engine\trequest\tA req/s @32\tB req/s @32\tA-B mean\tA-B median (${LOAD} s a side a round)` : 'engine\trequest\tA ms (all threads)\tB ms (all threads)\tA-B mean\tA-B median');
for (const e of ENGINES) await runEngine(e);
console.log('load', fs.readFileSync('/proc/loadavg', 'utf8').trim());
