// The edge every request meets before the API: security headers, HSTS behind a trusted proxy, the
// cross-site write check on every route, no-store, the development outbox setting, server time limits.
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPortalApp } from '../../server/portal';
import { createPortalServer, HSTS } from '../../server/edge';
import { readEnv } from '../../server/env';
import { PORTAL_MSG } from '../../domain/messages';
import { fillPath, providerRoutes } from '../support/api-routes';
import { startTestApi, type TestApi } from './harness';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

const TEST_ENV = { NODE_ENV: 'test', DATA_DIR: '/tmp/portal-test-data', SESSION_SECRET: 'test-secret-test-secret-test-secret' } as const;

/** Another portal on the same test database, with other settings. */
async function portalWith(overrides: Record<string, string>, timeouts?: Parameters<typeof createPortalServer>[1]): Promise<{ url: string; close: () => Promise<void> }> {
  const app = createPortalApp({ env: readEnv({ ...TEST_ENV, ...overrides }), database: api.database });
  const server: Server = await new Promise((resolve) => {
    const s = createPortalServer(app, timeouts, 100).listen(0, '127.0.0.1', () => resolve(s));
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

describe('security headers', () => {
  it('every answer carries them; HSTS only over HTTPS', async () => {
    for (const path of ['/healthz', '/api/v1/users/me', '/api/v1/no-such-route']) {
      const res = await fetch(api.baseUrl + path);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('same-origin');
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(res.headers.get('strict-transport-security')).toBeNull();
    }
    // No proxy is trusted by default: a client cannot claim HTTPS.
    const claimed = await fetch(api.baseUrl + '/healthz', { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(claimed.headers.get('strict-transport-security')).toBeNull();
  });

  it('API answers are never stored by the browser', async () => {
    const res = await fetch(api.baseUrl + '/api/v1/users/me');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});

describe('TRUST_PROXY', () => {
  // Requests come from 127.0.0.1; the proxy says the browser used HTTPS.
  it.each([
    ['true', true],
    ['1', true],
    ['loopback', true],
    ['127.0.0.1', true],
    ['127.0.0.0/8, 10.0.0.0/8', true],
    ['false', false],
    ['10.0.0.0/8', false],
  ])('TRUST_PROXY=%s: the portal starts, answers, and trusts X-Forwarded-Proto: %s', async (value, trusted) => {
    const portal = await portalWith({ TRUST_PROXY: value });
    try {
      const res = await fetch(`${portal.url}/healthz`, { headers: { 'X-Forwarded-Proto': 'https' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('strict-transport-security')).toBe(trusted ? HSTS : null);
    } finally {
      await portal.close();
    }
  });
});

describe('cross-site writes are refused on every API route', () => {
  const routes = providerRoutes;

  it('finds the routes to walk', () => {
    const writes = routes().filter((r) => r.method !== 'GET');
    expect(writes.length).toBeGreaterThan(8);
    expect(writes.map((r) => `${r.method} ${r.path}`)).toContain('POST /verify-otp');
  });

  it.each(['null', 'https://evil.example'])('Origin: %s answers 403 and changes nothing', async (origin) => {
    const { token } = await api.signIn('org.admin@example.org');
    for (const route of routes().filter((r) => r.method !== 'GET')) {
      const res = await api.call(`/api/v1${fillPath(route.path, { applicationId: 'GA-LKV001', id: 'GA-LKV001' })}`, {
        method: route.method,
        body: {},
        token,
        headers: { Origin: origin },
      });
      expect([route.method, route.path, res.status]).toEqual([route.method, route.path, 403]);
      expect(res.body.message).toBe(PORTAL_MSG.requestBlocked);
    }
  });

  it('Sec-Fetch-Site: cross-site is refused; same-origin and server-side calls pass', async () => {
    const cross = await api.call('/api/v1/send-login-otp', { body: { email: 'org.admin@example.org' }, headers: { 'Sec-Fetch-Site': 'cross-site' } });
    expect(cross.status).toBe(403);
    const same = await api.call('/api/v1/send-login-otp', {
      body: { email: 'org.admin@example.org' },
      headers: { 'Sec-Fetch-Site': 'same-origin', Origin: api.baseUrl },
    });
    expect(same.status).toBe(200);
    const server = await api.call('/api/v1/send-login-otp', { body: { email: 'org.admin@example.org' } });
    expect(server.status).toBe(200);
  });
});

describe('the development outbox', () => {
  it('is readable from this machine while it is on', async () => {
    expect((await api.call('/api/v1/dev/outbox?email=org.admin@example.org', { http: true })).status).toBe(200);
  });

  it('is closed when turned off', async () => {
    const portal = await portalWith({ DEV_OUTBOX: 'false' });
    try {
      expect((await fetch(`${portal.url}/api/v1/dev/outbox?email=org.admin@example.org`)).status).toBe(404);
    } finally {
      await portal.close();
    }
  });
});

describe('server time limits', () => {
  /** Resolves with the time the server took to close a socket that sends `send` and then nothing. */
  function closedAfter(url: string, send: string): Promise<{ ms: number; answer: string }> {
    const { port } = new URL(url);
    return new Promise((resolve, reject) => {
      const started = Date.now();
      let answer = '';
      const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(send));
      socket.on('data', (d) => (answer += d.toString()));
      socket.on('close', () => resolve({ ms: Date.now() - started, answer }));
      socket.on('error', () => undefined);
      setTimeout(() => reject(new Error('the server kept the connection open')), 10_000);
    });
  }

  it('a client that trickles its headers, its body, or nothing at all is cut off', async () => {
    const portal = await portalWith({}, { headersMs: 600, requestMs: 1200, idleMs: 1500, keepAliveMs: 500 });
    try {
      const slowHeaders = await closedAfter(portal.url, 'GET /healthz HTTP/1.1\r\nHost: x\r\n');
      expect(slowHeaders.ms).toBeLessThan(5_000);
      expect(slowHeaders.answer).toMatch(/^HTTP\/1\.1 408/);
      const slowBody = await closedAfter(
        portal.url,
        'POST /api/v1/send-login-otp HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"em',
      );
      expect(slowBody.ms).toBeLessThan(5_000);
      const silent = await closedAfter(portal.url, '');
      expect(silent.ms).toBeLessThan(5_000);
    } finally {
      await portal.close();
    }
  });
});
