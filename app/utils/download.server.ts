// A file the API streams (the exports, decision 045), answered to the browser as it comes: the API's type and
// attachment name kept, the session cookie refreshed, never cached.
import { Readable } from 'node:stream';
import type { ApiDownload } from './api.server';

export function passDownload(file: ApiDownload, cookie: string): Response {
  const headers = new Headers({ 'Set-Cookie': cookie, 'Cache-Control': 'no-store' });
  for (const name of ['content-type', 'content-disposition']) {
    if (file.headers[name]) headers.set(name, file.headers[name]);
  }
  return new Response(Readable.toWeb(file.body) as ReadableStream<Uint8Array>, { status: 200, headers });
}
