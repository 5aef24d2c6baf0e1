// The in-process API call's own request and response (server/simulated-http.ts, decision 080): what the transport sends
// and reads, and no accessor of an object's own (each one kept its call's objects past V8's young-generation collections).
import { describe, expect, it } from 'vitest';
import express from 'express';
import { Readable } from 'node:stream';
import { simulatedExpressApp } from '../../server/api-transport';
import { SimulatedAnswer, SimulatedRequest, SimulatedResponse, type SimulatedCall } from '../../server/simulated-http';

function call(app: ReturnType<typeof simulatedExpressApp>, request: SimulatedCall): Promise<SimulatedAnswer> {
  return new Promise((resolve, reject) => {
    app.dispatch(request, (error, answer) => (error || !answer ? reject(error ?? new Error('no answer')) : resolve(answer)));
  });
}

const ownAccessors = (value: object) =>
  Object.entries(Object.getOwnPropertyDescriptors(value)).filter(([, d]) => d.get || d.set).map(([name]) => name);

describe('the simulated request', () => {
  it('carries the method, address and headers as Node would parse them, and its body once', async () => {
    const req = new SimulatedRequest({ method: 'post', url: '/api/v1/x?page=2', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.9' }, payload: '{"a":"é"}' });
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/api/v1/x?page=2');
    expect(req.headers).toEqual({
      'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9', 'user-agent': 'lightMyRequest', host: 'localhost:80',
      'content-length': String(Buffer.byteLength('{"a":"é"}')),
    });
    expect(req.rawHeaders.slice(0, 2)).toEqual(['content-type', 'application/json']);
    expect(req.socket.remoteAddress).toBe('127.0.0.1');
    expect(req.connection).toBe(req.socket);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(Buffer.from(chunk as Buffer));
    expect(Buffer.concat(chunks).toString()).toBe('{"a":"é"}');
  });

  it('has no accessor of its own, nor has its response', () => {
    const req = new SimulatedRequest({ method: 'GET', url: '/', headers: {} });
    const res = new SimulatedResponse(req, () => undefined);
    expect(ownAccessors(req)).toEqual([]);
    expect(ownAccessors(res)).toEqual([]);
  });
});

describe('the simulated response', () => {
  it('answers with the status, the headers as written (Date among them) and the whole body; the answer has no accessor of its own', async () => {
    const app = simulatedExpressApp();
    app.app.post('/api/v1/echo', express.json(), (req, res) => {
      res.cookie('a', '1');
      res.cookie('b', '2');
      res.status(201).set('X-Count', '3').json({ got: req.body });
    });
    const answer = await call(app, { method: 'POST', url: '/api/v1/echo', headers: { 'Content-Type': 'application/json' }, payload: '{"n":1}' });
    expect(answer).toBeInstanceOf(SimulatedAnswer);
    expect(ownAccessors(answer)).toEqual([]);
    expect(answer.statusCode).toBe(201);
    expect(JSON.parse(answer.payload)).toEqual({ got: { n: 1 } });
    expect(answer.headers['x-count']).toBe('3');
    expect(answer.headers['set-cookie']).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    expect(answer.headers['content-length']).toBe(String(Buffer.byteLength(answer.payload)));
    expect(typeof answer.headers.date).toBe('string');
    expect(Buffer.concat(await answer.stream().toArray()).toString()).toBe(answer.payload);
  });

  it('gives a streamed answer at its head, then its body as the API writes it, with backpressure', async () => {
    const app = simulatedExpressApp();
    let drained = 0;
    app.app.get('/api/v1/rows', (_req, res) => {
      res.status(200).type('text/csv');
      res.on('drain', () => (drained += 1));
      const rows = Readable.from(Array.from({ length: 50 }, (_, i) => `row ${i}\n`));
      rows.pipe(res);
    });
    const answer = await call(app, { method: 'GET', url: '/api/v1/rows', headers: {}, payloadAsStream: true });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.payload).toBe('');
    const text = Buffer.concat(await answer.stream().toArray()).toString();
    expect(text.split('\n').filter(Boolean)).toHaveLength(50);
    expect(text.startsWith('row 0\nrow 1\n')).toBe(true);
    expect(drained).toBeGreaterThan(0);
  });

  it('fails the call when the response closes before it ends, and cuts a streamed body short when closed after its head', async () => {
    const app = simulatedExpressApp();
    app.app.get('/api/v1/gone', (_req, res) => {
      res.destroy();
    });
    app.app.get('/api/v1/cut', (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.write('part');
      setImmediate(() => res.destroy());
    });
    await expect(call(app, { method: 'GET', url: '/api/v1/gone', headers: {} })).rejects.toMatchObject({ code: 'LIGHT_ECONNRESET' });
    const cut = await call(app, { method: 'GET', url: '/api/v1/cut', headers: {}, payloadAsStream: true });
    expect(cut.statusCode).toBe(200);
    await expect(cut.stream().toArray()).rejects.toMatchObject({ code: 'LIGHT_ECONNRESET' });
  });

  it('answers a HEAD or a 204 with no body', async () => {
    const app = simulatedExpressApp();
    app.app.get('/api/v1/thing', (_req, res) => {
      res.json({ a: 1 });
    });
    app.app.delete('/api/v1/thing', (_req, res) => {
      res.status(204).end();
    });
    const head = await call(app, { method: 'HEAD', url: '/api/v1/thing', headers: {} });
    expect(head.statusCode).toBe(200);
    expect(head.payload).toBe('');
    const gone = await call(app, { method: 'DELETE', url: '/api/v1/thing', headers: {} });
    expect(gone.statusCode).toBe(204);
    expect(gone.payload).toBe('');
  });
});
