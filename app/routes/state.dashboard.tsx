// State dashboard: one count per status plus ALL, each a link to the list filtered by that status (the All tab
// of /state/applications, whose total is the count: decision 028). Plain elements with build-time classes
// (decision 020).
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { requirePortalUser } from '../utils/auth.server';
import { readOrFail } from '../utils/api-errors.server';
import { apiSession } from '../api/client.server';
import { stateCounts } from '../api/dashboard.server';
import { CountCard } from '../components/count-card';
import { ShellErrorBoundary } from '../components/error-boundary';
import { statusLabel } from '../../domain/statuses';
import { stateReadScope } from '../../domain/access';
import { can } from '../../domain/permissions';
import '../chunks/signed-in'; // shared modules in one file (decision 102)

export { refuseMethod as action } from '../utils/form-data.server';

/** The shell wraps this page without ChakraPage (components/shell.tsx, decision 020). */
export const handle = { plain: true };

export const meta: MetaFunction = () => [{ title: 'Dashboard | Broadband Grants Portal' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requirePortalUser(request, context, 'state');
  const counts = await readOrFail({ request, context }, stateCounts(apiSession(context, user)));
  // The candidate dashboard is not in spec 2's menu: linked from here for the roles that may open it (decision 043).
  const candidates = user.profile.roles.some((r) => can(r.name, 'read', 'candidate'));
  return { counts, firstName: user.profile.firstName, reviewer: stateReadScope(user.profile) === 'assigned', candidates };
}

export default function StateDashboard() {
  const { counts, firstName, reviewer, candidates } = useLoaderData<typeof loader>();
  const entries = Object.entries(counts);
  return (
    <>
      <h1 className="ui-h1">Dashboard</h1>
      <p className="ui-lead">
        Welcome, {firstName}. {reviewer ? 'Applications assigned to you, by status.' : 'All submitted applications, by status.'}
      </p>
      <ul className="ui-count-grid-4">
        {entries.map(([status, count]) => (
          <CountCard
            key={status}
            label={status === 'ALL' ? 'All' : statusLabel(status)}
            count={count}
            to={status === 'ALL' ? '/state/applications' : `/state/applications?status=${status}`}
            testId={`count-${status}`}
          />
        ))}
      </ul>
      {candidates ? (
        <p className="ui-after">
          <Link to="/state/candidate-dashboard" className="ui-link">
            Candidate Dashboard
          </Link>
          : applications past gating, ranked per project area by BEAD outlay per location.
        </p>
      ) : null}
    </>
  );
}

export const ErrorBoundary = ShellErrorBoundary;
