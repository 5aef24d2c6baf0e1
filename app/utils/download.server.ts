// A file the API streams (the exports, decision 045), answered to the browser as it comes: the API's type and
// attachment name kept, the session cookie refreshed, never cached.
import type { AppLoadContext } from '@remix-run/node';
import { Readable } from 'node:stream';
import type { ApiDownload } from './api.server';
import { throwPageError } from './api-errors.server';
import { apiSession, type ApiSession } from '../api/client.server';
import type { PortalUser } from './auth.server';

export function passDownload(file: ApiDownload, cookie: string): Response {
  const headers = new Headers({ 'Set-Cookie': cookie, 'Cache-Control': 'no-store' });
  for (const name of ['content-type', 'content-disposition']) {
    if (file.headers[name]) headers.set(name, file.headers[name]);
  }
  return new Response(Readable.toWeb(file.body) as ReadableStream<Uint8Array>, { status: 200, headers });
}

/**
 * A download route's loader body: the API's file for this user's session, passed on as it streams; a refusal (403,
 * 404…) becomes the page error every other screen shows.
 */
export async function download(
  request: Request, context: AppLoadContext, user: PortalUser, open: (api: ApiSession) => Promise<ApiDownload>,
): Promise<Response> {
  try {
    return passDownload(await open(apiSession(context, user)), user.cookie);
  } catch (error) {
    return throwPageError(error, { request, context });
  }
}
