// inTurn (decision 057): page reads are rendered in the order they were asked for, `limit` at a time, over real
// HTTP to a real Express app. Each test's handler says when it started and waits until the test lets it answer.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { inTurn, type AdmissionOptions } from '../../server/admission';

type Gate = { arrived: string[]; left: string[]; started: string[]; finish: (name: string) => void; url: string; close: () => Promise<void> };
const servers: Gate[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

/** An app whose every request (named by ?n=) is held until finish(name); `silent` names never write a header. */
async function gate(opts: AdmissionOptions): Promise<Gate> {
  const arrived: string[] = [];
  const left: string[] = [];
  const started: string[] = [];
  const releases = new Map<string, () => void>();
  const app = express();
  app.use((req, _res, next) => {
    arrived.push(String(req.query.n));
    req.socket.once('close', () => left.push(String(req.query.n)));
    next();
  });
  app.use(inTurn(opts));
  app.all('*', (req, res) => {
    const name = String(req.query.n);
    started.push(name);
    releases.set(name, () => res.status(200).send(name));
  });
  const server = http.createServer(app);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const g: Gate = {
    arrived,
    left,
    started,
    url,
    finish: (name) => releases.get(name)!(),
    close: () => new Promise((r) => { server.closeAllConnections(); server.close(() => r()); }),
  };
  servers.push(g);
  return g;
}

const until = async (check: () => boolean, ms = 2000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
};

describe('inTurn', () => {
  it('renders reads in the order they came, limit at a time; the next starts when an answer is written', async () => {
    const g = await gate({ limit: 2, holdMs: 10_000 });
    const answers: Promise<string>[] = [];
    for (const n of ['a', 'b', 'c', 'd']) {
      answers.push(fetch(`${g.url}?n=${n}`).then((r) => r.text()));
      await until(() => g.arrived.length === answers.length); // each has arrived before the next is sent
    }
    expect(g.started).toEqual(['a', 'b']);
    g.finish('b');
    await until(() => g.started.length === 3);
    expect(g.started).toEqual(['a', 'b', 'c']);
    g.finish('a');
    await until(() => g.started.length === 4);
    g.finish('c');
    g.finish('d');
    expect(await Promise.all(answers)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('never holds a write: a POST starts at once while reads wait', async () => {
    const g = await gate({ limit: 1, holdMs: 10_000 });
    const a = fetch(`${g.url}?n=a`);
    await until(() => g.started.length === 1);
    const b = fetch(`${g.url}?n=b`);
    await until(() => g.arrived.length === 2);
    const post = fetch(`${g.url}?n=p`, { method: 'POST', body: 'x' });
    await until(() => g.started.includes('p'));
    expect(g.started).toEqual(['a', 'p']);
    g.finish('p');
    g.finish('a');
    await until(() => g.started.length === 3);
    g.finish('b');
    expect((await post).status).toBe(200);
    await Promise.all([a, b]);
  });

  it('lets the next read start when one has held its place for holdMs without answering', async () => {
    const g = await gate({ limit: 1, holdMs: 80 });
    const slow = fetch(`${g.url}?n=slow`);
    await until(() => g.started.length === 1);
    const began = Date.now();
    const next = fetch(`${g.url}?n=next`);
    await until(() => g.started.length === 2);
    expect(Date.now() - began).toBeGreaterThanOrEqual(60);
    g.finish('next');
    expect(await (await next).text()).toBe('next');
    g.finish('slow');
    await slow;
  });

  it('skips a read whose asker left while it waited', async () => {
    const g = await gate({ limit: 1, holdMs: 10_000 });
    const first = fetch(`${g.url}?n=first`);
    await until(() => g.started.length === 1);
    const leaving = new AbortController();
    const gone = fetch(`${g.url}?n=gone`, { signal: leaving.signal }).catch(() => 'aborted');
    await until(() => g.arrived.length === 2);
    const third = fetch(`${g.url}?n=third`);
    await until(() => g.arrived.length === 3);
    leaving.abort();
    expect(await gone).toBe('aborted');
    await until(() => g.left.includes('gone'));
    g.finish('first');
    await until(() => g.started.length === 2);
    expect(g.started).toEqual(['first', 'third']);
    g.finish('third');
    await Promise.all([first, third]);
  });

  it('with limit 0 queues nothing: every read starts before any has answered', async () => {
    // A hold far longer than the test: were the reads queued, only the first would start until it answered.
    const g = await gate({ limit: 0, holdMs: 600_000 });
    const all = ['a', 'b', 'c'].map((n) => fetch(`${g.url}?n=${n}`).then((r) => r.text()));
    await expect.poll(() => g.arrived.length, { timeout: 10_000 }).toBe(3);
    await expect.poll(() => [...g.started].sort(), { timeout: 10_000 }).toEqual(['a', 'b', 'c']);
    for (const n of ['c', 'b', 'a']) g.finish(n);
    expect(await Promise.all(all)).toEqual(['a', 'b', 'c']);
  }, 30_000);
});
