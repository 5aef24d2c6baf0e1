// Unread message count for the top bar badge; polled with JavaScript. Reading it is not "activity".
import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { apiSession } from '../api/client.server';
import { unreadCount } from '../api/messages.server';
import { getSession, isIdleExpired } from '../utils/session.server';
import { canUseMessages, type RoleName } from '../../domain/roles';

export { refuseMethod as action } from '../utils/form-data.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await getSession(request, context);
  const token = session.get('token');
  if (!token || isIdleExpired(session) || !canUseMessages(session.get('role') as RoleName)) {
    return data({ total: null as number | null }, { status: token ? 200 : 401 });
  }
  // A poll never shows an error: no count until the next one works.
  // An organization user counts the chosen organization's conversations only, as the shell's badge does (DESIGN 5).
  const organizationId = session.get('roleType') === 'org' ? session.get('organizationId') : undefined;
  const total = await unreadCount(apiSession(context, { token }), organizationId).catch(() => null);
  return data({ total: total as number | null });
}
