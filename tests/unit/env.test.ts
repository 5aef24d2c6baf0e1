import { describe, expect, it } from 'vitest';
import { parseTrustProxy, readEnv } from '../../server/env';
import { pagesAtOnce, renderThreadCount } from '../../server/render-threads';

const base = { NODE_ENV: 'development' } as const;
const production = { NODE_ENV: 'production', SESSION_SECRET: 'a-production-secret-of-length' } as const;

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

describe('render threads (RENDER_THREADS, decision 078) and pages at once', () => {
  const pg = { ...production, DEV_OUTBOX: 'true', DATABASE_URL: 'postgres://portal@localhost/portal' } as const;
  const pglite = { ...production, DEV_OUTBOX: 'true' } as const;
  it('one in production when a core is spare beside the main thread and the database: from three cores, with either engine', () => {
    expect(renderThreadCount(readEnv(pg), 3)).toBe(1);
    expect(renderThreadCount(readEnv(pg), 2)).toBe(0);
    expect(renderThreadCount(readEnv(pg), 1)).toBe(0);
    expect(renderThreadCount(readEnv(pglite), 2)).toBe(0);
    expect(renderThreadCount(readEnv(pglite), 3)).toBe(1);
  });
  it('none outside production, and none with one portal process per core', () => {
    expect(renderThreadCount(readEnv(base), 8)).toBe(0);
    expect(renderThreadCount(readEnv({ ...pg, WEB_CONCURRENCY: 'auto' }), 8)).toBe(0);
    expect(renderThreadCount(readEnv({ ...pg, WEB_CONCURRENCY: '4' }), 8)).toBe(0);
    // PGlite runs one process whatever WEB_CONCURRENCY asks (processCount), so it may have its render thread.
    expect(renderThreadCount(readEnv({ ...pglite, WEB_CONCURRENCY: 'auto' }), 8)).toBe(1);
  });
  it('RENDER_THREADS says how many, 0 for none', () => {
    expect(renderThreadCount(readEnv({ ...pglite, RENDER_THREADS: '2' }), 2)).toBe(2);
    expect(renderThreadCount(readEnv({ ...pg, RENDER_THREADS: '0' }), 8)).toBe(0);
    expect(() => readEnv({ ...pg, RENDER_THREADS: '-1' })).toThrow(/RENDER_THREADS/);
  });
  it('PAGE_CONCURRENCY page reads at once for each thread working on pages', () => {
    // Two a thread by default (decision 088): one rendering while another waits for its statement.
    expect(pagesAtOnce(readEnv({ ...pg, RENDER_THREADS: '0' }))).toBe(2);
    expect(pagesAtOnce(readEnv({ ...pg, RENDER_THREADS: '1' }))).toBe(4);
    expect(pagesAtOnce(readEnv({ ...pg, RENDER_THREADS: '0', PAGE_CONCURRENCY: '3' }))).toBe(3);
    expect(pagesAtOnce(readEnv({ ...pg, RENDER_THREADS: '1', PAGE_CONCURRENCY: '0' }))).toBe(0);
  });
});
