// Organizations (spec 9): signing a new one up (no session yet: the API emails a sign-in code).
import { get, post, put, seg, type ApiSession } from './client.server';
import type { z } from 'zod';
import type { OrganizationStatusSchema, OrganizationStatusSet, OrganizationsPage, OrganizationUserRow, OrganizationWithUsers } from '../../domain/api-schemas';
import type { SignupInput } from '../../domain/auth-schemas';
import type { OrganizationStatusBody } from '../../domain/api-requests';

/** 400 with `errors` keyed by field when the API refuses a value. */
export const signUpOrganization = (api: ApiSession, input: SignupInput) => post(api, '/organization/signup', input);

// The Organizations screen (spec 7: organization/with-users; docs/decisions/035).
export type OrganizationStatus = z.infer<typeof OrganizationStatusSchema>;
// GET organization/with-users: the types of the schemas the API documents it with (domain/api-schemas.ts).
export type { OrganizationsPage, OrganizationUserRow, OrganizationWithUsers };

export const listOrganizationsWithUsers = (api: ApiSession, query: { page: number; limit: number; search?: string; status?: string }) =>
  get<OrganizationsPage>(api, '/organization/with-users', {
    page: query.page, limit: query.limit, ...(query.search ? { search: query.search } : {}), ...(query.status ? { status: query.status } : {}),
  });

/** `status`: the one asked for; 409 when the organization already has it. */
export const setOrganizationStatus = (api: ApiSession, organizationId: string, status: OrganizationStatus) =>
  put<OrganizationStatusSet>(api, `/organization/${seg(organizationId)}/status`, { status } satisfies z.input<typeof OrganizationStatusBody>);
