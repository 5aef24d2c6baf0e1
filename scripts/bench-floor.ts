// The rendering floor of issue 8, measured in the bench's own run: the calibrated copy of the list page in
// ../shared/ssr-floor (Remix 2.17, React 18.3, the same Express setup, 10 rows from memory, root + layout + list
// loaders), in its plain variant (plain React elements and a static stylesheet, UI=plain). Issue 8's target is "the
// page's time minus its API call's ≤ 1.6× a plain-React render of the same rows": the bench prints the portal's
// side of it (one at a time, p50) against 1.6× this, measured by the same client in the same process on the same
// machine minutes apart, rather than against the 3.6 ms the issue measured elsewhere.
//
// The copy is built in a temporary folder that borrows this checkout's node_modules, and served in this process
// (like the portal in scripts/bench.ts, so the client's own cost is the same on both sides). Without
// ../shared/ssr-floor (SSR_FLOOR_DIR to point elsewhere) the bench says so and prints no comparison.
//
//   npx tsx scripts/bench-floor.ts    the floor alone
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { freePort } from '../tests/support/postgres';

const root = path.resolve(import.meta.dirname, '..');

export type Floor = { dir: string; pageUrl: string; jsonUrl: string; rows: number } | { missing: string };

/** Files and folders made writable (the shared copy is read-only), so the build can write beside them. */
function makeWritable(dir: string) {
  fs.chmodSync(dir, 0o755);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) makeWritable(p);
    else if (entry.isFile()) fs.chmodSync(p, 0o644);
  }
}

/** Builds the floor's copy and serves it in this process; answers where its page and its JSON are. */
export async function startFloor(): Promise<Floor> {
  const source = path.resolve(process.env.SSR_FLOOR_DIR ?? path.join(root, '..', 'shared', 'ssr-floor'));
  if (!fs.existsSync(path.join(source, 'server.mjs'))) return { missing: `${source} not found` };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ssr-floor-'));
  const skip = new Set(['node_modules', 'build', 'logs', 'results', 'html', '.cache']);
  fs.cpSync(source, dir, { recursive: true, filter: (src) => !skip.has(path.basename(src)) || path.dirname(src) !== source });
  makeWritable(dir);
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  execFileSync(path.join(root, 'node_modules/.bin/remix'), ['build'], { cwd: dir, env: { ...process.env, NODE_ENV: 'production' }, stdio: 'ignore' });

  const port = await freePort();
  const before = { cwd: process.cwd(), PORT: process.env.PORT };
  // Its switches are read from the environment (UI=plain: plain elements, the static stylesheet).
  process.env.UI = 'plain';
  process.env.PORT = String(port);
  process.chdir(dir);
  try {
    await import(pathToFileURL(path.join(dir, 'server.mjs')).href);
  } finally {
    process.chdir(before.cwd);
    if (before.PORT === undefined) delete process.env.PORT;
    else process.env.PORT = before.PORT;
  }
  const base = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    try {
      if ((await fetch(`${base}/api/v1/applications`)).ok) break;
    } catch {
      // not listening yet
    }
    if (tries > 200) throw new Error('the ssr-floor copy did not start');
    await new Promise((r) => setTimeout(r, 50));
  }
  const list = (await (await fetch(`${base}/api/v1/applications`)).json()) as { applications: unknown[] };
  return { dir, pageUrl: `${base}/org/applications`, jsonUrl: `${base}/api/v1/applications`, rows: list.applications.length };
}

/** Requests sent before a "p50 alone" is measured, on the floor and on the portal's sides alike (scripts/bench.ts). */
export const ALONE_WARM_UP = 500;

/**
 * p50 of `runs` GETs one at a time after `warmUp` (what the bench calls "p50 alone"). A cold floor is far slower than
 * a warm one (6.4 ms against 3.8 after the portal's thousands of requests had warmed React and Remix in the same
 * process, 30 warm-up requests each): it is measured warm.
 */
export async function p50Alone(url: string, runs = 200, warmUp = ALONE_WARM_UP): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < runs + warmUp; i++) {
    const start = process.hrtime.bigint();
    const res = await fetch(url);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    if (i >= warmUp) samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)]!;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  process.env.NODE_ENV = 'production';
  const floor = await startFloor();
  if ('missing' in floor) {
    console.log(`no floor: ${floor.missing}`);
  } else {
    const page = await p50Alone(floor.pageUrl);
    const json = await p50Alone(floor.jsonUrl);
    console.log(`ssr-floor (plain React, ${floor.rows} rows): page p50 alone ${page.toFixed(2)} ms, its JSON ${json.toFixed(2)} ms; 1.6 × page = ${(1.6 * page).toFixed(2)} ms`);
    fs.rmSync(floor.dir, { recursive: true, force: true });
  }
  process.exit(0);
}
