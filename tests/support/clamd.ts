// A real clamd of the test's own (issue 44 part 1; docs/decisions/097): Debian's clamav-daemon (scripts/test.sh installs
// it), started with its own config, socket and database directory, holding one signature file of ours with the EICAR
// test file's MD5 (ClamAV reads .hdb files from its database directory; this machine cannot download the real
// database). Started in a second or so; stop() and start() again to play the daemon going away and coming back.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';

/** The EICAR anti-virus test file: harmless, and every scanner names it (68 bytes). */
export const EICAR = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';
/** The name our signature file gives it; clamd adds ".UNOFFICIAL" to a signature outside its own signed databases. */
export const EICAR_SIGNATURE = 'Eicar-Test-Signature';

const CLAMD = ['/usr/sbin/clamd', '/usr/bin/clamd'].find((p) => fs.existsSync(p));

/** clamd is installed here (scripts/test.sh installs it with apt). */
export const clamdInstalled = Boolean(CLAMD);

export interface TestClamd {
  /** unix:///…/clamd.sock */
  unixUrl: string;
  /** tcp://127.0.0.1:PORT */
  tcpUrl: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Stops it and removes its folder. */
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function answersPing(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect({ path: socketPath });
    let text = '';
    s.on('data', (d) => (text += d.toString()));
    s.on('error', () => resolve(false));
    s.on('close', () => resolve(text.startsWith('PONG')));
    s.write('zPING\0');
  });
}

export async function startClamd(opts: { streamMaxLength?: string } = {}): Promise<TestClamd> {
  if (!CLAMD) throw new Error('clamd is not installed: run scripts/test.sh (it installs clamav-daemon with apt)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-clamd-'));
  const db = path.join(dir, 'db');
  fs.mkdirSync(db);
  const md5 = crypto.createHash('md5').update(EICAR).digest('hex');
  fs.writeFileSync(path.join(db, 'portal-test.hdb'), `${md5}:${Buffer.byteLength(EICAR)}:${EICAR_SIGNATURE}\n`);
  const socketPath = path.join(dir, 'clamd.sock');
  const port = await freePort();
  fs.writeFileSync(path.join(dir, 'clamd.conf'), [
    'Foreground yes',
    `LocalSocket ${socketPath}`,
    `TCPSocket ${port}`,
    'TCPAddr 127.0.0.1',
    `DatabaseDirectory ${db}`,
    `LogFile ${path.join(dir, 'clamd.log')}`,
    `PidFile ${path.join(dir, 'clamd.pid')}`,
    `StreamMaxLength ${opts.streamMaxLength ?? '200M'}`,
    'MaxFileSize 200M',
    'MaxScanSize 400M',
    '',
  ].join('\n'));

  let child: ChildProcess | null = null;
  const clamd: TestClamd = {
    unixUrl: `unix://${socketPath}`,
    tcpUrl: `tcp://127.0.0.1:${port}`,
    async start() {
      if (child) return;
      fs.rmSync(socketPath, { force: true });
      child = spawn(CLAMD!, ['-c', path.join(dir, 'clamd.conf')], { stdio: 'ignore' });
      const started = Date.now();
      while (!(await answersPing(socketPath))) {
        if (child.exitCode !== null) throw new Error(`clamd exited: ${fs.readFileSync(path.join(dir, 'clamd.log'), 'utf8').slice(-2000)}`);
        if (Date.now() - started > 30_000) throw new Error('clamd did not answer within 30 s');
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async stop() {
      const running = child;
      if (!running) return;
      child = null;
      if (running.exitCode !== null) return;
      const exited = new Promise((r) => running.once('exit', r));
      running.kill('SIGTERM');
      await exited;
      fs.rmSync(socketPath, { force: true });
    },
    async close() {
      await clamd.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  await clamd.start();
  return clamd;
}

