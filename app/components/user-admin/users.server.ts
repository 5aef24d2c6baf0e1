// The Users screens' loader and action (spec 2, 4, 5; docs/decisions/033), shared by /org/users (an organization's
// users) and /state/users (the state's): the paged list in the URL (list kit), the add/edit dialog (?new=1,
// ?edit=id), the disable confirmation (?disable=id); posts redirect with a toast, a refused form keeps what was typed.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { requirePortalUser, type PortalUser } from '../../utils/auth.server';
import { formFailure, readOrFail, toastFailure } from '../../utils/api-errors.server';
import { redirectWithToast } from '../../utils/session.server';
import { readForm } from '../../utils/form-data.server';
import { closeDialogs, parseListState, type ListSpec } from '../../utils/url-state';
import { apiSession } from '../../api/client.server';
import { addUser, listRoles, listUsers, setUserStatus, updateMemberRole, updateUser, withdrawInvitation, type UsersOf } from '../../api/users.server';
import { clampPage } from '../list-kit/paging.server';
import { redirectForMenuPath } from '../../../domain/menu';
import { USER_MSG } from '../../../domain/messages';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../../domain/constants';
import { ORGANIZATION_USER_ROLES, STATE_USER_ROLES, USER_FORM_FIELDS, USER_STATUSES, userFormErrors, userPhone, type UserFormInput, type UserStatus } from '../../../domain/user-form';
import type { RoleName, RoleType } from '../../../domain/roles';
import type { UserRow } from '../../api/types';

export const USERS_LIST_SPEC: ListSpec<never> = { pageSizes: PAGE_SIZES, defaultPageSize: DEFAULT_PAGE_SIZE, filters: {} };

/** What the add/edit form answers when refused: the values typed, the messages per field, the form's message. */
export type SaveResult = { intent: 'save'; userId: string | null; values: Record<string, string>; errors: Record<string, string>; message: string | null };

const usersOf = (user: PortalUser, side: RoleType): UsersOf => (side === 'org' ? { organizationId: user.organization!.id } : { state: true });

/** Signed in on this side with a role whose menu holds Users (others go to their first menu item, as the shell sends them). */
async function usersUser(request: Request, context: LoaderFunctionArgs['context'], side: RoleType) {
  const user = await requirePortalUser(request, context, side);
  const elsewhere = redirectForMenuPath(new URL(request.url).pathname, user.role, side);
  if (elsewhere) throw redirect(elsewhere, { headers: { 'Set-Cookie': user.cookie } });
  return user;
}

export async function usersLoader({ request, context }: LoaderFunctionArgs, side: RoleType) {
  const user = await usersUser(request, context, side);
  const url = new URL(request.url);
  const state = parseListState(url.search, USERS_LIST_SPEC);
  const api = apiSession(context, user);
  const of = usersOf(user, side);
  const editing = url.searchParams.get('edit');
  // The role list is read only while the form that shows it is open.
  const formOpen = url.searchParams.get('new') === '1' || !!editing;
  const [list, roles] = await readOrFail(
    { request, context },
    Promise.all([listUsers(api, of, { page: state.page, limit: state.pageSize }), formOpen ? listRoles(api, of) : []]),
  );
  clampPage(request, state.page, list.totalPages);
  return {
    side,
    state,
    list,
    roles: roles.map((r) => r.name),
    selfId: user.profile.id,
    organizationName: user.organization?.name ?? null,
  };
}

export type UsersLoaderData = Awaited<ReturnType<typeof usersLoader>>;

export async function usersAction({ request, context }: ActionFunctionArgs, side: RoleType) {
  const user = await usersUser(request, context, side);
  const api = apiSession(context, user);
  const caller = { request, context };
  const of = usersOf(user, side);
  const url = new URL(request.url);
  const back = `/${side}/users${closeDialogs(url.search)}`;
  const form = await readForm(request);
  const intent = form.get('intent');
  const userId = String(form.get('userId') ?? '') || null;

  if (intent === 'save') {
    const values = Object.fromEntries(USER_FORM_FIELDS.map((k) => [k, String(form.get(k) ?? '')]));
    const refused = (fields: Partial<SaveResult>, status: number) =>
      data<SaveResult>({ intent: 'save', userId, values, errors: {}, message: null, ...fields }, { status });
    const roles: readonly RoleName[] = side === 'org' ? ORGANIZATION_USER_ROLES : STATE_USER_ROLES;
    const errors = userFormErrors(values, roles);
    if (side === 'org' && userId) {
      // An organization changes a member's role only: the account's fields are its owner's (decision 093).
      if (errors.roleId) return refused({ errors: { roleId: errors.roleId } }, 400);
      try {
        await updateMemberRole(api, user.organization!.id, userId, values.roleId!.trim() as RoleName);
      } catch (error) {
        const failure = await formFailure(error, caller, USER_MSG.updateFailed);
        return refused({ errors: failure.fields, message: failure.message }, failure.status);
      }
      return redirectWithToast(back, context, { type: 'success', title: USER_MSG.updated });
    }
    if (Object.keys(errors).length > 0) return refused({ errors: errors as Record<string, string> }, 400);
    const phone = userPhone(values.phoneNumber ?? '');
    const input: UserFormInput = {
      roleId: values.roleId!.trim() as RoleName, firstName: values.firstName!.trim(), lastName: values.lastName!.trim(), email: values.email!.trim(),
      ...(phone ? { phoneNumber: phone } : {}),
    };
    let saved: UserRow;
    try {
      saved = userId ? (await updateUser(api, of, userId, input)).user : (await addUser(api, of, input)).user;
    } catch (error) {
      const failure = await formFailure(error, caller, userId ? USER_MSG.updateFailed : USER_MSG.addFailed);
      const fieldsOnly = failure.kind === 'invalid' && Object.keys(failure.fields).length > 0;
      return refused({ errors: failure.fields, message: fieldsOnly ? null : failure.message }, failure.status);
    }
    // An existing account is invited, not added: the toast says it joins once it accepts (decision 093).
    const title = userId ? USER_MSG.updated : saved.status === 'invited' ? USER_MSG.invited(`${saved.firstName} ${saved.lastName}`.trim()) : USER_MSG.added;
    return redirectWithToast(back, context, { type: 'success', title });
  }

  if (intent === 'withdraw' && userId && side === 'org') {
    try {
      const { user: withdrawn } = await withdrawInvitation(api, user.organization!.id, userId);
      return redirectWithToast(back, context, { type: 'success', title: USER_MSG.invitationWithdrawn(`${withdrawn.firstName} ${withdrawn.lastName}`.trim()) });
    } catch (error) {
      return toastFailure(await formFailure(error, caller, USER_MSG.toggleFailed), caller, back);
    }
  }

  if (intent === 'toggle' && userId) {
    const status = String(form.get('status') ?? '') as UserStatus;
    if (!(USER_STATUSES as readonly string[]).includes(status)) return redirect(back);
    try {
      const { user: changed } = await setUserStatus(api, of, userId, status);
      const name = `${changed.firstName} ${changed.lastName}`.trim();
      return redirectWithToast(back, context, { type: 'success', title: status === 'inactive' ? USER_MSG.disabled(name) : USER_MSG.enabled(name) });
    } catch (error) {
      // Refused (oneself, the last admin, someone else changed it): the reason as a toast on the list, read first.
      return toastFailure(await formFailure(error, caller, USER_MSG.toggleFailed), caller, back);
    }
  }

  return redirect(back);
}
