// A file the API streams (the exports, decision 045), answered to the browser as it comes: the API's type and
// attachment name kept, the session cookie refreshed, never cached.
import { data, type AppLoadContext } from '@remix-run/node';
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
    return throwPlainRefusal(error, { request, context });
  }
}

/**
 * A refusal answered by a route without a page (a download, a file link opened in a new tab): what the page error
 * would say, with its status, as plain text; a redirect (to sign in) passes as it is.
 */
export async function throwPlainRefusal(error: unknown, args: { request: Request; context: AppLoadContext }): Promise<never> {
  try {
    return await throwPageError(error, args);
  } catch (page) {
    throw plainRefusal(page);
  }
}

/**
 * What a download route throws, as a Response: a route without a page cannot show the error page, and Remix answers a
 * `data()` thrown from one as {"message":"Unexpected Server Error"}; so the status (404, 403, 503…) is kept with the
 * page's words as plain text. A Response (a redirect to sign in) passes as it is.
 */
export function plainRefusal(thrown: unknown): unknown {
  if (thrown instanceof Response || !thrown || typeof thrown !== 'object' || (thrown as { type?: unknown }).type !== 'DataWithResponseInit') return thrown;
  const { data: body, init } = thrown as { data: unknown; init: ResponseInit | null };
  const status = init?.status ?? 500;
  const headers = new Headers(init?.headers);
  headers.set('Content-Type', 'text/plain; charset=utf-8');
  headers.set('Cache-Control', 'no-store');
  return new Response(typeof body === 'string' && body ? body : status === 404 ? 'Not found' : 'The download could not be made.', { status, headers });
}

/** A download route's own 404 (nothing to download at this address). */
export const downloadNotFound = () => plainRefusal(data(null, { status: 404 })) as Response;
