// "Export to XLSX" of the candidate dashboard (decision 043): the API's workbook for the filters in the URL (the
// dashboard's own parameters), streamed through as it is written. A plain link, so it works without JavaScript.
import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { Readable } from 'node:stream';
import { requirePortalUser } from '../utils/auth.server';
import { throwPageError } from '../utils/api-errors.server';
import { apiSession } from '../api/client.server';
import { candidateExport } from '../api/candidates.server';
import { can } from '../../domain/permissions';
import { menuFor } from '../../domain/menu';
import { exportQuery, readListState } from './state.candidate-dashboard/list-state';

export { refuseMethod as action } from '../utils/form-data.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requirePortalUser(request, context, 'state');
  if (!user.profile.roles.some((r) => can(r.name, 'read', 'candidate'))) throw redirect(menuFor(user.role, 'state')[0]?.path ?? '/unauthorized');
  const state = readListState(new URL(request.url));
  try {
    const file = await candidateExport(apiSession(context, user), exportQuery(state));
    const headers = new Headers({ 'Set-Cookie': user.cookie, 'Cache-Control': 'no-store' });
    for (const name of ['content-type', 'content-disposition']) {
      if (file.headers[name]) headers.set(name, file.headers[name]);
    }
    return new Response(Readable.toWeb(file.body) as ReadableStream<Uint8Array>, { status: 200, headers });
  } catch (error) {
    return throwPageError(error, { request, context });
  }
}
