// The State Admin's unlock requests (spec 2 /state/unlock-requests, spec 7; docs/decisions/034): the organizations'
// requests (GET unlock-requests) and the State Admin's own unlocks (GET unlock-requests/admin-unlocks, ?view=admin), paged
// through the list kit with the Application ID search, the status and organization filters in the URL; Approve on a
// waiting request (PUT unlock-requests/{id}/approve) and Admin Unlock of any section (?unlock=new: a URL-state dialog
// posting POST unlock-requests/admin-unlock). Plain GET links and POST forms: all of it works without JavaScript.
import { useState } from 'react';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useLocation } from '@remix-run/react';
import { requirePortalUser } from '../utils/auth.server';
import { formFailure, readOrFail } from '../utils/api-errors.server';
import { redirectWithToast } from '../utils/session.server';
import { readForm } from '../utils/form-data.server';
import { parseListState, withParams } from '../utils/url-state';
import { apiSession } from '../api/client.server';
import { listAllOrganizations } from '../api/review-list.server';
import { programSections } from '../api/sections.server';
import { adminUnlock, approveUnlock, listAdminUnlocks, listUnlockRequests, type UnlockRow } from '../api/unlock-requests.server';
import { ListTabs } from '../components/list-kit';
import { clampPage } from '../components/list-kit/paging.server';
import { ShellErrorBoundary } from '../components/error-boundary';
import { UrlDialog } from '../components/url-dialog';
import { ErrorList, FormAlert } from '../components/forms';
import { TextArea } from '../components/text-input';
import { UNLOCK_LIST_SPEC, UnlockListTools, UnlockTable, unlockColumns, unlockQuery } from '../components/unlock-list';
import { redirectForMenuPath } from '../../domain/menu';
import { can } from '../../domain/permissions';
import { MESSAGE_MAX, UNLOCK_MSG } from '../../domain/unlock-requests';

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
  const [list, organizations, sections] = await readOrFail(
    { request, context },
    Promise.all([
      admin ? listAdminUnlocks(api, query) : listUnlockRequests(api, query),
      naming ? listAllOrganizations(api) : [],
      unlocking ? programSections(api) : [],
    ]),
  );
  clampPage(request, state.page, list.totalPages);
  return {
    state, list, admin, unlocking,
    organizations: organizations.map((o) => ({ id: o.id, name: o.name })),
    sections: sections.filter((s) => !s.isEntityProfile).map((s) => ({ id: s.id, name: s.name })),
  };
}

type ActionResult =
  | { intent: 'approve'; id: string; error: string }
  | { intent: 'admin-unlock'; values: Record<string, string>; errors: Record<string, string>; error: string | null };

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
  if (intent === 'admin-unlock') {
    const values = Object.fromEntries(['applicationId', 'sectionId', 'message'].map((k) => [k, String(form.get(k) ?? '')]));
    try {
      const { message } = await adminUnlock(api, { applicationId: values.applicationId!, sectionId: values.sectionId!, message: values.message! });
      return redirectWithToast(`/state/unlock-requests?view=admin`, context, { type: 'success', title: message });
    } catch (error) {
      const failure = await formFailure(error, caller);
      const tied = Object.keys(failure.fields).length > 0;
      return data<ActionResult>({ intent: 'admin-unlock', values, errors: failure.fields, error: tied ? null : failure.message }, { status: failure.status });
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

function AdminUnlockDialog({ sections, failed }: { sections: { id: string; name: string }[]; failed: Extract<ActionResult, { intent: 'admin-unlock' }> | null }) {
  const location = useLocation();
  const close = withParams(location.search, { unlock: null });
  const [values] = useState(failed?.values ?? { applicationId: '', sectionId: '', message: '' });
  const errors = failed?.errors ?? {};
  const field = (name: string) => (errors[name] ? { 'aria-invalid': true as const, 'aria-describedby': `admin-unlock-${name}-error` } : {});
  return (
    <UrlDialog id="admin-unlock" title="Admin Unlock" closeTo={close}>
      <Form method="post" action={`${withParams(location.search, { unlock: 'new' })}#admin-unlock`} preventScrollReset>
        <input type="hidden" name="intent" value="admin-unlock" />
        <FormAlert id="admin-unlock-error" message={failed?.error ?? null} />
        <p>Unlock one section of a submitted application for its organization. Its admins are emailed.</p>
        <label htmlFor="admin-unlock-applicationId" className="ui-label">Application ID</label>
        <input id="admin-unlock-applicationId" name="applicationId" type="text" required maxLength={20} defaultValue={values.applicationId} placeholder="GA-XXXXXX" className="ui-input" data-autofocus {...field('applicationId')} />
        <ErrorList id="admin-unlock-applicationId-error" errors={errors.applicationId ? [errors.applicationId] : null} />
        <label htmlFor="admin-unlock-sectionId" className="ui-label">Section</label>
        <select id="admin-unlock-sectionId" name="sectionId" required defaultValue={values.sectionId} className="ui-select" {...field('sectionId')}>
          <option value="">Select a section</option>
          {sections.map((s) => (
            <option key={s.id} value={s.id}>{s.name}</option>
          ))}
        </select>
        <ErrorList id="admin-unlock-sectionId-error" errors={errors.sectionId ? [errors.sectionId] : null} />
        <label htmlFor="admin-unlock-message" className="ui-label">Message to the organization</label>
        <TextArea id="admin-unlock-message" name="message" rows={4} required maxLength={MESSAGE_MAX} defaultValue={values.message} placeholder={UNLOCK_MSG.placeholder} {...field('message')} />
        <ErrorList id="admin-unlock-message-error" errors={errors.message ? [errors.message] : null} />
        <div className="ui-dialog-actions">
          <Link to={close} preventScrollReset className="ui-btn-outline">Cancel</Link>
          <button type="submit" className="ui-btn">Unlock</button>
        </div>
      </Form>
    </UrlDialog>
  );
}

export default function StateUnlockRequests() {
  const { state, list, admin, unlocking, organizations, sections } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionResult | undefined;
  const location = useLocation();
  const open = new URLSearchParams(location.search).get('filters') === 'open';
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
        <Link to={`${withParams(location.search, { unlock: 'new' })}#admin-unlock`} preventScrollReset className="ui-btn">
          Admin Unlock
        </Link>
      </div>
      {unlocking ? <AdminUnlockDialog sections={sections} failed={actionData?.intent === 'admin-unlock' ? actionData : null} /> : null}
      <FormAlert message={actionData?.intent === 'approve' ? actionData.error : null} />
      <ListTabs label="Unlock lists" tabs={tabs} current={admin ? tabs[1]!.to : tabs[0]!.to} />
      <UnlockListTools state={state} search={location.search} open={open} organizations={organizations} caption={admin ? 'admin unlocks' : 'unlock requests'} />
      <UnlockTable page={list} state={state} columns={columns} caption={admin ? 'Admin unlocks' : 'Unlock requests'} />
    </>
  );
}

export const ErrorBoundary = ShellErrorBoundary;
