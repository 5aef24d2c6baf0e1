// "Stay connected": the inactivity dialog proves the user is still there.
import { data, type ActionFunctionArgs } from '@remix-run/node';
import { touchSession } from '../utils/auth.server';

export async function action({ request, context }: ActionFunctionArgs) {
  const cookie = await touchSession(request, context);
  if (!cookie) return data({ ok: false }, { status: 401 });
  return data({ ok: true }, { headers: { 'Set-Cookie': cookie } });
}
