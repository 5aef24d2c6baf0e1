import { describe, expect, it } from 'vitest';
import { parseTrustProxy, readEnv } from '../../server/env';

const base = { NODE_ENV: 'development' } as const;
// Scanning off on purpose: the tests of other settings (the virus scanning rule has its own, below).
const production = { NODE_ENV: 'production', SESSION_SECRET: 'a-production-secret-of-length', SCANNING: 'off' } as const;

describe('TRUST_PROXY is read as Express reads it', () => {
  it.each([
    ['true', true],
    ['TRUE', true],
    ['false', false],
    ['1', 1],
    ['2', 2],
    ['0', 0],
    ['loopback', ['loopback']],
    ['10.0.0.1', ['10.0.0.1']],
    ['10.0.0.0/8, 192.168.0.0/16', ['10.0.0.0/8', '192.168.0.0/16']],
    ['loopback, linklocal, uniquelocal', ['loopback', 'linklocal', 'uniquelocal']],
    ['10.0.0.0/255.0.0.0', ['10.0.0.0/255.0.0.0']],
    ['::1, fd00::/8', ['::1', 'fd00::/8']],
  ])('%s', (raw, expected) => {
    expect(parseTrustProxy(raw)).toEqual(expected);
    expect(readEnv({ ...base, TRUST_PROXY: raw }).TRUST_PROXY).toEqual(expected);
  });

  it.each(['yes', '10.0.0.0/33', '999.1.1.1', 'proxy.example.gov', '10.0.0.1/8/2', '::1/129', ',', '1.5'])('refuses %s with a clear message', (raw) => {
    expect(typeof parseTrustProxy(raw)).toBe('string');
    expect(() => readEnv({ ...base, TRUST_PROXY: raw })).toThrow(/TRUST_PROXY must be true, false, a hop count/);
  });

  it('is unset by default', () => {
    expect(readEnv(base).TRUST_PROXY).toBeUndefined();
  });
});

describe('the development outbox is an explicit setting', () => {
  it('is on by default outside production, off when mail goes through SMTP', () => {
    expect(readEnv(base).DEV_OUTBOX).toBe(true);
    expect(readEnv({ NODE_ENV: 'test' }).DEV_OUTBOX).toBe(true);
    expect(readEnv({ ...base, SMTP_URL: 'smtp://mail.example.gov:587' }).DEV_OUTBOX).toBe(false);
  });

  it('is refused together with SMTP_URL', () => {
    expect(() => readEnv({ ...base, SMTP_URL: 'smtp://mail.example.gov:587', DEV_OUTBOX: 'true' })).toThrow(/DEV_OUTBOX and SMTP_URL are both set/);
  });

  it('a production start needs SMTP_URL or DEV_OUTBOX=true', () => {
    expect(() => readEnv(production)).toThrow(/No way to send mail: set SMTP_URL/);
    expect(() => readEnv({ ...production, DEV_OUTBOX: 'false' })).toThrow(/No way to send mail/);
    expect(readEnv({ ...production, DEV_OUTBOX: 'true' }).DEV_OUTBOX).toBe(true);
    expect(readEnv({ ...production, SMTP_URL: 'smtp://mail.example.gov:587' }).DEV_OUTBOX).toBe(false);
  });

  it('can be turned off outside production', () => {
    expect(readEnv({ ...base, DEV_OUTBOX: 'false' }).DEV_OUTBOX).toBe(false);
    expect(() => readEnv({ ...base, DEV_OUTBOX: 'maybe' })).toThrow(/DEV_OUTBOX/);
  });
});

describe('pages at once (PAGE_CONCURRENCY, decision 057)', () => {
  const pg = { ...production, DEV_OUTBOX: 'true', DATABASE_URL: 'postgres://portal@localhost/portal' } as const;
  it('two page reads at once by default, PAGE_CONCURRENCY says how many, 0 for no queue', () => {
    // Two by default (decision 088): one rendering while another waits for its statement.
    expect(readEnv(pg).PAGE_CONCURRENCY).toBe(2);
    expect(readEnv({ ...pg, PAGE_CONCURRENCY: '3' }).PAGE_CONCURRENCY).toBe(3);
    expect(readEnv({ ...pg, PAGE_CONCURRENCY: '0' }).PAGE_CONCURRENCY).toBe(0);
    expect(() => readEnv({ ...pg, PAGE_CONCURRENCY: '-1' })).toThrow(/PAGE_CONCURRENCY/);
  });
});

describe('virus scanning (CLAMAV_URL, SCANNING; issue 44)', () => {
  const serve = { NODE_ENV: 'production', SESSION_SECRET: 'a-production-secret-of-length', DEV_OUTBOX: 'true' } as const;
  it('a production start needs CLAMAV_URL, or SCANNING=off said on purpose', () => {
    expect(() => readEnv(serve)).toThrow('No virus scanning: set CLAMAV_URL (tcp://host:3310 or unix:///run/clamav/clamd.ctl) so clamd scans every upload, or SCANNING=off to run without scanning on purpose.');
    expect(readEnv({ ...serve, SCANNING: 'off' }).SCANNING).toBe('off');
    expect(readEnv({ ...serve, CLAMAV_URL: 'tcp://clamav.internal:3310' }).CLAMAV_URL).toBe('tcp://clamav.internal:3310');
    expect(readEnv({ ...serve, CLAMAV_URL: 'unix:///run/clamav/clamd.ctl' }).CLAMAV_URL).toBe('unix:///run/clamav/clamd.ctl');
  });
  it('refuses an address clamd is not reached at, and needs nothing outside production', () => {
    expect(() => readEnv({ ...serve, CLAMAV_URL: 'http://clamav:3310' })).toThrow(/CLAMAV_URL must be tcp:\/\/host:3310 or unix:\/\/\/path/);
    expect(readEnv({ NODE_ENV: 'development' }).CLAMAV_URL).toBeUndefined();
  });
});
