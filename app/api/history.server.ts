// History (logged actions, spec 9): of one application, or of a whole organization; 20 entries a page.
import { get, seg, type ApiSession } from './client.server';
import type { HistoryPage } from './types';

export const HISTORY_PAGE_SIZE = 20;

export const applicationHistory = (api: ApiSession, applicationId: string, page: number) =>
  get<HistoryPage>(api, `/logged-actions/${seg(applicationId)}/application`, { page, limit: HISTORY_PAGE_SIZE });

export const organizationHistory = (api: ApiSession, organizationId: string, page: number) =>
  get<HistoryPage>(api, `/logged-actions/organization/${seg(organizationId)}`, { page, limit: HISTORY_PAGE_SIZE });
