// A finished page is compressed here, whole, in one call (issue 8; decision 048). The compression middleware in front
// of the portal (server/portal.ts, and remix-serve's for `npm run serve:ui`) streams what passes through it: a page
// handed to it went through a zlib stream on the thread pool, a hand-over and a wake-up per piece, about three times
// the CPU of compressing the same bytes at once. A body that already carries a Content-Encoding passes the
// middleware untouched, so the middleware still compresses everything else (data requests, JSON, files).
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';
import Negotiator from 'negotiator';

/** Bodies below this are sent as they are (the middleware's own threshold: gzip's framing is not worth it). */
const MIN_BYTES = 1024;

/** What a page may go out in: the middleware's own list less deflate. */
const OFFERED = ['br', 'gzip', 'identity'];
/** Among encodings the request weighs alike: brotli first, then gzip (the middleware's order). */
const PREFERRED = ['br', 'gzip'];
/** x-gzip, a name for gzip (RFC 9110 8.4.1.3) that negotiator does not know. */
const X_GZIP = /(?<=^|[\s,])x-gzip(?=[\s;,]|$)/g;

/**
 * negotiator's `encoding(available, preferred)`: the second argument (ties between equal weights go to the first it
 * lists, not to the header's order) came in negotiator 0.6.4, is what the compression middleware passes, and is not in
 * @types/negotiator 0.6.
 */
type EncodingNegotiator = { encoding(available: readonly string[], preferred: readonly string[]): string | undefined };

/**
 * The encoding a page goes out in, negotiated by `negotiator` as the compression middleware negotiates everything
 * else (RFC 9110 12.5.3: q-values, `*`, a q=0 refusal, identity): brotli where the browser takes it at least as
 * gladly as gzip (every current browser; the bytes it got from the middleware before, about 14% fewer than gzip's),
 * else gzip, else none (the request prefers identity, refuses both, or has no Accept-Encoding).
 */
export function documentEncoding(header: string | null): 'br' | 'gzip' | null {
  if (!header) return null;
  // Lower-cased: negotiator matches names case-insensitively but reads only a lower-case `q=`.
  const accept = header.toLowerCase().replace(X_GZIP, 'gzip');
  const chosen = (new Negotiator({ headers: { 'accept-encoding': accept } }) as unknown as EncodingNegotiator).encoding(OFFERED, PREFERRED);
  return chosen === 'br' || chosen === 'gzip' ? chosen : null;
}

/**
 * The page's body as it goes out: compressed as the middleware would (brotli at quality 4, its default; gzip at
 * level 1, decision 020) when the request takes either and the page is big enough, with Content-Encoding,
 * Content-Length and Vary set on the response's headers.
 */
export function encodeDocument(request: Request, html: string, headers: Headers): string | Uint8Array<ArrayBuffer> {
  headers.append('Vary', 'Accept-Encoding');
  const encoding = documentEncoding(request.headers.get('accept-encoding'));
  // A page that goes out as it is stays a string and is written to the socket as it is: it was copied into a Buffer
  // (30 KB for the org list) only to be measured (decision 077).
  if (request.method === 'HEAD' || !encoding || Buffer.byteLength(html, 'utf8') < MIN_BYTES) return html;
  const bytes = Buffer.from(html, 'utf8');
  const encoded = encoding === 'br'
    ? brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } })
    : gzipSync(bytes, { level: 1 });
  headers.set('Content-Encoding', encoding);
  headers.set('Content-Length', String(encoded.length));
  // zlib's sync calls return a Buffer that owns its memory (not a slice of Node's shared pool): a BodyInit as it is.
  return encoded as Buffer<ArrayBuffer>;
}
