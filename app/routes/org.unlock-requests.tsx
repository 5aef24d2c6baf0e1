// The organization's unlock requests (spec 2 /org/unlock-requests; docs/decisions/034): the Organization_Admin's
// requests and the State Admin's unlocks of its applications, newest first, with their status; paged through the list
// kit, the Application ID search and the status filter in the URL. A request is made from the section's lock on the
// application form. Roles without the menu item (staff) go to their first menu item, as the shell sends them.
import { redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData, useLocation } from '@remix-run/react';
import { requirePortalUser } from '../utils/auth.server';
import { readOrFail } from '../utils/api-errors.server';
import { parseListState } from '../utils/url-state';
import { apiSession } from '../api/client.server';
import { listOrganizationUnlocks } from '../api/unlock-requests.server';
import { clampPage } from '../components/list-kit/paging.server';
import { ShellErrorBoundary } from '../components/error-boundary';
import { UNLOCK_LIST_SPEC, UnlockListTools, UnlockTable, unlockColumns, unlockQuery } from '../components/unlock-list';
import { redirectForMenuPath } from '../../domain/menu';
import '../chunks/signed-in'; // shared modules in one file (decision 102)

export { refuseMethod as action } from '../utils/form-data.server';

export const meta: MetaFunction = () => [{ title: 'Unlock Requests | Broadband Grants Portal' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requirePortalUser(request, context, 'org');
  const url = new URL(request.url);
  const elsewhere = redirectForMenuPath(url.pathname, user.role, 'org');
  if (elsewhere) throw redirect(elsewhere, { headers: { 'Set-Cookie': user.cookie } });
  const state = parseListState(url.search, UNLOCK_LIST_SPEC);
  const api = apiSession(context, user);
  const list = await readOrFail({ request, context }, listOrganizationUnlocks(api, user.organization!.id, { ...unlockQuery(state), organizationId: undefined }));
  clampPage(request, state.page, list.totalPages);
  return { state, list };
}

export default function OrgUnlockRequests() {
  const { state, list } = useLoaderData<typeof loader>();
  const location = useLocation();
  const open = new URLSearchParams(location.search).get('filters') === 'open';
  const columns = unlockColumns({
    organization: false,
    applicationHref: (r) => `/org/applications/bead-applcn/${encodeURIComponent(r.applicationId)}?step=${encodeURIComponent(r.sectionSlug)}`,
  });
  return (
    <>
      <h1 className="ui-h1">Unlock Requests</h1>
      <p className="ui-lead">
        Your requests to unlock a section of a submitted application, and the sections the State Admin unlocked. To ask, open the
        application and select the lock of the section.
      </p>
      <UnlockListTools state={state} search={location.search} open={open} organizations={null} caption="unlock requests" />
      <UnlockTable page={list} state={state} columns={columns} caption="Unlock requests" />
    </>
  );
}

export const ErrorBoundary = ShellErrorBoundary;
