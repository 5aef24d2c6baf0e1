// Theme and menu preferences: plain form posts that work without JavaScript.
import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { readPreferences, safeRedirect, writePreferences } from '../utils/session.server';
import { readForm } from '../utils/form-data.server';

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const prefs = await readPreferences(request, context);
  const intent = form.get('intent');
  if (intent === 'theme') prefs.theme = form.get('value') === 'dark' ? 'dark' : 'light';
  if (intent === 'menu') {
    const value = form.get('value');
    prefs.menu = value === 'collapsed' || value === 'swapped' || value === 'auto' ? value : 'open';
  }
  return redirect(safeRedirect(form.get('redirectTo')), {
    headers: { 'Set-Cookie': await writePreferences(context, prefs) },
  });
}

export const loader = () => redirect('/');
