// Users (spec 7 Users; docs/decisions/033): an organization's users and the state's users, the role lists, add,
// edit and the status toggle.
import { get, patch, post, put, seg, type ApiSession } from './client.server';
import type { UserListPage } from './types';
import type { MemberCounts, RoleChoice, UserWritten } from '../../domain/api-schemas';
import type { UserFormInput, UserStatus } from '../../domain/user-form';
import type { RoleName } from '../../domain/roles';
import type { z } from 'zod';
import type { ToggleBody, WithdrawBody } from '../../domain/api-requests';

export interface PageQuery {
  page: number;
  limit: number;
}

/** GET roles/…: the type of the schema the API documents them with (domain/api-schemas.ts). */
export type { RoleChoice, MemberCounts };

/** Which users a screen manages: an organization's (by id) or the state's. */
export type UsersOf = { organizationId: string } | { state: true };

export const listUsers = (api: ApiSession, of: UsersOf, query: PageQuery) =>
  'organizationId' in of
    ? get<UserListPage>(api, `/users/organization/${seg(of.organizationId)}/all`, { ...query })
    : get<UserListPage>(api, '/users/all-state-user', { ...query });

export const listRoles = (api: ApiSession, of: UsersOf) =>
  'organizationId' in of
    ? get<RoleChoice[]>(api, '/roles/organization', { type: 'organization' })
    : get<RoleChoice[]>(api, '/roles/state', { type: 'state' });

/** An organization's members by their status there, as its Users list shows them ('invited': a pending invitation). */
export const memberCounts = (api: ApiSession, organizationId: string) =>
  get<MemberCounts>(api, `/users/organization/${seg(organizationId)}/counts`);

/** 400 with `errors` keyed by field when the API refuses a value; 409 when the email is already a user here. */
export const addUser = (api: ApiSession, of: UsersOf, input: UserFormInput) =>
  'organizationId' in of
    ? post<UserWritten>(api, `/organization/${seg(of.organizationId)}/add-staff`, { organizationId: of.organizationId, ...input })
    : post<UserWritten>(api, '/users/add-staff', input);

/** The state's edit of a state user: the whole form. */
export const updateUser = (api: ApiSession, of: UsersOf, id: string, input: UserFormInput) =>
  patch<UserWritten>(api, `/users/${seg(id)}`, { id, ...('organizationId' in of ? { organizationId: of.organizationId } : {}), ...input });

/** An organization's edit of a member: the role there (the account's own fields are its owner's, decision 093). */
export const updateMemberRole = (api: ApiSession, organizationId: string, id: string, roleId: RoleName) =>
  patch<UserWritten>(api, `/users/${seg(id)}`, { id, organizationId, roleId });

/** Withdraws a pending invitation (404 when it is no longer pending). */
export const withdrawInvitation = (api: ApiSession, organizationId: string, id: string) =>
  post<UserWritten>(api, `/organization/${seg(organizationId)}/invitations/withdraw`, { userId: id } satisfies z.input<typeof WithdrawBody>);

/** `status`: the one asked for; 409 when the user already has it (someone else changed it). */
export const setUserStatus = (api: ApiSession, of: UsersOf, id: string, status: UserStatus) =>
  'organizationId' in of
    ? put<UserWritten>(api, `/organization/${seg(of.organizationId)}/toggle-status/${seg(id)}`, { id, organizationId: of.organizationId, status } satisfies z.input<typeof ToggleBody>)
    : put<UserWritten>(api, `/users/${seg(id)}/toggle-status`, { id, status } satisfies z.input<typeof ToggleBody>);
