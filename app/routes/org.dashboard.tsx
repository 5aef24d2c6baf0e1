// Organization dashboard: real counts of the chosen organization's applications. Plain elements with build-time
// classes (decision 020): no Chakra component, so the shell renders it without the Chakra provider.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { requirePortalUser } from '../utils/auth.server';
import { readOrFail } from '../utils/api-errors.server';
import { apiSession } from '../api/client.server';
import { organizationCounts } from '../api/dashboard.server';
import { CountCard } from '../components/count-card';
import { ShellErrorBoundary } from '../components/error-boundary';
import '../chunks/signed-in'; // shared modules in one file (decision 102)

export { refuseMethod as action } from '../utils/form-data.server';

/** The shell wraps this page without ChakraPage (components/shell.tsx, decision 020). */
export const handle = { plain: true };

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
      <h1 className="ui-h1">Dashboard</h1>
      <p className="ui-lead">
        Welcome, {firstName}. Applications of {organizationName}.
      </p>
      <ul className="ui-count-grid">
        <CountCard label="Total Applications" count={counts.totalApplications} to="/org/applications" testId="count-total" />
        <CountCard label="Draft Applications" count={counts.draftApplications} to="/org/applications?status=DRAFT" testId="count-draft" />
        <CountCard label="Submitted Applications" count={counts.submittedApplications} to="/org/applications?status=SUBMITTED_ANY" testId="count-submitted" />
      </ul>
    </>
  );
}

export const ErrorBoundary = ShellErrorBoundary;
