// A question's template (spec 2: "The template URL is fetched by systemNo and opened in a new tab").
// A plain link to this route opens the file in a new tab, with or without JavaScript.
import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { getSession } from '../utils/session.server';
import { isApiFailure } from '../utils/api.server';
import { apiSession } from '../api/client.server';
import { templateLink } from '../api/templates.server';

export { refuseMethod as action } from '../utils/form-data.server';

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const session = await getSession(request, context);
  const token = session.get('token');
  if (!token) throw redirect('/org/login');
  const systemNo = String(params.systemNo ?? '');
  try {
    const url = await templateLink(apiSession(context, { token }), systemNo);
    if (!url) throw new Error('no url');
    return redirect(url, { headers: { 'Cache-Control': 'no-store' } });
  } catch (error) {
    // Spec 8: a missing template is logged; the person sees a plain not-found page in the new tab.
    console.warn('Template URL not found in response.', systemNo, isApiFailure(error) ? error.status : error);
    throw new Response('Template not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  }
}
