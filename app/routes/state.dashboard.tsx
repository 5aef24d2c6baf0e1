// State dashboard: one count per status plus ALL, each a link to the filtered list.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Heading, SimpleGrid, Text } from '@chakra-ui/react';
import { requirePortalUser } from '../utils/auth.server';
import { readOrFail } from '../utils/api-errors.server';
import { apiSession } from '../api/client.server';
import { stateCounts } from '../api/dashboard.server';
import { CountCard } from '../components/count-card';
import { ShellErrorBoundary } from '../components/error-boundary';
import { statusLabel } from '../../domain/statuses';
import { stateReadScope } from '../../domain/access';

export { refuseMethod as action } from '../utils/form-data.server';

export const meta: MetaFunction = () => [{ title: 'Dashboard | Broadband Grants Portal' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requirePortalUser(request, context, 'state');
  const counts = await readOrFail({ request, context }, stateCounts(apiSession(context, user)));
  return { counts, firstName: user.profile.firstName, reviewer: stateReadScope(user.profile) === 'assigned' };
}

export default function StateDashboard() {
  const { counts, firstName, reviewer } = useLoaderData<typeof loader>();
  const entries = Object.entries(counts);
  return (
    <>
      <Heading as="h1" size="2xl" mb={1}>
        Dashboard
      </Heading>
      <Text color="fg.muted" mb={6}>
        Welcome, {firstName}. {reviewer ? 'Applications assigned to you, by status.' : 'All submitted applications, by status.'}
      </Text>
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap={4}>
        {entries.map(([status, count]) => (
          <CountCard
            key={status}
            label={status === 'ALL' ? 'All' : statusLabel(status)}
            count={count}
            to={`/state/applications/${status}`}
            testId={`count-${status}`}
          />
        ))}
      </SimpleGrid>
    </>
  );
}

export const ErrorBoundary = ShellErrorBoundary;
