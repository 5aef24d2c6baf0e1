// History (logged actions, spec 9): of one application, or the whole history with its filters (decision 031): the
// state's, or one organization's (organizationId, decision 039); 20 entries a page unless the list's page size says otherwise.
import { get, seg, type ApiSession } from './client.server';
import type { HistoryPage } from './types';
import type { HistoryFilterChoices } from '../../domain/api-schemas';

export const HISTORY_PAGE_SIZE = 20;

export const applicationHistory = (api: ApiSession, applicationId: string, page: number) =>
  get<HistoryPage>(api, `/logged-actions/${seg(applicationId)}/application`, { page, limit: HISTORY_PAGE_SIZE });

/** The whole history's query (GET logged-actions): an application id prefix, organization, action, user, New York days. */
export interface HistoryQuery {
  page: number;
  limit: number;
  applicationId?: string;
  organizationId?: string;
  action?: string;
  userId?: string;
  startDate?: string;
  endDate?: string;
}

export const wholeHistory = (api: ApiSession, query: HistoryQuery) => get<HistoryPage>(api, '/logged-actions', { ...query });

/** The whole history's filter choices: organizations, the actions and the people of the entries the caller may see (decision 092). */
/** GET logged-actions/filters: the documented schema's type (domain/api-schemas.ts). */
export type { HistoryFilterChoices };

/** `organizationId`: only that organization's people (the organization's own history). */
export const historyFilterChoices = (api: ApiSession, organizationId?: string) =>
  get<HistoryFilterChoices>(api, '/logged-actions/filters', organizationId ? { organizationId } : undefined);
