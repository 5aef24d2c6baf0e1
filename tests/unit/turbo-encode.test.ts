// Plain page data written at once (server/turbo-encode.ts, decision 071): character for character the text Remix's own
// encodeViaTurboStream writes through turbo-stream, and read back by turbo-stream's decoder as the same data; anything
// that is not plain is left to Remix's encoder.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { decode } from 'turbo-stream';
import { plainFirstEncode, plainTurboStream, plainTurboText, TURBO_TEXT } from '../../server/turbo-encode';

type Encode = (data: unknown, signal: AbortSignal, streamTimeout: unknown, serverMode: unknown) => ReadableStream<Uint8Array>;
const remixEncode = (createRequire(import.meta.url)('@remix-run/server-runtime/dist/single-fetch.js') as { encodeViaTurboStream: Encode }).encodeViaTurboStream;

async function textOf(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}
const remixText = (data: unknown) => textOf(remixEncode(data, new AbortController().signal, undefined, 'production'));

// The document's data as the org list page hands it over (routes, loader data, shared strings), and edge cases.
const orgListPage = {
  loaderData: {
    root: { theme: 'light', toast: undefined },
    'routes/org': {
      roleType: 'org',
      user: { fullName: 'Bench Admin 1', role: 'Organization_Admin', email: 'bench.admin.1@example.org' },
      organization: { id: 'a214d63a', name: 'Bench Organization 001' },
      organizations: [{ id: 'a214d63a', name: 'Bench Organization 001', active: true }],
      menu: [
        { label: 'Dashboard', path: '/org/dashboard', icon: 'dashboard' },
        { label: 'Applications', path: '/org/applications', icon: 'applications' },
      ],
      unread: 0,
      menuPreference: 'auto',
      helpUrl: '/help',
    },
    'routes/org.applications._index': {
      state: { page: 2, pageSize: 10, search: '', filters: {}, sort: undefined },
      list: {
        page: 2, pageSize: 10, totalRecords: 100, totalPages: 10,
        applications: [
          { applicationId: 'GA-B000KJ', status: 'DRAFT', programName: 'BEAD Round 1', created: '11-20-2026', submitted: '', projectLocation: 'Dunmore Flats County - South' },
          { applicationId: 'GA-B0009F', status: 'GATING_REVIEW', programName: 'BEAD Round 1', created: '11-18-2026', submitted: '11-24-2026', projectLocation: 'Cedarvale County - Central' },
        ],
      },
      areas: [], programs: [], canWrite: true,
    },
  },
  actionData: null,
  errors: null,
};
const shared = { same: 'object' };

const plain: [string, unknown][] = [
  ['the org list page', orgListPage],
  ['strings that need escaping', { quote: 'a "b" \\ c', lines: 'one\ntwo\u2028three', html: '</script><!--', unicode: 'Zoë 🚀 \u0000' }],
  ['control characters, lone surrogates and DEL', { tab: 'a\tb', bell: '\u0007', unit: '\u001f', high: 'x\ud800y', low: '\udfff', del: '\u007f', nbsp: '\u00a0' }],
  ['numbers', { zero: 0, one: 1, negative: -12.5, big: 1e21, small: 5e-324, max: Number.MAX_SAFE_INTEGER, tiny: 1e-7, fraction: 0.1 + 0.2, huge: 1.7976931348623157e308 }],
  ['a string used as a key and as a value', { id: 'id', name: 'id', list: ['id', 'name'] }],
  ['the same object twice', { a: shared, b: [shared, shared] }],
  ['booleans, null and undefined, in objects and arrays', { t: true, f: false, n: null, u: undefined, list: [true, null, undefined, false] }],
  ['empty objects and arrays, nested', { a: {}, b: [], c: [[], [{}]], d: { e: { f: {} } } }],
  ['numeric and odd keys', { 2: 'two', 10: 'ten', '': 'empty', 'a b': 1, _1: 'underscore', __proto__x: 2 }],
  ['a bare string', 'text'],
  ['a bare number', 7],
  ['a bare array', [1, 'a', 1, 'a']],
  ['true', true],
  ['null', null],
  ['undefined', undefined],
];

const notPlain: [string, unknown][] = [
  ['a date', { at: new Date(0) }],
  ['a map', { m: new Map([[1, 2]]) }],
  ['a set', { s: new Set([1]) }],
  ['a promise', { later: Promise.resolve(1) }],
  ['an error', { error: new Error('boom') }],
  ['a class instance', { thing: new (class Thing { a = 1; })() }],
  ['an object without a prototype', { bare: Object.assign(Object.create(null), { a: 1 }) }],
  ['NaN', { n: NaN }],
  ['an infinity', { n: -Infinity }],
  ['-0', { n: -0 }],
  ['a hole', { list: [1, , 3] }],
  ['a function', { f: () => 1 }],
  ['a symbol member', { [Symbol.for('x')]: 1, a: 1 }],
  ['a bigint', { n: 1n }],
  ['a regular expression', { r: /x/g }],
  ['a URL', { u: new URL('https://example.org/') }],
];

describe('plainTurboText', () => {
  it.each(plain)('%s: the text Remix writes, and read back as the same data', async (_name, data) => {
    const text = plainTurboText(data);
    expect(text).toBe(await remixText(data));
    const decoded = await decode(new Response(text).body!);
    await decoded.done;
    expect(decoded.value).toStrictEqual(data);
  });

  it.each(notPlain)('%s: left to Remix', (_name, data) => {
    expect(plainTurboText(data)).toBeUndefined();
  });

  it('-0 after a 0 is the 0 before it, as turbo-stream writes it', async () => {
    const data = { a: 0, b: -0 };
    expect(plainTurboText(data)).toBe(await remixText(data));
  });
});

describe("Remix's encodeViaTurboStream with plain data first", () => {
  const encode = plainFirstEncode(remixEncode);
  const signal = new AbortController().signal;

  it("answers a document's plain data with a reader of the same text, the text beside it", async () => {
    const handoff = encode(orgListPage, signal, undefined, 'production');
    const expected = await remixText(orgListPage);
    expect((handoff as { [TURBO_TEXT]?: string })[TURBO_TEXT]).toBe(expected);
    // As <RemixServer>'s StreamTransfer reads it: getReader, then read until done; each reader from the start.
    for (let i = 0; i < 2; i++) {
      const reader = handoff.getReader();
      const decoder = new TextDecoder();
      let text = '';
      for (let next = await reader.read(); !next.done; next = await reader.read()) text += decoder.decode(next.value, { stream: true });
      expect(text + decoder.decode()).toBe(expected);
    }
  });

  it("answers a .data request's plain data with a web stream of the same text, as a Response is made from", async () => {
    const results = { root: { data: { theme: 'light' } }, 'routes/org.applications._index': { data: orgListPage.loaderData['routes/org.applications._index'] } };
    const stream = encode(results, signal, undefined, 'production');
    expect(stream).toBeInstanceOf(ReadableStream);
    expect(await new Response(stream, { headers: { 'Content-Type': 'text/x-script' } }).text()).toBe(await remixText(results));
    // An action's answer too.
    const action = encode({ data: { ok: true } }, signal, undefined, 'production');
    expect(action).toBeInstanceOf(ReadableStream);
    expect(await textOf(action)).toBe(await remixText({ data: { ok: true } }));
  });

  it('gives anything else to Remix, promises included', async () => {
    const data = { at: new Date(5), later: Promise.resolve({ done: true }) };
    const stream = encode(data, signal, undefined, 'production');
    expect((stream as { [TURBO_TEXT]?: string })[TURBO_TEXT]).toBeUndefined();
    expect(await textOf(stream)).toBe(await remixText(data));
  });

  it('a stream of a text with characters outside ASCII reads back whole', async () => {
    const text = plainTurboText({ name: 'Zoë 🚀' })!;
    expect(await textOf(plainTurboStream(text))).toBe(text);
  });
});
