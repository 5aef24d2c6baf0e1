// Print: the whole application as a PDF, downloaded as application_{id}.pdf (spec 7, spec 4 row rules).
// A plain form post, so it works without JavaScript; failures go back with an error toast.
import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { requirePortalUser } from '../utils/auth.server';
import { formFailure } from '../utils/api-errors.server';
import { apiSession } from '../api/client.server';
import { applicationPdf } from '../api/print.server';
import { chosenApplication } from '../utils/chosen-application.server';
import { redirectWithToast, safeRedirect } from '../utils/session.server';
import { APPLICATION_MSG } from '../../domain/messages';
import { readForm } from '../utils/form-data.server';

export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requirePortalUser(request, context, 'org');
  const form = await readForm(request);
  const back = safeRedirect(form.get('redirectTo'), '/org/applications');
  const id = String(params.id ?? '').toUpperCase();
  try {
    const api = apiSession(context, user);
    // Another organization's application is refused as an unknown one (the toast's 'Application not found').
    const bytes = await applicationPdf(api, user.organization!.id, await chosenApplication(api, user, id));
    return new Response(bytes, {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="application_${id}.pdf"`,
        'Content-Length': String(bytes.length),
        'Cache-Control': 'no-store',
        'Set-Cookie': user.cookie,
      },
    });
  } catch (error) {
    const failure = await formFailure(error, { request, context });
    const description = failure.kind === 'failed' ? undefined : failure.message;
    return redirectWithToast(back, context, { type: 'error', title: APPLICATION_MSG.printFailed, description });
  }
}

export const loader = () => redirect('/org/applications');
