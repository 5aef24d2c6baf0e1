// Issue 7 item 2 on the embedded database: the portal process is killed (SIGKILL) in the middle of a
// storm of saves, then started again on the same DATA_DIR. Its stale lock does not block the start, and
// every save acknowledged before the kill is there, whole.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { freePort } from '../support/postgres';
import { createDrafts, expectEverySaveKept, portalAt, saveStorm, serveApi, signIn, stopChild, until, type Child } from './support';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-fault-pglite-'));
let child: Child | undefined;

afterAll(async () => {
  await stopChild(child);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function start(port: number): Promise<Child> {
  const started = serveApi({ DATA_DIR: dataDir, PORT: String(port) });
  await until('the portal to listen', () => started.output().includes('listening') || started.exited(), 90_000);
  expect(started.exited(), started.output()).toBe(false);
  return started;
}

it('keeps every acknowledged save when the process is killed mid-storm, and reopens its data', async () => {
  const port = await freePort();
  child = await start(port);
  const portal = portalAt(`http://127.0.0.1:${port}`);
  const token = await signIn(portal, 'org.admin@example.org');
  const drafts = await createDrafts(portal, token, 3);

  let acknowledged = 0;
  // Every writer stops at the kill, so each draft keeps what was last written before it.
  const storm = saveStorm(portal, token, drafts, { quitAtFault: drafts.length, onAnswer: (status) => status === 200 && acknowledged++ });
  await until('saves acknowledged', () => acknowledged >= 15);
  const pid = child.process.pid!;
  await stopChild(child, 'SIGKILL');
  const result = await storm.stop();
  expect(result.unexpected.every((u: any) => u.status === 0), JSON.stringify(result.unexpected)).toBe(true);

  // The dead process's lock is still there; it must not keep the database closed.
  expect(fs.readFileSync(path.join(dataDir, 'portal.lock'), 'utf8')).toBe(String(pid));
  child = await start(port);
  expect((await portal.call('/healthz')).status).toBe(200);
  await expectEverySaveKept(portal, token, drafts, result);
});
