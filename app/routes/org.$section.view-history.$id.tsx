// The history of one application (/org/{section}/view-history/{id}).
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { Heading, Text } from '@chakra-ui/react';
import { requirePortalUser } from '../utils/auth.server';
import { callApi, isApiFailure } from '../utils/api.server';
import { HistoryTable, pageParam, type HistoryPage } from '../components/history-table';
import { ShellErrorBoundary } from '../components/error-boundary';

export { refuseMethod as action } from '../utils/form-data.server';

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: `History of ${d?.applicationId ?? 'an application'} | Broadband Grants Portal` }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requirePortalUser(request, context, 'org');
  const applicationId = String(params.id ?? '').toUpperCase();
  try {
    const history = await callApi<HistoryPage>(context, `/logged-actions/${encodeURIComponent(applicationId)}/application`, {
      token: user.token,
      query: { page: pageParam(request), limit: 20 },
    });
    return { applicationId, history, section: params.section ?? 'applications' };
  } catch (error) {
    if (isApiFailure(error) && error.status === 404) throw data('Application not found', { status: 404 });
    throw error;
  }
}

export default function ApplicationHistory() {
  const { applicationId, history, section } = useLoaderData<typeof loader>();
  return (
    <>
      <Text fontSize="sm" mb={2}>
        <Link to={`/org/${section === 'applications' ? 'applications' : section}`} style={{ textDecoration: 'underline' }}>
          Back to {section === 'applications' ? 'Applications' : section}
        </Link>
      </Text>
      <Heading as="h1" size="2xl" mb={6}>
        History of {applicationId}
      </Heading>
      <HistoryTable history={history} caption={`History of ${applicationId}`} />
    </>
  );
}

export const ErrorBoundary = ShellErrorBoundary;
