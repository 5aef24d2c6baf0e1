// The history of one application (/org/{section}/view-history/{id}).
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { HistoryTable } from '../components/history-table';
import { loadApplicationHistory } from '../components/history-loader.server';
import { ShellErrorBoundary } from '../components/error-boundary';
import '../chunks/signed-in'; // shared modules in one file (decision 102)

export { refuseMethod as action } from '../utils/form-data.server';

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: `History of ${d?.applicationId ?? 'an application'} | Broadband Grants Portal` }];

export async function loader(args: LoaderFunctionArgs) {
  const { applicationId, history, section } = await loadApplicationHistory(args, 'org');
  return { applicationId, history, section };
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
