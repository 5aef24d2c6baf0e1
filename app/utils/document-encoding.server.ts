// A finished page is compressed here, whole, in one call (issue 8; decision 048). The compression middleware in front
// of the portal (server/portal.ts, and remix-serve's for `npm run serve:ui`) streams what passes through it: a page
// handed to it went through a zlib stream on the thread pool, a hand-over and a wake-up per piece, about three times
// the CPU of compressing the same bytes at once. A body that already carries a Content-Encoding passes the
// middleware untouched, so the middleware still compresses everything else (data requests, JSON, files).
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';

/** Bodies below this are sent as they are (the middleware's own threshold: gzip's framing is not worth it). */
const MIN_BYTES = 1024;

/** The weight (q) an Accept-Encoding header gives an encoding: named, else `*`, else 0 (RFC 9110 12.5.3). */
function weightOf(header: string, encoding: 'gzip' | 'br'): number {
  let named: number | undefined;
  let any: number | undefined;
  for (const part of header.split(',')) {
    const [token, ...params] = part.trim().split(';');
    const name = token!.trim().toLowerCase();
    const qParam = params.map((p) => p.trim()).find((p) => p.toLowerCase().startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    const weight = Number.isFinite(q) ? q : 0;
    if (name === encoding || (encoding === 'gzip' && name === 'x-gzip')) named = weight;
    else if (name === '*') any = weight;
  }
  return named ?? any ?? 0;
}

/**
 * The encoding a page goes out in: brotli where the browser takes it at least as gladly as gzip (every current
 * browser; the bytes it got from the middleware before, about 14% fewer than gzip's), else gzip, else none.
 */
export function documentEncoding(header: string | null): 'br' | 'gzip' | null {
  if (!header) return null;
  const br = weightOf(header, 'br');
  const gzip = weightOf(header, 'gzip');
  if (br > 0 && br >= gzip) return 'br';
  return gzip > 0 ? 'gzip' : null;
}

/**
 * The page's body as it goes out: compressed as the middleware would (brotli at quality 4, its default; gzip at
 * level 1, decision 020) when the request takes either and the page is big enough, with Content-Encoding,
 * Content-Length and Vary set on the response's headers.
 */
export function encodeDocument(request: Request, html: string, headers: Headers): string | Uint8Array<ArrayBuffer> {
  headers.append('Vary', 'Accept-Encoding');
  const bytes = Buffer.from(html, 'utf8');
  const encoding = documentEncoding(request.headers.get('accept-encoding'));
  if (request.method === 'HEAD' || bytes.length < MIN_BYTES || !encoding) return html;
  const encoded = encoding === 'br'
    ? brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } })
    : gzipSync(bytes, { level: 1 });
  headers.set('Content-Encoding', encoding);
  headers.set('Content-Length', String(encoded.length));
  // zlib's sync calls return a Buffer that owns its memory (not a slice of Node's shared pool): a BodyInit as it is.
  return encoded as Buffer<ArrayBuffer>;
}
