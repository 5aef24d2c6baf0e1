// The history of one application on the state side (/state/{section}/view-history/{id}, issue 10 item 5): each entry
// with who, when, what, the status move (from → to), comments and a rejection's reason. Who may read it is the
// application's read rule (the API: submitted applications for the admins and the financial reviewer, assigned
// ones for reviewers; 404 otherwise). Links back to the application's review screen and to the whole history.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { HistoryTable } from '../components/history-table';
import { loadApplicationHistory } from '../components/history-loader.server';
import { ShellErrorBoundary } from '../components/error-boundary';
import { can } from '../../domain/permissions';
import '../chunks/signed-in'; // shared modules in one file (decision 102)

export { refuseMethod as action } from '../utils/form-data.server';

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: `History of ${d?.applicationId ?? 'an application'} | Broadband Grants Portal` }];

export async function loader(args: LoaderFunctionArgs) {
  const { user, applicationId, history, section } = await loadApplicationHistory(args, 'state');
  return { applicationId, history, section, wholeHistory: can(user.role, 'read', 'history') };
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
