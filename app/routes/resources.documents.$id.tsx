// Opens an uploaded document: asks the provider for a short-lived signed link and goes there.
// A plain link (new tab), so it works without JavaScript; ?download=1 asks for an attachment.
import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { requirePortalUser } from '../utils/auth.server';
import { callApi, isApiFailure } from '../utils/api.server';
import { DOCUMENT_MSG } from '../../domain/messages';

export { refuseMethod as action } from '../utils/form-data.server';

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requirePortalUser(request, context, 'org');
  const id = String(params.id ?? '');
  const toDownload = new URL(request.url).searchParams.get('download') === '1';
  try {
    const { signedUrl } = await callApi<{ signedUrl: string }>(context, `/documents/${encodeURIComponent(id)}/signed-url`, {
      token: user.token,
      query: { organizationId: user.organization!.id, toDownload: toDownload ? 'true' : undefined },
    });
    const target = /^https?:\/\//.test(signedUrl) ? signedUrl : `${context.portal.apiPublicOrigin}${signedUrl}`;
    return redirect(target, { headers: { 'Set-Cookie': user.cookie, 'Cache-Control': 'no-store' } });
  } catch (error) {
    if (isApiFailure(error) && (error.status === 404 || error.status === 400)) {
      throw new Response(DOCUMENT_MSG.notFound, { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
    }
    throw error;
  }
}
