// A page's data written for the browser without turbo-stream's general encoder where it is plain (decision 071).
//
// With single fetch, Remix writes every page's loader data (for the document's hydration scripts and for `.data`
// requests) with turbo-stream's `encode`, through `encodeViaTurboStream`: a flattened list of values in which each
// string, number and object appears once and is referred to by its index. Turbo-stream's encoder is general (dates,
// maps, promises that resolve later, errors, class instances through Remix's plugins) and pays for it on every value:
// a Map lookup and an object check, the plugins asked about each object, a closure and three arrays for each object's
// members; then a web ReadableStream, an AbortController and a 5-second timer per request, for promises a page may
// send later. On the org list under load that was 4.9% of the page.
//
// The portal's pages send plain data: objects, arrays, strings, numbers, booleans, null and undefined. For such data
// `plainTurboText` writes the same text, character for character, in one pass (tests/unit/turbo-encode.test.ts
// compares it with turbo-stream's own on the portal's loader data and on the edge cases), and the stream answers it
// at its first read, with no timer. A document's data is read only by <RemixServer> (after readPageData, not at all):
// it gets a reader of the text instead of a web stream, which cost as much to make as the text did to write. Anything else in the data (a Date, a Map, a promise, an error, a class instance,
// NaN, -0, a hole, a symbol key) and the whole page goes through Remix's own encoder as before.
import { replaceExport } from './replace-export';

/** Turbo-stream's codes for values it writes as a number (turbo-stream/dist/utils.js). */
const UNDEFINED = -7;
const NULL = -5;

/** What makes a value other than plain: the encoder gives up and Remix's own writes the page. */
class NotPlain extends Error {}
const NOT_PLAIN = new NotPlain();

/** What JSON.stringify escapes in a string: a quote, a backslash, a control character, a surrogate (a lone one is escaped). */
const ESCAPED = /["\\\u0000-\u001f\ud800-\udfff]/;

/** A string as JSON.stringify writes it; most are written as they are, between quotes. */
const quoted = (text: string) => (ESCAPED.test(text) ? JSON.stringify(text) : `"${text}"`);

/** The text of a ReadableStream made by `plainTurboStream`, for a reader that wants it without reading the stream. */
export const TURBO_TEXT = Symbol.for('broadband-portal.turbo-text');

/**
 * The text turbo-stream's `encode` writes for `value` (its one line, with the newline), when `value` holds only plain
 * objects, arrays without holes, strings, finite numbers other than -0, booleans, null and undefined; else undefined.
 */
export function plainTurboText(value: unknown): string | undefined {
  if (value === undefined) return `${UNDEFINED}\n`;
  if (value === null) return `${NULL}\n`;
  const indices = new Map<unknown, number>();
  const parts: string[] = [];
  // As turbo-stream's flatten: a value seen before is its index (except the first, index 0, which it does not look
  // up as seen); undefined and null are their codes; anything else takes the next index and is written there, its
  // members first written in order, each key before its value.
  const flatten = (input: unknown): number => {
    const existing = indices.get(input);
    if (existing) return existing;
    if (input === undefined) return UNDEFINED;
    if (input === null) return NULL;
    const index = parts.length;
    parts.push('');
    indices.set(input, index);
    switch (typeof input) {
      case 'string':
        parts[index] = quoted(input);
        break;
      case 'boolean':
        parts[index] = input ? 'true' : 'false';
        break;
      case 'number':
        // NaN, the infinities and -0 have codes of their own in turbo-stream: left to it. JSON writes any other number
        // as String does.
        if (!Number.isFinite(input) || Object.is(input, -0)) throw NOT_PLAIN;
        parts[index] = String(input);
        break;
      case 'object': {
        if (Array.isArray(input)) {
          if (Object.getPrototypeOf(input) !== Array.prototype) throw NOT_PLAIN;
          let text = '[';
          for (let i = 0; i < input.length; i++) {
            if (!(i in input)) throw NOT_PLAIN; // a hole
            text += (i ? ',' : '') + flatten(input[i]);
          }
          parts[index] = `${text}]`;
        } else {
          // Only objects made by `{}`: a null prototype, a class instance, a Date, a Map, a promise, an error or a
          // redirect of Remix's (a symbol member) each take a path of turbo-stream's or Remix's own.
          if (Object.getPrototypeOf(input) !== Object.prototype || Object.getOwnPropertySymbols(input).length) throw NOT_PLAIN;
          let text = '{';
          let first = true;
          for (const key of Object.keys(input)) {
            const keyIndex = flatten(key);
            text += `${first ? '' : ','}"_${keyIndex}":${flatten((input as Record<string, unknown>)[key])}`;
            first = false;
          }
          parts[index] = `${text}}`;
        }
        break;
      }
      default:
        throw NOT_PLAIN; // a function, a symbol, a bigint
    }
    return index;
  };
  try {
    flatten(value);
  } catch (error) {
    if (error === NOT_PLAIN) return undefined;
    throw error;
  }
  return `[${parts.join(',')}]\n`;
}

/** A stream of `text` as turbo-stream's: one chunk of its UTF-8 bytes, encoded when first read; the text beside it. */
export function plainTurboStream(text: string): ReadableStream<Uint8Array> {
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      controller.enqueue(new TextEncoder().encode(text));
      controller.close();
    },
  });
  return Object.assign(stream, { [TURBO_TEXT]: text });
}

/**
 * The document's data as `<RemixServer>` reads it (`getReader()`, then `read()` until done), without a web stream: one
 * chunk of the text's bytes, then the end; the text beside it, where readPageData takes it without reading.
 */
export function documentDataStream(text: string): ReadableStream<Uint8Array> {
  const handoff = {
    [TURBO_TEXT]: text,
    getReader() {
      let sent = false;
      return {
        read: () => {
          if (sent) return Promise.resolve({ done: true as const, value: undefined });
          sent = true;
          return Promise.resolve({ done: false as const, value: new TextEncoder().encode(text) });
        },
        releaseLock: () => undefined,
        cancel: () => Promise.resolve(),
        closed: Promise.resolve(undefined),
      };
    },
  };
  return handoff as unknown as ReadableStream<Uint8Array>;
}

/**
 * Whether `data` is a document's handoff: Remix's server runtime encodes `{ loaderData, actionData, errors }` for a
 * document (`serverHandoffStream`), and for a `.data` request an object keyed by route ids (`root`, `routes/…`), or
 * `{ data }`, `{ error }` or a redirect, which a Response is made from and so needs a real stream.
 */
function isDocumentHandoff(data: object): boolean {
  const keys = Object.keys(data);
  return keys.length === 3 && keys[0] === 'loaderData' && keys[1] === 'actionData' && keys[2] === 'errors';
}

type EncodeViaTurboStream = (data: unknown, requestSignal: AbortSignal, streamTimeout: unknown, serverMode: unknown) => ReadableStream<Uint8Array>;

/** Remix's `encodeViaTurboStream`, writing plain data itself and anything else as before. */
export function plainFirstEncode(original: EncodeViaTurboStream): EncodeViaTurboStream {
  return (data, ...rest) => {
    const text = plainTurboText(data);
    if (text === undefined) return original(data, ...rest);
    return isDocumentHandoff(data as object) ? documentDataStream(text) : plainTurboStream(text);
  };
}

/** Installs plainFirstEncode in Remix's server runtime, once per process. */
export function encodePlainPageDataAtOnce(): void {
  replaceExport<EncodeViaTurboStream>('@remix-run/server-runtime/dist/single-fetch.js', 'encodeViaTurboStream', plainFirstEncode);
}
