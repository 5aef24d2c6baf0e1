// Dashboard counts (spec 9): an organization's applications, and the state's by status (plus ALL).
import { get, seg, type ApiSession } from './client.server';
import type { OrganizationCounts } from './types';

export const organizationCounts = (api: ApiSession, organizationId: string) =>
  get<OrganizationCounts>(api, `/organization/${seg(organizationId)}/application-counts`);

export const stateCounts = (api: ApiSession) => get<Record<string, number>>(api, '/review/applications/dashboard/count');
