// The state's applications list (spec 7 State and review, decision 028): every submitted application the caller
// may read, the caller's own assignments, and the organization filter's list. Typed calls over client.server.ts;
// failures are mapped by app/utils/api-errors.server.ts like every other call.
import { get, type ApiSession } from './client.server';
import type { ListPage } from './types';
import type { OrganizationChoice, ReviewListPage } from '../../domain/api-schemas';

export interface ReviewListQuery {
  page: number;
  limit: number;
  /** One or several statuses, as a comma list (the API also takes the parameter repeated). */
  status?: string;
  /** A prefix of the id, with or without its GA- (upper-cased by the API). */
  applicationId?: string;
  organizationId?: string;
  projectLocation?: string;
  /** Submitted on or after / on or before, YYYY-MM-DD. */
  startDate?: string;
  endDate?: string;
}

// The answers' shapes are the schemas the API documents (domain/api-schemas.ts, decision 098).
export type { ListedReviewer, OrganizationChoice, ReviewListPage, ReviewListRow } from '../../domain/api-schemas';

/** Every submitted-or-later application the caller reads (reviewers: those assigned to them). */
export const listReviewApplications = (api: ApiSession, query: ReviewListQuery) => get<ReviewListPage>(api, '/review/applications', { ...query });

/** The applications assigned to the caller, with the same filters. */
export const listAssignedApplications = (api: ApiSession, query: ReviewListQuery) =>
  get<ReviewListPage>(api, '/review/applications/applications/assigned', { ...query });

export const listAllOrganizations = (api: ApiSession) => get<OrganizationChoice[]>(api, '/organization/all-organizations');
