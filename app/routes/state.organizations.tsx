// The State Admin's organizations (spec 2 /state/organizations, spec 7 organization/with-users; docs/decisions/035):
// every organization with its status and number of users, paged by the list kit with the name search and the
// status filter in the filter drawer (chips; decision 039), all in the URL; ?open=orgId shows that organization's users (name, email, role, the
// Users screen's status switch and disable confirmation, ?disable=userId); Deactivate asks first (?deactivate=orgId,
// an alertdialog), Activate acts at once. Plain GET links and POST forms: all of it works without JavaScript.
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData, useLocation } from '@remix-run/react';
import { Form } from '../components/form';
import { requirePortalUser } from '../utils/auth.server';
import { formFailure, readOrFail, toastFailure } from '../utils/api-errors.server';
import { redirectWithToast } from '../utils/session.server';
import { readForm } from '../utils/form-data.server';
import { chip, oneOf, parseListState, withParams, type Chip, type ListSpec, type ListState } from '../utils/url-state';
import { apiSession } from '../api/client.server';
import { listOrganizationsWithUsers, setOrganizationStatus, type OrganizationWithUsers } from '../api/organizations.server';
import { setUserStatus } from '../api/users.server';
import { DataTable, FilterChips, FilterDrawer, FilterDrawerLink, PagedTable, SearchForm, type Column } from '../components/list-kit';
import { FilterField } from '../components/list-kit/filter-field';
import { clampPage } from '../components/list-kit/paging.server';
import { ShellErrorBoundary } from '../components/error-boundary';
import { ConfirmActions, UrlDialog } from '../components/url-dialog';
import { DisableConfirm, StatusToggle } from '../components/user-admin/users-screen';
import { redirectForMenuPath } from '../../domain/menu';
import { ORGANIZATION_MSG, USER_MSG } from '../../domain/messages';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../domain/constants';
import { roleLabel } from '../../domain/roles';
import { USER_STATUSES, type UserStatus } from '../../domain/user-form';
import '../chunks/signed-in'; // shared modules in one file (decision 102)

export const meta: MetaFunction = () => [{ title: 'Organizations | Broadband Grants Portal' }];

const LIST_SPEC: ListSpec<'status'> = {
  pageSizes: PAGE_SIZES, defaultPageSize: DEFAULT_PAGE_SIZE, search: { max: 200 }, filters: { status: oneOf(['active', 'inactive']) },
};
const STATUS_FILTER = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

function organizationChips(state: ListState<'status'>, search: string): Chip[] {
  const chips: Chip[] = [];
  if (state.search) chips.push(chip(search, 'q', `Organization: ${state.search}`));
  const status = STATUS_FILTER.find((s) => s.value === state.filters.status);
  if (status) chips.push(chip(search, 'status', `Status: ${status.label}`));
  return chips;
}

/** The panels of this page (URL state): the open organization, the user and the organization asked about. */
const closePanels = (search: string) => withParams(search, { disable: null, deactivate: null });

async function stateAdmin(request: Request, context: LoaderFunctionArgs['context']) {
  const user = await requirePortalUser(request, context, 'state');
  const elsewhere = redirectForMenuPath(new URL(request.url).pathname, user.role, 'state');
  if (elsewhere) throw redirect(elsewhere, { headers: { 'Set-Cookie': user.cookie } });
  return user;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await stateAdmin(request, context);
  const url = new URL(request.url);
  const state = parseListState(url.search, LIST_SPEC);
  const list = await readOrFail(
    { request, context },
    listOrganizationsWithUsers(apiSession(context, user), { page: state.page, limit: state.pageSize, search: state.search, status: state.filters.status }),
  );
  clampPage(request, state.page, list.totalPages);
  return { state, list };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await stateAdmin(request, context);
  const api = apiSession(context, user);
  const caller = { request, context };
  const url = new URL(request.url);
  const back = `/state/organizations${closePanels(url.search)}`;
  const form = await readForm(request);
  const intent = String(form.get('intent') ?? '');
  const organizationId = String(form.get('organizationId') ?? '');
  const status = String(form.get('status') ?? '');
  if (!organizationId || !(USER_STATUSES as readonly string[]).includes(status)) return redirect(back);
  if (intent === 'toggle') {
    const userId = String(form.get('userId') ?? '');
    try {
      const { user: changed } = await setUserStatus(api, { organizationId }, userId, status as UserStatus);
      const name = `${changed.firstName} ${changed.lastName}`.trim();
      return redirectWithToast(back, context, { type: 'success', title: status === 'inactive' ? USER_MSG.disabled(name) : USER_MSG.enabled(name) });
    } catch (error) {
      return toastFailure(await formFailure(error, caller, USER_MSG.toggleFailed), caller, back);
    }
  }
  if (intent === 'organization-status') {
    try {
      await setOrganizationStatus(api, organizationId, status as UserStatus);
      return redirectWithToast(back, context, { type: 'success', title: ORGANIZATION_MSG.updated });
    } catch (error) {
      return toastFailure(await formFailure(error, caller), caller, back);
    }
  }
  return redirect(back);
}

const statusText = (status: string) => (status === 'active' ? 'Active' : 'Inactive');

function OrganizationStatusControl({ org, search }: { org: OrganizationWithUsers; search: string }) {
  if (org.status === 'active') {
    return (
      <Link to={`${withParams(search, { deactivate: org.id, disable: null })}#deactivate-confirm`} preventScrollReset className="ui-btn-outline-sm">
        Deactivate<span className="visually-hidden"> {org.legalName}</span>
      </Link>
    );
  }
  return (
    <Form method="post" preventScrollReset className="ui-inline-form">
      <input type="hidden" name="intent" value="organization-status" />
      <input type="hidden" name="organizationId" value={org.id} />
      <input type="hidden" name="status" value="active" />
      <button type="submit" className="ui-btn-outline-sm">
        Activate<span className="visually-hidden"> {org.legalName}</span>
      </button>
    </Form>
  );
}

function DeactivateConfirm({ org }: { org: OrganizationWithUsers }) {
  const location = useLocation();
  const close = closePanels(location.search);
  return (
    <UrlDialog id="deactivate-confirm" title="Deactivate Organization" closeTo={close} role="alertdialog">
      <p>{ORGANIZATION_MSG.deactivateConfirm}</p>
      <p>
        {org.legalName} will be shown inactive; its users who belong to no other active organization are signed out at once and cannot
        sign in until it is activated again.
      </p>
      <Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value="organization-status" />
        <input type="hidden" name="organizationId" value={org.id} />
        <input type="hidden" name="status" value="inactive" />
        <ConfirmActions closeTo={close} yes="Yes, deactivate" />
      </Form>
    </UrlDialog>
  );
}

function OrganizationUsers({ org, search }: { org: OrganizationWithUsers; search: string }) {
  type U = OrganizationWithUsers['users'][number];
  const columns: Column<U>[] = [
    { header: 'User Name', cell: (u) => `${u.firstName} ${u.lastName}`.trim() },
    { header: 'Email', cell: (u) => u.email },
    { header: 'Role', cell: (u) => u.roles.map((r) => roleLabel(r.name)).join(', ') },
    { header: 'Status', cell: (u) => <StatusToggle user={u} self={false} search={search} fields={{ organizationId: org.id }} />, nowrap: true },
  ];
  return (
    <div id="organization-users">
      <h2 id="organization-users-title" className="ui-list-title">
        Users of {org.legalName}
      </h2>
      <p>
        <Link to={withParams(search, { open: null, disable: null })} preventScrollReset>
          Hide the users of {org.legalName}
        </Link>
      </p>
      <DataTable caption={`Users of ${org.legalName}`} columns={columns} rows={org.users} rowKey={(u) => u.id} testId="organization-users-table" rowTestId="organization-user-row" />
    </div>
  );
}

export default function StateOrganizations() {
  const { state, list } = useLoaderData<typeof loader>();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const open = list.organizations.find((o) => o.id === params.get('open')) ?? null;
  const deactivating = list.organizations.find((o) => o.id === params.get('deactivate') && o.status === 'active') ?? null;
  const disabling = open?.users.find((u) => u.id === params.get('disable') && u.status === 'active') ?? null;
  const filtering = params.get('filters') === 'open';
  const columns: Column<OrganizationWithUsers>[] = [
    { header: 'Organization', cell: (o) => o.legalName },
    { header: 'Status', cell: (o) => statusText(o.status) },
    { header: 'Users', cell: (o) => String(o.userCount) },
    {
      header: 'Actions',
      cell: (o) => (
        <ul className="row-actions">
          <li>
            <Link
              to={`${withParams(location.search, { open: open?.id === o.id ? null : o.id, disable: null, deactivate: null })}${open?.id === o.id ? '' : '#organization-users'}`}
              preventScrollReset
              aria-expanded={open?.id === o.id}
            >
              {open?.id === o.id ? 'Hide users' : 'Users'}
              <span className="visually-hidden"> of {o.legalName}</span>
            </Link>
          </li>
          <li>
            <OrganizationStatusControl org={o} search={location.search} />
          </li>
        </ul>
      ),
    },
  ];

  // The open panels come right after the heading (decision 024): read first without JavaScript.
  return (
    <>
      <h1 className="ui-h1">Organizations</h1>
      <FilterDrawer open={filtering} fields={['status']}>
        <FilterField name="status" label="Status" value={state.filters.status} any="Any status" options={STATUS_FILTER} />
      </FilterDrawer>
      {deactivating ? <DeactivateConfirm org={deactivating} /> : null}
      {open && disabling ? (
        <DisableConfirm user={disabling} closeTo={closePanels(location.search)} fields={{ organizationId: open.id }} />
      ) : null}
      <section aria-label="Search and filter organizations" className="ui-list-tools">
        <SearchForm id="organization-search" label="Search Organization Name" value={state.search} maxLength={200} />
        <FilterDrawerLink />
      </section>
      <FilterChips chips={organizationChips(state, location.search)} />
      {open ? <OrganizationUsers org={open} search={location.search} /> : null}
      <PagedTable
        list={list}
        caption="Organizations"
        columns={columns}
        rows={list.organizations}
        rowKey={(o) => o.id}
        testId="organizations-table"
        rowTestId="organization-row"
        noun={['organization', 'organizations']}
        pageSize={{ size: state.pageSize, sizes: PAGE_SIZES }}
      />
    </>
  );
}

export const ErrorBoundary = ShellErrorBoundary;
