// The clamd client (issue 44 part 1; docs/decisions/097): clamd's INSTREAM command over TCP or a Unix socket, named
// by CLAMAV_URL (tcp://host:3310, unix:///run/clamav/clamd.ctl). A scan is a Transform the bytes pass through on
// their way to the storage: each chunk goes to clamd as it goes on, so a file is never held whole in memory, and the
// storage's write fails (nothing kept) when clamd names a signature. clamd unreachable, slow or over its limits
// answers "unscanned": the caller holds the file (domain/scanning.ts). No dependency: the protocol is a few lines
// (a command, length-prefixed chunks, a zero-length end, one reply line).
import crypto from 'node:crypto';
import net from 'node:net';
import { Transform, Writable, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ScanVerdict } from '../domain/scanning';

export type ClamdAddress = { host: string; port: number } | { path: string };

/** What a scan found, with the bytes' own SHA-256 and size (for the history). */
export type ScanOutcome = ScanVerdict & { sha256: string; size: number };

/** The error a tap ends with when clamd found a signature: the storage's write fails, and nothing is kept. */
export class VirusFoundError extends Error {
  constructor(readonly outcome: ScanOutcome & { verdict: 'virus' }) {
    super(`Virus found: ${outcome.signature}`);
  }
}

/** CLAMAV_URL: tcp://host:port or unix:///absolute/path. A malformed one fails at boot. */
export function parseClamavUrl(raw: string): ClamdAddress {
  const url = new URL(raw);
  if (url.protocol === 'unix:') {
    const path = decodeURIComponent(url.pathname);
    if (!path.startsWith('/') || url.host) throw new Error(`CLAMAV_URL must be unix:///absolute/path; got ${raw}`);
    return { path };
  }
  if (url.protocol === 'tcp:' && url.hostname) return { host: url.hostname.replace(/^\[|\]$/g, ''), port: Number(url.port || 3310) };
  throw new Error(`CLAMAV_URL must be tcp://host:3310 or unix:///path; got ${raw}`);
}

export interface Scanner {
  readonly address: ClamdAddress;
  /** A Transform to pipe a file through: passes every byte on, and `result` says what clamd found. */
  tap(): ScanTap;
  /** Scans a whole stream (a stored file): read once, never held whole. */
  scanStream(stream: Readable): Promise<ScanOutcome>;
  /** clamd answers PING within the timeout. */
  ping(): Promise<boolean>;
}

export interface ScannerOptions {
  /** How long clamd may keep us waiting (to take a chunk, or for its answer) before the file counts as unscanned. */
  timeoutMs?: number;
}

const END = Buffer.alloc(4);

/** One clamd conversation: a command, then its one reply (NUL-terminated with the z prefix). */
class ClamdSession {
  readonly socket: net.Socket;
  readonly reply: Promise<string>;
  private failure: string | null = null;

  constructor(address: ClamdAddress, command: string, private readonly timeoutMs: number) {
    this.socket = net.connect(address);
    this.socket.setNoDelay(true);
    this.reply = new Promise<string>((resolve) => {
      let text = '';
      this.socket.on('data', (data: Buffer) => {
        text += data.toString('latin1');
        const end = text.indexOf('\0');
        if (end >= 0) {
          resolve(text.slice(0, end));
          this.socket.destroy();
        }
      });
      this.socket.on('error', (err: NodeJS.ErrnoException) => this.fail(`clamd unreachable (${err.code ?? err.message})`));
      this.socket.on('close', () => resolve(text.includes('\0') ? text.slice(0, text.indexOf('\0')) : `ERROR ${this.failure ?? 'clamd closed the connection'}`));
    });
    this.socket.write(`z${command}\0`);
  }

  get alive(): boolean {
    return !this.failure && !this.socket.destroyed;
  }

  fail(reason: string): void {
    this.failure ??= reason;
    this.socket.destroy();
  }

  /** Writes and waits for room (drain) — at most timeoutMs, then the session is given up. */
  async write(data: Buffer): Promise<void> {
    if (!this.alive) return;
    if (this.socket.write(data)) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.socket.off('drain', done);
        this.socket.off('close', done);
        resolve();
      };
      const timer = setTimeout(() => {
        this.fail('clamd timed out taking the file');
        done();
      }, this.timeoutMs);
      this.socket.on('drain', done);
      this.socket.on('close', done);
    });
  }

  /** The reply, or an ERROR line once timeoutMs has passed without one. */
  async answer(): Promise<string> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<string>((resolve) => {
      timer = setTimeout(() => {
        this.fail('clamd timed out scanning the file');
        resolve('ERROR clamd timed out scanning the file');
      }, this.timeoutMs);
    });
    try {
      return await Promise.race([this.reply, late]);
    } finally {
      clearTimeout(timer);
    }
  }
}

/** clamd's INSTREAM reply: "stream: OK", "stream: <signature> FOUND", or "<what> ERROR". */
export function readVerdict(reply: string): ScanVerdict {
  const line = reply.trim();
  if (/^stream: OK$/.test(line)) return { verdict: 'clean' };
  const found = /^stream: (.+) FOUND$/.exec(line);
  if (found) return { verdict: 'virus', signature: found[1]! };
  return { verdict: 'unscanned', reason: line.replace(/^ERROR\s*/, '').replace(/\s*ERROR$/, '') || 'clamd gave no answer' };
}

export class ScanTap extends Transform {
  private readonly hash = crypto.createHash('sha256');
  private size = 0;
  private session: ClamdSession | null = null;
  private settled = false;
  private resolveResult!: (outcome: ScanOutcome) => void;
  /** What clamd found once the stream ended (also when it was cut short: then 'unscanned'). */
  readonly result: Promise<ScanOutcome>;

  constructor(private readonly address: ClamdAddress, private readonly timeoutMs: number) {
    super();
    this.result = new Promise((resolve) => (this.resolveResult = resolve));
    // clamd's verdict may come before the storage starts reading (it makes a folder first): the error stays on the
    // stream (`errored`), and the pipeline attached later rejects with it; never an uncaught 'error' event meanwhile.
    this.on('error', () => undefined);
    this.on('close', () => {
      this.session?.fail('the upload ended early');
      this.settle({ verdict: 'unscanned', reason: 'the upload ended early', sha256: '', size: this.size });
    });
  }

  private settle(outcome: ScanOutcome): void {
    if (this.settled) return;
    this.settled = true;
    this.resolveResult(outcome);
  }

  private open(): ClamdSession {
    this.session ??= new ClamdSession(this.address, 'INSTREAM', this.timeoutMs);
    return this.session;
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, cb: TransformCallback): void {
    this.hash.update(chunk);
    this.size += chunk.length;
    const session = this.open();
    if (!session.alive) return cb(null, chunk);
    const header = Buffer.alloc(4);
    header.writeUInt32BE(chunk.length);
    session.socket.write(header);
    session.write(chunk).then(() => cb(null, chunk), cb);
  }

  override _flush(cb: TransformCallback): void {
    const session = this.open();
    void (async () => {
      if (session.alive) session.socket.write(END);
      const verdict = readVerdict(await session.answer());
      const outcome: ScanOutcome = { ...verdict, sha256: this.hash.digest('hex'), size: this.size };
      this.settle(outcome);
      if (outcome.verdict === 'virus') cb(new VirusFoundError(outcome));
      else cb();
    })();
  }
}

export function clamdScanner(address: ClamdAddress, opts: ScannerOptions = {}): Scanner {
  const timeoutMs = opts.timeoutMs ?? 30_000;
  return {
    address,
    tap: () => new ScanTap(address, timeoutMs),
    async scanStream(stream) {
      const tap = new ScanTap(address, timeoutMs);
      const discard = new Writable({ write: (_chunk, _enc, cb) => cb() });
      await pipeline(stream, tap, discard).catch((err) => {
        if (!(err instanceof VirusFoundError)) throw err;
      });
      return tap.result;
    },
    async ping() {
      const session = new ClamdSession(address, 'PING', Math.min(timeoutMs, 2_000));
      return (await session.answer()).trim() === 'PONG';
    },
  };
}

/** The scanner CLAMAV_URL names, or null (no scanning) when it is unset. */
export function scannerFromEnv(opts: { clamavUrl?: string; timeoutMs?: number }): Scanner | null {
  return opts.clamavUrl ? clamdScanner(parseClamavUrl(opts.clamavUrl), { timeoutMs: opts.timeoutMs }) : null;
}
