// The keep-alive: "Stay connected" in the inactivity dialog, and activity with JavaScript (throttled by
// the idle watcher), prove the user is still there. Posted with fetch, so no page data is reloaded.
import { type ActionFunctionArgs } from '@remix-run/node';
import { touchSession } from '../utils/auth.server';

export async function action({ request, context }: ActionFunctionArgs) {
  const cookie = await touchSession(request, context);
  if (!cookie) return new Response(null, { status: 401, headers: { 'Cache-Control': 'no-store' } });
  return new Response(null, { status: 204, headers: { 'Set-Cookie': cookie, 'Cache-Control': 'no-store' } });
}

export { refuseMethod as loader } from '../utils/form-data.server';
