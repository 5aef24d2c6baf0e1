// "Export to XLSX" of the state's applications list (issue 12 item 9; decision 045): the tab (a path segment, as on the
// list) and the filters of the list's URL, asked of GET review/applications/all-applications/export with the same
// query the list asks (list-state.ts listQuery, without its page), the workbook streamed through as the API writes
// it. A plain link, so it works without JavaScript.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { requirePortalUser } from '../utils/auth.server';
import { download, downloadNotFound } from '../utils/download.server';
import { applicationsExport } from '../api/review-exports.server';
import { stateReadScope } from '../../domain/access';
import { listQuery, readListState, tabOf } from './state.applications.($tab)/list-state';

export { refuseMethod as action } from '../utils/form-data.server';

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requirePortalUser(request, context, 'state');
  const tab = tabOf(params.tab, stateReadScope(user.profile) === 'assigned');
  if (!tab) throw downloadNotFound();
  const query = listQuery(tab, readListState(new URL(request.url)));
  // The tab and the status filter leave no status: the list says 'No data', and there is nothing to export.
  if (!query) throw downloadNotFound();
  const { page: _page, limit: _limit, ...filters } = query;
  return download(request, context, user, (api) => applicationsExport(api, filters));
}
