// The history of one application on the state side (/state/{section}/view-history/{id}, issue 10 item 5): each entry
// with who, when, what, the status move (from → to), comments and a rejection's reason. Who may read it is the
// application's read rule (the API: submitted applications for the admins and the financial reviewer, assigned
// ones for reviewers; 404 otherwise). Links back to the application's review screen and to the whole history.
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
import { can } from '../../domain/permissions';

export { refuseMethod as action } from '../utils/form-data.server';

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: `History of ${d?.applicationId ?? 'an application'} | Broadband Grants Portal` }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requirePortalUser(request, context, 'state');
  const applicationId = String(params.id ?? '').toUpperCase();
  const page = pageParam(request.url);
  const history = await readOrFail({ request, context }, applicationHistory(apiSession(context, user), applicationId, page), {
    notFound: APPLICATION_MSG.notFound,
  });
  clampPage(request, page, history.totalPages);
  return { applicationId, history, section: params.section ?? 'applications', wholeHistory: can(user.role, 'read', 'history') };
}

export default function StateApplicationHistory() {
  const { applicationId, history, section, wholeHistory } = useLoaderData<typeof loader>();
  return (
    <>
      <p className="ui-back">
        <Link to={`/state/${encodeURIComponent(section)}/review-application/${encodeURIComponent(applicationId)}`} className="ui-link">
          Back to application {applicationId}
        </Link>
      </p>
      <h1 className="ui-h1-spaced">History of {applicationId}</h1>
      <HistoryTable history={history} caption={`History of ${applicationId}`} />
      {wholeHistory ? (
        <p className="ui-after">
          <Link to={`/state/history?q=${encodeURIComponent(applicationId)}`} className="ui-link">
            Show in the whole history
          </Link>
        </p>
      ) : null}
    </>
  );
}

export const ErrorBoundary = ShellErrorBoundary;
