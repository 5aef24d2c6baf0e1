// The in-process API hands the UI its answers as values (server/json-value.ts, decision 070): each must be what
// JSON.parse(JSON.stringify(...)) gives, so a page reads the same answer in-process as over HTTP; and the transport
// must carry that value, write the same text when asked, and leave Express's own answers where it cannot.
import express from 'express';
import { describe, expect, it } from 'vitest';
import { jsonValue } from '../../server/json-value';
import { inProcessTransport } from '../../server/api-transport';

/** What a value is after a JSON round trip. */
const roundTrip = (value: unknown) => {
  const text = JSON.stringify(value);
  return text === undefined ? undefined : JSON.parse(text);
};

const samples: [string, unknown][] = [
  ['strings, numbers, booleans, null', { a: 'x', b: 1.5, c: true, d: null, e: '' }],
  ['dates as their ISO strings', { at: new Date('2026-11-28T10:00:00.123Z'), list: [new Date(0)] }],
  ['an invalid date as null', { at: new Date('not a date') }],
  ['a date with a toJSON of its own', { at: Object.assign(new Date(0), { toJSON: (key: string) => `own ${key}` }) }],
  ['dates far from now', { early: new Date(-8.64e15), late: new Date(8.64e15), bc: new Date('-000100-01-01T00:00:00Z') }],
  ['undefined, functions and symbols left out of objects', { a: undefined, b: () => 1, c: Symbol('s'), d: 2 }],
  ['and written as null in arrays', [undefined, () => 1, Symbol('s'), 3]],
  ['NaN, the infinities and -0', { a: NaN, b: Infinity, c: -Infinity, d: -0, list: [NaN, -0] }],
  ['boxed primitives unwrapped', { n: Object(5), s: Object('five'), b: Object(false) }],
  ['toJSON with its key', { a: { toJSON: (key: string) => `key ${key}` }, list: [{ toJSON: (key: string) => `item ${key}` }] }],
  ['a toJSON that gives undefined leaves the member out', { a: { toJSON: () => undefined }, b: 1 }],
  ['only own enumerable string keys', Object.assign(Object.create({ inherited: 1 }), { own: 2, [Symbol('s')]: 3 })],
  ['Maps and Sets as empty objects, a Buffer as its toJSON', { map: new Map([[1, 2]]), set: new Set([1]), buffer: Buffer.from('hi') }],
  ['a "__proto__" member kept as a member', JSON.parse('{"__proto__": {"polluted": true}, "a": 1}')],
  ['numeric keys in the order JSON gives', { b: 1, 2: 'two', a: 3, 1: 'one' }],
  ['nested arrays and objects', { rows: [{ id: 'GA-1', tags: ['x', { y: [1, [2, [3]]] }] }], empty: { list: [], object: {} } }],
  ['a bare string', 'text'],
  ['a bare number', 42],
  ['null', null],
  ['the same object twice (not a cycle)', (() => { const shared = { n: 1 }; return { a: shared, b: [shared, shared] }; })()],
];

describe('jsonValue', () => {
  it.each(samples)('%s: as JSON.parse(JSON.stringify(x)) gives it', (_name, value) => {
    const made = jsonValue(value);
    expect(made).toStrictEqual(roundTrip(value));
    expect(JSON.stringify(made)).toBe(JSON.stringify(value));
  });

  it('gives undefined where JSON.stringify gives no text', () => {
    for (const value of [undefined, () => 1, Symbol('s'), { toJSON: () => undefined }]) {
      expect(JSON.stringify(value)).toBeUndefined();
      expect(jsonValue(value)).toBeUndefined();
    }
  });

  it('makes a copy: the value it was given is not shared', () => {
    const given = { rows: [{ id: 1 }], nested: { list: [1, 2] } };
    const made = jsonValue(given) as typeof given;
    made.rows[0]!.id = 2;
    made.nested.list.push(3);
    expect(given).toEqual({ rows: [{ id: 1 }], nested: { list: [1, 2] } });
  });

  it('throws a TypeError on a cycle and on a BigInt, as JSON.stringify does', () => {
    const cycle: Record<string, unknown> = { a: 1 };
    cycle.self = { back: cycle };
    expect(() => JSON.stringify(cycle)).toThrow(TypeError);
    expect(() => jsonValue(cycle)).toThrow(TypeError);
    expect(() => jsonValue({ n: 1n })).toThrow(TypeError);
  });
});

describe('the in-process transport carries the value of res.json', () => {
  const router = express.Router();
  const row = { id: 'GA-1', createdAt: new Date('2026-11-28T10:00:00Z'), gone: undefined, score: -0 };
  router.get('/rows', (_req, res) => res.json({ rows: [row], total: 1 }));
  router.get('/refused', (_req, res) => res.status(422).json({ message: 'Check the fields.', errors: { name: ['Required'] } }));
  router.get('/empty', (_req, res) => res.status(204).json({ ignored: true }));
  router.get('/nothing', (_req, res) => res.json(undefined));
  router.get('/typed', (_req, res) => res.type('application/problem+json').json({ title: 'x' }));
  router.get('/text', (_req, res) => res.send('plain text'));
  const transport = inProcessTransport(router);
  const get = (path: string) => transport.send({ method: 'GET', path, headers: {} });

  it('as JSON would give it, with the text Express would have written and its content type', async () => {
    const answer = await get('/rows');
    expect(answer.status).toBe(200);
    expect(answer.json).toStrictEqual(roundTrip({ rows: [row], total: 1 }));
    expect(answer.text).toBe(JSON.stringify({ rows: [row], total: 1 }));
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    // The API's own object is not what the UI is given.
    (answer.json as { rows: { id: string }[] }).rows[0]!.id = 'changed';
    expect(row.id).toBe('GA-1');
  });

  it('for refusals too, with their status', async () => {
    const answer = await get('/refused');
    expect([answer.status, answer.json]).toEqual([422, { message: 'Check the fields.', errors: { name: ['Required'] } }]);
  });

  it('keeps a content type the route set', async () => {
    expect((await get('/typed')).headers['content-type']).toBe('application/problem+json; charset=utf-8');
  });

  it('leaves to Express what has no value: a 204, res.json(undefined), a text answer', async () => {
    const empty = await get('/empty');
    expect([empty.status, empty.json, empty.text]).toEqual([204, undefined, '']);
    const nothing = await get('/nothing');
    expect([nothing.status, nothing.json, nothing.text]).toEqual([200, undefined, '']);
    const text = await get('/text');
    expect([text.json, text.text]).toEqual([undefined, 'plain text']);
  });
});
