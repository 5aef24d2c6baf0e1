// Organization dashboard: real counts of the chosen organization's applications.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Heading, SimpleGrid, Text } from '@chakra-ui/react';
import { requirePortalUser } from '../utils/auth.server';
import { readOrFail } from '../utils/api-errors.server';
import { apiSession } from '../api/client.server';
import { organizationCounts } from '../api/dashboard.server';
import { CountCard } from '../components/count-card';
import { ShellErrorBoundary } from '../components/error-boundary';

export { refuseMethod as action } from '../utils/form-data.server';

export const meta: MetaFunction = () => [{ title: 'Dashboard | Broadband Grants Portal' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requirePortalUser(request, context, 'org');
  const orgId = user.organization!.id;
  const counts = await readOrFail({ request, context }, organizationCounts(apiSession(context, user), orgId));
  return { counts, organizationName: user.organization!.name, firstName: user.profile.firstName };
}

export default function OrgDashboard() {
  const { counts, organizationName, firstName } = useLoaderData<typeof loader>();
  return (
    <>
      <Heading as="h1" size="2xl" mb={1}>
        Dashboard
      </Heading>
      <Text color="fg.muted" mb={6}>
        Welcome, {firstName}. Applications of {organizationName}.
      </Text>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap={4} maxW="4xl">
        <CountCard label="Total Applications" count={counts.totalApplications} to="/org/applications" testId="count-total" />
        <CountCard label="Draft Applications" count={counts.draftApplications} to="/org/applications?status=DRAFT" testId="count-draft" />
        <CountCard label="Submitted Applications" count={counts.submittedApplications} to="/org/applications?status=SUBMITTED_ANY" testId="count-submitted" />
      </SimpleGrid>
    </>
  );
}

export const ErrorBoundary = ShellErrorBoundary;
