// `npx tsx scripts/bench-cpu.ts`: the portal process's CPU per request, one request at a time (issue 8's rendering
// figure; decision 020). A script that prints figures, not a test. For each engine it prepares a database with the
// demo data and 1,000 bench applications (CPU_APPLICATIONS), vacuumed and analyzed as the portal keeps them
// (PGlite in a temporary DATA_DIR, or a throwaway PostgreSQL from tests/support/postgres.ts), starts the production
// build (`build/server/index.js`, run `npm run build` first) pinned to CPU 0 when taskset is there, signs in as
// Bench Organization 001's admin, and for each URL sends CPU_WARMUP requests, then CPU_RUNS more one after the
// other, reading the process's user + system time from /proc/<pid>/stat before and after. CPU time moves less than
// latency when other work shares the machine, but a quiet machine still gives the figures to compare; the load
// average is printed with them.
//
// The state's list (decision 028) is measured the same way, signed in as the demo state admin: page 2 of 25 of
// every application it sees, and that page's API call.
//
//   CPU_ENGINES (pglite,postgres)  CPU_RUNS (300)  CPU_WARMUP (30)  CPU_PROFILE=dir (node --cpu-prof into dir)
//   CPU_ONLY=regex  only the requests whose label matches (e.g. 'state' or 'applications'), for a profile of one page
//   CPU_APPLICATIONS (1000)  bench applications seeded (200 organizations)
//   CPU_DUMP=dir    write each page's HTML (and each API call's JSON) there, to see what a page is made of
//   CPU_LOAD=s      also each request under load: autocannon at 32 connections for s seconds (after 2 s of warm-up),
//                   req/s and p95, the server on CPU 0 and autocannon in a worker thread here (as npm run bench does);
//                   with how busy the server's process was meanwhile (all its threads: GC helpers too) and its CPU
//                   per request at that load
//   BENCH_IDENTITY=1  pages asked for uncompressed (Accept-Encoding: identity), as autocannon asks in npm run bench
//   CPU_NODE_FLAGS='--trace-gc'  node flags for the portal's process (space-separated); its stdout is then shown
//   CPU_PIN=0       the portal's process not pinned to CPU 0 (as npm run bench runs it: its threads, the load's and
//                   PostgreSQL's share both cores)
//
// `/org/applications.data?page=2` is the list's single-fetch data request: the same loaders as the page, no render,
// so the page minus it is what rendering the document costs.
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, vacuumAllTables } from '../api/db/client';
import { seedDatabase } from '../api/seed';
import { benchAdminEmail, benchFilteredList, benchOrganizations, seedLarge } from './seed-large';
import { startPostgres, freePort, type RunningPostgres } from '../tests/support/postgres';
import { Browser, client, loadTest, outboxCode, signIn, signInBrowser, table } from './bench-support';

const ENGINES = (process.env.CPU_ENGINES ?? 'pglite,postgres').split(',').map((e) => e.trim());
const RUNS = Number(process.env.CPU_RUNS ?? 300);
const APPLICATIONS = Number(process.env.CPU_APPLICATIONS ?? 1000);
const WARMUP = Number(process.env.CPU_WARMUP ?? 30);
const ENTRY = path.resolve('build/server/index.js');
const ONLY = process.env.CPU_ONLY ? new RegExp(process.env.CPU_ONLY) : undefined;
const STATE_ADMIN = 'state.admin@example.gov';
const LOAD_SECONDS = Number(process.env.CPU_LOAD ?? 0);

const dumped = new Set<string>();
/** CPU_DUMP: the first answer to each request, kept once. */
function dump(name: string, body: string) {
  const dir = process.env.CPU_DUMP;
  if (!dir || dumped.has(name)) return;
  dumped.add(name);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, name.replace(/[^\w.-]+/g, '_').slice(0, 120)), body);
}

/** User + system CPU of a process so far, in ms (/proc/<pid>/stat fields 14 and 15, in clock ticks). */
function cpuMs(pid: number, file = `/proc/${pid}/stat`): number {
  const fields = fs.readFileSync(file, 'utf8').split(') ')[1]!.split(' ');
  const ticks = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim() || 100);
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticks;
}

/** The same for the process's main thread alone (its task has the process's id): rendering, routing, the API's JS. */
const mainThreadMs = (pid: number) => cpuMs(pid, `/proc/${pid}/task/${pid}/stat`);

async function runEngine(engine: string): Promise<(string | number)[][]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-cpu-'));
  let pg: RunningPostgres | undefined;
  try {
    if (engine === 'postgres') pg = await startPostgres();
    const database = await openDatabase({ dataDir, databaseUrl: pg?.url });
    await database.migrate();
    await seedDatabase(database.db);
    await seedLarge(database.db, { organizations: 200, applications: APPLICATIONS, batchSize: 1000 });
    const bigOrg = (await benchOrganizations(database.db)).orgIds[0]!;
    // npm run bench's filtered list, its first page.
    const filtered = await benchFilteredList(database.db, bigOrg);
    const filteredPage = filtered.page(1, 10);
    const filteredApi = filtered.api(1, 10);
    await vacuumAllTables(database.db); // as the embedded portal's maintenance keeps it (decision 048)
    await database.close();

    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env, NODE_ENV: 'production', SCANNING: 'off', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir,
      SESSION_SECRET: crypto.randomBytes(24).toString('hex'), DEV_OUTBOX: 'true', OTP_EMAIL_LIMIT: '100000', OTP_IP_LIMIT: '100000',
      ...(pg ? { DATABASE_URL: pg.url } : {}),
    };
    const node = [...(process.env.CPU_NODE_FLAGS ? process.env.CPU_NODE_FLAGS.split(' ') : []), ...(process.env.CPU_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', process.env.CPU_PROFILE] : []), ENTRY];
    const pinned = process.env.CPU_PIN !== '0' && spawnSync('taskset', ['--version']).status === 0;
    const server = spawn(pinned ? 'taskset' : process.execPath, pinned ? ['-c', '0', process.execPath, ...node] : node, { env, stdio: ['ignore', process.env.CPU_NODE_FLAGS ? 'inherit' : 'ignore', 'inherit'] });
    try {
      const base = `http://127.0.0.1:${port}`;
      for (let i = 0; ; i++) {
        if (server.exitCode !== null) throw new Error(`${engine}: the portal stopped (exit ${server.exitCode})`);
        if (await fetch(`${base}/healthz`).then((r) => r.ok, () => false)) break;
        if (i > 600) throw new Error(`${engine}: no /healthz after 60 s`);
        await new Promise((r) => setTimeout(r, 100));
      }
      const api = client(base);
      api.token = await signIn(api, benchAdminEmail(1));
      const browser = new Browser(base);
      await signInBrowser(browser, api, benchAdminEmail(1));
      const stateApi = client(base);
      stateApi.token = await signIn(stateApi, STATE_ADMIN);
      const stateBrowser = new Browser(base);
      const sent = await stateBrowser.request('/state/login', { intent: 'send-code', email: STATE_ADMIN });
      const verified = await stateBrowser.request('/state/login?step=code', { intent: 'verify', code: await outboxCode(api, STATE_ADMIN) });
      if (sent.status !== 302 || verified.status !== 302) throw new Error(`${engine}: the state admin's UI sign-in failed`);
      const pageOf = (b: Browser, p: string) => ({
        label: `page ${p}`,
        url: base + p,
        headers: () => ({ cookie: b.cookieHeader() }),
        get: async () => {
          const res = await b.request(p);
          dump(`${engine}-page-${p}.html`, res.body);
          return { status: res.status, size: res.body.length };
        },
      });
      const apiOf = (c: typeof api, p: string) => ({
        label: `API ${p.replace(bigOrg, ':orgId')}`,
        url: base + p,
        headers: () => ({ authorization: `Bearer ${c.token}` }),
        get: async () => {
          const res = await c.call(p);
          dump(`${engine}-api-${p}.json`, JSON.stringify(res.body, null, 1));
          return { status: res.status, size: JSON.stringify(res.body).length };
        },
      });
      const targets: { label: string; url: string; headers: () => Record<string, string>; get: () => Promise<{ status: number; size: number }> }[] = [
        ...['/org/dashboard', '/org/applications?page=2', '/org/applications.data?page=2', '/org/applications?page=2&size=25', filteredPage, '/help'].map((p) => pageOf(browser, p)),
        ...[`/api/v1/organization/${bigOrg}/applications?page=2&limit=10`, `/api/v1/organization/${bigOrg}/applications?page=2&limit=25`, filteredApi, '/api/v1/users/me']
          .map((p) => apiOf(api, p)),
        pageOf(stateBrowser, '/state/applications?page=2&size=25'),
        pageOf(stateBrowser, '/state/applications.data?page=2&size=25'),
        apiOf(stateApi, '/api/v1/review/applications?page=2&limit=25'),
      ].filter((t) => !ONLY || ONLY.test(t.label));
      const rows: (string | number)[][] = [];
      for (const target of targets) {
        const probe = await target.get();
        if (probe.status !== 200) throw new Error(`${engine}: ${target.label} answered ${probe.status}`);
        for (let i = 0; i < WARMUP; i++) await target.get();
        const before = cpuMs(server.pid!);
        const mainBefore = mainThreadMs(server.pid!);
        const started = performance.now();
        for (let i = 0; i < RUNS; i++) await target.get();
        const row: (string | number)[] = [engine, target.label, ((cpuMs(server.pid!) - before) / RUNS).toFixed(2), ((mainThreadMs(server.pid!) - mainBefore) / RUNS).toFixed(2), ((performance.now() - started) / RUNS).toFixed(2), probe.size];
        if (LOAD_SECONDS > 0) {
          await loadTest(target.url, target.headers(), 32, 2);
          const cpuBefore = cpuMs(server.pid!);
          const wallBefore = performance.now();
          const load = await loadTest(target.url, target.headers(), 32, LOAD_SECONDS);
          const busy = (cpuMs(server.pid!) - cpuBefore) / (performance.now() - wallBefore);
          row.push(load.requestsPerSec.toFixed(1), load.p95, load.errors + load.timeouts + load.non2xx, `${Math.round(100 * busy)}%`,
            ((busy * 1000) / load.requestsPerSec).toFixed(2));
        }
        rows.push(row);
      }
      return rows;
    } finally {
      server.kill('SIGINT');
      await new Promise((resolve) => (server.exitCode !== null ? resolve(null) : server.once('exit', resolve)));
    }
  } finally {
    pg?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  if (!fs.existsSync(ENTRY)) throw new Error('Run npm run build first.');
  const rows: (string | number)[][] = [];
  for (const engine of ENGINES) rows.push(...(await runEngine(engine)));
  console.log(`\nServer CPU per request, one at a time (${RUNS} requests after ${WARMUP} warm-up; ${APPLICATIONS.toLocaleString('en-US')} bench applications, Bench Organization 001's admin)`);
  console.log(table(['engine', 'request', 'CPU ms', 'main thread ms', 'wall ms', 'bytes', ...(LOAD_SECONDS > 0 ? ['req/s @32', 'p95', 'errors', 'server busy', 'CPU ms @32'] : [])], rows));
  console.log(`load average ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
