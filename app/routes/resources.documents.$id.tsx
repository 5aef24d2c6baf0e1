// Opens an uploaded document: asks the provider for a short-lived signed link and goes there.
// A plain link (new tab), so it works without JavaScript; ?download=1 asks for an attachment.
import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { requirePortalUser } from '../utils/auth.server';
import { describeApiError, throwPageError } from '../utils/api-errors.server';
import { apiSession } from '../api/client.server';
import { documentLink } from '../api/documents.server';
import { DOCUMENT_MSG } from '../../domain/messages';

export { refuseMethod as action } from '../utils/form-data.server';

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requirePortalUser(request, context, 'org');
  const id = String(params.id ?? '');
  const toDownload = new URL(request.url).searchParams.get('download') === '1';
  try {
    const target = await documentLink(apiSession(context, user), id, user.organization!.id, toDownload);
    return redirect(target, { headers: { 'Set-Cookie': user.cookie, 'Cache-Control': 'no-store' } });
  } catch (error) {
    // The link opens in a new tab: an unknown or malformed id is a plain not-found there.
    const { kind } = describeApiError(error);
    if (kind === 'not-found' || kind === 'invalid') {
      throw new Response(DOCUMENT_MSG.notFound, { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
    }
    return throwPageError(error, { request, context });
  }
}
