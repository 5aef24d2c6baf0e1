// The Users screen (spec 2 "Users screen", 4 "User status toggle", 5 "User form"; docs/decisions/033), the same for
// an organization's users (/org/users) and the state's (/state/users): a table (User Name, Role, Email, Phone,
// Status toggle, Actions edit) paged by the list kit, an Add User button, the add/edit form dialog and the disable
// confirmation, all URL state (decision 004) and plain GET/POST: everything works without JavaScript. With it, the
// form checks spec 5's rules before posting (the same check the server runs) and Submit waits for a change.
import { useMemo, useState, type FormEvent } from 'react';
import { Link, useActionData, useLoaderData, useLocation, useNavigation } from '@remix-run/react';
import { Form } from '../form';
import { PagedTable, type Column } from '../list-kit';
import { DialogActions, ConfirmActions, UrlDialog } from '../url-dialog';
import { ErrorList, Field, FormAlert } from '../forms';
import { closeDialogs, withParams } from '../../utils/url-state';
import { useHydrated } from '../../utils/use-hydrated';
import { formatPhone, PHONE_INPUT_LENGTH } from '../../../domain/format';
import { roleLabel, type RoleName } from '../../../domain/roles';
import { USER_MSG } from '../../../domain/messages';
import { PAGE_SIZES } from '../../../domain/constants';
import { USER_FORM_FIELDS, userFormErrors, type UserFormField } from '../../../domain/user-form';
import type { UserRow } from '../../api/types';
import type { SaveResult, UsersLoaderData } from './users.server';

const fullName = (u: Pick<UserRow, 'firstName' | 'lastName'>) => `${u.firstName} ${u.lastName}`.trim();
const rolesText = (u: UserRow) => u.roles.map((r) => roleLabel(r.name)).join(', ');

export function UsersScreen() {
  const { list, roles, state, selfId, side, organizationName } = useLoaderData<UsersLoaderData>();
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  const editing = search.get('edit');
  const disabling = search.get('disable');
  const editUser = editing ? list.users.find((u) => u.id === editing) ?? null : null;
  const disableUser = disabling ? list.users.find((u) => u.id === disabling && u.status === 'active' && u.id !== selfId) ?? null : null;
  const creating = search.get('new') === '1';

  // The open panel comes right after the heading (decision 024): read first without JavaScript.
  return (
    <>
      <div className="ui-list-head">
        <h1 className="ui-list-title">Users</h1>
        <Link to={`${withParams(location.search, { new: '1', edit: null, disable: null })}#user-form`} preventScrollReset className="ui-btn">
          Add User
        </Link>
      </div>
      {side === 'org' && organizationName ? <p className="ui-lead">The people of {organizationName} who use the portal.</p> : null}
      {side === 'state' ? <p className="ui-lead">The state office's users and their roles.</p> : null}

      {creating ? <UserFormDialog key="new" user={null} roles={roles as RoleName[]} /> : null}
      {editUser ? <UserFormDialog key={editUser.id} user={editUser} roles={roles as RoleName[]} roleOnly={side === 'org'} /> : null}
      {disableUser ? <DisableConfirm user={disableUser} /> : null}

      <PagedTable
        list={list}
        caption="Users"
        columns={userColumns(selfId, location.search, side)}
        rows={list.users}
        rowKey={(u) => u.id}
        testId="users-table"
        rowTestId="user-row"
        noun={['user', 'users']}
        pageSize={{ size: state.pageSize, sizes: PAGE_SIZES }}
      />
    </>
  );
}

function userColumns(selfId: string, search: string, side: UsersLoaderData['side']): Column<UserRow>[] {
  return [
    { header: 'User Name', cell: (u) => fullName(u) },
    { header: 'Role', cell: (u) => rolesText(u) },
    { header: 'Email', cell: (u) => u.email },
    { header: 'Phone', cell: (u) => formatPhone(u.phoneNumber, { countryCode: true }), nowrap: true },
    { header: 'Status', cell: (u) => <StatusToggle user={u} self={u.id === selfId} search={search} />, nowrap: true },
    {
      header: 'Actions',
      cell: (u) => (
        <ul className="row-actions">
          {u.status === 'invited' && side === 'org' ? (
            <li>
              <Form method="post" preventScrollReset>
                <input type="hidden" name="intent" value="withdraw" />
                <input type="hidden" name="userId" value={u.id} />
                <button type="submit" aria-label={`Withdraw the invitation of ${fullName(u)}`}>
                  Withdraw invitation
                </button>
              </Form>
            </li>
          ) : (
            <li>
              <Link to={`${withParams(search, { edit: u.id, new: null, disable: null })}#user-form`} preventScrollReset aria-label={`Edit ${fullName(u)}`}>
                Edit
              </Link>
            </li>
          )}
        </ul>
      ),
    },
  ];
}

function SwitchFace({ name, active }: { name: string; active: boolean }) {
  return (
    <>
      <span className="track" aria-hidden="true" />
      <span className="visually-hidden">{name}: </span>
      {active ? 'Active' : 'Inactive'}
    </>
  );
}

/**
 * Spec 4: turning an active user off asks first (a link to the confirmation, URL state); turning on acts at once (a
 * post). One's own account cannot be turned off (the API refuses it too): shown, not offered.
 */
export function StatusToggle({ user, self, search, fields = {} }: { user: Pick<UserRow, 'id' | 'firstName' | 'lastName' | 'status'>; self: boolean; search: string; fields?: Record<string, string> }) {
  const name = fullName(user);
  const active = user.status === 'active';
  // An existing account asked to join: nothing to switch until its owner accepts (decision 093).
  if (user.status === 'invited') return <span>Invitation pending</span>;
  if (self) {
    // Not a control: one's own account is not turned off here.
    return <span>{active ? 'Active' : 'Inactive'} (you)</span>;
  }
  if (active) {
    return (
      <Link to={`${withParams(search, { disable: user.id, new: null, edit: null })}#disable-confirm`} preventScrollReset role="switch" aria-checked="true" className="ui-switch">
        <SwitchFace name={name} active />
      </Link>
    );
  }
  return (
    <Form method="post" preventScrollReset className="ui-inline-form">
      <input type="hidden" name="intent" value="toggle" />
      <input type="hidden" name="userId" value={user.id} />
      <input type="hidden" name="status" value="active" />
      {Object.entries(fields).map(([k, v]) => <input key={k} type="hidden" name={k} value={v} />)}
      <button type="submit" role="switch" aria-checked="false" className="ui-switch">
        <SwitchFace name={name} active={false} />
      </button>
    </Form>
  );
}

export function DisableConfirm({ user, closeTo, fields = {} }: { user: Pick<UserRow, 'id' | 'firstName' | 'lastName' | 'email'>; closeTo?: string; fields?: Record<string, string> }) {
  const location = useLocation();
  const close = closeTo ?? closeDialogs(location.search);
  return (
    <UrlDialog id="disable-confirm" title="Disable User" closeTo={close} role="alertdialog">
      <p>{USER_MSG.disableConfirm}</p>
      <p>
        {fullName(user)} ({user.email}) will be signed out at once and cannot sign in until enabled again.
      </p>
      <Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value="toggle" />
        <input type="hidden" name="userId" value={user.id} />
        <input type="hidden" name="status" value="inactive" />
        {Object.entries(fields).map(([k, v]) => <input key={k} type="hidden" name={k} value={v} />)}
        <ConfirmActions closeTo={close} yes="Yes, disable" />
      </Form>
    </UrlDialog>
  );
}

const LABELS: Record<UserFormField, string> = { roleId: 'Role', firstName: 'First Name', lastName: 'Last Name', email: 'Email', phoneNumber: 'Phone (optional)' };

/**
 * Add User (user null) or edit one: spec 5's fields, rules and messages; Submit waits for a change (with JavaScript).
 * `roleOnly`: an organization's edit of a member changes the role only; the name, email and phone are shown, as the
 * account's owner keeps them (decision 093).
 */
function UserFormDialog({ user, roles, roleOnly = false }: { user: UserRow | null; roles: RoleName[]; roleOnly?: boolean }) {
  const location = useLocation();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const actionData = useActionData<SaveResult>();
  const refused = actionData?.intent === 'save' && actionData.userId === (user?.id ?? null) ? actionData : null;
  const initial = useMemo<Record<UserFormField, string>>(() => ({
    roleId: user?.roles[0]?.name ?? '',
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    email: user?.email ?? '',
    phoneNumber: user?.phoneNumber ? formatPhone(user.phoneNumber) : '',
  }), [user]);
  const shown = (field: UserFormField) => refused?.values[field] ?? initial[field];
  const [checked, setChecked] = useState<Partial<Record<UserFormField, string>> | null>(null);
  const errors: Partial<Record<UserFormField, string>> = checked ?? (refused?.errors as Partial<Record<UserFormField, string>>) ?? {};
  const [changed, setChanged] = useState(() => USER_FORM_FIELDS.some((f) => shown(f) !== initial[f]));

  const accountOwned = roleOnly && user !== null;
  const fields: readonly UserFormField[] = accountOwned ? ['roleId'] : USER_FORM_FIELDS;
  const valuesOf = (form: HTMLFormElement) => Object.fromEntries(USER_FORM_FIELDS.map((f) => [f, accountOwned && f !== 'roleId' ? initial[f] : String(new FormData(form).get(f) ?? '')])) as Record<UserFormField, string>;
  const onInput = (event: FormEvent<HTMLFormElement>) => {
    const values = valuesOf(event.currentTarget);
    setChanged(fields.some((f) => values[f] !== initial[f]));
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const found = userFormErrors(valuesOf(event.currentTarget), roles);
    const first = fields.find((f) => found[f]);
    // Passed: the server's answer (a refused email, say) is what shows next.
    setChecked(first ? found : null);
    if (first) {
      event.preventDefault();
      event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    }
  };
  const id = (field: UserFormField) => `user-${field}`;
  const fieldErrors = (field: UserFormField) => (errors[field] ? [errors[field]!] : null);
  const text = (field: Exclude<UserFormField, 'roleId'>, type: string, autoComplete: string, extra: Record<string, unknown> = {}) => (
    <Field
      label={LABELS[field]}
      errors={fieldErrors(field)}
      hint={field === 'phoneNumber' ? '10 digits, for example (608) 555-0100.' : undefined}
      inputProps={{ id: id(field), name: field, type, autoComplete, defaultValue: shown(field), 'aria-required': field === 'phoneNumber' ? undefined : true, ...extra }}
    />
  );

  return (
    <UrlDialog id="user-form" title={user ? 'Edit User' : 'Add User'} closeTo={closeDialogs(location.search)}>
      <Form method="post" preventScrollReset noValidate onInput={onInput} onChange={onInput} onSubmit={onSubmit}>
        <input type="hidden" name="intent" value="save" />
        {user ? <input type="hidden" name="userId" value={user.id} /> : null}
        <FormAlert id="user-form-error" message={refused?.message} />
        <div className="ui-field">
          <label htmlFor={id('roleId')} className="ui-label">
            Role
          </label>
          <select
            id={id('roleId')}
            name="roleId"
            defaultValue={shown('roleId')}
            aria-required="true"
            aria-invalid={errors.roleId ? true : undefined}
            aria-describedby={errors.roleId ? `${id('roleId')}-error` : undefined}
            className="ui-select"
            data-autofocus
          >
            <option value="">Select an option</option>
            {roles.map((role) => (
              <option key={role} value={role}>
                {roleLabel(role)}
              </option>
            ))}
          </select>
          <ErrorList id={`${id('roleId')}-error`} errors={fieldErrors('roleId')} />
        </div>
        {accountOwned ? (
          <>
            <dl className="ui-facts">
              <dt>User Name</dt>
              <dd>{fullName(user)}</dd>
              <dt>Email</dt>
              <dd>{user.email}</dd>
              <dt>Phone</dt>
              <dd>{user.phoneNumber ? formatPhone(user.phoneNumber, { countryCode: true }) : 'Not given'}</dd>
            </dl>
            <p className="ui-hint">{USER_MSG.accountFieldsOwners}</p>
          </>
        ) : (
          <>
            {text('firstName', 'text', 'given-name')}
            {text('lastName', 'text', 'family-name')}
            {text('email', 'email', 'email')}
            {text('phoneNumber', 'tel', 'tel', { maxLength: PHONE_INPUT_LENGTH + 3 })}
          </>
        )}
        <DialogActions closeTo={closeDialogs(location.search)} submit={user ? 'Save' : 'Add User'} disabled={hydrated && (!changed || navigation.state === 'submitting')} />
      </Form>
    </UrlDialog>
  );
}
