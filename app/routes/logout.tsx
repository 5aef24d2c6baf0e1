// Logout is a POST: it revokes the token and lands on /{roleType}/login. The idle watcher's logout may
// carry the answers typed but not saved, which are held first.
import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { idleLogout, logout } from '../utils/auth.server';
import { PORTAL_MSG } from '../../domain/messages';
import { readForm } from '../utils/form-data.server';

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request.clone());
  if (form.get('reason') === 'idle') return idleLogout(request, context, form);
  return logout(request, context, { type: 'info', title: PORTAL_MSG.signedOut });
}

export const loader = () => redirect('/');
