// Issue 39 part 1: `npm start` is the demonstration and says so loudly at start; the production command (`npm run
// serve`) refuses to start with no way to send mail (neither SMTP_URL nor an explicit DEV_OUTBOX). Both are run as
// real processes on the production build (the test command builds before the Vitest step).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/postgres';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** The environment of a clean shell: none of the portal's settings. */
function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!/^(SMTP_URL|DEV_OUTBOX|SESSION_SECRET|CLAMAV_URL|SCANNING|DATABASE_URL|DATA_DIR|PORT|NODE_ENV|WEB_CONCURRENCY|API_BASE_URL|STORAGE_URL|TEST_|VITEST)/.test(key)) env[key] = value;
  }
  return { ...env, ...extra } as NodeJS.ProcessEnv;
}

/** Runs a command until `done(output)` says so, or it exits; then stops it. The output and the exit code (null: stopped). */
function runUntil(args: string[], env: NodeJS.ProcessEnv, done: (output: string) => boolean, timeoutMs: number) {
  return new Promise<{ output: string; code: number | null }>((resolve) => {
    const child = spawn(process.execPath, args, { env, cwd: process.cwd(), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let finished = false;
    const finish = (code: number | null) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      if (child.exitCode === null) child.kill('SIGTERM');
      resolve({ output, code });
    };
    const timer = setTimeout(() => finish(null), timeoutMs);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (done(output)) finish(null);
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', (code) => finish(code));
  });
}

describe('starting the portal', () => {
  it('`npm start` says loudly that it is the demo: outbox mail, the demo secret, the seeded demo data', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-demo-start-'));
    dirs.push(dataDir);
    const { output } = await runUntil(
      ['scripts/start.mjs'],
      cleanEnv({ DATA_DIR: dataDir, PORT: String(await freePort()), HOST: '127.0.0.1', WEB_CONCURRENCY: '1' }),
      (out) => /For a real round/.test(out),
      240_000,
    );
    expect(output).toContain('DEMO MODE: `npm start` runs the portal as a demonstration, not for a real round.');
    expect(output).toContain('sign-in codes and notifications stay in the development outbox on this machine: nothing is e-mailed');
    expect(output).toContain(`the session secret is the demo one kept in ${path.resolve(dataDir, 'session-secret')}`);
    expect(output).toContain("is seeded with the README's demo accounts and applications");
    expect(output).toContain('For a real round: `npm run build`, then `npm run serve` with SESSION_SECRET, SMTP_URL and DATABASE_URL set (README); CLAMAV_URL for virus scanning.');
    // Issue 44: no CLAMAV_URL, no scanning, and the demo says so.
    expect(output).toContain('uploaded files are not scanned for viruses: CLAMAV_URL is not set (SCANNING=off)');
  }, 300_000);

  it('`npm run serve` in production with neither SMTP_URL nor DEV_OUTBOX refuses to start and says why', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-serve-refuses-'));
    dirs.push(dataDir);
    const { output, code } = await runUntil(
      ['build/server/index.js'],
      cleanEnv({ NODE_ENV: 'production', SESSION_SECRET: 'a-real-secret-a-real-secret-a-real-secret', DATA_DIR: dataDir, PORT: String(await freePort()), HOST: '127.0.0.1' }),
      () => false,
      60_000,
    );
    expect(code).not.toBe(0);
    expect(code).not.toBeNull();
    expect(output).toContain('No way to send mail: set SMTP_URL');
  }, 90_000);

  it('`npm run serve` in production without CLAMAV_URL refuses to start unless SCANNING=off says so (issue 44)', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-serve-unscanned-'));
    dirs.push(dataDir);
    const settings = { NODE_ENV: 'production', SESSION_SECRET: 'a-real-secret-a-real-secret-a-real-secret', DEV_OUTBOX: 'true', DATA_DIR: dataDir, HOST: '127.0.0.1' };
    const refused = await runUntil(['build/server/index.js'], cleanEnv({ ...settings, PORT: String(await freePort()) }), () => false, 60_000);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('No virus scanning: set CLAMAV_URL (tcp://host:3310 or unix:///run/clamav/clamd.ctl) so clamd scans every upload, or SCANNING=off to run without scanning on purpose.');
    const started = await runUntil(['build/server/index.js'], cleanEnv({ ...settings, SCANNING: 'off', PORT: String(await freePort()) }), (out) => /ready in/.test(out), 120_000);
    expect(started.output).toContain('Broadband Grants Portal on http://localhost:');
  }, 200_000);
});
