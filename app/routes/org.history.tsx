// The organization's whole history: every change to its applications and account, newest first.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { requirePortalUser } from '../utils/auth.server';
import { readOrFail } from '../utils/api-errors.server';
import { apiSession } from '../api/client.server';
import { organizationHistory } from '../api/history.server';
import { HistoryTable } from '../components/history-table';
import { clampPage } from '../components/list-kit/paging.server';
import { pageParam } from '../utils/url-state';
import { ShellErrorBoundary } from '../components/error-boundary';

export { refuseMethod as action } from '../utils/form-data.server';

export const meta: MetaFunction = () => [{ title: 'History | Broadband Grants Portal' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requirePortalUser(request, context, 'org');
  const page = pageParam(request.url);
  const history = await readOrFail({ request, context }, organizationHistory(apiSession(context, user), user.organization!.id, page));
  clampPage(request, page, history.totalPages);
  return { history, organizationName: user.organization!.name };
}

export default function OrganizationHistory() {
  const { history, organizationName } = useLoaderData<typeof loader>();
  return (
    <>
      <h1 className="ui-h1">History</h1>
      <p className="ui-lead">Every change made to the applications of {organizationName}, newest first.</p>
      <HistoryTable history={history} caption={`History of ${organizationName}`} />
    </>
  );
}

export const ErrorBoundary = ShellErrorBoundary;
