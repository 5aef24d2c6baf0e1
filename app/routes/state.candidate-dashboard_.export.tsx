// "Export to XLSX" of the candidate dashboard (decision 043): the API's workbook for the filters in the URL (the
// dashboard's own parameters), streamed through as it is written. A plain link, so it works without JavaScript.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { requirePortalUser } from '../utils/auth.server';
import { download } from '../utils/download.server';
import { candidateExport } from '../api/candidates.server';
import { requireCandidateReader } from './state.candidate-dashboard/access.server';
import { exportQuery, readListState } from './state.candidate-dashboard/list-state';

export { refuseMethod as action } from '../utils/form-data.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requirePortalUser(request, context, 'state');
  requireCandidateReader(user);
  const state = readListState(new URL(request.url));
  return download(request, context, user, (api) => candidateExport(api, exportQuery(state)));
}
