// Opens a message's attachment (spec 7 GET messages/attachments/{id}?download): asks the provider for a short-lived
// signed link and goes there. A plain link (new tab), so it works without JavaScript; either side's signed-in user.
import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { requirePortalUser } from '../utils/auth.server';
import { describeApiError } from '../utils/api-errors.server';
import { throwPlainRefusal } from '../utils/download.server';
import { getSession } from '../utils/session.server';
import { apiSession } from '../api/client.server';
import { attachmentLink } from '../api/messages.server';
import { MESSAGE_MSG } from '../../domain/conversations';

export { refuseMethod as action } from '../utils/form-data.server';

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const side = (await getSession(request, context)).get('roleType') === 'state' ? 'state' : 'org';
  const user = await requirePortalUser(request, context, side);
  const toDownload = new URL(request.url).searchParams.get('download') === '1';
  try {
    const target = await attachmentLink(apiSession(context, user), String(params.id ?? ''), toDownload);
    return redirect(target, { headers: { 'Set-Cookie': user.cookie, 'Cache-Control': 'no-store' } });
  } catch (error) {
    // The link opens in a new tab: an unknown or another organization's attachment is a plain not-found there.
    const { kind } = describeApiError(error);
    if (kind === 'not-found' || kind === 'invalid') {
      throw new Response(MESSAGE_MSG.attachmentNotFound, { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
    }
    // Anything else (403, 503…): what the page error would say, in plain text (a route without a page).
    return throwPlainRefusal(error, { request, context });
  }
}
