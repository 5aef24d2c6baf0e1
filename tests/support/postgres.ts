// A real PostgreSQL server for tests: started on 127.0.0.1 in a temporary directory, stopped after.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export function postgresBinDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) {
    const bin = path.join(root, v, 'bin');
    if (fs.existsSync(path.join(bin, 'initdb'))) return bin;
  }
  throw new Error('PostgreSQL server binaries not found under /usr/lib/postgresql (npm test installs them with apt).');
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export interface RunningPostgres {
  url: string;
  /** Stops the server and removes its directory. */
  stop(): void;
  /** Stops the server, keeping its data and port: 'immediate' is a crash (recovery on the next start). */
  halt(mode?: 'fast' | 'immediate'): void;
  /** Starts it again on the same data directory and port. */
  resume(): void;
}

/**
 * `durable`: commits are acknowledged only once in the WAL (synchronous_commit on), so a crash loses
 * nothing acknowledged; the default trades that for speed, which ordinary test files do not need.
 */
export async function startPostgres(opts: { durable?: boolean } = {}): Promise<RunningPostgres> {
  const bin = postgresBinDir();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-pg-'));
  const data = path.join(dir, 'data');
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  // initdb refuses to run as root: run the server as the postgres user then.
  const run = (cmd: string, args: string[]) => {
    const full = path.join(bin, cmd);
    const result = asRoot
      ? spawnSync('runuser', ['-u', 'postgres', '--', full, ...args], { encoding: 'utf8' })
      : spawnSync(full, args, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${cmd} failed: ${result.stderr || result.stdout}`);
  };
  if (asRoot) execFileSync('chown', ['-R', 'postgres:postgres', dir]);
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const settings = opts.durable ? '-c fsync=off' : '-c fsync=off -c synchronous_commit=off -c full_page_writes=off';
  const start = () =>
    run('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-w', '-t', '60', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 ${settings}`, 'start']);
  start();
  let running = true;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    halt(mode = 'fast') {
      run('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']);
      running = false;
    },
    resume() {
      start();
      running = true;
    },
    stop() {
      try {
        if (running) run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
