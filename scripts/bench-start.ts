// `npm run bench:start`: time from starting the production server to its first /healthz 200, on an empty
// DATA_DIR (create, migrate, seed) and again on the data that start left (reopen). Production build,
// NODE_ENV=production, DEV_OUTBOX=true, the embedded PGlite. Each figure is the median of RUNS starts;
// the server's own phase timings (its "ready in" line) are printed beside them.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const RUNS = Number(process.env.RUNS ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 4371);
const SERVER = path.resolve(process.env.BENCH_SERVER ?? 'build/server/index.js');
if (!fs.existsSync(SERVER)) {
  console.error('No production build: run `npm run build` first.');
  process.exit(1);
}

interface Start {
  ms: number;
  ready: string;
}

async function startOnce(dataDir: string): Promise<Start> {
  const began = performance.now();
  const child = spawn(process.execPath, [SERVER], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      SCANNING: 'off',
      DEV_OUTBOX: 'true',
      SESSION_SECRET: 'bench-start-secret-bench-start-secret',
      DATA_DIR: dataDir,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      WEB_CONCURRENCY: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let exitCode: number | null | undefined;
  void exited.then((code) => (exitCode = code));
  try {
    for (;;) {
      if (exitCode !== undefined) throw new Error(`The server exited (${exitCode}) before /healthz answered 200:\n${output}`);
      if (performance.now() - began > 60_000) throw new Error(`No /healthz 200 within 60 s:\n${output}`);
      const ok = await fetch(`http://127.0.0.1:${PORT}/healthz`).then((r) => r.status === 200, () => false);
      if (ok) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    const ms = performance.now() - began;
    // The "ready in" line is printed just before the first 200; give stdout a moment to arrive.
    await new Promise((r) => setTimeout(r, 50));
    const ready = output.split('\n').find((l) => l.includes('ready in'))?.replace(/^.*ready in /, 'server: ready in ') ?? '';
    return { ms, ready };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const empty: Start[] = [];
const existing: Start[] = [];
for (let i = 0; i < RUNS; i++) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-start-'));
  try {
    empty.push(await startOnce(dataDir));
    existing.push(await startOnce(dataDir));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
const line = (label: string, runs: Start[], target: number) => {
  const m = median(runs.map((r) => r.ms));
  console.log(`${label}: ${(m / 1000).toFixed(2)} s (median of ${runs.length}: ${runs.map((r) => (r.ms / 1000).toFixed(2)).join(', ')}; target ≤ ${target} s) ${m <= target * 1000 ? 'OK' : 'OVER'}`);
  for (const r of runs) if (r.ready) console.log(`  ${r.ready}`);
};
console.log(`Start to /healthz 200 (production build, NODE_ENV=production, DEV_OUTBOX=true, PGlite, ${os.cpus().length} cores)`);
line('empty DATA_DIR (create, migrate, seed)', empty, 6);
line('existing data (reopen)', existing, 2.5);
