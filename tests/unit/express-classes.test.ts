// Requests and responses built as their Express app's own (server/express-classes.ts, decision 061): the portal's
// HTTP server and the in-process API transport hand Express objects it need not re-parent, and Express's methods,
// settings and `req.app` work on them as on its own.
import http, { type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type Express } from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { createPortalServer, serveExpressApp } from '../../server/edge';
import { simulatedExpressApp } from '../../server/api-transport';

/** An app whose route answers what Express made of the request, and the prototypes the server built them with. */
function probeApp(): { app: Express; built: { request: boolean; response: boolean }[] } {
  const app = express();
  app.set('trust proxy', 'loopback');
  app.set('json spaces', 1);
  app.get('/probe', (req, res) => {
    res.json({ ip: req.ip, protocol: req.protocol, host: req.get('host'), sameApp: req.app === app && res.app === app, query: req.query });
  });
  return { app, built: [] };
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

async function listen(server: Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Records, before Express sees it, whether each request and response already has the app's prototypes. */
function watch(server: Server, app: Express, built: { request: boolean; response: boolean }[]) {
  server.prependListener('request', (req: IncomingMessage, res: http.ServerResponse) => {
    built.push({ request: Object.getPrototypeOf(req) === app.request, response: Object.getPrototypeOf(res) === app.response });
  });
}

async function probe(base: string) {
  const res = await fetch(`${base}/probe?page=2`, { headers: { 'X-Forwarded-For': '203.0.113.9' } });
  return { status: res.status, text: await res.text() };
}

describe("the portal's HTTP server", () => {
  it("builds each request and response as its Express app's own, and Express's methods and settings work on them", async () => {
    const { app, built } = probeApp();
    const server = createPortalServer(app);
    watch(server, app, built);
    const base = await listen(server);
    for (let i = 0; i < 2; i++) {
      const answer = await probe(base);
      expect(answer.status).toBe(200);
      // 'json spaces' (an app setting, read through res.app) indents the JSON.
      expect(answer.text).toBe(JSON.stringify({ ip: '203.0.113.9', protocol: 'http', host: base.slice('http://'.length), sameApp: true, query: { page: '2' } }, null, 1));
    }
    expect(built).toEqual([{ request: true, response: true }, { request: true, response: true }]);
  });

  it('takes the app it is given later (the portal answers while its database opens) as its own', async () => {
    const { app, built } = probeApp();
    let handle: http.RequestListener = (_req, res) => {
      res.statusCode = 503;
      res.end();
    };
    const server = createPortalServer((req, res) => handle(req, res));
    watch(server, app, built);
    const base = await listen(server);
    expect((await probe(base)).status).toBe(503);
    serveExpressApp(server, app);
    handle = app;
    const answer = await probe(base);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toMatchObject({ ip: '203.0.113.9', sameApp: true });
    expect(built).toEqual([{ request: false, response: false }, { request: true, response: true }]);
  });

  it('still serves an app whose requests come from elsewhere (re-parented by Express, as before)', async () => {
    const { app } = probeApp();
    createPortalServer(app);
    // A plain Node server, not the portal's: Express re-parents its requests onto the same prototypes.
    const base = await listen(http.createServer(app));
    expect(JSON.parse((await probe(base)).text)).toMatchObject({ ip: '203.0.113.9', sameApp: true, query: { page: '2' } });
  });
});

describe('the in-process transport', () => {
  it("builds each simulated request and response as its app's own, and the app answers them", async () => {
    const { app, dispatch } = simulatedExpressApp();
    app.get('/api/v1/probe', (req, res) => {
      res.status(201).json({ method: req.method, query: req.query, header: req.get('x-probe'), sameApp: req.app === app && res.app === app });
    });
    const answer = await new Promise<{ statusCode: number; payload: string }>((resolve, reject) => {
      dispatch({ method: 'GET', url: '/api/v1/probe?page=3', headers: { 'X-Probe': 'yes' } }, (error, response) => {
        if (error || !response) reject(error ?? new Error('no answer'));
        else resolve(response);
      }, (req, res) => {
        // Before the app sees them.
        expect(Object.getPrototypeOf(req)).toBe(app.request);
        expect(Object.getPrototypeOf(res)).toBe(app.response);
      });
    });
    expect(answer.statusCode).toBe(201);
    expect(JSON.parse(answer.payload)).toEqual({ method: 'GET', query: { page: '3' }, header: 'yes', sameApp: true });
  });
});
