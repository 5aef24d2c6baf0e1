// Unread message count for the top bar badge; polled with JavaScript. Reading it is not "activity".
import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { callApi } from '../utils/api.server';
import { getSession, isIdleExpired } from '../utils/session.server';
import { canUseMessages, type RoleName } from '../../domain/roles';

export { refuseMethod as action } from '../utils/form-data.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await getSession(request, context);
  const token = session.get('token');
  if (!token || isIdleExpired(session) || !canUseMessages(session.get('role') as RoleName)) {
    return data({ total: null as number | null }, { status: token ? 200 : 401 });
  }
  try {
    const counts = await callApi<{ total: number }>(context, '/messages/unread/count', { token });
    return data({ total: counts.total as number | null });
  } catch {
    return data({ total: null as number | null });
  }
}
