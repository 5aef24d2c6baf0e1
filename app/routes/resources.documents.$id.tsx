// Opens an uploaded document: asks the provider for a short-lived signed link and goes there.
// A plain link (new tab), so it works without JavaScript; ?download=1 asks for an attachment.
// ?view=1 is the 'Preview File' dialog's frame or image (decision 036): it must come from the portal's own origin, so a
// link elsewhere (S3's presigned URL, an API on another host) is read here and passed on rather than redirected to;
// server/edge.ts lets the portal's pages (only) frame it.
import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { requirePortalUser } from '../utils/auth.server';
import { describeApiError } from '../utils/api-errors.server';
import { throwPlainRefusal } from '../utils/download.server';
import { apiSession } from '../api/client.server';
import { documentLink } from '../api/documents.server';
import { DOCUMENT_MSG } from '../../domain/messages';

export { refuseMethod as action } from '../utils/form-data.server';

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requirePortalUser(request, context, 'org');
  const id = String(params.id ?? '');
  const search = new URL(request.url).searchParams;
  const toDownload = search.get('download') === '1';
  const view = !toDownload && search.get('view') === '1';
  try {
    const target = await documentLink(apiSession(context, user), id, user.organization!.id, toDownload);
    if (view && /^https?:\/\//.test(target)) return await passOn(target, user.cookie);
    return redirect(target, { headers: { 'Set-Cookie': user.cookie, 'Cache-Control': 'no-store' } });
  } catch (error) {
    // The link opens in a new tab: an unknown or malformed id is a plain not-found there.
    const { kind } = describeApiError(error);
    if (kind === 'not-found' || kind === 'invalid') {
      throw new Response(DOCUMENT_MSG.notFound, { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
    }
    // Anything else (403, 503…): what the page error would say, in plain text (a route without a page).
    return throwPlainRefusal(error, { request, context });
  }
}

/** The file behind a link on another origin, answered from this one (its type, length and inline disposition kept). */
async function passOn(target: string, cookie: string): Promise<Response> {
  const upstream = await fetch(target, { redirect: 'follow' });
  if (!upstream.ok || !upstream.body) {
    throw new Response(DOCUMENT_MSG.fileMissing, { status: upstream.status === 404 ? 404 : 502, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  }
  const headers = new Headers({ 'Set-Cookie': cookie, 'Cache-Control': 'private, no-store' });
  for (const name of ['Content-Type', 'Content-Length', 'Content-Disposition']) {
    const value = upstream.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(upstream.body, { status: 200, headers });
}
