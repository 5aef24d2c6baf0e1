// Switching organization from the top bar: stores the choice and reloads.
import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { chooseOrganization, requirePortalUser } from '../utils/auth.server';
import { commitSession, redirectWithToast, safeRedirect } from '../utils/session.server';
import { PORTAL_MSG } from '../../domain/messages';
import { readForm } from '../utils/form-data.server';

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const user = await requirePortalUser(request, context, 'org');
  const target = user.profile.organizations.find((o) => o.id === form.get('organizationId'));
  const back = safeRedirect(form.get('redirectTo'), '/org/dashboard');
  if (!target || target.status !== 'active') {
    return redirectWithToast(back, context, { type: 'error', title: PORTAL_MSG.organizationInactive }, {
      headers: { 'Set-Cookie': user.cookie },
    });
  }
  chooseOrganization(user.session, target);
  return redirect(back, { headers: { 'Set-Cookie': await commitSession(user.session, context) } });
}

export const loader = () => redirect('/org/dashboard');
