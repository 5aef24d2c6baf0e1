// Applications of an organization (spec 9): the list, create, cancel, delete, submit, and the reference
// lists the list and the form pick from (programmes, project areas).
import { del, get, post, seg, type ApiSession } from './client.server';
import type { ApplicationListPage, ApplicationRow, Program } from './types';
import type { ApplicationCreated, ApplicationSubmitted, ProjectArea } from '../../domain/api-schemas';
import type { z } from 'zod';
import type { ApplicationCancelBody, ApplicationCreateBody } from '../../domain/api-requests';

export interface ApplicationListQuery {
  page: number;
  limit: number;
  applicationId?: string;
  projectLocation?: string;
  status?: string;
  startDate?: string;
  endDate?: string;
}

export const listApplications = (api: ApiSession, organizationId: string, query: ApplicationListQuery) =>
  get<ApplicationListPage>(api, `/organization/${seg(organizationId)}/applications`, { ...query });

/**
 * The organization's application of this id, or null when the organization has none (spec 9's single-application
 * lookup: the organization's list, page 1, limit 1, searched by the id; the search finds ids containing the text, so
 * only the row of exactly this id counts). Only app/utils/chosen-application.server.ts calls it, with the session's
 * chosen organization.
 */
export async function organizationApplication(api: ApiSession, organizationId: string, applicationId: string): Promise<ApplicationRow | null> {
  const page = await listApplications(api, organizationId, { page: 1, limit: 1, applicationId });
  return page.applications.find((row) => row.applicationId === applicationId) ?? null;
}

/** POST applications/create's body: the schema the API validates it with (domain/api-requests.ts). */
export type NewApplication = z.input<typeof ApplicationCreateBody>;

export const createApplication = (api: ApiSession, organizationId: string, input: NewApplication) =>
  post<ApplicationCreated>(api, '/applications/create', input, { organizationId });

export const cancelApplication = (api: ApiSession, applicationId: string, message: string) =>
  post(api, `/applications/${seg(applicationId)}/cancel`, { message } satisfies z.input<typeof ApplicationCancelBody>);

export const deleteApplication = (api: ApiSession, applicationId: string) => del(api, `/applications/${seg(applicationId)}/delete`);

/** 400 with `errors` keyed by section id when sections are incomplete. */
export const submitApplication = (api: ApiSession, applicationId: string) => post<ApplicationSubmitted>(api, `/applications/${seg(applicationId)}/submit`);

export const listPrograms = (api: ApiSession) => get<Program[]>(api, '/program/all');

export const listProjectAreas = async (api: ApiSession) => (await get<ProjectArea[]>(api, '/project-area/all')).map((area) => area.name);
