// Logout is a POST: it revokes the token and lands on /{roleType}/login.
import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { logout } from '../utils/auth.server';
import { PORTAL_MSG } from '../../domain/messages';

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.clone().formData();
  const reason = form.get('reason');
  return logout(request, context, {
    type: 'info',
    title: reason === 'idle' ? PORTAL_MSG.sessionExpired : PORTAL_MSG.signedOut,
  });
}

export const loader = () => redirect('/');
