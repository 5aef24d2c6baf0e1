// npm run bench:first-visit — the figures the Foundation issue asks for, measured on the production
// build: how long a cold start takes to answer /healthz (a fresh DATA_DIR: create, migrate, seed; then
// a restart on that data), and how much JavaScript a first visit loads on the login page and on the
// dashboard (every /build/*.js the HTML names, raw and gzipped). Prints figures; asserts nothing.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import net from 'node:net';
import { formatPage, measure } from './check-budget.mjs';

const root = path.resolve(import.meta.dirname, '..');
const SECRET = 'first-visit-session-secret-first-visit';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export async function start(dataDir: string, port: number): Promise<{ child: ChildProcess; ms: number }> {
  const began = performance.now();
  // The embedded default: no outside database, provider, mail or file store.
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', SCANNING: 'off', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SESSION_SECRET: SECRET, DEV_OUTBOX: 'true' };
  for (const key of ['DATABASE_URL', 'API_BASE_URL', 'SMTP_URL', 'STORAGE_URL']) delete env[key];
  const child = spawn(process.execPath, ['build/server/index.js'], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (res.status === 200) return { child, ms: performance.now() - began };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

/** Every script a page loads on a first visit: the module scripts and preloads the HTML names. */
async function scriptWeight(base: string, html: string) {
  const urls = [...new Set([...html.matchAll(/\/build\/[^"'\s)]+\.js/g)].map((m) => m[0]))];
  let raw = 0;
  let gzip = 0;
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(base + url)).arrayBuffer());
    raw += body.length;
    gzip += zlib.gzipSync(body).length;
  }
  return { files: urls.length, raw, gzip };
}

function cookieFrom(res: Response, jar: Map<string, string>) {
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const [name, ...value] = pair!.split('=');
    jar.set(name!.trim(), value.join('='));
  }
}
export const cookieHeader = (jar: Map<string, string>) => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');

export async function signIn(base: string, email: string, side: 'org' | 'state' = 'org'): Promise<Map<string, string>> {
  const jar = new Map<string, string>();
  const post = async (body: Record<string, string>) => {
    const res = await fetch(`${base}/${side}/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: base, Cookie: cookieHeader(jar) },
      body: new URLSearchParams(body),
    });
    cookieFrom(res, jar);
    return res;
  };
  await post({ intent: 'send-code', email });
  const outbox = (await (await fetch(`${base}/api/v1/dev/outbox?email=${encodeURIComponent(email)}`)).json()) as { text: string }[];
  const code = /\b(\d{6})\b/.exec(outbox[0]?.text ?? '')?.[1];
  if (!code) throw new Error('no sign-in code in the dev outbox');
  const verified = await post({ intent: 'verify', code });
  if (verified.status !== 302 && verified.status !== 303) throw new Error(`sign-in answered ${verified.status}`);
  return jar;
}

const kib = (n: number) => `${(n / 1024).toFixed(0)} KiB`;

async function main() {
  if (!fs.existsSync(path.join(root, 'build/server/index.js'))) throw new Error('Run npm run build first.');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-first-visit-'));
  try {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const cold = await start(dataDir, port);
    console.log(`cold start, empty DATA_DIR (create, migrate, seed) → /healthz 200: ${(cold.ms / 1000).toFixed(1)} s`);

    const login = await scriptWeight(base, await (await fetch(`${base}/org/login`)).text());
    console.log(`login page: ${login.files} scripts, ${kib(login.raw)} raw, ${kib(login.gzip)} gzip`);
    const jar = await signIn(base, 'summit.admin@example.org');
    const dashboardHtml = await (await fetch(`${base}/org/dashboard`, { headers: { Cookie: cookieHeader(jar) } })).text();
    if (!dashboardHtml.includes('Dashboard')) throw new Error('the dashboard did not open');
    const dashboard = await scriptWeight(base, dashboardHtml);
    console.log(`dashboard (first visit, signed in): ${dashboard.files} scripts, ${kib(dashboard.raw)} raw, ${kib(dashboard.gzip)} gzip`);
    await stop(cold.child);

    // Every page's first load from the build's manifest, and which packages weigh on it (the build's budget check).
    console.log('\nfirst-load JavaScript per page (gzip), from the build manifest:');
    for (const page of measure() as { id: string }[]) console.log(formatPage(page, 8));

    const warm = await start(dataDir, port);
    console.log(`restart on that data → /healthz 200: ${(warm.ms / 1000).toFixed(1)} s`);
    await stop(warm.child);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
