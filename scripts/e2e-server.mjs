// The server Playwright drives: the production build on a fresh embedded database in a temp folder.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
Object.assign(process.env, {
  NODE_ENV: 'production',
  PORT: process.env.E2E_PORT ?? '3210',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  SESSION_SECRET: 'e2e-session-secret-e2e-session-secret',
  // Every journey signs in again and again from one address: lift the limits for the suite only.
  OTP_EMAIL_LIMIT: '10000',
  OTP_IP_LIMIT: '10000',
  // The journeys read sign-in codes from the development outbox.
  DEV_OUTBOX: 'true',
  // No clamd for the journeys unless the run names one (docs/decisions/097): production needs it said.
  SCANNING: process.env.CLAMAV_URL ? 'on' : 'off',
});
const cleanup = () => fs.rmSync(dataDir, { recursive: true, force: true });
process.on('exit', cleanup);
await import(new URL('../build/server/index.js', import.meta.url).href);
