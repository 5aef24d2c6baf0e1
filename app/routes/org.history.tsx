// The organization's whole history: every change to its applications and account, newest first.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Heading, Text } from '@chakra-ui/react';
import { requirePortalUser } from '../utils/auth.server';
import { callApi } from '../utils/api.server';
import { HistoryTable, pageParam, type HistoryPage } from '../components/history-table';
import { ShellErrorBoundary } from '../components/error-boundary';

export { refuseMethod as action } from '../utils/form-data.server';

export const meta: MetaFunction = () => [{ title: 'History | Broadband Grants Portal' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requirePortalUser(request, context, 'org');
  const history = await callApi<HistoryPage>(context, `/logged-actions/organization/${user.organization!.id}`, {
    token: user.token,
    query: { page: pageParam(request), limit: 20 },
  });
  return { history, organizationName: user.organization!.name };
}

export default function OrganizationHistory() {
  const { history, organizationName } = useLoaderData<typeof loader>();
  return (
    <>
      <Heading as="h1" size="2xl" mb={1}>
        History
      </Heading>
      <Text color="fg.muted" mb={6}>
        Every change made to the applications of {organizationName}, newest first.
      </Text>
      <HistoryTable history={history} caption={`History of ${organizationName}`} />
    </>
  );
}

export const ErrorBoundary = ShellErrorBoundary;
