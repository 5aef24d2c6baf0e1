// The embedded database's thread stops on its own (decision 076): server.ts says so and exits with code 1, so that
// whoever runs it (a supervisor, or the person who ran npm start) starts it again, rather than a process that
// answers every request with 503 from then on. The thread is ended from outside the portal's code, by a preload
// (terminate-threads.mjs).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { freePort } from '../support/postgres';
import { portalAt, stopChild, until, type Child } from './support';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-fault-thread-'));
let child: Child | undefined;

afterAll(async () => {
  await stopChild(child);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('exits with code 1, saying why, when the embedded database thread is lost', async () => {
  const port = await freePort();
  const proc = spawn(process.execPath, ['--import', 'tsx', '--import', './tests/faults/terminate-threads.mjs', 'server.ts', '--api-only'], {
    env: { ...process.env, NODE_ENV: 'test', SESSION_SECRET: 'fault-test-secret-fault-test-secret', DATA_DIR: dataDir, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  proc.stdout.on('data', (chunk) => (text += chunk));
  proc.stderr.on('data', (chunk) => (text += chunk));
  child = { process: proc, output: () => text, exited: () => proc.exitCode !== null || proc.signalCode !== null };
  await until('the portal to be ready', () => /ready in/.test(text) || child!.exited(), 90_000);
  expect(child.exited(), text).toBe(false);
  expect((await portalAt(`http://127.0.0.1:${port}`).call('/healthz')).status).toBe(200);

  proc.kill('SIGUSR2');
  await until('the portal to exit', () => child!.exited(), 30_000);
  expect(proc.exitCode, text).toBe(1);
  expect(text).toMatch(/terminating 1 worker thread/);
  expect(text).toMatch(/The embedded database stopped \(its thread exited with code 1\)\. The portal stops; start it again to reopen its data\./);
});
