// `npm start`: builds when the build is missing or older than the sources, then serves the portal
// on the embedded default (PGlite under DATA_DIR, migrated and seeded on first start).
import { execSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const SOURCES = ['app', 'api', 'domain', 'server', 'server.ts', 'remix.config.js', 'package.json'];

function newest(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(target).reduce((max, name) => Math.max(max, newest(path.join(target, name))), stat.mtimeMs);
}

const outputs = ['build/index.js', 'build/server/index.js', 'public/build', 'public/fonts'];
const builtAt = Math.min(...outputs.map((p) => (fs.existsSync(p) ? fs.statSync(p).mtimeMs : 0)));
if (builtAt === 0 || Math.max(...SOURCES.map(newest)) > builtAt) {
  console.log('Building the portal (production build)…');
  execSync('npm run build', { stdio: 'inherit' });
}

process.env.NODE_ENV ??= 'production';
let demoSecret = null;
if (process.env.NODE_ENV === 'production' && !process.env.SESSION_SECRET) {
  // The one-command demo: a secret generated once and kept in DATA_DIR. Real deployments set SESSION_SECRET.
  const dataDir = process.env.DATA_DIR || './data';
  const file = path.resolve(dataDir, 'session-secret');
  fs.mkdirSync(dataDir, { recursive: true });
  if (!fs.existsSync(file)) fs.writeFileSync(file, crypto.randomBytes(32).toString('hex'), { mode: 0o600 });
  process.env.SESSION_SECRET = fs.readFileSync(file, 'utf8').trim();
  demoSecret = file;
  console.log(`SESSION_SECRET not set: using the demo secret kept in ${file}. Set SESSION_SECRET for a real deployment.`);
}

if (!process.env.SMTP_URL && process.env.DEV_OUTBOX === undefined) {
  // The one-command demo has no mail server: codes go to the development outbox (said again at start).
  process.env.DEV_OUTBOX = 'true';
  console.log('SMTP_URL not set: the demo keeps mail in the development outbox (DEV_OUTBOX=true).');
}

if (!process.env.CLAMAV_URL && process.env.SCANNING === undefined) {
  // The demo scans nothing unless told where clamd is (decision 097); `npm run serve` refuses to start so.
  process.env.SCANNING = 'off';
  console.log('CLAMAV_URL not set: the demo does not scan uploads for viruses (SCANNING=off).');
}

// Said loudly (issue 39): `npm start` is the demonstration, never a real round. The production command is `npm run
// serve`, which refuses to start without SESSION_SECRET and without SMTP_URL or an explicit DEV_OUTBOX (server/env.ts).
const demo = [
  process.env.DEV_OUTBOX === 'true' ? 'sign-in codes and notifications stay in the development outbox on this machine: nothing is e-mailed' : null,
  demoSecret ? `the session secret is the demo one kept in ${demoSecret}` : null,
  process.env.SCANNING === 'off' ? 'uploaded files are not scanned for viruses: CLAMAV_URL is not set (SCANNING=off)' : null,
  `the database (${process.env.DATABASE_URL ? 'DATABASE_URL' : `embedded, under ${process.env.DATA_DIR || './data'}`}) is seeded with the README's demo accounts and applications`,
].filter(Boolean);
const rule = '='.repeat(100);
console.log([
  rule,
  'DEMO MODE: `npm start` runs the portal as a demonstration, not for a real round.',
  ...demo.map((line) => `  - ${line}`),
  'For a real round: `npm run build`, then `npm run serve` with SESSION_SECRET, SMTP_URL and DATABASE_URL set (README); CLAMAV_URL for virus scanning.',
  rule,
].join('\n'));

// One portal process per core (server/start.ts) on a shared database (DATABASE_URL); with the embedded
// PGlite it stays at one and says why.
if (!process.env.WEB_CONCURRENCY) process.env.WEB_CONCURRENCY = 'auto';

await import(new URL("../build/server/index.js", import.meta.url).href);
