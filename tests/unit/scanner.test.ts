// The clamd client (api/scanner.ts) against a real clamd of the test's own (tests/support/clamd.ts): the EICAR test file
// is named over both a Unix socket and TCP, a clean file passes, a daemon that is gone or over its limits answers
// "unscanned", and 100 MB go through without being held in memory (docs/decisions/097).
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clamdScanner, parseClamavUrl, readVerdict, VirusFoundError } from '../../api/scanner';
import { retryDelaySeconds } from '../../domain/scanning';
import { EICAR, startClamd, type TestClamd } from '../support/clamd';

/** `total` bytes of zeros in 64 KiB chunks, made as they are read. */
function zeros(total: number): Readable {
  let left = total;
  const chunk = Buffer.alloc(64 * 1024);
  return new Readable({
    read() {
      if (left <= 0) return void this.push(null);
      const n = Math.min(left, chunk.length);
      left -= n;
      this.push(n === chunk.length ? chunk : chunk.subarray(0, n));
    },
  });
}

describe('CLAMAV_URL and clamd replies', () => {
  it('reads tcp:// and unix:// addresses and refuses others', () => {
    expect(parseClamavUrl('tcp://clamav.internal:3310')).toEqual({ host: 'clamav.internal', port: 3310 });
    expect(parseClamavUrl('tcp://127.0.0.1')).toEqual({ host: '127.0.0.1', port: 3310 });
    expect(parseClamavUrl('unix:///run/clamav/clamd.ctl')).toEqual({ path: '/run/clamav/clamd.ctl' });
    expect(() => parseClamavUrl('http://clamav:3310')).toThrow(/CLAMAV_URL/);
  });
  it('reads clamd INSTREAM replies', () => {
    expect(readVerdict('stream: OK')).toEqual({ verdict: 'clean' });
    expect(readVerdict('stream: Eicar-Test-Signature FOUND')).toEqual({ verdict: 'virus', signature: 'Eicar-Test-Signature' });
    expect(readVerdict('INSTREAM size limit exceeded. ERROR')).toEqual({ verdict: 'unscanned', reason: 'INSTREAM size limit exceeded.' });
  });
  it('waits twice as long after each failed retry, never more than an hour', () => {
    expect([1, 2, 3, 4].map((n) => retryDelaySeconds(n, 30))).toEqual([30, 60, 120, 240]);
    expect(retryDelaySeconds(20, 30)).toBe(3600);
  });
});

describe('a real clamd', () => {
  let clamd: TestClamd;
  beforeAll(async () => {
    clamd = await startClamd({ streamMaxLength: '150M' });
  }, 60_000);
  afterAll(async () => {
    await clamd?.close();
  });

  it('names the EICAR test file over a Unix socket and over TCP, with its SHA-256', async () => {
    for (const url of [clamd.unixUrl, clamd.tcpUrl]) {
      const outcome = await clamdScanner(parseClamavUrl(url)).scanStream(Readable.from([Buffer.from(EICAR)]));
      expect(outcome).toEqual({
        verdict: 'virus', signature: 'Eicar-Test-Signature.UNOFFICIAL', size: 68,
        sha256: '275a021bbfb6489e54d471899f7db9d1663fc695ec2fe2a2c4538aabf651fd0f',
      });
    }
  });

  it('keeps a virus verdict that comes before anyone reads the tap, for the pipeline attached later', async () => {
    const tap = clamdScanner(parseClamavUrl(clamd.unixUrl)).tap();
    tap.end(Buffer.from(EICAR));
    expect((await tap.result).verdict).toBe('virus');
    await new Promise((r) => setTimeout(r, 50));
    const sink = new Writable({ write: (_c, _e, cb) => cb() });
    await expect(pipeline(tap, sink)).rejects.toBeInstanceOf(VirusFoundError);
  });

  it('passes a clean file', async () => {
    const outcome = await clamdScanner(parseClamavUrl(clamd.unixUrl)).scanStream(Readable.from([Buffer.from('A clean letter of support.\n')]));
    expect(outcome.verdict).toBe('clean');
  });

  it('scans 10 MB and 100 MB streamed, without holding them in memory (prints the time and the peak RSS)', async () => {
    const scanner = clamdScanner(parseClamavUrl(clamd.unixUrl), { timeoutMs: 60_000 });
    // 10 MB of random bytes (as a compressed PDF looks to a scanner), in 64 KiB chunks as an upload arrives.
    const random = crypto.randomBytes(10 * 1024 * 1024);
    const chunks = Array.from({ length: 160 }, (_, i) => random.subarray(i * 65536, (i + 1) * 65536));
    let at = performance.now();
    expect((await scanner.scanStream(Readable.from(chunks))).verdict).toBe('clean');
    const tenMb = Math.round(performance.now() - at);
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    at = performance.now();
    const outcome = await scanner.scanStream(zeros(100 * 1024 * 1024));
    const hundredMb = Math.round(performance.now() - at);
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    console.log(`clamd INSTREAM: 10 MB in ${tenMb} ms; 100 MB in ${hundredMb} ms, RSS ${Math.round(before / 2 ** 20)} MB before, peak ${Math.round(peak / 2 ** 20)} MB (+${Math.round((peak - before) / 2 ** 20)} MB)`);
    expect(outcome).toMatchObject({ verdict: 'clean', size: 100 * 1024 * 1024 });
    expect(outcome.sha256).toBe(crypto.createHash('sha256').update(Buffer.alloc(100 * 1024 * 1024)).digest('hex'));
    // Held whole, the file alone would add 100 MB.
    expect(peak - before).toBeLessThan(60 * 1024 * 1024);
  }, 120_000);

  it('answers "unscanned" over clamd\'s size limit, and when clamd is gone', async () => {
    const small = await startClamd({ streamMaxLength: '1M' });
    try {
      const over = await clamdScanner(parseClamavUrl(small.unixUrl)).scanStream(zeros(3 * 1024 * 1024));
      expect(over).toMatchObject({ verdict: 'unscanned', size: 3 * 1024 * 1024 });
      await small.stop();
      const down = await clamdScanner(parseClamavUrl(small.unixUrl)).scanStream(Readable.from([Buffer.from(EICAR)]));
      expect(down).toMatchObject({ verdict: 'unscanned', size: 68 });
      expect(await clamdScanner(parseClamavUrl(small.unixUrl)).ping()).toBe(false);
    } finally {
      await small.close();
    }
  }, 60_000);
});
