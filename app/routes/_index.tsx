// The root path redirects by role type (spec 2).
import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { getSession } from '../utils/session.server';

export { refuseMethod as action } from '../utils/form-data.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await getSession(request, context);
  if (!session.get('token')) return redirect('/org/login');
  const roleType = session.get('roleType');
  if (roleType === 'org') return redirect('/org/dashboard');
  if (roleType === 'state') return redirect('/state/dashboard');
  return redirect('/unauthorized');
}
