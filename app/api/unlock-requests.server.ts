// Unlock requests (spec 7; docs/decisions/034): the organization asks and resubmits, the State Admin lists,
// approves and unlocks directly; the form reads its lock state.
import { get, post, put, seg, type ApiSession } from './client.server';
// The answers' shapes are the schemas the API documents (domain/api-schemas.ts, decision 098).
import type {
  SectionRelocked, UnlockApproved, UnlockListPage, UnlockRequested, UnlockRow, UnlockState, UnlockWindow,
} from '../../domain/api-schemas';
import type { z } from 'zod';
import type { UnlockRequestBody, UnlockWindowBody } from '../../domain/api-requests';

export type { UnlockListPage, UnlockRow, UnlockState, UnlockWindow };

export interface UnlockListQuery {
  page: number;
  limit: number;
  status?: string;
  organizationId?: string;
  applicationId?: string;
}

/** The body of the three unlock asks: the schema the API validates it with (domain/api-requests.ts). */
export type UnlockInput = z.input<typeof UnlockRequestBody>;

export const requestUnlock = (api: ApiSession, organizationId: string, input: UnlockInput) =>
  post<UnlockRequested>(api, '/unlock-requests', input, { organizationId });

/** A reviewer or stage admin asks the State Admin to unlock a section (decision 034). */
export const requestUnlockAsReviewer = (api: ApiSession, input: UnlockInput) =>
  post<UnlockRequested>(api, '/unlock-requests/review-request', input);

export const listOrganizationUnlocks = (api: ApiSession, organizationId: string, query: UnlockListQuery) =>
  get<UnlockListPage>(api, `/unlock-requests/organization/${seg(organizationId)}`, { ...query });

export const listUnlockRequests = (api: ApiSession, query: UnlockListQuery) => get<UnlockListPage>(api, '/unlock-requests', { ...query });

export const listAdminUnlocks = (api: ApiSession, query: UnlockListQuery) => get<UnlockListPage>(api, '/unlock-requests/admin-unlocks', { ...query });

export const approveUnlock = (api: ApiSession, id: string) => put<UnlockApproved>(api, `/unlock-requests/${seg(id)}/approve`);

export const adminUnlock = (api: ApiSession, input: UnlockInput) => post<UnlockApproved>(api, '/unlock-requests/admin-unlock', input);

export const unlockState = (api: ApiSession, applicationId: string) => get<UnlockState>(api, `/applications/${seg(applicationId)}/unlock-state`);

export const relockSection = (api: ApiSession, applicationId: string, sectionId: string) =>
  post<SectionRelocked>(api, `/applications/${seg(applicationId)}/sections/${seg(sectionId)}/relock`, {});

export const unlockWindows = (api: ApiSession) => get<{ windows: UnlockWindow[] }>(api, '/program/unlock-windows');

export const setUnlockWindow = (api: ApiSession, programId: string, status: z.input<typeof UnlockWindowBody>['status']) =>
  put<{ message: string; window: UnlockWindow }>(api, `/program/${seg(programId)}/unlock-window`, { status } satisfies z.input<typeof UnlockWindowBody>);
