// Dashboard counts (spec 9): an organization's applications (in all, and by status for the admin dashboard), and the
// state's by status (plus ALL).
import { get, seg, type ApiSession } from './client.server';
import type { OrganizationCounts } from './types';
import type { ApplicationStatusCounts, StateStatusCounts } from '../../domain/api-schemas';

export const organizationCounts = (api: ApiSession, organizationId: string) =>
  get<OrganizationCounts>(api, `/organization/${seg(organizationId)}/application-counts`);

/** Every status of the organization's applications with its count (0 when none), and ALL. */
export const organizationStatusCounts = (api: ApiSession, organizationId: string) =>
  get<ApplicationStatusCounts>(api, `/organization/${seg(organizationId)}/application-counts/by-status`);

export const stateCounts = (api: ApiSession) => get<StateStatusCounts>(api, '/review/applications/dashboard/count');
