// The Organization Admin's dashboard (spec 2 /org/admin-dashboard, issue 41 item 4): the chosen organization's
// applications by status, its members and pending invitations, its open unlock requests and unread messages, each a
// count that links to its screen. Read through the typed clients (the by-status and member counts are one service,
// api/services/organization-overview.ts), for the session's organization only. Roles without the menu item (staff) go
// to their first menu item, as the shell sends them. Plain elements with build-time classes (decision 020).
import { redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { requirePortalUser } from '../utils/auth.server';
import { readOrFail } from '../utils/api-errors.server';
import { apiSession } from '../api/client.server';
import { organizationStatusCounts } from '../api/dashboard.server';
import { memberCounts } from '../api/users.server';
import { listOrganizationUnlocks } from '../api/unlock-requests.server';
import { unreadCount } from '../api/messages.server';
import { CountCard } from '../components/count-card';
import { ShellErrorBoundary } from '../components/error-boundary';
import { redirectForMenuPath } from '../../domain/menu';
import { APPLICATION_STATUSES, statusLabel } from '../../domain/statuses';
import '../chunks/signed-in'; // shared modules in one file (decision 102)

export { refuseMethod as action } from '../utils/form-data.server';

/** The shell wraps this page without ChakraPage (components/shell.tsx, decision 020). */
export const handle = { plain: true };

export const meta: MetaFunction = () => [{ title: 'Admin Dashboard | Broadband Grants Portal' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requirePortalUser(request, context, 'org');
  const elsewhere = redirectForMenuPath(new URL(request.url).pathname, user.role, 'org');
  if (elsewhere) throw redirect(elsewhere, { headers: { 'Set-Cookie': user.cookie } });
  const organizationId = user.organization!.id;
  const api = apiSession(context, user);
  const [applications, members, openUnlocks, unread] = await readOrFail(
    { request, context },
    Promise.all([
      organizationStatusCounts(api, organizationId),
      memberCounts(api, organizationId),
      // Open: waiting for the State Admin (its list's Pending filter); the page's total is the count.
      listOrganizationUnlocks(api, organizationId, { page: 1, limit: 1, status: 'PENDING' }),
      unreadCount(api, organizationId),
    ]),
  );
  return { organizationName: user.organization!.name, applications, members, openUnlocks: openUnlocks.totalRecords, unread };
}

export default function OrgAdminDashboard() {
  const { organizationName, applications, members, openUnlocks, unread } = useLoaderData<typeof loader>();
  return (
    <>
      <h1 className="ui-h1">Admin Dashboard</h1>
      <p className="ui-lead">{organizationName}: its applications, members, unlock requests and messages.</p>
      <section aria-labelledby="admin-applications">
        <h2 id="admin-applications" className="ui-h2">
          Applications by status
        </h2>
        <ul className="ui-count-grid-4">
          <CountCard label="All" count={applications.ALL} to="/org/applications" testId="admin-count-ALL" />
          {APPLICATION_STATUSES.map((status) => (
            <CountCard
              key={status}
              label={statusLabel(status)}
              count={applications[status]}
              to={`/org/applications?status=${status}`}
              testId={`admin-count-${status}`}
            />
          ))}
        </ul>
      </section>
      <section aria-labelledby="admin-members" className="ui-after">
        <h2 id="admin-members" className="ui-h2">
          Members
        </h2>
        <ul className="ui-count-grid">
          <CountCard label="Active Members" count={members.active} to="/org/users" testId="admin-count-active" />
          <CountCard label="Inactive Members" count={members.inactive} to="/org/users" testId="admin-count-inactive" />
          <CountCard label="Pending Invitations" count={members.invited} to="/org/users" testId="admin-count-invited" />
        </ul>
      </section>
      <section aria-labelledby="admin-requests" className="ui-after">
        <h2 id="admin-requests" className="ui-h2">
          Unlock requests and messages
        </h2>
        <ul className="ui-count-grid">
          <CountCard label="Open Unlock Requests" count={openUnlocks} to="/org/unlock-requests?status=PENDING" testId="admin-count-unlocks" />
          <CountCard label="Unread Messages" count={unread} to="/org/messages" testId="admin-count-unread" />
        </ul>
      </section>
    </>
  );
}

export const ErrorBoundary = ShellErrorBoundary;
