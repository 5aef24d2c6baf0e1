// The State Admin's unlock requests (spec 2 /state/unlock-requests, spec 7; docs/decisions/034): the organizations'
// requests (GET unlock-requests) and the State Admin's own unlocks (GET unlock-requests/admin-unlocks, ?view=admin), paged
// through the list kit with the Application ID search, the status and organization filters in the URL; Approve on a
// waiting request (PUT unlock-requests/{id}/approve) and Admin Unlock of any section (?unlock=new: a URL-state dialog
// posting POST unlock-requests/admin-unlock, components/unlocks/admin-unlock.tsx); above the lists, each programme's unlock
// window with Close window / Reopen window (?window=programId asks first; PUT program/{id}/unlock-window, decision 039).
// Plain GET links and POST forms: all of it works without JavaScript.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData, useLocation } from '@remix-run/react';
import { Form } from '../components/form';
import { requirePortalUser } from '../utils/auth.server';
import { formFailure, readOrFail } from '../utils/api-errors.server';
import { redirectWithToast } from '../utils/session.server';
import { readForm } from '../utils/form-data.server';
import { parseListState, withParams } from '../utils/url-state';
import { apiSession } from '../api/client.server';
import { listAllOrganizations } from '../api/review-list.server';
import { programSections } from '../api/sections.server';
import { approveUnlock, listAdminUnlocks, listUnlockRequests, setUnlockWindow, unlockWindows, type UnlockRow } from '../api/unlock-requests.server';
import { ListTabs } from '../components/list-kit';
import { clampPage } from '../components/list-kit/paging.server';
import { ShellErrorBoundary } from '../components/error-boundary';
import { FormAlert } from '../components/forms';
import { AdminUnlockDialog, ADMIN_UNLOCK_INTENT, type AdminUnlockFailure } from '../components/unlocks/admin-unlock';
import { adminUnlockAction } from '../components/unlocks/admin-unlock.server';
import { pastDue, UnlockWindowConfirm, UnlockWindowPanel, WINDOW_INTENT, WINDOW_PARAM, type WindowFailure } from '../components/unlocks/unlock-window';
import { UNLOCK_LIST_SPEC, UnlockListTools, UnlockTable, unlockColumns, unlockQuery } from '../components/unlock-list';
import { redirectForMenuPath } from '../../domain/menu';
import { can } from '../../domain/permissions';
import '../chunks/signed-in'; // shared modules in one file (decision 102)

export const meta: MetaFunction = () => [{ title: 'Unlock Requests | Broadband Grants Portal' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requirePortalUser(request, context, 'state');
  const url = new URL(request.url);
  const elsewhere = redirectForMenuPath(url.pathname, user.role, 'state');
  if (elsewhere) throw redirect(elsewhere, { headers: { 'Set-Cookie': user.cookie } });
  const state = parseListState(url.search, UNLOCK_LIST_SPEC);
  const api = apiSession(context, user);
  const admin = url.searchParams.get('view') === 'admin';
  const unlocking = url.searchParams.get('unlock') === 'new' && can(user.role, 'update', 'unlock-request');
  const naming = url.searchParams.get('filters') === 'open' || !!state.filters.organization;
  const query = unlockQuery(state);
  const [list, organizations, sections, { windows }] = await readOrFail(
    { request, context },
    Promise.all([
      admin ? listAdminUnlocks(api, query) : listUnlockRequests(api, query),
      naming ? listAllOrganizations(api) : [],
      unlocking ? programSections(api) : [],
      unlockWindows(api),
    ]),
  );
  clampPage(request, state.page, list.totalPages);
  return {
    state, list, admin, unlocking, windows,
    organizations: organizations.map((o) => ({ id: o.id, name: o.name })),
    sections: sections.filter((s) => !s.isEntityProfile).map((s) => ({ id: s.id, name: s.name })),
  };
}

type ActionResult = { intent: 'approve'; id: string; error: string } | AdminUnlockFailure | WindowFailure;

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requirePortalUser(request, context, 'state');
  const api = apiSession(context, user);
  const caller = { request, context };
  const url = new URL(request.url);
  const form = await readForm(request);
  const intent = String(form.get('intent') ?? '');
  const back = `/state/unlock-requests${withParams(url.search, { unlock: null })}`;
  if (intent === 'approve') {
    const id = String(form.get('id') ?? '');
    try {
      const { message } = await approveUnlock(api, id);
      return redirectWithToast(back, context, { type: 'success', title: message });
    } catch (error) {
      const failure = await formFailure(error, caller);
      return data<ActionResult>({ intent: 'approve', id, error: failure.message }, { status: failure.status });
    }
  }
  if (intent === ADMIN_UNLOCK_INTENT) return adminUnlockAction(api, caller, form, '/state/unlock-requests?view=admin');
  if (intent === WINDOW_INTENT) {
    const programId = String(form.get('programId') ?? '');
    const status = form.get('status') === 'open' ? 'open' : 'closed';
    try {
      const { message } = await setUnlockWindow(api, programId, status);
      return redirectWithToast(`/state/unlock-requests${withParams(url.search, { [WINDOW_PARAM]: null, unlock: null })}`, context, { type: 'success', title: message });
    } catch (error) {
      const failure = await formFailure(error, caller);
      return data<ActionResult>({ intent: WINDOW_INTENT, programId, error: failure.message }, { status: failure.status });
    }
  }
  return data({ intent: 'none' }, { status: 400 });
}

function ApproveButton({ row }: { row: UnlockRow }) {
  if (row.status !== 'PENDING' || row.kind !== 'REQUEST') return null;
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="approve" />
      <input type="hidden" name="id" value={row.id} />
      <button type="submit" className="ui-btn-outline-sm">
        Approve<span className="visually-hidden"> the request for {row.applicationId} {row.sectionName}</span>
      </button>
    </Form>
  );
}

export default function StateUnlockRequests() {
  const { state, list, admin, unlocking, windows, organizations, sections } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionResult | undefined;
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const open = params.get('filters') === 'open';
  const confirming = windows.find((w) => w.programId === params.get(WINDOW_PARAM) && !pastDue(w)) ?? null;
  const columns = unlockColumns({
    organization: true,
    applicationHref: (r) => `/state/applications/review-application/${encodeURIComponent(r.applicationId)}`,
    actions: admin ? undefined : (r) => <ApproveButton row={r} />,
  });
  const tabs = [
    { to: '/state/unlock-requests', label: 'Requests' },
    { to: '/state/unlock-requests?view=admin', label: 'Admin unlocks' },
  ];
  return (
    <>
      <div className="ui-title-row">
        <h1 className="ui-h1-flush">Unlock Requests</h1>
        <Link to={`${withParams(location.search, { unlock: 'new', [WINDOW_PARAM]: null })}#admin-unlock`} preventScrollReset className="ui-btn">
          Admin Unlock
        </Link>
      </div>
      {unlocking ? (
        <AdminUnlockDialog
          closeTo={withParams(location.search, { unlock: null })}
          action={withParams(location.search, { unlock: 'new' })}
          sections={sections}
          failed={actionData?.intent === ADMIN_UNLOCK_INTENT ? actionData : null}
        />
      ) : null}
      {confirming ? (
        <UnlockWindowConfirm
          window={confirming}
          search={location.search}
          failed={actionData?.intent === WINDOW_INTENT && actionData.programId === confirming.programId ? actionData : null}
        />
      ) : null}
      <UnlockWindowPanel windows={windows} search={location.search} />
      <FormAlert message={actionData?.intent === 'approve' ? actionData.error : null} />
      <ListTabs label="Unlock lists" tabs={tabs} current={admin ? tabs[1]!.to : tabs[0]!.to} />
      <UnlockListTools state={state} search={location.search} open={open} organizations={organizations} caption={admin ? 'admin unlocks' : 'unlock requests'} />
      <UnlockTable page={list} state={state} columns={columns} caption={admin ? 'Admin unlocks' : 'Unlock requests'} />
    </>
  );
}

export const ErrorBoundary = ShellErrorBoundary;
