// A finished page is gzipped here, whole, in one call (issue 8; decision 048). The compression middleware in front
// of the portal (server/portal.ts, and remix-serve's for `npm run serve:ui`) streams what passes through it: a page
// handed to it went through a zlib stream on the thread pool, a hand-over and a wake-up per piece, about three times
// the CPU of compressing the same bytes at once. A body that already carries a Content-Encoding passes the
// middleware untouched, so the middleware still compresses everything else (data requests, JSON, files).
import { gzipSync, constants } from 'node:zlib';

/** Bodies below this are sent as they are (the middleware's own threshold: gzip's framing is not worth it). */
const MIN_BYTES = 1024;

/** Whether an Accept-Encoding header takes gzip: named (or `*`) with a q above 0 (RFC 9110 12.5.3). */
export function acceptsGzip(header: string | null): boolean {
  if (!header) return false;
  let gzip: number | undefined;
  let any: number | undefined;
  for (const part of header.split(',')) {
    const [token, ...params] = part.trim().split(';');
    const name = token!.trim().toLowerCase();
    const qParam = params.map((p) => p.trim()).find((p) => p.toLowerCase().startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    const weight = Number.isFinite(q) ? q : 0;
    if (name === 'gzip' || name === 'x-gzip') gzip = weight;
    else if (name === '*') any = weight;
  }
  return (gzip ?? any ?? 0) > 0;
}

/**
 * The page's body as it goes out: gzipped at level 1 (as the middleware would: decision 020) when the request
 * takes gzip and the page is big enough, with Content-Encoding and Vary set on the response's headers.
 */
export function encodeDocument(request: Request, html: string, headers: Headers): string | Uint8Array<ArrayBuffer> {
  headers.append('Vary', 'Accept-Encoding');
  const bytes = Buffer.from(html, 'utf8');
  if (request.method === 'HEAD' || bytes.length < MIN_BYTES || !acceptsGzip(request.headers.get('accept-encoding'))) return html;
  headers.set('Content-Encoding', 'gzip');
  const gz = gzipSync(bytes, { level: 1, strategy: constants.Z_DEFAULT_STRATEGY });
  headers.set('Content-Length', String(gz.length));
  // gzipSync's Buffer owns its memory (it is not a slice of Node's shared pool): a BodyInit as it is.
  return gz as Buffer<ArrayBuffer>;
}
