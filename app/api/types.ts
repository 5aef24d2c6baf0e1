// Response shapes of /api/v1 as the UI reads them (spec section 9), shared by the typed clients in
// app/api/*.server.ts and the components that show them. Type-only: nothing here reaches the browser.

// The answers the API documents (GET organization/{orgId}/applications, program/all, …/application-counts): their
// types come from the schemas of its OpenAPI document (domain/api-schemas.ts, decision 098).
export type { ApplicationListPage, ApplicationRow, Program, ApplicationCounts as OrganizationCounts, SectionStatusRow } from '../../domain/api-schemas';

/** A page of a list (spec: page, pageSize, totalPages, totalRecords). */
export interface ListPage {
  page: number;
  pageSize: number;
  totalPages: number;
  totalRecords: number;
}

/** GET applications/{id}/sections/{sectionId}: the schema the API documents (domain/api-schemas.ts SectionViewSchema). */
export type { SectionView } from '../../domain/api-schemas';

/** GET organization/{orgId}/profile: the schema the API documents (domain/api-schemas.ts EntityProfileSchema). */
export type { EntityProfile as OrganizationProfile } from '../../domain/api-schemas';

/** GET logged-actions…: the documented schema (HistoryPageSchema). */
export type { HistoryPage } from '../../domain/api-schemas';

export interface AnswerInput {
  questionId: string;
  value: unknown;
}

/** A user as the Users screens list them (docs/decisions/033): one shape with the API's. */
export type { UserRow } from '../../domain/user-form';

/** GET users/organization/{orgId}/all and users/all-state-user: the documented schema (UserListPageSchema). */
export type { UserListPage } from '../../domain/api-schemas';
