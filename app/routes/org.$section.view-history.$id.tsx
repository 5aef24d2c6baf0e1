// The history of one application (/org/{section}/view-history/{id}).
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { requirePortalUser } from '../utils/auth.server';
import { readOrFail } from '../utils/api-errors.server';
import { apiSession } from '../api/client.server';
import { applicationHistory } from '../api/history.server';
import { HistoryTable } from '../components/history-table';
import { clampPage } from '../components/list-kit/paging.server';
import { pageParam } from '../utils/url-state';
import { ShellErrorBoundary } from '../components/error-boundary';
import { APPLICATION_MSG } from '../../domain/messages';

export { refuseMethod as action } from '../utils/form-data.server';

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: `History of ${d?.applicationId ?? 'an application'} | Broadband Grants Portal` }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requirePortalUser(request, context, 'org');
  const applicationId = String(params.id ?? '').toUpperCase();
  const page = pageParam(request.url);
  const history = await readOrFail({ request, context }, applicationHistory(apiSession(context, user), applicationId, page), {
    notFound: APPLICATION_MSG.notFound,
  });
  clampPage(request, page, history.totalPages);
  return { applicationId, history, section: params.section ?? 'applications' };
}

export default function ApplicationHistory() {
  const { applicationId, history, section } = useLoaderData<typeof loader>();
  return (
    <>
      <p className="ui-back">
        <Link to={`/org/${section === 'applications' ? 'applications' : section}`} className="ui-link">
          Back to {section === 'applications' ? 'Applications' : section}
        </Link>
      </p>
      <h1 className="ui-h1-spaced">History of {applicationId}</h1>
      <HistoryTable history={history} caption={`History of ${applicationId}`} />
    </>
  );
}

export const ErrorBoundary = ShellErrorBoundary;
